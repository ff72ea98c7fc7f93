import { expect, test, type Page } from '@playwright/test';
import { blockLateScripts, gotoHydrated } from './site';

/*
 * Every piece of a page that loads after the first paint, when its code cannot load: the rest of the page keeps
 * working, the piece says so where the reader looks and offers Retry, nothing keeps spinning, the no-JavaScript
 * fallback stays readable, and Retry, once the network is back, loads the code for real and the piece works.
 */

/** Counts full page loads, so a test can prove nothing reloaded the page. */
function countDocumentLoads(page: Page) {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') loads += 1;
  });
  return () => loads;
}

test.describe('when a late piece cannot load', () => {
  // Gatsby reloads the page on an unhandled chunk failure: no failure here may go unhandled.
  let documentLoads: () => number;
  test.beforeEach(({ page }) => {
    documentLoads = countDocumentLoads(page);
  });
  test.afterEach(() => {
    expect(documentLoads(), 'the page was loaded once, never reloaded').toBe(1);
  });

  test('search: a notice with Retry next to the button, no spinner; Retry opens a working search', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    const restore = await blockLateScripts(page);
    const button = page.locator('[data-search-button]').first();
    await page.keyboard.press('Control+K');
    const notice = page.getByRole('alert').filter({ hasText: 'Search could not load.' });
    await expect(notice).toBeVisible();
    // Near the button: the notice's box starts below the button and overlaps it horizontally.
    const [buttonBox, noticeBox] = [await button.boundingBox(), await notice.boundingBox()];
    expect(noticeBox!.y).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
    expect(noticeBox!.x).toBeLessThan(buttonBox!.x + buttonBox!.width);
    await page.waitForTimeout(500);
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    // The page itself still works.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await restore();
    await notice.getByRole('button', { name: 'Retry' }).click();
    const input = page.getByRole('combobox', { name: /search/i }).or(page.locator('.DocSearch-Input'));
    await expect(input.first()).toBeFocused();
    await page.keyboard.type('atom');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('search: Escape dismisses the notice, and the next opening tries again', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    const restore = await blockLateScripts(page);
    await page.locator('[data-search-button]').first().click();
    await expect(page.getByText('Search could not load.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Search could not load.')).toHaveCount(0);
    await restore();
    await page.locator('[data-search-button]').first().click();
    await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  });

  test('back to top: a notice where the button goes, the page keeps working, Retry brings the button', async ({ page }) => {
    await gotoHydrated(page, '/docs/api/atom');
    const restore = await blockLateScripts(page);
    await page.mouse.wheel(0, 1500);
    const notice = page.getByRole('alert').filter({ hasText: 'Back to top could not load.' });
    await expect(notice).toBeVisible();
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    // Scrolling on does not crash the page either.
    await page.mouse.wheel(0, 400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('atom');

    await restore();
    await notice.getByRole('button', { name: 'Retry' }).click();
    const toTop = page.getByRole('button', { name: 'Scroll back to top' });
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('mobile menu: a notice by the menu button, no reload; Retry opens the menu and its links work', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await gotoHydrated(page, '/docs');
    const restore = await blockLateScripts(page);
    const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
    await menuButton.click();
    const notice = page.getByRole('alert').filter({ hasText: 'The menu could not load.' });
    await expect(notice).toBeVisible();

    await restore();
    await notice.getByRole('button', { name: 'Retry' }).click();
    const menu = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(menu).toBeVisible();
    await expect(notice).toHaveCount(0);
    await menu.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'atom', exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/api\/atom$/);
  });

  test('tabs: every panel stays readable with a notice; Retry makes them tabs that switch', async ({ page }) => {
    const restore = await blockLateScripts(page, { goto: '/docs/getting-started/installation' });
    const group = page.locator('[data-island="tabs"]').first();
    // With no remembered choice their code loads when the reader reaches for a group.
    await group.hover();
    await expect(group.getByRole('alert').filter({ hasText: 'The tabs could not load.' })).toBeVisible();
    // The no-JavaScript reading: the commands of every package manager, each under its label.
    for (const panel of await group.getByRole('tabpanel', { includeHidden: true }).all()) await expect(panel).toBeVisible();
    await expect(group.getByRole('tablist')).toBeHidden();

    await restore();
    await group.locator(':scope > [data-island-notice]').getByRole('button', { name: 'Retry' }).click();
    await expect(group.getByRole('tablist')).toBeVisible();
    await expect(group.getByRole('tab', { selected: true })).toBeFocused();
    await group.getByRole('tab', { name: 'pnpm' }).click();
    await expect(group.getByRole('tabpanel')).toHaveCount(1);
    await expect(group.getByRole('tabpanel')).toContainText('pnpm');
  });

  test('copy buttons: loaded when a reader reaches for one; then one announcement, a notice per code block; Retry brings buttons that copy', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const restore = await blockLateScripts(page, { goto: '/docs/getting-started/installation' });
    const blocks = page.locator('[data-island="copy"]');
    // Nothing is tried before the reader points at a code block (nor at the tabs, which wait for the reader too).
    await page.waitForTimeout(500);
    await expect(page.getByText('The tabs could not load.')).toHaveCount(0);
    await expect(page.getByText('The copy button could not load.')).toHaveCount(0);
    await blocks.first().getByRole('button', { name: 'Copy code' }).click();
    await expect(blocks.first().getByText('The copy button could not load.')).toBeVisible();
    // Direct notices only: a TS block's body is an island of its own (type popups) with its own notice.
    expect(await page.locator('[data-island="copy"] > [data-island-notice] [data-load-failure]').count()).toBe(await blocks.count());
    await expect(page.getByRole('alert').filter({ hasText: 'The copy button could not load.' })).toHaveCount(1);

    await restore();
    const block = blocks.last();
    await block.locator(':scope > [data-island-notice]').getByRole('button', { name: 'Retry' }).click();
    const copy = block.getByRole('button', { name: 'Copy code' });
    await expect(copy).toBeFocused();
    await expect(page.locator('[data-island="copy"] > [data-island-notice] [data-load-failure]')).toHaveCount(0);
    await copy.click();
    const code = await block.locator('pre code').textContent();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('live examples: each says so; one Retry brings all of them back, and they run', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const restore = await blockLateScripts(page, { goto: '/docs/getting-started/examples' });
    const examples = page.locator('figure[data-island="live-example"]');
    const count = await examples.count();
    await expect(page.locator('figure[data-island="live-example"] [data-load-failure]')).toHaveCount(count);
    // The build-time "Loading example…" notes are hidden: nothing pretends to load.
    for (const note of await page.getByText('Loading example…').all()) await expect(note).toBeHidden();

    await restore();
    // Retry pressed on every example at once: still one React root per example, and one request.
    await page.evaluate(() =>
      document.querySelectorAll<HTMLButtonElement>('figure[data-island="live-example"] [data-load-failure] button').forEach((b) => b.click()),
    );
    const counter = page.locator('figure[data-example-id="counter"]');
    await counter.scrollIntoViewIfNeeded();
    await counter.getByRole('button', { name: '+1' }).click();
    await expect(counter.getByRole('status', { name: 'Count' })).toHaveText('1');
    await expect(page.locator('figure[data-island="live-example"] [data-load-failure]')).toHaveCount(0);
    await expect(page.getByText(/stopped with an error/)).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('live examples: an example whose own code fails says so, and Retry runs it', async ({ page }) => {
    await gotoHydrated(page, '/docs/getting-started/examples');
    // Only the examples' own chunks fail: the island that mounts them has loaded (the first example, scrolled to,
    // runs), and the last one, far below, has not been asked for yet.
    const counter = page.locator('figure[data-example-id="counter"]');
    await counter.scrollIntoViewIfNeeded();
    await expect(counter.getByRole('button', { name: '+1' })).toBeVisible();
    const restore = await blockLateScripts(page);
    const asyncData = page.locator('figure[data-example-id="async-data"]');
    await asyncData.scrollIntoViewIfNeeded();
    await expect(asyncData.getByRole('alert')).toHaveText(/The live example could not load\./);
    await restore();
    await asyncData.getByRole('button', { name: 'Retry' }).click();
    await expect(asyncData.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('diagrams: mermaid failing keeps the source readable; Retry draws the diagram', async ({ page }) => {
    const restore = await blockLateScripts(page, { goto: '/docs/api/selector' });
    const diagram = page.locator('[data-island="mermaid"]').first();
    // The diagram's own notice (its source's code block has a copy-button notice of its own).
    const notice = diagram.locator(':scope > [data-island-notice]');
    await expect(notice).toHaveText(/The diagram could not load\./);
    await expect(diagram.locator('details')).toHaveAttribute('open', '');
    await expect(diagram.locator('pre code')).toContainText('flowchart LR');

    await restore();
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(diagram.locator('[data-mermaid-output] svg')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("diagrams: the chunk for the diagram's type failing is retried for real", async ({ page }) => {
    const chunk = /\/vendor\/mermaid[^/]*\/chunks\/[^/]+\/flowDiagram-[^/]+\.mjs/;
    const requested: string[] = [];
    page.on('request', (request) => {
      if (chunk.test(request.url())) requested.push(request.url());
    });
    const restore = await blockLateScripts(page, { goto: '/docs/api/selector', only: chunk });
    const diagram = page.locator('[data-island="mermaid"]').first();
    await expect(diagram.getByRole('alert')).toHaveText(/The diagram could not load\./);
    await expect(diagram.locator('pre code')).toBeVisible();
    const attempts = requested.length;

    await restore();
    await diagram.getByRole('button', { name: 'Retry' }).click();
    await expect(diagram.locator('[data-mermaid-output] svg')).toBeVisible();
    expect(requested.length).toBeGreaterThan(attempts);
  });
});
