import { expect, test } from '@playwright/test';
import { gotoHydrated } from './site';

test.describe('shared layout', () => {
  test('<html> is English, left to right', async ({ page }) => {
    await page.goto('/docs/api/atom');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('the skip link is the first tab stop and moves focus into <main>', async ({ page }) => {
    await page.goto('/search?q=atom');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    // The next Tab continues inside the page content, past the navbar.
    await page.keyboard.press('Tab');
    const insideMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    expect(insideMain).toBe(true);
  });

  test('landmarks: one banner navbar, one main, one footer', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  });

  test('the announcement bar shows the configured content', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Announcement' });
    await expect(bar).toContainText('@rkrupinski/stan 1.2.0-rc4');
    await expect(bar).toHaveCSS('background-color', 'rgb(31, 42, 68)');
  });

  test('the navbar has the title, a 32×32 logo linking home, Docs and the source link', async ({ page }) => {
    await page.goto('/docs/api/atom');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const home = nav.getByRole('link', { name: 'Stan', exact: true });
    await expect(home).toHaveAttribute('href', '/');
    const box = await home.locator('svg').boundingBox();
    expect(box?.width).toBe(32);
    expect(box?.height).toBe(32);
    const docs = nav.getByRole('link', { name: 'Docs', exact: true });
    await expect(docs).toHaveAttribute('href', '/docs');
    const source = nav.getByRole('link', { name: /GitHub/ });
    await expect(source).toHaveAttribute('href', 'https://github.com/rkrupinski/stan');
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the Docs item navigates client-side to /docs', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs', exact: true }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // No full reload: the marker set on the previous page survives.
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
  });

  test('the footer links, logo and copyright', async ({ page }) => {
    await page.goto('/docs/guides/ssr');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.slice(0, 3)).toEqual(['/docs/getting-started/installation', '/docs/api/state', '/docs/guides/type-safety']);
    expect(hrefs).toContain('https://www.npmjs.com/package/@rkrupinski/stan');
    expect(hrefs).toContain('https://github.com/rkrupinski/stan');
    await expect(footer.getByRole('img', { name: 'Stan logo' })).toBeVisible();
    await expect(footer).toContainText('Copyright © 2025');
  });
});
