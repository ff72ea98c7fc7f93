import { expect, test } from '@playwright/test';
import { presetColorMode, recordInlineStyles } from './preferences-helpers';
import { whenHydrated } from './site';

const duration = (h: number) => Math.round((4 + 15 * Math.pow(h / 36, 0.25) + h / 180) * 10);

for (const mode of ['light', 'dark'] as const) {
  test.describe(`docs sidebar categories (1280px), ${mode} mode`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    test.beforeEach(async ({ page }) => presetColorMode(page, mode));

    test('start expanded and collapse/expand with a button carrying aria-expanded', async ({ page }) => {
      await page.goto('/docs');
      await whenHydrated(page);
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      const toggle = sidebar.getByRole('button', { name: /^API: collapse category$/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const list = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      const atom = list.getByRole('link', { name: 'atom', exact: true });
      await expect(atom).toBeVisible();
      const height = await list.evaluate((el) => el.scrollHeight);
      const styles = await recordInlineStyles(list);
      await toggle.click();
      // The spec's duration and easing, from the content height.
      await expect.poll(styles).toContainEqual(expect.stringContaining(`transition: height ${duration(height)}ms ease-in-out`));
      await expect(atom).toBeHidden();
      const collapsedToggle = sidebar.getByRole('button', { name: /^API: expand category$/ });
      await expect(collapsedToggle).toHaveAttribute('aria-expanded', 'false');
      // Collapsed links are out of the tab order.
      await collapsedToggle.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).not.toBe('atom');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(atom).toBeVisible();
      await expect(sidebar.getByRole('button', { name: /^API: collapse category$/ })).toHaveAttribute('aria-expanded', 'true');
    });

    test('the category holding the current page opens by itself', async ({ page }) => {
      await page.goto('/docs');
      await whenHydrated(page);
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      await sidebar.getByRole('button', { name: /^Guides: collapse category$/ }).click();
      await expect(sidebar.getByRole('button', { name: /^Guides: expand category$/ })).toBeVisible();
      // Reach a guide through another route (the footer link), client-side.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Type safety' }).click();
      await expect(page).toHaveURL(/type-safety$/);
      const guides = page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('button', { name: /^Guides:/ });
      await expect(guides).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[aria-current="page"]')).toBeVisible();
    });
  });
}

test.describe('on an 800 px tall desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** Whether the current page's entry is wholly inside the part of the sidebar the reader sees. */
  const currentEntryShown = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation', { name: 'Docs sidebar' }).evaluate((sidebar) => {
      const entry = sidebar.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      const column = sidebar.parentElement!.getBoundingClientRect();
      const bottom = Math.min(column.bottom, window.innerHeight);
      return entry.top >= Math.max(column.top, 0) && entry.bottom <= bottom;
    });

  test('the sidebar shows the current page when it is far down the list, on arrival and after moving on', async ({ page }) => {
    await page.goto('/docs');
    await whenHydrated(page);
    const links = page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link');
    // The list is longer than the column: the last entries start out of sight.
    const last = (await links.last().getAttribute('href'))!;
    const beforeLast = (await links.nth((await links.count()) - 2).getAttribute('href'))!;
    expect(await links.last().evaluate((link) => link.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await page.goto(beforeLast);
    await whenHydrated(page);
    await expect.poll(() => currentEntryShown(page)).toBe(true);
    // Next through the pager (client-side): the new page's entry is shown too.
    await page.getByRole('navigation', { name: 'Docs pages' }).locator('a[rel="next"]').click();
    await expect(page).toHaveURL(new RegExp(`${last}$`));
    await expect.poll(() => currentEntryShown(page)).toBe(true);
  });
});

test.describe('reduced motion', () => {
  test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

  test('the collapse animation takes 1 ms', async ({ page }) => {
    await page.goto('/docs');
    await whenHydrated(page);
    const toggle = page.getByRole('button', { name: /^API: collapse category$/ });
    const list = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    const styles = await recordInlineStyles(list);
    await toggle.click();
    await expect.poll(styles).toContainEqual(expect.stringContaining('transition: height 1ms ease-in-out'));
    await expect(list).toBeHidden();
  });
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`docs sidebar at 800px, ${mode} mode`, () => {
    test.use({ viewport: { width: 800, height: 900 } });
    test.beforeEach(async ({ page }) => presetColorMode(page, mode));

    test('lives in the mobile menu, with collapsible categories there too', async ({ page }) => {
      await page.goto('/docs/guides/ssr');
      await whenHydrated(page);
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeHidden();
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const sidebar = page.getByRole('dialog').getByRole('navigation', { name: 'Docs sidebar' });
      const guides = sidebar.getByRole('button', { name: /^Guides:/ });
      await expect(guides).toHaveAttribute('aria-expanded', 'true');
      await guides.click();
      await expect(guides).toHaveAttribute('aria-expanded', 'false');
      await expect(sidebar.getByRole('link', { name: /SSR|Server/i })).toBeHidden();
    });
  });
}

test.describe('without JavaScript at 800px', () => {
  test('the docs sidebar stays reachable below the content and no dead menu button shows', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    await page.goto('/docs/api/atom');
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'atom', exact: true })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
    await context.close();
  });
});
