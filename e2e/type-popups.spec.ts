import { expect, test, type Page } from '@playwright/test';
import { blockLateScripts, gotoHydrated } from './site';

// Types on hover and keyboard focus in code samples: built at build time, code loaded on first use.
const PAGE = '/docs/api/atom';

/** The first sample of the atom page (its signature) and its identifier `name`. */
const firstSample = (page: Page) => page.locator('main .code-block').first();
const hint = (page: Page, name: string) => firstSample(page).locator('.type-hint', { hasText: new RegExp(`^${name}$`) }).first();
const popup = (page: Page) => page.getByRole('tooltip');

test.describe('type popups', () => {
  test('hovering an identifier shows its type from the package; moving away hides it', async ({ page }) => {
    await gotoHydrated(page, PAGE);
    await hint(page, 'atom').hover();
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toHaveText(/^function atom<T>\(initialValue: T, options\?: AtomOptions<T>\): Scoped<WritableState<T>>$/);
    await expect(hint(page, 'atom')).toHaveAttribute('aria-describedby', (await popup(page).getAttribute('id')) ?? '');
    await page.mouse.move(0, 0);
    await expect(popup(page)).toBeHidden();
  });

  test('the pointer can move onto the popup without it closing, and Escape closes it', async ({ page }) => {
    await gotoHydrated(page, PAGE);
    await hint(page, 'WritableState').hover();
    await expect(popup(page)).toBeVisible();
    await popup(page).hover();
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
  });

  test('keyboard: Tab reaches one identifier per sample, arrows move between them, Escape closes', async ({ page }) => {
    await gotoHydrated(page, PAGE);
    const sample = firstSample(page);
    // One Tab stop per sample: the first identifier, not the <pre> and not every identifier.
    await expect(sample.locator('[tabindex="0"]')).toHaveCount(1);
    await sample.locator('[tabindex="0"]').focus();
    await expect(popup(page)).toBeVisible();
    const first = await popup(page).textContent();
    await page.keyboard.press('ArrowRight');
    await expect(popup(page)).not.toHaveText(first ?? '');
    const focused = page.locator(':focus');
    await expect(focused).toHaveClass(/type-hint/);
    await expect(focused).toHaveAttribute('tabindex', '0');
    await expect(sample.locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('End');
    await expect(focused).toHaveText(await sample.locator('.type-hint').last().innerText());
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
    await expect(focused).toHaveClass(/type-hint/);
    // Tab leaves the sample for the next stop, with no popup left behind.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).not.toHaveClass(/type-hint/);
    await expect(popup(page)).toBeHidden();
  });

  test('the popup code loads on the first hover or focus, not with the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await gotoHydrated(page, PAGE);
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await hint(page, 'atom').hover();
    await expect(popup(page)).toBeVisible();
    expect(scripts.length).toBeGreaterThan(before);
  });

  for (const [how, reach] of [
    ['keyboard focus', (page: Page) => hint(page, 'atom').focus()],
    ['the pointer', (page: Page) => hint(page, 'atom').hover()],
  ] as const) {
    test(`${how} on an identifier before the page has hydrated opens its popup once it has`, async ({ page }) => {
      // The app's script is held back until the test lets it through, so the reader surely comes before React.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/app-[0-9a-f]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
      await reach(page);
      await page.waitForTimeout(300);
      await expect(popup(page)).toHaveCount(0);
      release();
      await expect(popup(page)).toBeVisible();
      await expect(popup(page)).toHaveText(/^function atom<T>/);
    });
  }

  test('copying a sample copies its code, without the types', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, PAGE);
    await hint(page, 'atom').hover();
    await expect(popup(page)).toBeVisible();
    await firstSample(page).getByRole('button', { name: 'Copy code' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const signature = 'function atom<T>(initialValue: T, options?: AtomOptions<T>): Scoped<WritableState<T>>';
    // Once, in the sample's own `declare` line: the popup's copy of it is not part of the code.
    expect(copied.split(signature)).toHaveLength(2);
    expect(copied).toContain(`declare ${signature};`);
  });

  test('the popup is readable in both colour modes', async ({ page }) => {
    await gotoHydrated(page, PAGE);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await hint(page, 'atom').hover();
      await expect(popup(page)).toBeVisible();
      const [color, background] = await popup(page).evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.color, style.backgroundColor];
      });
      expect(color).not.toBe(background);
      await page.mouse.move(0, 0);
      await expect(popup(page)).toBeHidden();
    }
  });

  for (const [device, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    test(`on a ${device}, the popup's text is as large as the code it describes, and a type parameter reads without "function"`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, PAGE);
      await hint(page, 'T').focus();
      await expect(popup(page)).toBeVisible();
      await expect(popup(page)).toHaveText(/^T in atom<T>\(initialValue: T/);
      const sizes = await page.evaluate(() => {
        const size = (el: Element | null) => (el ? parseFloat(getComputedStyle(el).fontSize) : NaN);
        return {
          code: size(document.querySelector('main .code-block pre code .type-hint')),
          popup: size(document.querySelector('[role="tooltip"] code')),
          background: getComputedStyle(document.querySelector('[role="tooltip"] code') as Element).backgroundColor,
        };
      });
      expect(sizes.code).toBeGreaterThan(12);
      expect(sizes.popup).toBeGreaterThanOrEqual(sizes.code);
      // The doc's inline-code look (a tinted background) stays out of the popup.
      expect(sizes.background).toBe('rgba(0, 0, 0, 0)');
    });
  }

  test('when the popup code cannot load, the sample still reads, says so once, and Retry brings the popups', async ({ page }) => {
    const restore = await blockLateScripts(page, { goto: PAGE });
    const body = firstSample(page).locator('[data-island="type-hints"]');
    await hint(page, 'atom').hover();
    await expect(body.getByText('The type popups could not load.')).toBeVisible();
    await expect(firstSample(page).locator('pre code')).toContainText('declare function atom<T>');
    await restore();
    await body.getByRole('button', { name: 'Retry' }).click();
    // Focus moves from Retry to the sample's first identifier, which opens its popup.
    await expect(page.locator(':focus')).toHaveClass(/type-hint/);
    await expect(popup(page)).toBeVisible();
    await hint(page, 'atom').hover();
    await expect(popup(page)).toHaveText(/WritableState<T>/);
  });
});
