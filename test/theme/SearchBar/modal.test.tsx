// The modal's own search client is a stand-in each test controls (the real one starts a worker).
const mockSearch = jest.fn();
const mockClientVersions: string[] = [];
jest.mock('@src/search/client', () => ({
  getSearchClient: (_config: unknown, version: { name: string }) => {
    mockClientVersions.push(version.name);
    return mockClient;
  },
}));
const mockClient = { search: (...args: unknown[]) => mockSearch(...args), preload: () => undefined };

import { act, fireEvent, render, screen } from '@testing-library/react';
import { siteConfig } from '@src/theme-common/site-config';
import { searchPageUrl } from '@src/search/config';
import { searchVersions } from '@src/search/versions';
import SearchModal from '@src/theme/SearchBar/Modal';
import { missingResultsUrl, seeAllLabel } from '@src/theme/SearchBar/use-docsearch-props';
import { noResults } from '@src/theme/SearchBar/tracked-client';
import type { SearchHit } from '@src/search/types';

describe('modal helpers', () => {
  it('pre-fills a new issue with the query for "Let us know."', () => {
    const url = new URL(missingResultsUrl('https://github.com/rkrupinski/stan/issues/new', 'atom <b>effects</b>'));
    expect(url.origin + url.pathname).toBe('https://github.com/rkrupinski/stan/issues/new');
    expect(url.searchParams.get('title')).toBe('Search: no results for "atom <b>effects</b>"');
    expect(url.searchParams.get('body')).toContain('"atom <b>effects</b>"');
  });

  it('links the results footer to the search page of the same version', () => {
    expect(searchPageUrl(siteConfig, 'atom', '1.0.0-rc14')).toBe('/search?q=atom&version=1.0.0-rc14');
    expect(searchPageUrl(siteConfig, 'atom', null)).toBe('/search?q=atom');
  });

  it('labels the results footer', () => {
    expect(seeAllLabel(42)).toBe('See all 42 results');
    expect(seeAllLabel(1)).toBe('See 1 result');
  });
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('SearchModal', () => {
  // DocSearch asks whether the screen is small and restores the scroll position; jsdom does neither.
  let scrollTo: jest.SpyInstance;
  beforeAll(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const matchMedia = (query: string) => ({ matches: false, media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() });
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
  });
  afterAll(() => {
    scrollTo.mockRestore();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });
  beforeEach(() => {
    mockSearch.mockReset();
    window.localStorage.clear();
  });

  it('repairs the stored searches before DocSearch reads them (an entry it would crash on)', async () => {
    const key = `__DOCSEARCH_RECENT_SEARCHES__${siteConfig.search.indexName}`;
    window.localStorage.setItem(key, JSON.stringify([{ objectID: 'x', url: '/docs', type: 'lvl1', hierarchy: null }]));
    const view = render(<SearchModal onClose={() => undefined} />);
    await settle();
    expect(JSON.parse(window.localStorage.getItem(key) ?? '[]')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Search docs' })).toBeInTheDocument();
    view.unmount();
  });

  it("on an older version's page, searches that version: its client and its docs tag", async () => {
    // Preferred elsewhere: the page's own version wins.
    window.localStorage.setItem('docs-preferred-version-default', 'current');
    mockSearch.mockImplementation(async (args: Parameters<typeof noResults>[0]) => noResults(args));
    mockClientVersions.length = 0;
    const search = async (pathname: string) => {
      window.history.replaceState(null, '', pathname);
      mockSearch.mockClear();
      const view = render(<SearchModal initialQuery="atom" onClose={() => undefined} />);
      await settle();
      const version = document.querySelector('[data-search-version]')?.getAttribute('data-search-version');
      const [request] = (mockSearch.mock.calls.at(-1)?.[0] as Parameters<typeof noResults>[0]).requests;
      view.unmount();
      return { version, facetFilters: request?.facetFilters };
    };
    try {
      expect(await search('/docs/1.0.0-rc14/api/atom')).toEqual({
        version: '1.0.0-rc14',
        facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0.0-rc14']],
      });
      expect(await search('/docs/api/atom')).toEqual({
        version: 'current',
        facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      });
      expect(mockClientVersions).toEqual(expect.arrayContaining(['1.0.0-rc14', 'current']));
    } finally {
      window.history.replaceState(null, '', '/');
      // The searches counted on close are this test's own.
      delete (window as Window & { dataLayer?: unknown }).dataLayer;
    }
  });

  it('names the version it searches, and on an older version with no hits offers the same query in the latest docs', async () => {
    mockSearch.mockImplementation(async (args: Parameters<typeof noResults>[0]) => noResults(args));
    mockClientVersions.length = 0;
    window.history.replaceState(null, '', '/docs/1.0.0-rc14/api/atom');
    // This repository documents 1.0.0-rc14 beside the current docs.
    const latest = searchVersions().find((v) => v.isLast)?.label ?? '';
    try {
      const view = render(<SearchModal initialQuery="makeStore" onClose={() => undefined} />);
      await settle();
      expect(document.querySelector('.DocSearch-Footer [data-search-scope]')).toHaveTextContent('Searching the 1.0.0-rc14 docs');
      const offer = screen.getByRole('button', { name: `Search the latest docs (${latest}) for “makeStore”` });
      expect(offer.closest('.DocSearch-NoResults')).not.toBeNull();
      fireEvent.click(offer);
      await settle();
      expect(document.querySelector('[data-search-version]')).toHaveAttribute('data-search-version', 'current');
      expect(document.querySelector('.DocSearch-Footer [data-search-scope]')).toHaveTextContent(`Searching the ${latest} docs (latest)`);
      expect(document.querySelector('.DocSearch-Input')).toHaveValue('makeStore');
      const [request] = (mockSearch.mock.calls.at(-1)?.[0] as Parameters<typeof noResults>[0]).requests;
      expect(request?.query).toBe('makeStore');
      expect(request?.facetFilters).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]);
      expect(mockClientVersions).toEqual(expect.arrayContaining(['1.0.0-rc14', 'current']));
      // Nothing more to offer from the latest docs.
      expect(screen.queryByRole('button', { name: /Search the latest docs/ })).toBeNull();
      view.unmount();
    } finally {
      window.history.replaceState(null, '', '/');
      delete (window as Window & { dataLayer?: unknown }).dataLayer;
    }
  });

  it('counts a query that found nothing when the modal closes, once; a failed search is not counted', async () => {
    type Win = Window & { dataLayer?: Array<Record<string, unknown>> };
    mockSearch.mockImplementation(async (args: Parameters<typeof noResults>[0]) => noResults(args));
    const view = render(<SearchModal initialQuery="zzqx" onClose={() => undefined} />);
    await settle();
    expect(((window as Win).dataLayer ?? []).filter((e) => e.event === 'search_no_results')).toEqual([]);
    view.unmount();
    expect(((window as Win).dataLayer ?? []).filter((e) => e.event === 'search_no_results')).toEqual([
      { event: 'search_no_results', query: 'zzqx', page_path: '/', source: 'modal' },
    ]);
    delete (window as Win).dataLayer;

    mockSearch.mockRejectedValue(new Error('The search worker failed.'));
    const failing = render(<SearchModal initialQuery="sel" onClose={() => undefined} />);
    await settle();
    failing.unmount();
    expect((window as Win).dataLayer).toBeUndefined();
  });

  it('shows the error screen while the last search failed, and Retry runs the typed query again', async () => {
    let online = false;
    mockSearch.mockImplementation(async (args: Parameters<typeof noResults>[0]) => {
      if (!online) throw new Error('The search worker failed.');
      return noResults(args);
    });
    const view = render(<SearchModal initialQuery="sel" onClose={() => undefined} />);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to fetch results');
    // The mark the stylesheet hides DocSearch's own result screens by, while the error screen shows in their place.
    expect(document.querySelector('[data-search-failed] .DocSearch-Dropdown > [data-search-error]')).toBe(screen.getByRole('alert'));
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-search-failed]')).toBeNull();
    expect(mockSearch).toHaveBeenLastCalledWith(expect.objectContaining({ requests: [expect.objectContaining({ query: 'sel' })] }));
    // DocSearch mounted afresh is repaired too.
    expect(screen.getByRole('dialog', { name: 'Search docs' })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveValue('sel');
    view.unmount();
  });

  it('draws a section row only right under its page’s row, and each place once', async () => {
    const hit = (objectID: string, type: SearchHit['type'], url: string, lvl2: string | null, content: string | null = null) => ({
      objectID,
      type,
      url: `https://stan.example${url}`,
      hierarchy: { lvl0: 'API', lvl1: url.includes('utils') ? 'Utilities' : 'Store', lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content,
    });
    // As a backend may rank them: on one page its reset section, that section's text, then the page itself; on
    // another the page first, then its sections.
    mockSearch.mockImplementation(async (args: Parameters<typeof noResults>[0]) => {
      const [answer] = noResults(args).results;
      const hits = [
        hit('reset', 'lvl2', '/docs/api/utils#reset', 'reset'),
        hit('reset-text', 'content', '/docs/api/utils#reset', 'reset', 'Sets a state back to its initial value.'),
        hit('utils', 'lvl1', '/docs/api/utils', null, 'Reference for the utilities.'),
        hit('store', 'lvl1', '/docs/api/store', null, 'Reference for stores.'),
        hit('make', 'lvl2', '/docs/api/store#makestore', 'makeStore'),
      ];
      return { results: [{ ...answer, hits, nbHits: 2, nbPages: 1 }] };
    });
    const view = render(<SearchModal initialQuery="reset" onClose={() => undefined} />);
    await settle();
    const rows = [...document.querySelectorAll('.DocSearch-Hit')].map((row) => [
      row.classList.contains('DocSearch-Hit--Child') ? 'child' : 'row',
      row.querySelector('.DocSearch-Hit-title')?.textContent,
    ]);
    expect(rows).toEqual([
      ['row', 'reset'],
      ['row', 'Store'],
      ['child', 'makeStore'],
    ]);
    view.unmount();
  });
});
