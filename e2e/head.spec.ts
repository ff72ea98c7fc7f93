import { expect, test } from '@playwright/test';
import { DOC_ROUTES, docTitles, gotoSettled } from './site';

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
    // The doc's own card, once (the site's is not left beside it after hydration).
    await expect(head.locator('meta[property="og:image"]')).toHaveCount(1);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${SITE}/static/og/api-atom\\.[0-9a-f]{12}\\.png$`));
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

  test('every doc and the home page name their own 1200×630 social card, served as a PNG cached for a year', async ({ request }) => {
    const cards = new Set<string>();
    for (const route of ['/', ...DOC_ROUTES]) {
      const html = await (await request.get(route)).text();
      const image = metaContent(html, 'property', 'og:image');
      expect(image, route).toMatch(new RegExp(`^${SITE}/static/og/[a-z0-9-]+\\.[0-9a-f]{12}\\.png$`));
      expect(metaContent(html, 'name', 'twitter:image'), route).toBe(image);
      expect(metaContent(html, 'property', 'og:image:width'), route).toBe('1200');
      expect(metaContent(html, 'property', 'og:image:height'), route).toBe('630');
      expect(metaContent(html, 'property', 'og:image:alt'), route).toMatch(/Stan documentation$/);
      expect(metaContent(html, 'name', 'twitter:card'), route).toBe('summary_large_image');
      const card = await request.get((image as string).slice(SITE.length));
      expect(card.status(), route).toBe(200);
      expect(card.headers()['content-type'], route).toContain('image/png');
      expect(card.headers()['cache-control'], route).toBe('public, max-age=31536000, immutable');
      const png = await card.body();
      expect(png.subarray(1, 4).toString('ascii'), route).toBe('PNG');
      expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, route).toEqual({ width: 1200, height: 630 });
      cards.add(image as string);
    }
    // One card per doc; the home page has the site's.
    expect(cards.size).toBe(DOC_ROUTES.length + 1);
    expect((await request.get('/img/favicon.svg')).status()).toBe(200);
  });

  test('the not-found page is not indexed', async ({ page }) => {
    await gotoSettled(page, '/nowhere');
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(1);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });
});

/** The content of the one <meta> tag with this property or name in the HTML as served (before any script runs). */
function metaContent(html: string, attribute: 'property' | 'name', value: string): string | null {
  const tags = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`${attribute}="${value}"`));
  expect(tags, `<meta ${attribute}="${value}">`).toHaveLength(1);
  return /\bcontent="([^"]*)"/.exec(tags[0] as string)?.[1] ?? null;
}
