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

  test('the sitemap lists the latest docs only: no 1.0 page (each names its latest twin or is noindex), and not /search', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs).toContain('/docs/api/atom');
    expect(locs).toContain('/docs/guides/caching');
    expect(locs.filter((l) => l.startsWith(OLD))).toEqual([]);
    expect(locs).not.toContain('/search');
  });

  test('a 1.0 page names the same page in the latest docs as canonical (every tag that gives its address agrees), and asks for no noindex', async ({ page }) => {
    await page.goto(`${OLD}/api/atom`);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/docs\/api\/atom$/);
    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', /^https?:\/\/[^/]+\/docs\/api\/atom$/);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    // In the server's HTML too, for crawlers that run no script.
    const html = await (await page.request.get(`${OLD}/guides/caching`)).text();
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/docs\/guides\/caching"/);
    // A page of the latest docs is its own canonical page.
    await page.goto('/docs/api/store');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/docs\/api\/store$/);
  });
});

test('a missing page inside 1.0 offers that version’s docs; outside it, the last version’s', async ({ page }) => {
  const response = await page.goto(`${OLD}/nope`);
  expect(response?.status()).toBe(404);
  await whenHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Read the introduction' })).toHaveAttribute('href', OLD);
  await expect(page.getByRole('link', { name: 'Browse the API reference' })).toHaveAttribute('href', `${OLD}/api/atom`);
  await page.goto('/docs/nope');
  await whenHydrated(page);
  await expect(page.getByRole('link', { name: 'Browse the API reference' })).toHaveAttribute('href', '/docs/api/atom');
});

test('the versions manifest lists each version’s doc routes for the not-found page', async ({ request }) => {
  const response = await request.get('/docs-versions.json');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as { versions: Array<{ name: string; mainDocPath: string; docs: Record<string, string> }> };
  expect(manifest.versions.map((v) => v.name)).toEqual(['current', '1.0.0-rc14']);
  expect(manifest.versions[1]?.docs['api/atom']).toBe(`${OLD}/api/atom`);
  expect(manifest.versions[1]?.docs['api/store']).toBeUndefined();
  expect(manifest.versions[0]?.docs['api/store']).toBe('/docs/api/store');
});
