// Moving around a page and reading it on every screen size: the table of contents follows the reader, "On this
// page" where its column is hidden, the skip link, the sidebar's memory, diagrams and code on a phone, the home
// page's samples and the first screen on a phone; at 390, 1000 and 1280 px, in light and dark mode.
import { axe, WCAG_TAGS } from './axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'fs';
import path from 'path';
import { gotoHydrated, layoutShifts, recordLayoutShifts, tapHeight } from './site';

const RELEASE = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../node_modules/@rkrupinski/stan/package.json'), 'utf8')) as { version: string }
).version;

const MODES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };
const TOUCH_TARGET = 44;

async function useMode(page: Page, mode: (typeof MODES)[number]) {
  await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
}

async function expectNoViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await axe(page).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
};

/** The entries marked current in a list of headings. */
const currentEntries = (nav: Locator) => nav.locator('a[aria-current="true"]');

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => useMode(page, mode));

    test.describe('at 1280 px', () => {
      test.use({ viewport: { width: 1280, height: 800 } });

      test('the table of contents marks the section being read, one entry at a time, in a style of its own', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const toc = page.getByRole('navigation', { name: 'Table of contents' });
        await expect(page.locator('[data-on-this-page]')).toBeHidden();
        const links = toc.getByRole('link');
        await expect(currentEntries(toc)).toHaveCount(1);
        await expect(links.first()).toHaveAttribute('aria-current', 'true');

        // Reading down: the heading that has passed under the navbar is the one marked.
        const third = links.nth(2);
        const id = ((await third.getAttribute('href')) ?? '').slice(1);
        await page.evaluate((target) => {
          const heading = document.getElementById(target)!;
          window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 40);
        }, id);
        await expect(third).toHaveAttribute('aria-current', 'true');
        await expect(currentEntries(toc)).toHaveCount(1);
        const [marked, plain] = await Promise.all([
          third.evaluate((a) => getComputedStyle(a).color),
          links.first().evaluate((a) => getComputedStyle(a).color),
        ]);
        expect(marked).not.toBe(plain);

        // A click on an entry marks that entry, even the last one, too near the end to reach the line.
        const last = links.last();
        await last.click();
        await expect(last).toHaveAttribute('aria-current', 'true');
        await expect(currentEntries(toc)).toHaveCount(1);
        // Scrolling up by hand hands the mark back to what is on screen.
        await page.mouse.wheel(0, -2500);
        await expect(last).not.toHaveAttribute('aria-current', 'true');
        await expect(currentEntries(toc)).toHaveCount(1);
      });

      test('arriving by #hash marks that entry', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const href = await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link').nth(3).getAttribute('href');
        await gotoHydrated(page, `/docs/guides/caching${href}`);
        const toc = page.getByRole('navigation', { name: 'Table of contents' });
        await expect(toc.locator(`a[href="${href}"]`)).toHaveAttribute('aria-current', 'true');
        await expect(currentEntries(toc)).toHaveCount(1);
      });

      test('after the skip link, the next Tab lands in the article, not the sidebar', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => ({
          inArticle: document.activeElement?.closest('article') !== null,
          inSidebar: document.activeElement?.closest('[aria-label="Docs sidebar"]') !== null,
        }));
        expect(where).toEqual({ inArticle: true, inSidebar: false });
      });

      test('the sidebar keeps a collapsed category collapsed across client navigation; the page entry alone is current', async ({ page }) => {
        // Storage the site cannot use changes nothing: the choice is kept in memory.
        await page.addInitScript(() => {
          Object.defineProperty(window, 'sessionStorage', { get: () => { throw new Error('blocked'); } });
        });
        await gotoHydrated(page, '/docs/api/atom');
        const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
        const current = sidebar.locator('[aria-current="page"]');
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText('atom');
        await expect(sidebar.getByRole('link', { name: 'API', exact: true })).not.toHaveAttribute('aria-current');

        const guides = sidebar.getByRole('button', { name: /Guides: (collapse|expand) category/ });
        await expect(guides).toHaveAttribute('aria-expanded', 'true');
        await guides.click();
        await expect(guides).toHaveAttribute('aria-expanded', 'false');
        await sidebar.getByRole('link', { name: 'State', exact: true }).click();
        await expect(page).toHaveURL(/\/docs\/api\/state\/?$/);
        await expect(page.locator('main h1')).toHaveText('State');
        await expect(sidebar.getByRole('button', { name: /Guides: (collapse|expand) category/ })).toHaveAttribute('aria-expanded', 'false');
        await expect(sidebar.getByRole('button', { name: /API: (collapse|expand) category/ })).toHaveAttribute('aria-expanded', 'true');
      });

      test('the footer lays out its columns side by side', async ({ page }) => {
        for (const route of ['/', '/docs/api/atom']) {
          await gotoHydrated(page, route);
          const columns = page.locator('footer').getByRole('heading');
          await expect(columns).toHaveText(['Learn', 'Package', 'Source']);
          const tops = await Promise.all([0, 1, 2].map(async (i) => Math.round((await box(columns.nth(i))).y)));
          expect(new Set(tops).size).toBe(1);
        }
      });

      test('the home page samples are highlighted at build time, with copy buttons', async ({ page, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        const html = await (await page.request.get('/')).text();
        // In the server-rendered page already: colours for both modes, no client highlighter.
        expect(html).toMatch(/class="shiki[^"]*"/);
        expect(html).toContain('--shiki-dark');
        await gotoHydrated(page, '/');
        const taste = page.locator('.code-block', { hasText: 'Counter.tsx' });
        const keyword = taste.locator('pre span', { hasText: /^import$/ }).first();
        const text = taste.locator('pre span', { hasText: 'useStanValue' }).first();
        expect(await keyword.evaluate((el) => getComputedStyle(el).color)).not.toBe(await text.evaluate((el) => getComputedStyle(el).color));
        await expect(taste.getByRole('button', { name: 'Copy code' })).toBeVisible();
        const install = page.locator('.code-block', { hasText: 'npm install' });
        await install.getByRole('button', { name: 'Copy code' }).click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`npm install @rkrupinski/stan@${RELEASE}`);
      });
    });

    test.describe('at 1000 px', () => {
      test.use({ viewport: { width: 1000, height: 800 } });

      test('the article keeps at least 560 px and "On this page" takes the TOC column\'s place', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        expect((await box(page.locator('article'))).width).toBeGreaterThanOrEqual(560);
        await expect(page.getByRole('navigation', { name: 'Table of contents' })).toBeHidden();
        const toggle = page.getByRole('button', { name: /^On this page/ });
        await expect(toggle).toBeVisible();
        // Right below the title, above the first paragraph.
        expect((await box(toggle)).y).toBeLessThan((await box(page.locator('article .markdown p').first())).y);
      });

      test('"On this page" opens by keyboard, goes to the chosen section and closes; Escape closes it', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const toggle = page.getByRole('button', { name: /^On this page/ });
        const list = page.getByRole('navigation', { name: 'On this page' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(list).toBeVisible();
        await expectNoViolations(page);

        const entry = list.getByRole('link').nth(2);
        const id = ((await entry.getAttribute('href')) ?? '').slice(1);
        const entryTitle = await entry.innerText();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(entry).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(list).toBeHidden();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
        await expect(toggle).toContainText(entryTitle);

        await toggle.click();
        await expect(list).toBeVisible();
        await list.getByRole('link').first().focus();
        await page.keyboard.press('Escape');
        await expect(list).toBeHidden();
        await expect(toggle).toBeFocused();
      });
    });

    test.describe('at 390 px', () => {
      test.use({ viewport: PHONE, hasTouch: true });

      test('the first screen shows the doc: a dismissible announcement bar of at most two lines and the first paragraph in the top third', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const bar = page.getByRole('region', { name: 'Announcement' });
        const content = bar.locator('p, div').first();
        // It wraps (e2e/first-minutes.spec.ts), in at most two lines of its smaller type.
        const lineHeight = await content.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
        expect((await box(bar)).height).toBeLessThanOrEqual(2 * lineHeight + 16);
        const first = page.locator('article .markdown > p').first();
        expect((await box(first)).y).toBeLessThan(PHONE.height / 3);
        await bar.getByRole('button', { name: 'Close announcement' }).tap();
        await expect(bar).toBeHidden();
      });

      test('"On this page" lists the headings; the TOC column is not shown', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        await expect(page.getByRole('navigation', { name: 'Table of contents' })).toBeHidden();
        const toggle = page.getByRole('button', { name: /^On this page/ });
        await toggle.tap();
        const list = page.getByRole('navigation', { name: 'On this page' });
        await expect(list.getByRole('link').first()).toBeVisible();
        await expect(currentEntries(list)).toHaveCount(1);
        expect(await tapHeight(toggle)).toBeGreaterThanOrEqual(TOUCH_TARGET);
      });

      test('copy buttons cover no code and are 44 px targets', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/caching');
        const overlaps = await page.evaluate(() =>
          Array.from(document.querySelectorAll('main .code-block')).flatMap((block) => {
            const button = block.querySelector('.copy-button');
            if (!button) return ['a block without its copy button'];
            const b = button.getBoundingClientRect();
            return Array.from(block.querySelectorAll('pre .line'))
              .map((line) => line.getBoundingClientRect())
              .filter((l) => l.left < b.right && b.left < l.right && l.top < b.bottom && b.top < l.bottom)
              .map((l) => `button at ${Math.round(b.top)} over a line at ${Math.round(l.top)}`);
          }),
        );
        expect(overlaps).toEqual([]);
        const button = page.locator('main .copy-button').first();
        const size = await box(button);
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(TOUCH_TARGET);
      });

      test('back to top sits in the navbar, over no text, as a 44 px target that says "Top", not a third round icon', async ({ page }) => {
        await gotoHydrated(page, '/docs/api/react');
        await page.mouse.wheel(0, 2000);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
        await page.mouse.wheel(0, -150);
        const toTop = page.getByRole('button', { name: 'Scroll back to top' });
        await expect(toTop).toBeInViewport();
        const [button, navbar] = await Promise.all([box(toTop), box(page.getByRole('navigation', { name: 'Main' }))]);
        expect(button.y).toBeGreaterThanOrEqual(navbar.y - 1);
        expect(button.y + button.height).toBeLessThanOrEqual(navbar.y + navbar.height + 1);
        expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(TOUCH_TARGET);
        // A word in a rounded box, unlike the round search and colour-mode buttons beside it.
        await expect(toTop).toHaveText('Top');
        const radius = await toTop.evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
        expect(radius).toBeLessThan(button.height / 4);
        expect(button.width).toBeGreaterThan(button.height);
        await toTop.tap();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        // On a 320 px phone it covers nothing of the bar either: the wordmark gives way while it shows.
        await page.setViewportSize({ width: 320, height: 700 });
        await page.mouse.wheel(0, 2000);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
        await page.mouse.wheel(0, -150);
        await expect(toTop).toBeInViewport();
        const narrow = await box(toTop);
        for (const other of [page.getByRole('link', { name: 'Stan', exact: true }), page.getByRole('button', { name: 'Search' })]) {
          const rect = await box(other);
          expect(narrow.x >= rect.x + rect.width || narrow.x + narrow.width <= rect.x).toBe(true);
        }
      });

      test("the todo example's checkboxes are 44 px tall targets", async ({ page }) => {
        await gotoHydrated(page, '/docs/getting-started/examples');
        const example = page.locator('.live-example[data-example-id="todo-list"]');
        await example.scrollIntoViewIfNeeded();
        await example.getByRole('textbox', { name: 'New todo' }).fill('Read the docs');
        await example.getByRole('button', { name: 'Add', exact: true }).tap();
        const checkbox = example.getByRole('checkbox').first();
        const label = example.locator('label', { has: page.getByRole('checkbox') }).first();
        expect((await box(label)).height).toBeGreaterThanOrEqual(TOUCH_TARGET);
        // The label's whole height toggles the box.
        const rect = await box(label);
        await page.touchscreen.tap(rect.x + rect.width - 4, rect.y + 3);
        await expect(checkbox).toBeChecked();
      });

      test('diagrams fit the column and open full size in a dialog', async ({ page }) => {
        await gotoHydrated(page, '/docs/guides/ssr');
        const diagram = page.locator('.mermaid-diagram').first();
        await diagram.scrollIntoViewIfNeeded();
        const output = diagram.locator('[data-mermaid-output]');
        await expect(output.locator('svg')).toBeVisible();
        // Seen whole (e2e/first-minutes.spec.ts checks every lifeline is in the box).
        expect(await output.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

        const open = diagram.getByRole('button', { name: 'View full size' });
        expect((await box(open)).height).toBeGreaterThanOrEqual(TOUCH_TARGET);
        await open.tap();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
        await expect(dialog.locator('svg')).toBeVisible();
        await expectNoViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(open).toBeFocused();
        await expect(output.locator('svg')).toBeVisible();
      });
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1000, height: 800 } });

  test('"On this page" is a plain list of the headings, with no dead button', async ({ page }) => {
    await page.goto('/docs/guides/caching');
    const onThisPage = page.locator('[data-on-this-page]');
    await expect(onThisPage.getByRole('button')).toBeHidden();
    await expect(onThisPage.getByRole('link').first()).toBeVisible();
  });
});

test('the breadcrumbs\' home link keeps its place when it is painted before the rest of the row', async ({ page }) => {
  // A slow parser may paint the row with its first item alone; the full row must not move it (a layout shift).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs/api/atom');
  const place = await page.evaluate(() => {
    const home = document.querySelector('nav[aria-label="Breadcrumbs"] li')!;
    const top = () => home.getBoundingClientRect().top;
    const full = top();
    const rest = [...home.parentElement!.children].slice(1);
    rest.forEach((item) => item.remove());
    const alone = top();
    home.parentElement!.append(...rest);
    return { full, alone };
  });
  expect(place.alone).toBe(place.full);
});

test('the version badge keeps its place when its text is painted part by part', async ({ page }) => {
  // A slow parser may paint "Version: " before the release's name: the badge must not move as the rest arrives.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs/guides/caching');
  const place = await page.evaluate(() => {
    const badge = [...document.querySelectorAll('article header span')].find((el) => el.textContent === 'Version: 1.2.0-rc4 (latest)')!;
    const left = () => badge.getBoundingClientRect().left;
    const full = left();
    const text = [...badge.childNodes];
    badge.replaceChildren(text[0]!);
    const part = left();
    badge.replaceChildren(...text);
    return { full, part, text: text.length };
  });
  expect(place.text).toBeGreaterThan(1);
  expect(place.part).toBe(place.full);
});

test('on a slow processor the navbar is painted whole: none of its items moves while the page is parsed', async ({ browser }) => {
  test.slow();
  for (const route of ['/', '/docs/guides/caching', '/docs/api/atom']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Four times slower, as on a slow phone: the parser stops part-way through the page, and a paint then must not
    // show the navbar half built (its items moved as the rest of it came).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await recordLayoutShifts(page, 'header');
    await page.goto(route);
    await page.waitForTimeout(300);
    expect(await layoutShifts(page), route).toEqual([]);
    await page.close();
  }
});

test('no layout shift while a doc and the home page load and settle, on a phone and a desktop', async ({ browser }) => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    for (const route of ['/', '/docs/guides/caching']) {
      const page = await browser.newPage({ viewport });
      await recordLayoutShifts(page);
      await gotoHydrated(page, route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(await layoutShifts(page), `${route} at ${viewport.width}px`).toEqual([]);
      await page.close();
    }
  }
});
