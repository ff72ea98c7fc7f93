import { expect, test, type Page } from '@playwright/test';
import { docTitles } from './site';

const SITE = 'https://stan.party';

/**
 * Goes to a page and waits until React has hydrated it and Gatsby's Head has replaced the server-rendered tags
 * (for a moment after hydration both sets are in <head>): then exactly one canonical link is left.
 */
async function gotoSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
}
const titles = docTitles();

test.describe('head metadata', () => {
  test('a docs page has title, description, canonical, alternates, social tags and favicon', async ({ page }) => {
    await gotoSettled(page, '/docs/api/atom');
    const title = `${titles.get('/docs/api/atom')?.title} | Stan`;
    await expect(page).toHaveTitle(title);
    const head = page.locator('head');
    // Exactly one description once Gatsby's Head has replaced the server-rendered tags after hydration.
    await expect(head.locator('meta[name="description"]')).toHaveCount(1);
    const description = await head.locator('meta[name="description"]').getAttribute('content');
    expect(description && description.length).toBeGreaterThan(40);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/docs/api/atom`);
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${SITE}/docs/api/atom`);
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${SITE}/docs/api/atom`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', description as string);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${SITE}/docs/api/atom`);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${SITE}/img/social-card.png`);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
    await expect(head.locator('link[rel="icon"]')).toHaveAttribute('href', '/img/favicon.svg');
  });

  test('the metadata is in the static HTML, not only added by scripts', async ({ request }) => {
    const html = await (await request.get('/docs/guides/ssr')).text();
    expect(html).toMatch(/<html[^>]*lang="en"/);
    expect(html).toMatch(/<html[^>]*dir="ltr"/);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/docs/guides/ssr"`);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });

  test('the home page uses the tagline and a root canonical URL', async ({ page }) => {
    await gotoSettled(page, '/');
    await expect(page).toHaveTitle('Stan | Minimal, type-safe state management');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/`);
  });

  test('the social card and favicon files exist', async ({ request }) => {
    const card = await request.get('/img/social-card.png');
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toContain('image/png');
    expect((await request.get('/img/favicon.svg')).status()).toBe(200);
  });

  test('the not-found page is not indexed', async ({ page }) => {
    await gotoSettled(page, '/nowhere');
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(1);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });
});
