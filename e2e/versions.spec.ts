import { expect, test } from '@playwright/test';
import { whenHydrated } from './site';

const OLD = '/docs/1.0.0-rc14';

test.describe('an older docs version (1.0.0-rc14)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a 1.0 page is served under its version with its own sidebar, which has no Store entry', async ({ page }) => {
    const response = await page.goto(`${OLD}/api/atom`);
    expect(response?.status()).toBe(200);
    await whenHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/atom/i);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const links = await sidebar.getByRole('link').evaluateAll((els) => els.map((el) => new URL((el as HTMLAnchorElement).href).pathname));
    expect(links.length).toBeGreaterThan(10);
    // Every sidebar link stays in 1.0, and 1.0 has no Store page.
    for (const href of links) expect(href.startsWith(OLD)).toBe(true);
    await expect(sidebar.getByRole('link', { name: /store/i })).toHaveCount(0);
    // The current docs' sidebar does list the Store page.
    await page.goto('/docs/api/atom');
    await whenHydrated(page);
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: /store/i }).first()).toBeVisible();
  });

  test('breadcrumbs and previous/next stay within 1.0, also after a client-side navigation', async ({ page }) => {
    await page.goto(`${OLD}/api/atom`);
    await whenHydrated(page);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'API' });
    await expect(crumbs).toHaveAttribute('href', `${OLD}/api/atom`);
    const pager = page.getByRole('navigation', { name: 'Docs pages' });
    const hrefs = await pager.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual([`${OLD}/getting-started/examples`, `${OLD}/api/atomFamily`]);
    await pager.getByRole('link').last().click();
    await expect(page).toHaveURL(new RegExp(`${OLD}/api/atomFamily$`));
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await expect(sidebar.getByRole('link', { name: 'atomFamily', exact: true })).toHaveAttribute('href', `${OLD}/api/atomFamily`);
    await expect(sidebar.getByRole('link', { name: /store/i })).toHaveCount(0);
  });

  test('the sitemap lists the pages of both versions', async ({ request }) => {
    const index = await (await request.get('/sitemap-0.xml')).text();
    expect(index).toMatch(/<loc>[^<]*\/docs\/api\/atom<\/loc>/);
    expect(index).toMatch(/<loc>[^<]*\/docs\/1\.0\.0-rc14\/api\/atom<\/loc>/);
    expect(index).toMatch(/<loc>[^<]*\/docs\/1\.0\.0-rc14\/guides\/caching<\/loc>/);
  });

  test('each version’s page is canonical at its own URL', async ({ page }) => {
    await page.goto(`${OLD}/api/atom`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/docs\/1\.0\.0-rc14\/api\/atom$/);
  });
});
