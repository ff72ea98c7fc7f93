import { axe, WCAG_TAGS } from './axe';
import { expect, test } from '@playwright/test';
import { presetColorMode, VIEWPORTS, SEARCH_BUTTON } from './preferences-helpers';
import { whenHydrated } from './site';

const header = (page: import('@playwright/test').Page) => page.locator('header[data-navbar-visible]');

for (const vp of VIEWPORTS) {
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`navbar at ${vp.width}px, ${mode} mode`, () => {
      test.use({ viewport: { width: vp.width, height: vp.height } });
      test.beforeEach(async ({ page }) => presetColorMode(page, mode));

      test('hides when scrolling down past its height and shows on scroll up', async ({ page }) => {
        await page.goto('/docs/api/react');
        await whenHydrated(page);
        const bar = header(page);
        await page.mouse.wheel(0, 30);
        await expect(bar).toHaveAttribute('data-navbar-visible', 'true');
        await page.mouse.wheel(0, 800);
        await expect(bar).toHaveAttribute('data-navbar-visible', 'false');
        await expect.poll(async () => (await bar.boundingBox())?.y ?? 0).toBeLessThan(-40);
        await page.mouse.wheel(0, -200);
        await expect(bar).toHaveAttribute('data-navbar-visible', 'true');
        await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);
      });

      test('hides when jumping to a hash anchor', async ({ page }) => {
        await page.goto('/docs/api/react');
        await whenHydrated(page);
        const anchor = await page.locator('main h2[id]').nth(1).getAttribute('id');
        await page.evaluate((id) => {
          window.location.hash = id ?? '';
        }, anchor);
        await expect(header(page)).toHaveAttribute('data-navbar-visible', 'false');
      });

      test('the navbar and its colour switch pass axe', async ({ page }) => {
        await page.goto('/docs');
        await whenHydrated(page);
        const results = await axe(page).withTags(WCAG_TAGS).exclude(SEARCH_BUTTON).include('header').analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
      });
    });
  }
}

test.describe('desktop navbar (1280px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows its items inline and no menu button', async ({ page }) => {
    await page.goto('/docs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Docs', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: /GitHub/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
  });
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`mobile menu (800px), ${mode} mode`, () => {
    test.use({ viewport: { width: 800, height: 900 } });
    test.beforeEach(async ({ page }) => presetColorMode(page, mode));

    test('items collapse behind a menu button; the menu shows the docs sidebar with a way back', async ({ page }) => {
      await page.goto('/docs/api/atom');
      await whenHydrated(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Docs', exact: true })).toBeHidden();
      // The stacked copy of the docs sidebar below the content is gone: the menu holds it.
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeHidden();
      const button = page.getByRole('button', { name: 'Open navigation menu' });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
      await expect(dialog).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const sidebar = dialog.getByRole('navigation', { name: 'Docs sidebar' });
      await expect(sidebar.getByRole('link', { name: 'atom', exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: '← Back to main menu' })).toBeFocused();
      await dialog.getByRole('button', { name: '← Back to main menu' }).click();
      const primary = dialog.getByRole('navigation', { name: 'Main menu' });
      await expect(primary.getByRole('link', { name: 'Docs', exact: true })).toBeVisible();
      await expect(primary.getByRole('link', { name: /GitHub/ })).toBeVisible();
      const results = await axe(page).withTags(WCAG_TAGS).exclude(SEARCH_BUTTON).include('[role="dialog"]').analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });

    test('keeps focus inside, Escape closes and focus returns to the button', async ({ page }) => {
      await page.goto('/docs');
      await whenHydrated(page);
      const button = page.getByRole('button', { name: 'Open navigation menu' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(button).toBeFocused();
    });

    test('the page behind does not scroll while the menu is open', async ({ page }) => {
      await page.goto('/docs/api/react');
      await whenHydrated(page);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await page.mouse.move(700, 500); // over the backdrop
      await page.mouse.wheel(0, 1000);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    test('following a link closes it and navigates', async ({ page }) => {
      await page.goto('/docs');
      await whenHydrated(page);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'atom', exact: true }).click();
      await expect(page).toHaveURL(/\/docs\/api\/atom$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('is forced closed when the viewport becomes desktop', async ({ page }) => {
      await page.goto('/docs');
      await whenHydrated(page);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      await page.setViewportSize({ width: 800, height: 900 });
      await expect(page.getByRole('button', { name: 'Open navigation menu' })).toHaveAttribute('aria-expanded', 'false');
    });

    test('the home page menu has only the primary menu', async ({ page }) => {
      await page.goto('/');
      await whenHydrated(page);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /Docs sidebar/ })).toHaveCount(0);
    });
  });
}
