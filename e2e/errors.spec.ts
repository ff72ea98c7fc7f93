import type { Page } from '@playwright/test';
import { expect, test } from './site';

/** A page that throws, the base-URL banner, the not-found page. */

/** Serves /docs/api/atom's real page data with its MDX removed, so the doc template throws its own error. */
async function breakAtomPageData(page: Page) {
  await page.route('**/page-data/docs/api/atom/page-data.json', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.result.data.mdx = null;
    await route.fulfill({ response, json });
  });
}

test.describe('page error', () => {
  test('a crashing page shows Page Error, its message and Try again, inside the site layout', async ({ page, gotoHydrated }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await gotoHydrated('/docs');
    await breakAtomPageData(page);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[href="/docs/api/atom"]').last().click();

    await expect(page.getByRole('heading', { level: 1, name: 'This page crashed.' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Error/);
    await expect(page.getByText('Doc "api/atom" has no MDX data. Is the file still under content/docs or content/versioned_docs?')).toBeVisible();
    // The navbar and footer are still there to leave the page.
    await expect(page.locator('footer')).toBeVisible();

    // Try again resets the boundary and renders the page again (here it crashes again: the data is still bad).
    const before = errors.length;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => errors.length).toBeGreaterThan(before);
    await expect(page.getByRole('heading', { level: 1, name: 'This page crashed.' })).toBeVisible();

    // Navigating away clears the error.
    await page.locator('footer a[href="/docs/api/state"]').click();
    await expect(page).toHaveURL(/\/docs\/api\/state$/);
    await expect(page.getByRole('heading', { level: 1, name: 'This page crashed.' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('State');
  });

  test('the Try again button is keyboard reachable', async ({ page }) => {
    await breakAtomPageData(page);
    await page.goto('/docs/api/atom');
    const button = page.getByRole('button', { name: 'Try again' });
    await expect(button).toBeVisible();
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'This page crashed.' })).toBeVisible();
  });
});

test.describe('base URL banner', () => {
  test('appears on the home page when the site’s scripts did not load, naming the base URL', async ({ page }) => {
    // As with a wrong base URL: every script of the site 404s.
    await page.route(/\/[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/');
    const banner = page.locator('#base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('base URL "/"');
    await expect(banner).toContainText('baseUrl in site.config.ts');
  });

  test('does not appear when the site loads normally', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/');
    await page.waitForLoadState('load');
    await expect(page.locator('#base-url-issue-banner')).toHaveCount(0);
  });
});

test.describe('not-found page', () => {
  test('links back into the docs', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => '___loader' in window);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Read the introduction' }).click();
    await expect(page).toHaveURL(/\/docs$/);
  });
});
