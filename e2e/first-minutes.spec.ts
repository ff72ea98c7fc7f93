// A newcomer's first minutes, at a laptop's 1280×800 and a phone's 390×844 in both colour modes: the home page says
// what Stan is, installs the documented release and shows code on the first screen; on a phone the announcement
// wraps and the navbar, the title row, the feedback and the diagrams fit; code is readable and says that names have
// types; each doc ends in three groups; and without JavaScript no control that needs it is left on the page.
import { axe, WCAG_TAGS } from './axe';
import fs from 'fs';
import path from 'path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './site';

const RELEASE = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../node_modules/@rkrupinski/stan/package.json'), 'utf8')) as { version: string }
).version;
const MODES = ['light', 'dark'] as const;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [
  { name: 'laptop', viewport: LAPTOP, hasTouch: false },
  { name: 'phone', viewport: PHONE, hasTouch: true },
] as const;

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
};

async function expectNoViolations(page: Page, include?: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  let builder = axe(page).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page scrolls sideways by nothing: no element sticks out of the viewport. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

for (const mode of MODES) {
  for (const { name, viewport, hasTouch } of VIEWPORTS) {
    test.describe(`${name}, ${mode} mode`, () => {
      test.use({ viewport, hasTouch });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
      });

      test('the home page says what Stan is for, installs the documented release and shows code on the first screen', async ({ page }) => {
        await gotoHydrated(page, '/');
        const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
        // What it is for: TypeScript, optional React bindings, atoms, selectors and stores, its kin, its size.
        for (const words of ['TypeScript', 'React bindings are optional', 'atoms', 'selectors', 'store', 'Recoil or Jotai', 'kB gzipped']) {
          await expect(hero).toContainText(words);
        }
        // The install box: the documented release, pinned, with a tab per package manager.
        const tabs = hero.getByRole('tablist');
        await expect(tabs.getByRole('tab')).toHaveText(['npm', 'Yarn', 'pnpm', 'Bun']);
        const command = hero.getByRole('tabpanel').locator('pre code');
        await expect(command).toHaveText(`npm install @rkrupinski/stan@${RELEASE}`);
        // A sample above the fold: its title bar and its first lines of code are on the first screen.
        const sample = hero.locator('.code-block', { hasText: 'Counter.tsx' });
        const thirdLine = sample.locator('pre .line').nth(2);
        expect((await box(thirdLine)).y + (await box(thirdLine)).height).toBeLessThanOrEqual(viewport.height);
        // Below it on a phone, the install box: choosing a tab scrolls it into view.
        await tabs.getByRole('tab', { name: 'pnpm' }).click();
        await expect(command).toHaveText(`pnpm add @rkrupinski/stan@${RELEASE}`);
        // The playground is one click away.
        await expect(hero.getByRole('link', { name: 'Playground' })).toHaveAttribute('href', '/playground');
        await expectNoSidewaysScroll(page);
        // The first screen as a reader arrives at it (scrolled, a sample's copy button would sit under the navbar).
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectNoViolations(page);
      });

      test('the package-manager choice made on the home page holds on the installation page', async ({ page }) => {
        await gotoHydrated(page, '/');
        const bun = page.getByRole('tab', { name: 'Bun' });
        await bun.click();
        // The click is held until the tabs' code has loaded, then carried out: the choice is made once Bun shows.
        await expect(bun).toHaveAttribute('aria-selected', 'true');
        await gotoHydrated(page, '/docs/getting-started/installation');
        const tabs = page.locator('article [data-group-id="package-manager"]').first();
        await expect(tabs.getByRole('tab', { name: 'Bun' })).toHaveAttribute('aria-selected', 'true');
      });

      test('the installation page shows a program that proves the install works within two screens of the top', async ({ page }) => {
        await gotoHydrated(page, '/docs/getting-started/installation');
        const check = page.locator('article .code-block', { hasText: 'check.ts' }).first();
        const top = (await box(check)).y + (await page.evaluate(() => window.scrollY));
        // Before the notes for Parcel, Jest and Babel: it used to sit 4,255 px down on a laptop and 6,424 px on a phone.
        expect(top).toBeLessThan(2 * viewport.height);
        const install = page.locator('article [data-group-id="package-manager"]').first();
        expect((await box(install)).y).toBeLessThan((await box(check)).y);
        expect((await box(page.getByRole('heading', { name: 'Bundlers and test runners' }))).y).toBeGreaterThan((await box(check)).y);
      });

      test('the comparison link of the hero lands on the comparison in the introduction', async ({ page }) => {
        await gotoHydrated(page, '/');
        await page.getByRole('link', { name: 'Recoil or Jotai' }).click();
        const heading = page.getByRole('heading', { name: 'Compared with Recoil and Jotai' });
        await expect(heading).toBeInViewport();
      });

      test('block code is at least 14 px and never smaller than inline code; typed samples say their names have types', async ({ page }) => {
        await gotoHydrated(page, '/docs/api/atom');
        const size = (locator: Locator) => locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        const block = await size(page.locator('article pre code .line').first());
        const inline = await size(page.locator('article .markdown p code').first());
        expect(block).toBeGreaterThanOrEqual(14);
        expect(block).toBeGreaterThanOrEqual(inline);
        // The hint, in the bar of a sample with type popups, and in no other bar.
        const hint = (locator: Locator) =>
          locator.evaluate((el) => {
            const bar = el.querySelector(':scope > .code-block__title');
            const style = bar ? getComputedStyle(bar, '::after') : getComputedStyle(el, '::after');
            return style.content;
          });
        const typed = page.locator('article .code-block:has(> [data-island="type-hints"])').first();
        expect(await hint(typed)).toMatch(hasTouch ? /Tap a name to see its type/ : /Hover or focus a name to see its type/);
        await gotoHydrated(page, '/docs/getting-started/installation');
        const untyped = page.locator('article .code-block[data-language="bash"]').first();
        expect(['none', 'normal']).toContain(await hint(untyped));
        await gotoHydrated(page, '/docs/api/atom');
        // Reaching into the sample underlines the names that have a type.
        const name = typed.locator('.type-hint').first();
        const underline = () => name.evaluate((el) => getComputedStyle(el).textDecorationLine);
        expect(await underline()).toBe('none');
        await typed.locator('pre').hover();
        await expect.poll(underline).toBe('underline');
      });

      test('each doc ends in three groups: the small print (checks, date, Markdown), the feedback question, the pager', async ({ page }) => {
        await gotoHydrated(page, '/docs/api/atom');
        const checks = page.locator('article p', { hasText: /^Checked against / });
        const source = checks.locator('xpath=following-sibling::p[1]');
        await expect(source).toContainText('Last updated');
        await expect(source.getByRole('link', { name: 'View as Markdown' })).toBeVisible();
        // No editor is configured in this build: no link that nobody could check.
        await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveCount(0);
        // One group: the two lines share a container, ruled off from the doc above.
        expect(await checks.evaluate((el, other) => el.parentElement === other?.parentElement, await source.elementHandle())).toBe(true);
        if (name === 'laptop') {
          // The date and the Markdown link share a line.
          const [date, markdown] = [await box(source.locator('time')), await box(source.getByRole('link', { name: 'View as Markdown' }))];
          expect(Math.abs(date.y - markdown.y)).toBeLessThan(4);
        }
        // The feedback question's answers stay side by side, even where the question takes a line of its own.
        const yes = page.getByRole('button', { name: 'Yes', exact: true });
        const no = page.getByRole('button', { name: 'No', exact: true });
        expect(Math.abs((await box(yes)).y - (await box(no)).y)).toBeLessThan(2);
        // Then the pager, last.
        const pager = page.getByRole('navigation', { name: 'Docs pages' });
        expect((await box(pager)).y).toBeGreaterThan((await box(yes)).y);
        await expectNoViolations(page, 'main');
      });

      test('the version beside the breadcrumbs is a label in words, not a control', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const badge = page.getByText('Version: 1.2.0-rc4 (latest)', { exact: true });
        await expect(badge).toBeVisible();
        expect(await badge.evaluate((el) => el.closest('a, button'))).toBeNull();
        // No outline or fill that would make it look pressable.
        const looks = await badge.evaluate((el) => {
          const style = getComputedStyle(el);
          return { border: style.borderTopStyle, background: style.backgroundColor };
        });
        expect(looks).toEqual({ border: 'none', background: 'rgba(0, 0, 0, 0)' });
      });

      test('the chrome of a doc names the release: the announcement, the version (menu and badge) and the checks line', async ({ page }) => {
        await gotoHydrated(page, '/docs');
        // What the theme writes around the doc; the doc's own text is the writers' to decide.
        const named = await page.evaluate((release) => {
          const body = document.querySelector('article .markdown');
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const where: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || body?.contains(parent) || !node.textContent?.includes(release)) continue;
            if (!parent.checkVisibility({ visibilityProperty: true })) continue;
            where.push(parent.closest('[role="region"], footer, article')?.tagName ?? parent.tagName);
          }
          return where;
        }, RELEASE);
        // The version menu is in the bar on a laptop, in the menu behind its button on a phone; the badge and the
        // checks line are in the article. Never "Next": the current docs are named by the release they document.
        expect(named).toEqual(name === 'laptop' ? ['DIV', 'SUMMARY', 'ARTICLE', 'ARTICLE'] : ['DIV', 'ARTICLE', 'ARTICLE']);
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'The documented release on npm' })).toHaveAttribute(
          'href',
          `https://www.npmjs.com/package/@rkrupinski/stan/v/${RELEASE}`,
        );
      });
    });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the announcement wraps: all of it in view, its link tappable, nothing scrolls sideways or fades', async ({ page }) => {
    await gotoHydrated(page, '/docs/guides/caching');
    const bar = page.getByRole('region', { name: 'Announcement' });
    const link = bar.getByRole('link', { name: 'installation guide' });
    await expect(link).toBeInViewport({ ratio: 1 });
    const content = bar.locator('div').first();
    expect(await content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await content.evaluate((el) => getComputedStyle(el).maskImage)).toBe('none');
    await expectNoSidewaysScroll(page);
    await link.tap();
    await expect(page).toHaveURL(/\/docs\/getting-started\/installation$/);
  });

  test('the navbar keeps no empty slot for back to top: its last item ends at the bar\'s edge', async ({ page }) => {
    for (const route of ['/', '/docs/api/atom']) {
      await gotoHydrated(page, route);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const toggle = nav.getByRole('button', { name: /^Switch to/ });
      const [bar, last] = [await box(nav), await box(toggle)];
      const padding = await nav.evaluate((el) => parseFloat(getComputedStyle(el).paddingRight));
      expect(bar.x + bar.width - padding - (last.x + last.width)).toBeLessThanOrEqual(1);
    }
  });

  test('back to top appears in the navbar without moving its items, and over none of them', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/react');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const search = nav.getByRole('button', { name: /^Search/ });
    const before = await box(search);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.mouse.wheel(0, -150);
    const toTop = page.getByRole('button', { name: 'Scroll back to top' });
    await expect(toTop).toBeInViewport();
    // The search button where it was along the bar.
    const after = await box(search);
    expect([after.x, after.width]).toEqual([before.x, before.width]);
    const [button, brand] = [await box(toTop), await box(nav.getByRole('link', { name: 'Stan', exact: true }))];
    expect(button.x + button.width).toBeLessThanOrEqual(before.x);
    expect(button.x).toBeGreaterThanOrEqual(brand.x + brand.width);
  });

  test('"Copy page" keeps a clear gap from the title it wraps under', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    const title = page.getByRole('heading', { level: 1 });
    const copy = page.getByRole('button', { name: 'Copy page' });
    const [h1, button] = [await box(title), await box(copy)];
    // Under the title here ("Introduction" leaves no room beside it), at least 8 px below it.
    expect(button.y).toBeGreaterThanOrEqual(h1.y + h1.height + 8);
  });

  test('the sequence diagram shows all three lifelines, and full size fits the screen with a switch to its natural size', async ({ page }) => {
    await gotoHydrated(page, '/docs/guides/ssr');
    const diagram = page.locator('.mermaid-diagram').first();
    await diagram.scrollIntoViewIfNeeded();
    const output = diagram.locator('[data-mermaid-output]');
    const svg = output.locator('svg');
    await expect(svg).toBeVisible();
    // Whole in the page: nothing to scroll, every actor inside the box.
    expect(await output.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const frame = await box(output);
    for (const actor of ['Browser', 'Server', 'Request store']) {
      const label = svg.locator('text', { hasText: actor }).first();
      const rect = await box(label);
      expect(rect.x).toBeGreaterThanOrEqual(frame.x);
      expect(rect.x + rect.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    const inPage = (await box(svg)).width;

    await diagram.getByRole('button', { name: 'View full size' }).tap();
    const dialog = page.getByRole('dialog');
    const shown = dialog.locator('svg');
    await expect(shown).toBeVisible();
    // Fitted: on the screen whole, and no smaller than in the page.
    const fitted = await box(shown);
    expect(fitted.x).toBeGreaterThanOrEqual(0);
    expect(fitted.x + fitted.width).toBeLessThanOrEqual(PHONE.width);
    expect(fitted.y + fitted.height).toBeLessThanOrEqual(PHONE.height);
    expect(fitted.width).toBeGreaterThanOrEqual(inPage);
    const body = dialog.locator('.mermaid-dialog__body');
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoViolations(page);
    // Its natural size, scrolling sideways, and back.
    const zoom = dialog.getByRole('button', { name: 'Actual size' });
    await zoom.tap();
    const natural = await shown.evaluate((el) => Number((el.getAttribute('viewBox') ?? '').split(/[\s,]+/)[2]));
    expect(Math.round((await box(shown)).width)).toBe(Math.round(natural));
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await dialog.getByRole('button', { name: 'Fit to screen' }).tap();
    expect((await box(shown)).width).toBeCloseTo(fitted.width, 0);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(dialog).toBeHidden();
    await expect(svg).toBeVisible();
  });
});

test.describe('on a laptop', () => {
  test('a live example is as tall once mounted as the space kept for it: the doc\'s paragraph spacing stays out of it', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    // The examples' code waits until the space kept for them has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(?!framework|app-|webpack-runtime|commons|component---)[^/]*\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/docs/getting-started/examples');
    const counter = page.locator('figure.live-example[data-example-id="counter"]');
    await counter.scrollIntoViewIfNeeded();
    const kept = (await box(counter)).height;
    release();
    await expect(counter.getByRole('button').first()).toBeVisible();
    expect((await box(counter)).height).toBeCloseTo(kept, 0);
  });

  test('full size fits a diagram taller than the window to its height, with Actual size offered; one that fits shows at its natural size, with no switch', async ({ page }) => {
    // 600 px: shorter than the SSR diagram's 644 px.
    await page.setViewportSize({ width: 1280, height: 600 });
    await gotoHydrated(page, '/docs/guides/ssr');
    const tall = page.locator('.mermaid-diagram').first();
    await tall.scrollIntoViewIfNeeded();
    await expect(tall.locator('[data-mermaid-output] svg')).toBeVisible();
    await tall.getByRole('button', { name: 'View full size' }).click();
    let dialog = page.getByRole('dialog');
    const fitted = await box(dialog.locator('svg'));
    expect(fitted.y + fitted.height).toBeLessThanOrEqual(600);
    expect(await dialog.locator('.mermaid-dialog__body').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    await expect(dialog.getByRole('button', { name: 'Actual size' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.setViewportSize(LAPTOP);
    await gotoHydrated(page, '/docs/api/selector');
    const wide = page.locator('.mermaid-diagram').first();
    await wide.scrollIntoViewIfNeeded();
    await expect(wide.locator('[data-mermaid-output] svg')).toBeVisible();
    await wide.getByRole('button', { name: 'View full size' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.locator('svg')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Actual size' })).toBeHidden();
    const natural = await dialog.locator('svg').evaluate((el) => Number((el.getAttribute('viewBox') ?? '').split(/[\s,]+/)[2]));
    expect(Math.round((await box(dialog.locator('svg'))).width)).toBe(Math.round(natural));
  });
});

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`without JavaScript, ${name}`, () => {
    test.use({ javaScriptEnabled: false, viewport });

    test('no control that needs JavaScript is shown, and the doc stays whole', async ({ page }) => {
      await page.goto('/docs/api/atom');
      const banner = page.getByRole('banner');
      await expect(banner.locator('[data-kind="search"]')).toBeHidden();
      await expect(page.locator('button[data-color-mode-choice]')).toBeHidden();
      await expect(page.locator('[aria-label="Close announcement"]')).toBeHidden();
      await expect(page.locator('button[aria-label$="category"]')).toHaveCount(3);
      for (const caret of await page.locator('button[aria-label$="category"]').all()) await expect(caret).toBeHidden();
      await expect(page.locator('button', { hasText: 'Copy page' })).toBeHidden();
      await expect(page.locator('button[aria-label="More ways to use this page"]')).toBeHidden();
      await expect(page.locator('button', { hasText: /^(Yes|No)$/ })).toHaveCount(2);
      for (const answer of await page.locator('button', { hasText: /^(Yes|No)$/ }).all()) await expect(answer).toBeHidden();
      await expect(page.getByText('Was this page helpful?')).toBeHidden();
      // Every button left on the page is one that works without scripts: none at all.
      expect(await page.locator('main button:visible, header button:visible').count()).toBe(0);
      // What reads without scripts stays: the announcement, the sidebar, the doc and its small print.
      await expect(page.getByRole('region', { name: 'Announcement' }).getByRole('link')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'atom', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View as Markdown' })).toBeVisible();
    });

    test('the home page shows every install command, with no dead buttons', async ({ page }) => {
      await page.goto('/');
      for (const command of ['npm install', 'yarn add', 'pnpm add', 'bun add']) {
        await expect(page.getByText(`${command} @rkrupinski/stan@${RELEASE}`)).toBeVisible();
      }
      expect(await page.locator('main button:visible, header button:visible').count()).toBe(0);
      await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    });
  });
}
