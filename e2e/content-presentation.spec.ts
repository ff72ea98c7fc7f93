import { expect, test, type Page, type Route } from '@playwright/test';
import { whenHydrated } from './site';

// Presentation of doc content: copy buttons, tabs, mermaid diagrams and live examples (islands over the
// build-time HTML), including what readers without JavaScript get and Retry after a failed lazy chunk.
const INSTALLATION = '/docs/getting-started/installation';
const DIAGRAM_PAGE = '/docs/api/selector';
const SSR_PAGE = '/docs/guides/ssr';
const EXAMPLES = '/docs/getting-started/examples';
const TAB_KEY = 'docusaurus.tab.package-manager';

const packageManagerTabs = (page: Page) => page.locator('.tabs[data-group-id="package-manager"]').first();

/**
 * The tab groups respond once the Tabs island has loaded: with the page when a choice is remembered, else when the
 * reader points at a group (as here).
 */
const tabsReady = async (page: Page) => {
  // Pointing before React has hydrated the page reaches no listener, as for a reader.
  await whenHydrated(page);
  await packageManagerTabs(page).hover();
  await expect(packageManagerTabs(page)).toHaveAttribute('data-enhanced', '');
};

/** Aborts, once, the first script whose code contains `marker`; later requests pass. */
async function abortChunkOnce(page: Page, marker: string) {
  let aborted = '';
  await page.route(/\.m?js(\?|$)/, async (route: Route) => {
    if (aborted) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      aborted = route.request().url();
      return route.abort('failed');
    }
    return route.fulfill({ response, body });
  });
  return () => aborted;
}

/** The WCAG 2 contrast of two computed colours (rgb() strings, opaque). */
const contrastOf = (page: Page, a: string, b: string) =>
  page.evaluate(
    ([first, second]) => {
      const luminance = (colour: string) => {
        const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
        const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
      };
      const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    },
    [a, b] as const,
  );

test.describe('code blocks', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`stand apart from the page in ${mode} mode: their edge has 3:1 against it (WCAG 1.4.11)`, async ({ page }) => {
      await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
      await page.goto('/docs/api/atom');
      const block = page.locator('main .code-block').first();
      const [edge, pageBackground] = await block.evaluate((element) => [
        getComputedStyle(element).borderTopColor,
        getComputedStyle(document.body).backgroundColor,
      ]);
      expect(await contrastOf(page, edge!, pageBackground!)).toBeGreaterThanOrEqual(3);
      expect(await block.evaluate((element) => parseFloat(getComputedStyle(element).borderTopWidth))).toBeGreaterThanOrEqual(1);
    });
  }

  test('have titles and highlighted lines from the fence, coloured at build time', async ({ page }) => {
    await page.goto(SSR_PAGE);
    const titled = page.locator('figure.code-block').filter({ has: page.locator('figcaption', { hasText: /^leak\.tsx$/ }) });
    await expect(titled).toBeVisible();
    // Tokens are coloured by CSS variables from the build: no highlighter runs in the browser.
    const keyword = titled.locator('pre.shiki span[style*="--shiki-light"]').first();
    const lightColour = await keyword.evaluate((el) => getComputedStyle(el).color);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(() => keyword.evaluate((el) => getComputedStyle(el).color)).not.toBe(lightColour);
    // Blank lines keep their height, so the code reads as written.
    const lines = titled.locator('pre .line');
    const heights = await lines.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(10);
    expect(Math.min(...heights)).toBeGreaterThan(10);
  });

  test('highlighted lines from the fence meta are marked', async ({ page }) => {
    await page.goto(EXAMPLES);
    // Counter.tsx is fenced with {7-11,42}.
    const block = page.locator('figure.code-block').filter({ has: page.locator('figcaption', { hasText: 'Counter.tsx' }) });
    const marked = await block.locator('pre .line').evaluateAll((els) =>
      els.flatMap((el, index) => (el.classList.contains('highlighted') ? [index + 1] : [])),
    );
    expect(marked).toEqual([7, 8, 9, 10, 11, 42]);
    const background = (selector: string) =>
      block.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background('pre .line.highlighted')).not.toBe(await background('pre .line:not(.highlighted)'));
  });

  test('copy the code with a named button, by mouse and by keyboard, announcing "Copied"', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(SSR_PAGE);
    const block = page.locator('figure.code-block').filter({ has: page.locator('figcaption', { hasText: /^leak\.tsx$/ }) });
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    await expect(block.getByRole('status')).toHaveText('Copied');
    const code = await block.locator('pre code').evaluate((el) => el.textContent ?? '');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(code).toContain("import { atom, DEFAULT_STORE } from '@rkrupinski/stan';");

    await page.evaluate(() => navigator.clipboard.writeText(''));
    const other = page.locator('figure.code-block').filter({ has: page.locator('figcaption', { hasText: 'seed.ts' }) });
    await other.getByRole('button', { name: 'Copy code' }).focus();
    await page.keyboard.press('Enter');
    await expect(other.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await other.locator('pre code').evaluate((el) => el.textContent ?? ''),
    );
    // The announcement clears itself.
    await expect(other.getByRole('status')).toHaveText('', { timeout: 5000 });
  });
});

test.describe('tabs', () => {
  test('switch by keyboard with a roving tabindex and remember the choice across a reload', async ({ page }) => {
    await page.goto(INSTALLATION);
    await tabsReady(page);
    const tabs = packageManagerTabs(page);
    const npm = tabs.getByRole('tab', { name: 'npm', exact: true });
    await expect(npm).toHaveAttribute('aria-selected', 'true');
    await npm.focus();
    await page.keyboard.press('ArrowRight');
    const yarn = tabs.getByRole('tab', { name: 'Yarn' });
    await expect(yarn).toBeFocused();
    await expect(yarn).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tabpanel')).toContainText('yarn add @rkrupinski/stan@1.2.0-rc4');
    await page.keyboard.press('End');
    await expect(tabs.getByRole('tab', { name: 'Bun' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(npm).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Bun' })).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the Tab order; Tab moves on into the panel.
    await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(tabs.getByRole('tabpanel')).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), TAB_KEY)).toBe('bun');

    await page.reload();
    await tabsReady(page);
    await expect(packageManagerTabs(page).getByRole('tab', { name: 'Bun' })).toHaveAttribute('aria-selected', 'true');
    await expect(packageManagerTabs(page).getByRole('tabpanel')).toContainText('bun add @rkrupinski/stan@1.2.0-rc4');
  });

  test('a corrupt stored choice is ignored', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '\u0000{not a tab'), TAB_KEY);
    await page.goto(INSTALLATION);
    await tabsReady(page);
    const tabs = packageManagerTabs(page);
    await expect(tabs.getByRole('tab', { name: 'npm', exact: true })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'pnpm' }).click();
    await expect(tabs.getByRole('tabpanel')).toContainText('pnpm add');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every tab panel and the diagram source are readable, and no copy button is dead', async ({ page }) => {
    await page.goto(INSTALLATION);
    const tabs = packageManagerTabs(page);
    await expect(tabs.getByRole('tablist')).toBeHidden();
    for (const command of ['npm install', 'yarn add', 'pnpm add', 'bun add']) {
      await expect(tabs.getByText(`${command} @rkrupinski/stan@1.2.0-rc4`)).toBeVisible();
    }
    await expect(tabs.locator('.tabs__panel-label', { hasText: 'Yarn' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy code' })).toHaveCount(0);

    await page.goto(DIAGRAM_PAGE);
    await expect(page.locator('.mermaid-diagram pre')).toContainText('flowchart LR');
    await expect(page.locator('.mermaid-diagram pre')).toBeVisible();
  });

  test('a live example points at its source', async ({ page }) => {
    await page.goto(EXAMPLES);
    const counter = page.locator('figure[data-example-id="counter"]');
    // Playwright's text matching skips <noscript>, so the note is found by its element.
    const note = counter.locator('noscript p');
    await expect(note).toBeVisible();
    await expect(note).toHaveText('This live example needs JavaScript. Its complete source is in the code block below.');
    await expect(counter.getByText('Loading example…')).toBeHidden();
  });
});

test.describe('mermaid diagrams', () => {
  test('render to an SVG named by the diagram title, and follow the colour mode', async ({ page }) => {
    await page.goto(DIAGRAM_PAGE);
    const diagram = page.locator('.mermaid-diagram').first();
    const image = diagram.getByRole('img', { name: 'Dependency graph of the cart example' });
    // Diagrams are drawn as they come near the viewport, by mermaid's large chunk.
    await diagram.scrollIntoViewIfNeeded();
    await expect(image.locator('svg')).toBeVisible({ timeout: 15_000 });
    await expect(diagram).toHaveAttribute('data-rendered-theme', 'default');
    // The source folds into its <details> once drawn.
    await expect(diagram.locator('details')).not.toHaveAttribute('open', '');
    const lightSvg = await image.innerHTML();

    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect(diagram).toHaveAttribute('data-rendered-theme', 'dark');
    await expect.poll(() => image.innerHTML()).not.toBe(lightSvg);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await expect(diagram).toHaveAttribute('data-rendered-theme', 'default');
  });

  test('the SSR guide draws its request flow', async ({ page }) => {
    await page.goto(SSR_PAGE);
    await expect(page.getByRole('img', { name: 'Server-side rendering request flow with Stan' }).locator('svg')).toBeVisible();
  });

  test('mermaid is downloaded only by pages with a diagram', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    // Not with the live examples either: lazy chunks do not share a bundle with mermaid.
    await page.goto(EXAMPLES);
    for (const id of ['counter', 'todo-list', 'async-data']) {
      const figure = page.locator(`figure[data-example-id="${id}"]`);
      await figure.scrollIntoViewIfNeeded();
      await expect(figure.getByRole('button').first()).toBeVisible();
    }
    await page.goto('/docs/api/atom');
    await page.waitForLoadState('networkidle');
    // The island runtime's chunks loaded (copy buttons), but no mermaid code.
    await expect(page.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
    expect(scripts.some((code) => code.includes(MERMAID_MARKER))).toBe(false);

    // A client-side navigation to the diagram page loads it.
    await page.getByRole('link', { name: 'selector', exact: true }).first().click();
    await expect(page).toHaveURL(DIAGRAM_PAGE);
    await expect(page.locator('.mermaid-diagram [role="img"] svg')).toBeVisible();
    expect(scripts.some((code) => code.includes(MERMAID_MARKER))).toBe(true);
  });

  test('a failed mermaid chunk shows the error and Retry draws the diagram', async ({ page }) => {
    const abortedUrl = await abortChunkOnce(page, MERMAID_MARKER);
    await page.goto(DIAGRAM_PAGE);
    const diagram = page.locator('.mermaid-diagram').first();
    const alert = diagram.getByRole('alert');
    await expect(alert).toBeVisible();
    expect(abortedUrl()).not.toBe('');
    await expect(alert).toContainText('The diagram could not load.');
    await expect(diagram.locator('pre')).toBeVisible();
    await diagram.getByRole('button', { name: 'Retry' }).click();
    await expect(diagram.locator('[role="img"] svg')).toBeVisible();
    await expect(diagram.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('live examples', () => {
  test('mount when scrolled near and are interactive', async ({ page }) => {
    await page.goto(EXAMPLES);
    const counter = page.locator('figure[data-example-id="counter"]');
    await counter.scrollIntoViewIfNeeded();
    const count = counter.getByRole('status', { name: 'Count' });
    await expect(count).toHaveText('0');
    await counter.getByRole('button', { name: '+1' }).click();
    await expect(count).toHaveText('1');
  });

  test('a failed example chunk shows the error and Retry mounts the example', async ({ page }) => {
    await page.goto(EXAMPLES);
    await page.waitForLoadState('networkidle');
    // The async example sits far below the fold; its own code contains this label.
    const abortedUrl = await abortChunkOnce(page, 'Choose a user');
    const example = page.locator('figure[data-example-id="async-data"]');
    await example.scrollIntoViewIfNeeded();
    const alert = example.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('The live example could not load.');
    expect(abortedUrl()).toMatch(/\.js$/);
    await example.getByRole('button', { name: 'Retry' }).click();
    await expect(example.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(example.getByRole('alert')).toHaveCount(0);
  });
});

/** A string found only in mermaid's own code (checked against the build in the first mermaid test). */
const MERMAID_MARKER = 'Diagrams beginning with';
