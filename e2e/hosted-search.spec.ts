// Hosted search: the build of `npm run build:hosted` (public-hosted/, served on its own port by the "hosted"
// project of playwright.config.ts) has the three GATSBY_DOCSEARCH_* variables set. Nothing may leave the
// machine, so these tests answer the hosted service's requests themselves, with the site's own engine over
// the build's records, and check what the modal and the search page asked for.
import { expect, test, type Page } from '@playwright/test';
import { answer } from '../src/search/local-client';
import type { SearchRequest } from '../src/search/types';
import hostedEnv from './hosted-env.json';
import { engine, fakeHostedService, type Recorded } from './hosted-service';
import { gotoHydrated } from './site';

const APP_ID = hostedEnv.GATSBY_DOCSEARCH_APP_ID.toLowerCase();
const INDEX_NAME = hostedEnv.GATSBY_DOCSEARCH_INDEX_NAME;
const CONTEXTUAL_FILTERS = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

/** Requests to the build's own index file (the local engine): hosted search must never make them. */
function localIndexRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (/search-index\.json/.test(r.url())) urls.push(r.url());
  });
  return urls;
}

const input = (page: Page) => page.locator('.DocSearch-Input');

test.describe('hosted search (GATSBY_DOCSEARCH_* set at build time)', () => {
  test('the modal asks the hosted index, with contextual facet filters and no insights, and shows its hits', async ({ page }) => {
    const recorded = await fakeHostedService(page);
    const local = localIndexRequests(page);
    await gotoHydrated(page, '/docs/api/atom');
    await page.keyboard.press('Control+k');
    await expect(input(page)).toBeFocused();
    await input(page).fill('selectorFamily');
    const firstHit = page.locator('.DocSearch-Hit').first();
    await expect(firstHit).toContainText(/selector ?family/i);
    await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
    // The hosted service answered, so the footer credits it.
    await expect(page.locator('.DocSearch-Logo')).toBeVisible();
    await expect(page.locator('.DocSearch-Logo')).toContainText('Search by');

    const queries = recorded.filter((r) => r.url.pathname === '/1/indexes/*/queries');
    expect(queries.length).toBeGreaterThan(0);
    const last = queries[queries.length - 1] as Recorded;
    expect(last.url.hostname).toBe(`${APP_ID}-dsn.algolia.net`);
    // The credentials go with every request (as headers or, for a simple CORS request, in the query string).
    const credential = (name: string) => last.headers[name] ?? last.url.searchParams.get(name);
    expect(credential('x-algolia-application-id')).toBe(hostedEnv.GATSBY_DOCSEARCH_APP_ID);
    expect(credential('x-algolia-api-key')).toBe(hostedEnv.GATSBY_DOCSEARCH_API_KEY);
    const sent = last.requests[0] as SearchRequest & Record<string, unknown>;
    expect(sent.indexName).toBe(INDEX_NAME);
    expect(sent.query).toBe('selectorFamily');
    expect(sent.facetFilters).toEqual(CONTEXTUAL_FILTERS);
    expect(sent.clickAnalytics).not.toBe(true);
    // Insights are off unless configured, and the embedded index is never downloaded.
    expect(recorded.filter((r) => r.url.hostname.startsWith('insights.'))).toEqual([]);
    expect(local).toEqual([]);

    // A hit navigates inside the app, as with the local index.
    await page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api\/selectorFamily/);
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('the search page lists the hosted results for ?q= on a direct load', async ({ page }) => {
    const recorded = await fakeHostedService(page);
    const local = localIndexRequests(page);
    await page.goto('/search?q=store');
    await expect(page.locator('main mark').first()).toBeVisible();
    const sent = recorded.flatMap((r) => r.requests);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.indexName === INDEX_NAME && r.query === 'store')).toBe(true);
    expect((sent[0] as SearchRequest & Record<string, unknown>).facetFilters).toEqual(CONTEXTUAL_FILTERS);
    // The page asks for pages (distinct), and its count is the hosted service's nbHits for that request.
    expect((sent[0] as SearchRequest & Record<string, unknown>).distinct).toBeGreaterThan(0);
    await expect(page.getByText(`${answer(engine, sent[0] as SearchRequest).nbHits} pages found`)).toBeVisible();
    expect(local).toEqual([]);
  });

  test('an unreachable hosted service shows the error screen', async ({ page }) => {
    await fakeHostedService(page, { down: true });
    await gotoHydrated(page, '/docs/api/atom');
    await page.keyboard.press('Control+k');
    await input(page).fill('atom');
    await expect(page.getByText('Unable to fetch results')).toBeVisible();
    await expect(page.getByText('You might want to check your network connection.')).toBeVisible();
  });
});
