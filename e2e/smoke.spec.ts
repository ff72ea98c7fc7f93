import { expect, test } from '@playwright/test';
import { gotoHydrated } from './site';

/*
 * The few things every reader does, run against the production build and against `gatsby develop` (Playwright
 * project "develop"): both run Gatsby's own router, link and scroll code, so they must behave alike.
 */

/** Gatsby saves the scroll position in the animation frame after a scroll event: wait until that frame has run. */
const framesPassed = (page: import('@playwright/test').Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const sidebarLink = (page: import('@playwright/test').Page, href: string) =>
  page.getByRole('navigation', { name: 'Docs sidebar' }).locator(`a[href="${href}"]`).last();

test.describe('smoke', () => {
  test('a sidebar link navigates client-side to the page, focus moves to it', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await sidebarLink(page, '/docs/api/atom').click();
    await expect(page).toHaveURL(/\/docs\/api\/atom$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('atom');
    await expect(sidebarLink(page, '/docs/api/atom')).toHaveAttribute('aria-current', 'page');
    // Gatsby's router moves focus into the new page for keyboard and screen-reader users.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#gatsby-focus-wrapper') !== null)).toBe(true);
    expect(documentLoads).toBe(0);
  });

  test('back and forward restore the scroll position of each page', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    // Where the reader is when following the link: scrolled down to it.
    const link = page.locator('.markdown a[href="/docs/getting-started/installation"]').first();
    await link.scrollIntoViewIfNeeded();
    const docsY = await page.evaluate(() => Math.round(window.scrollY));
    expect(docsY).toBeGreaterThan(300);
    await framesPassed(page);
    await link.click();
    await expect(page).toHaveURL(/installation$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300);
    await framesPassed(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/docs$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(docsY);
    await page.goForward();
    await expect(page).toHaveURL(/installation$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300);
  });

  test('search opens with Ctrl+K and finds a page', async ({ page }) => {
    await gotoHydrated(page, '/docs');
    await page.keyboard.press('Control+K');
    const input = page.locator('.DocSearch-Input');
    await expect(input).toBeFocused();
    await input.fill('selector');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('a live example runs', async ({ page }) => {
    await gotoHydrated(page, '/docs/getting-started/examples');
    const counter = page.locator('figure[data-example-id="counter"]');
    await counter.scrollIntoViewIfNeeded();
    await counter.getByRole('button', { name: '+1' }).click();
    await expect(counter.getByRole('status', { name: 'Count' })).toHaveText('1');
  });
});
