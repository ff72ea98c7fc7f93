import { expect, test, type APIRequestContext } from '@playwright/test';
import { DOC_ROUTES, docSources, docTitles, gotoSettled } from './site';

const SITE_URL = process.env.GATSBY_SITE_URL || 'https://stan.party';
/** Frontmatter descriptions by route, read from the MDX files the build uses. */
function docDescriptions(): Map<string, string> {
  return new Map(docSources().map(({ route, data }) => [route, data.description == null ? '' : String(data.description)]));
}

async function fetchText(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return { text: await res.text(), type: res.headers()['content-type'] ?? '' };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test.describe('machine-readable outputs', () => {
  test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
    const { text, type } = await fetchText(request, '/robots.txt');
    expect(type).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap-index.xml`);
  });

  test('the sitemap lists the home page and every doc, not the 404 page nor /search', async ({ request }) => {
    for (const index of ['/sitemap-index.xml', '/sitemap.xml']) {
      const { text, type } = await fetchText(request, index);
      expect(type).toMatch(/xml/);
      expect(text).toContain('<sitemapindex');
      expect(text).toContain(`<loc>${SITE_URL}/sitemap-0.xml</loc>`);
    }
    const { text } = await fetchText(request, '/sitemap-0.xml');
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const route of ['/', ...DOC_ROUTES]) expect(locs).toContain(`${SITE_URL}${route}`);
    expect(locs.some((l) => /404/.test(l ?? ''))).toBe(false);
    // The search page is noindex, so it is no page to rank either.
    expect(locs).not.toContain(`${SITE_URL}/search`);
  });

  test('the web manifest names the site and lists icons that exist with their stated sizes', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.short_name).toBe('Stan');
    expect(manifest.name).toContain('Stan');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const img = await request.get(icon.src);
      expect(img.status(), icon.src).toBe(200);
      expect(img.headers()['content-type'], icon.src).toContain(icon.type);
      if (icon.type === 'image/png') {
        const { width, height } = pngSize(await img.body());
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
    }
  });

  test('every page links the manifest and an apple-touch icon that exists', async ({ page, request }) => {
    for (const route of ['/', '/docs/api/atom']) {
      await gotoSettled(page, route);
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      const touch = await page.locator('head link[rel="apple-touch-icon"]').getAttribute('href');
      expect(touch).toBeTruthy();
      const img = await request.get(touch as string);
      expect(img.headers()['content-type']).toBe('image/png');
      expect(pngSize(await img.body())).toEqual({ width: 180, height: 180 });
    }
  });

  test('llms.txt lists every doc with its description, in sidebar order, linking the .md sources', async ({ request }) => {
    const { text, type } = await fetchText(request, '/llms.txt');
    expect(type).toMatch(/^text\/plain/);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Stan');
    expect(lines[2]).toBe('> Minimal, type-safe state management');
    // The last version's sections, then the other docs versions, each one entry.
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Docs', '## Getting started', '## API', '## Guides', '## Other versions']);
    const titles = docTitles();
    const descriptions = docDescriptions();
    const others = lines.indexOf('## Other versions');
    const entries = lines.slice(0, others).filter((l) => l.startsWith('- ['));
    expect(lines.slice(others).filter((l) => l.startsWith('- ['))).toEqual([
      expect.stringMatching(/^- \[Docs version 1\.0\.0-rc14\]\(https?:\/\/[^)]+\/docs\/1\.0\.0-rc14\/llms\.txt\): 16 pages; every page in one file: /),
    ]);
    expect(entries).toHaveLength(DOC_ROUTES.length);
    for (const route of DOC_ROUTES) {
      const entry = entries.find((l) => l.includes(`](${SITE_URL}${route}.md)`));
      expect(entry, route).toBeDefined();
      expect(entry).toContain(`[${titles.get(route)?.title}]`);
      expect(entry).toContain(`: ${descriptions.get(route)}`);
    }
    // Sidebar order: the introduction first, the getting-started category opens with its landing doc.
    expect(entries[0]).toContain(`(${SITE_URL}/docs.md)`);
    expect(entries[1]).toContain(`(${SITE_URL}/docs/getting-started/installation.md)`);
  });

  test('llms-full.txt holds every doc\'s .md, unchanged, in the order of llms.txt, and llms.txt links it', async ({ request }) => {
    const llms = (await fetchText(request, '/llms.txt')).text;
    expect(llms).toContain(`[llms-full.txt](${SITE_URL}/llms-full.txt)`);
    const { text, type } = await fetchText(request, '/llms-full.txt');
    expect(type).toBe('text/plain; charset=utf-8');
    const res = await request.get('/llms-full.txt');
    expect(res.headers()['cache-control']).toBe((await request.get('/llms.txt')).headers()['cache-control']);
    // The last version's pages (the other versions are only listed, after them).
    const lastVersion = llms.slice(0, llms.indexOf('## Other versions'));
    const order = [...lastVersion.matchAll(/^- \[[^\]]*\]\(([^)]+)\.md\)/gm)].map((m) => (m[1] ?? '').slice(SITE_URL.length));
    expect(order).toHaveLength(DOC_ROUTES.length);
    const pages = [...text.matchAll(/^<page title="([^"]*)" url="([^"]*)" markdown="([^"]*)">\n\n([\s\S]*?)\n\n<\/page>$/gm)];
    expect(pages.map((m) => m[2])).toEqual(order.map((route) => `${SITE_URL}${route}`));
    const titles = docTitles();
    for (const [i, route] of order.entries()) {
      const [, title, , markdownUrl, body] = pages[i]!;
      expect(title?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'), route).toBe(titles.get(route)?.title);
      expect(markdownUrl).toBe(`${SITE_URL}${route}.md`);
      expect(`${body}\n`, route).toBe((await fetchText(request, `${route}.md`)).text);
    }
    // Samples are included: the atom page's code.
    expect(text).toContain('```ts');
  });

  test('npm run serve answers a doc route asked for text/markdown with its .md, and a browser with HTML', async ({ request }) => {
    for (const route of DOC_ROUTES) {
      const markdown = await request.get(route, { headers: { accept: 'text/markdown' } });
      expect(markdown.headers()['content-type'], route).toBe('text/markdown; charset=utf-8');
      expect(await markdown.text(), route).toBe((await fetchText(request, `${route}.md`)).text);
      const vary = markdown.headersArray().filter((h) => h.name.toLowerCase() === 'vary').flatMap((h) => h.value.split(','));
      expect(vary.map((name) => name.trim().toLowerCase()), route).toContain('accept');
      const html = await request.get(route, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(html.headers()['content-type'], route).toBe('text/html; charset=utf-8');
    }
  });

  test('every doc has its Markdown source beside it, as text/markdown', async ({ request }) => {
    const titles = docTitles();
    const descriptions = docDescriptions();
    for (const route of DOC_ROUTES) {
      const { text, type } = await fetchText(request, `${route}.md`);
      expect(type, route).toBe('text/markdown; charset=utf-8');
      expect(text.startsWith(`# ${titles.get(route)?.title}\n\n> ${descriptions.get(route)}\n`), route).toBe(true);
      // Frontmatter is gone and links point at the site.
      expect(text).not.toMatch(/^(sidebar_position|sidebar_label|keywords):/m);
      expect(text).not.toMatch(/\]\(\/docs/);
    }
    const { text } = await fetchText(request, '/docs/api/atom.md');
    expect(text).toContain('## Signature');
    expect(text).toContain('```ts');
  });

  test('each doc page links "View as Markdown" and announces the alternate', async ({ page, request }) => {
    for (const route of ['/docs', '/docs/api/atom', '/docs/guides/ssr']) {
      await page.goto(route);
      const link = page.getByRole('main').getByRole('link', { name: 'View as Markdown' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `${route}.md`);
      await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', `${route}.md`);
      expect((await request.get(`${route}.md`)).status()).toBe(200);
    }
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveCount(0);
  });

  test('following the link from a doc page shows its Markdown', async ({ page }) => {
    await page.goto('/docs/api/store');
    await page.getByRole('link', { name: 'View as Markdown' }).click();
    await expect(page).toHaveURL(/\/docs\/api\/store\.md$/);
    await expect(page.locator('body')).toContainText('# Store');
  });
});
