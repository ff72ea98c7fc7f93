import { expect, test } from '@playwright/test';
import { docTitles, gotoSettled } from './site';

const SITE = 'https://stan.party';

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
