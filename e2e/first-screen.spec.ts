// A doc's first screen on a 390 × 844 phone, the announcement shown: the doc's text starts at most 220 px down on
// every doc page of every docs version (title, then one row with the version, "Copy page" and "On this page");
// "On this page" never wraps at any width; the announcement keeps a release whole on one line.
import { expect, test, type Locator } from '@playwright/test';
import { builtPages, gotoHydrated, tapHeight, whenHydrated } from './site';

const PHONE = { width: 390, height: 844 };
/** Where a doc's first paragraph starts at the latest on a phone (Docusaurus 3.8: 237 px, VitePress 1.6: 200 px). */
const FIRST_PARAGRAPH_MAX_TOP = 220;
const TOUCH_TARGET = 44;

/** The lines a piece of text takes (one client rect per line box). */
const linesOf = (element: Locator, text: string) =>
  element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    }
    return 0;
  }, text);

test.describe.configure({ timeout: 90_000 });

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  // Every doc page of every docs version.
  for (const route of builtPages().filter((path) => path === '/docs' || path.startsWith('/docs/'))) {
    test(`${route}: the doc's text starts at most ${FIRST_PARAGRAPH_MAX_TOP} px down, with the announcement shown`, async ({ page }) => {
      await page.goto(route);
      await whenHydrated(page);
      await expect(page.getByRole('region', { name: 'Announcement' })).toBeVisible();
      const first = page.locator('article .markdown p').first();
      expect((await first.boundingBox())!.y).toBeLessThanOrEqual(FIRST_PARAGRAPH_MAX_TOP);
    });
  }

  test('both docs versions are measured, not only the current one', () => {
    expect(builtPages().filter((route) => /^\/docs\/\d/.test(route)).length).toBeGreaterThan(10);
  });

  test('the title comes first, then one row: the version, "Copy page" and "On this page", each a 44 px target', async ({ page }) => {
    await gotoHydrated(page, '/docs/getting-started/coming-from-recoil-or-jotai');
    const title = page.locator('article h1');
    const version = page.locator('article header span', { hasText: /^Version:/ }).first();
    const copy = page.getByRole('button', { name: 'Copy page' });
    const more = page.getByRole('button', { name: 'More ways to use this page' });
    const toggle = page.getByRole('button', { name: /^On this page/ });
    const row = await Promise.all([version, copy, more, toggle].map(async (control) => (await control.boundingBox())!));
    const titleBox = (await title.boundingBox())!;
    for (const box of row) {
      expect(box.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
      // One row: every control's middle on the same line.
      expect(Math.abs(box.y + box.height / 2 - (row[3]!.y + row[3]!.height / 2))).toBeLessThanOrEqual(2);
    }
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeHidden();
    for (const control of [copy, more, toggle]) expect(await tapHeight(control)).toBeGreaterThanOrEqual(TOUCH_TARGET);
    // Its list opens under the row, across the column, above the doc's text.
    await toggle.tap();
    const list = page.getByRole('navigation', { name: 'On this page' });
    await expect(list).toBeVisible();
    const [listBox, first] = await Promise.all([list.boundingBox(), page.locator('article .markdown p').first().boundingBox()]);
    expect(listBox!.y).toBeGreaterThan(row[3]!.y + row[3]!.height - 1);
    expect(listBox!.width).toBeGreaterThan(PHONE.width - 40);
    expect(first!.y).toBeGreaterThan(listBox!.y + listBox!.height);
  });

  test("an older version's page says so in one line above the title, and names its release there", async ({ page }) => {
    await gotoHydrated(page, '/docs/1.0.0-rc14/guides/ssr');
    const banner = page.getByRole('note', { name: 'Older version' });
    await expect(banner).toBeVisible();
    // One of its two wordings shows: the phone's, in one line.
    const shown = banner.locator('p:visible');
    await expect(shown).toHaveText('1.0.0-rc14 is no longer maintained. Latest docs');
    expect(await shown.evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)))).toBe(1);
    const [bannerBox, titleBox] = await Promise.all([banner.boundingBox(), page.locator('article h1').boundingBox()]);
    expect(bannerBox!.height).toBeLessThan(36);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(titleBox!.y);
  });

  test('the announcement keeps the release whole ("1.2.0-rc4", not "1.2.0-" / "rc4")', async ({ page }) => {
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await gotoHydrated(page, '/docs/api/atom');
      const bar = page.getByRole('region', { name: 'Announcement' });
      expect(await linesOf(bar, '1.2.0-rc4'), `at ${width} px`).toBe(1);
    }
  });
});

test('"On this page" never wraps, at any width it shows', async ({ page }) => {
  for (const width of [320, 390, 600, 768, 1000, 1199]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoHydrated(page, '/docs/guides/known-quirks');
    const toggle = page.getByRole('button', { name: /^On this page/ });
    // The section being read is named beside it where there is room (it is long on this page).
    await page.evaluate(() => window.scrollBy(0, 1500));
    await expect.poll(() => toggle.evaluate((button) => button.getAttribute('aria-expanded'))).toBe('false');
    expect(await linesOf(toggle, 'On this page'), `at ${width} px`).toBe(1);
    const height = (await toggle.boundingBox())!.height;
    expect(height, `at ${width} px`).toBeLessThanOrEqual(TOUCH_TARGET + 1);
  }
});

/** Whether a control shows an icon: its picture changes when its icon (a pseudo-element or an svg) is hidden. */
async function showsIcon(control: Locator): Promise<boolean> {
  const page = control.page();
  const shot = () => control.screenshot({ animations: 'disabled', caret: 'hide' });
  const drawn = await shot();
  const hider = await page.addStyleTag({ content: 'button::before, button svg { visibility: hidden !important; }' });
  const bare = await shot();
  await hider.evaluate((style) => (style as HTMLStyleElement).remove());
  return !drawn.equals(bare);
}

test.describe('the icons drawn in CSS on a 390 × 844 phone, forced colours included', () => {
  test.use({ viewport: PHONE, hasTouch: true, reducedMotion: 'reduce' });

  for (const [forcedColors, colorScheme] of [['none', 'light'], ['active', 'light'], ['active', 'dark']] as const) {
    test(`the announcement's cross, "Copy page"'s icon, the sidebar's and "On this page"'s carets show and turn with their state (forced colours: ${forcedColors}, ${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ forcedColors, colorScheme });
      await gotoHydrated(page, '/docs/guides/known-quirks');
      const close = page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Close announcement' });
      expect(await showsIcon(close), 'the cross of "Close announcement"').toBe(true);
      expect(await showsIcon(page.getByRole('button', { name: 'Copy page' })), 'the icon of "Copy page"').toBe(true);

      const toggle = page.getByRole('button', { name: /^On this page/ });
      expect(await showsIcon(toggle), 'the caret of "On this page"').toBe(true);
      const closedToggle = await toggle.screenshot({ animations: 'disabled' });
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.evaluate((button) => button.blur());
      expect((await toggle.screenshot({ animations: 'disabled' })).equals(closedToggle), 'the caret turns when the list opens').toBe(false);
      await toggle.tap();

      await page.getByRole('button', { name: 'Open navigation menu' }).tap();
      const category = page.getByRole('dialog').getByRole('navigation', { name: 'Docs sidebar' }).getByRole('button', { name: /^Guides:/ });
      await expect(category).toHaveAttribute('aria-expanded', 'true');
      expect(await showsIcon(category), 'the caret of a sidebar category').toBe(true);
      await category.evaluate((button) => button.blur());
      const expanded = await category.screenshot({ animations: 'disabled' });
      await category.tap();
      await expect(category).toHaveAttribute('aria-expanded', 'false');
      await category.evaluate((button) => button.blur());
      expect((await category.screenshot({ animations: 'disabled' })).equals(expanded), 'the caret turns when the category collapses').toBe(false);
    });
  }
});
