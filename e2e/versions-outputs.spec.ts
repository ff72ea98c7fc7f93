import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './site';

// What each docs version publishes: its own search index (searched from its pages, or on /search by preference),
// its pages' Markdown twins and Accept negotiation, Copy page, its social cards, and its place in llms.txt.
const OLDER = '1.0.0-rc14';
const OLDER_ATOM = `/docs/${OLDER}/api/atom`;
const PREFERRED_KEY = 'docs-preferred-version-default';
// A page only the current docs have: its hits show whether the current index answered.
const CURRENT_ONLY_PAGE = 'Upgrading from 1.0.0-rc14';

const input = (page: Page) => page.locator('.DocSearch-Input');
/** The /search page's choice of version. */
const versionChoice = (page: Page) => page.getByRole('combobox', { name: 'Searching the docs of version' });
const hits = (page: Page) => page.locator('.DocSearch-Hit');

/**
 * Searches in the modal and returns the page each hit names (hits are options, not links), once the query's hits
 * (not stored searches) are shown.
 */
async function modalHits(page: Page, query: string): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await input(page).fill(query);
  await expect(page.locator('.DocSearch-Hit-source').first()).not.toHaveText(/^(Recent|Favorite)$/);
  await expect(hits(page).first()).toBeVisible();
  return hits(page).evaluateAll((all) =>
    all.map((hit) => (hit.querySelector('.DocSearch-Hit-path')?.textContent || hit.querySelector('.DocSearch-Hit-title')?.textContent) ?? ''),
  );
}

/**
 * Opens the first hit with Enter and waits until the page's path is one `path` matches: the modal closes at once,
 * while Gatsby changes the address only once the next page's data has loaded.
 */
async function openFirstHit(page: Page, path: RegExp) {
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(path);
}

/** The search index files the page and its worker asked for. */
function indexRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname;
    if (/^\/search-index[^/]*\.json$/.test(name)) urls.push(name);
  });
  return urls;
}

test.describe('search per docs version', () => {
  test(`on a ${OLDER} page the modal answers from ${OLDER} pages only, downloading that version's index alone`, async ({ page }) => {
    const requested = indexRequests(page);
    await gotoHydrated(page, OLDER_ATOM);
    const found = await modalHits(page, 'atom');
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain(CURRENT_ONLY_PAGE);
    await openFirstHit(page, new RegExp(`^/docs/${OLDER.replace(/\./g, '\\.')}(/|$)`));
    expect(requested).toEqual([`/search-index-${OLDER}.json`]);
  });

  test('on a current page the modal answers from current pages only, even when another version is preferred', async ({ page }) => {
    await page.addInitScript(([key, name]) => window.localStorage.setItem(key, name), [PREFERRED_KEY, OLDER] as const);
    const requested = indexRequests(page);
    await gotoHydrated(page, '/docs/api/atom');
    // A query for the page only the current docs have (an overview page, which ranks after pages explaining 'atom').
    const found = await modalHits(page, 'upgrading');
    expect(found).toContain(CURRENT_ONLY_PAGE);
    await openFirstHit(page, new RegExp(`^/docs/(?!${OLDER.replace(/\./g, '\\.')})`));
    expect(requested).toEqual(['/search-index.json']);
  });

  test('/search follows the preferred version, says which it searches, and falls back to the last one', async ({ page }) => {
    const results = () =>
      page.getByRole('main').locator('section a[href^="/docs"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    await page.addInitScript(([key, name]) => window.localStorage.setItem(key, name), [PREFERRED_KEY, OLDER] as const);
    await gotoHydrated(page, '/search?q=atom');
    await expect(versionChoice(page)).toHaveValue(OLDER);
    await expect(page.getByRole('status')).toHaveText(/pages? found/);
    const older = await results();
    expect(older.length).toBeGreaterThan(0);
    expect(older.filter((href) => !href.startsWith(`/docs/${OLDER}`))).toEqual([]);

    // Storage that throws: the last version.
    const fresh = await page.context().newPage();
    await fresh.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await gotoHydrated(fresh, '/search?q=atom');
    await expect(versionChoice(fresh)).toHaveValue('current');
    await expect(versionChoice(fresh).locator('option:checked')).toHaveText('1.2.0-rc4 (latest)');
    await expect(fresh.getByRole('status')).toHaveText(/pages? found/);
    const last = await fresh.getByRole('main').locator('section a[href^="/docs"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(last.length).toBeGreaterThan(0);
    expect(last.filter((href) => href.startsWith(`/docs/${OLDER}`))).toEqual([]);
  });
});

test.describe('search says what it searches', () => {
  test(`the modal names the version it answers from; with no hits on a ${OLDER} page it offers the same query in the latest docs`, async ({ page }) => {
    await gotoHydrated(page, OLDER_ATOM);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Footer [data-search-scope]')).toHaveText(`Searching the ${OLDER} docs`);
    // makeStore came with 1.2: 1.0.0-rc14's docs have nothing for it.
    await input(page).fill('makeStore');
    await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
    const offer = page.getByRole('button', { name: 'Search the latest docs (1.2.0-rc4) for “makeStore”' });
    await offer.click();
    await expect(page.locator('.DocSearch-Footer [data-search-scope]')).toHaveText('Searching the 1.2.0-rc4 docs (latest)');
    await expect(input(page)).toHaveValue('makeStore');
    await expect(hits(page).first()).toBeVisible();
    await openFirstHit(page, /^\/docs\/(?!1\.0\.0-rc14)/);
  });

  test('/search lets the reader choose the version, keeps it in the address, and offers the latest when an older one has nothing', async ({ page }) => {
    await gotoHydrated(page, '/search?q=makeStore');
    await expect(versionChoice(page)).toHaveValue('current');
    await expect(page.getByRole('status')).toHaveText(/pages? found/);
    await versionChoice(page).selectOption(OLDER);
    await expect(page.getByRole('status')).toHaveText('No pages found');
    await expect(page).toHaveURL(`/search?q=makeStore&version=${OLDER}`);
    await page.reload();
    await expect(versionChoice(page)).toHaveValue(OLDER);
    await page.getByRole('button', { name: 'Search the latest docs (1.2.0-rc4) for “makeStore”' }).click();
    await expect(versionChoice(page)).toHaveValue('current');
    await expect(page.getByRole('status')).toHaveText(/[1-9]\d* pages? found/);
    await expect(page).toHaveURL('/search?q=makeStore&version=current');
  });
});

test.describe('Markdown, cards and llms files per docs version', () => {
  test(`${OLDER_ATOM}.md is served, and the page asked for text/markdown answers with it`, async ({ request }) => {
    const twin = await request.get(`${OLDER_ATOM}.md`);
    expect(twin.status()).toBe(200);
    expect(twin.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    const text = await twin.text();
    expect(text).toMatch(/^# atom\n/);
    expect(text).toContain(`Source page: `);
    expect(text).toContain(OLDER_ATOM);
    const negotiated = await request.get(OLDER_ATOM, { headers: { accept: 'text/markdown' } });
    expect(negotiated.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await negotiated.text()).toBe(text);
    expect(negotiated.headers()['content-security-policy']).toBeTruthy();
    const html = await request.get(OLDER_ATOM, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  });

  test(`Copy page on a ${OLDER} page copies that page's Markdown`, async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, OLDER_ATOM);
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied as Markdown' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await (await request.get(`${OLDER_ATOM}.md`)).text());
  });

  test(`a ${OLDER} page has its own social card, and the current page another`, async ({ page, request }) => {
    const card = async (route: string) => {
      await page.goto(route);
      return new URL((await page.locator('head meta[property="og:image"]').getAttribute('content')) ?? '').pathname;
    };
    const older = await card(OLDER_ATOM);
    const current = await card('/docs/api/atom');
    expect(older).toMatch(/^\/static\/og\/version-1-0-0-rc14-api-atom\.[0-9a-f]{12}\.png$/);
    expect(current).not.toBe(older);
    const image = await request.get(older);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test(`each version has its own llms.txt and llms-full.txt (${OLDER}'s at /docs/${OLDER}/), linked from the root ones`, async ({ request }) => {
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('## Other versions');
    const escaped = OLDER.replace(/\./g, '\\.');
    const link = new RegExp(`- \\[Docs version ${escaped}\\]\\((https?://[^)]+/docs/${escaped}/llms\\.txt)\\): 16 pages; every page in one file: (\\S+)`);
    expect(llms).toMatch(link);
    expect(llms).not.toContain(`${OLDER_ATOM}.md`);
    const [, index = '', full = ''] = llms.match(link) ?? [];
    const own = await request.get(new URL(index).pathname);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toMatch(/^text\/plain/);
    const ownText = await own.text();
    expect(ownText).toMatch(new RegExp(`^# Stan ${escaped}\n`));
    expect(ownText).toContain(`${OLDER_ATOM}.md)`);
    expect(ownText).not.toMatch(/\/docs\/api\/atom\.md\)/);
    expect(ownText).toMatch(/- \[Docs version 1\.2\.0-rc4 \(latest\)\]\(https?:\/\/[^)]+\/llms\.txt\)/);
    expect(new URL(full).pathname).toBe(`/docs/${OLDER}/llms-full.txt`);
    const ownFull = await (await request.get(`/docs/${OLDER}/llms-full.txt`)).text();
    expect(ownFull).toContain(`url="https://stan.party${OLDER_ATOM}"`.replace('https://stan.party', new URL(full).origin));
    expect(ownFull).not.toContain(`${new URL(full).origin}/docs/api/store.md`);
    const rootFull = await (await request.get('/llms-full.txt')).text();
    expect(rootFull).toContain(`Docs version ${OLDER}`);
    expect(rootFull).not.toContain(`url="${new URL(full).origin}${OLDER_ATOM}"`);
  });
});
