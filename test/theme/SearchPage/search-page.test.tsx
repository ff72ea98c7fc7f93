import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { buildSearchIndex, loadSearchIndex, searchRecords } from '@src/search/engine';
import { answer } from '@src/search/local-client';
import { fixtureRecords, record } from '../../search/fixtures';
import type { SearchHit, SearchRequest } from '@src/search/types';

const mockSearch = jest.fn();
const mockClientVersions: string[] = [];
jest.mock('@src/search/client', () => ({
  getSearchClient: (_config: unknown, version: { name: string }) => {
    mockClientVersions.push(version.name);
    return { search: (...args: unknown[]) => mockSearch(...args), preload: () => undefined };
  },
}));

import { searchVersions } from '@src/search/versions';
import SearchPage from '@src/theme/SearchPage/index';
import { breadcrumbs, groupByPage, hitTitle, pagesFoundLabel, PAGES_PER_LOAD, queryFromSearch, SECTIONS_PER_PAGE } from '@src/theme/SearchPage/results';

const index = loadSearchIndex(buildSearchIndex(fixtureRecords()));
const answerLocally = async ({ requests }: { requests: SearchRequest[] }) => ({ results: requests.map((r) => answer(index, r)) });

beforeEach(() => {
  mockSearch.mockReset();
  mockSearch.mockImplementation(answerLocally);
  window.history.replaceState(null, '', '/search');
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

type Win = Window & { dataLayer?: Array<Record<string, unknown>> };
const searchEvents = () => ((window as Win).dataLayer ?? []).filter((e) => String(e.event).startsWith('search_'));

describe('SearchPage analytics', () => {
  afterEach(() => {
    delete (window as Win).dataLayer;
    jest.useRealTimers();
  });

  it('counts a query that found nothing once typing stops for a second, not per keystroke', async () => {
    jest.useFakeTimers();
    render(<SearchPage locationSearch="" />);
    for (const value of ['qx', 'qxz', 'qxzv']) {
      fireEvent.change(screen.getByRole('searchbox'), { target: { value } });
      await act(async () => jest.advanceTimersByTime(300));
    }
    expect(searchEvents()).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(searchEvents()).toEqual([{ event: 'search_no_results', query: 'qxzv', page_path: expect.stringMatching(/^\/search/), source: 'search_page' }]);
  });

  it('counts a pending fruitless query when the reader leaves the page', async () => {
    const { unmount } = render(<SearchPage locationSearch="?q=nothinghere" />);
    await settle();
    expect(searchEvents()).toEqual([]);
    unmount();
    expect(searchEvents()).toEqual([expect.objectContaining({ event: 'search_no_results', query: 'nothinghere' })]);
  });

  it('reports the result a reader chose, with the query and its rank', async () => {
    render(<SearchPage locationSearch="?q=store" />);
    await settle();
    const link = screen.getAllByRole('link', { name: 'makeStore' })[0]!;
    fireEvent.click(link);
    expect(searchEvents()).toEqual([
      expect.objectContaining({ event: 'search_select', query: 'store', url: '/docs/api/store#makestore', source: 'search_page', position: expect.any(Number) }),
    ]);
    expect((searchEvents()[0]?.position as number) > 0).toBe(true);
  });
});

describe('SearchPage', () => {
  it('reads q from the URL, searches, and shows "N pages found", each page once with its sections under it', async () => {
    render(<SearchPage locationSearch="?q=store" />);
    await settle();
    expect(screen.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('store');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for “store”');
    const pages = new Set(searchRecords(index, 'store', ['language:en']).map((h) => h.record.url_without_anchor));
    expect(screen.getByRole('status')).toHaveTextContent(`${pages.size} pages found`);
    const groups = screen.getAllByRole('region');
    const titles = groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent);
    expect(titles).toHaveLength(pages.size);
    expect(new Set(titles).size).toBe(titles.length);
    const store = groups[titles.indexOf('Store')]!;
    expect(within(store).getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/docs/api/store');
    expect(within(store).getAllByRole('link', { name: 'makeStore' })[0]).toHaveAttribute('href', '/docs/api/store#makestore');
    // The page title heads the group once: its sections do not repeat it, nor the category.
    expect(within(store).getAllByText('Store')).toHaveLength(1);
    expect(within(store).getAllByText('API')).toHaveLength(1);
    expect(store.querySelector('mark')?.textContent).toMatch(/store/i);
    // The request asks for pages (distinct), with the contextual filters and the page of results.
    expect(mockSearch.mock.calls[0][0].requests[0]).toMatchObject({
      indexName: 'stan-docs',
      query: 'store',
      page: 0,
      hitsPerPage: PAGES_PER_LOAD,
      distinct: SECTIONS_PER_PAGE,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
  });

  describe('with an older docs version (this repository has 1.0.0-rc14 beside the current docs)', () => {
    const lastLabel = searchVersions().find((v) => v.isLast)?.label ?? '';
    afterEach(() => window.localStorage.clear());
    const versionMenu = () => screen.getByRole('combobox', { name: 'Searching the docs of version' });

    it('lets the reader choose the version, the latest first, and keeps the choice in the address', async () => {
      jest.useFakeTimers();
      try {
        mockClientVersions.length = 0;
        render(<SearchPage locationSearch="?q=store" />);
        await act(async () => jest.advanceTimersByTime(50));
        expect(within(versionMenu()).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
          ['current', `${lastLabel} (latest)`],
          ['1.0.0-rc14', '1.0.0-rc14'],
        ]);
        fireEvent.change(versionMenu(), { target: { value: '1.0.0-rc14' } });
        await act(async () => jest.advanceTimersByTime(1000));
        expect(mockClientVersions).toEqual(['current', '1.0.0-rc14']);
        expect(mockSearch.mock.calls.at(-1)[0].requests[0].facetFilters).toEqual([
          'language:en',
          ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0.0-rc14'],
        ]);
        expect(window.location.search).toBe('?q=store&version=1.0.0-rc14');
      } finally {
        jest.useRealTimers();
      }
    });

    it('with nothing found in an older version, offers the same query in the latest docs', async () => {
      window.localStorage.setItem('docs-preferred-version-default', '1.0.0-rc14');
      mockClientVersions.length = 0;
      render(<SearchPage locationSearch="?q=nothinghere" />);
      await settle();
      expect(screen.getByRole('status')).toHaveTextContent('No pages found');
      const offer = screen.getByRole('button', { name: `Search the latest docs (${lastLabel}) for “nothinghere”` });
      expect(offer.parentElement).toHaveTextContent(/^Nothing in the 1\.0\.0-rc14 docs\./);
      fireEvent.click(offer);
      await settle();
      expect(versionMenu()).toHaveValue('current');
      expect(mockClientVersions).toEqual(['1.0.0-rc14', 'current']);
      expect(mockSearch.mock.calls.at(-1)[0].requests[0].query).toBe('nothinghere');
      expect(screen.queryByRole('button', { name: /Search the latest docs/ })).toBeNull();
    });

    it('searches the last version when none is preferred, and says so', async () => {
      mockClientVersions.length = 0;
      render(<SearchPage locationSearch="?q=store" />);
      await settle();
      expect(versionMenu()).toHaveValue('current');
      expect(within(versionMenu()).getByRole('option', { selected: true })).toHaveTextContent(`${lastLabel} (latest)`);
      expect(mockClientVersions).toEqual(['current']);
      expect(mockSearch.mock.calls[0][0].requests[0].facetFilters).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]);
    });

    it("follows the preferred version: its index and its docs tag, named above the results", async () => {
      window.localStorage.setItem('docs-preferred-version-default', '1.0.0-rc14');
      mockClientVersions.length = 0;
      render(<SearchPage locationSearch="?q=store" />);
      await settle();
      expect(versionMenu()).toHaveValue('1.0.0-rc14');
      expect(mockClientVersions).toEqual(['1.0.0-rc14']);
      expect(mockSearch.mock.calls[0][0].requests[0].facetFilters).toEqual([
        'language:en',
        ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0.0-rc14'],
      ]);
    });

    it('searches the version the address names (the modal\'s "See all" link), over the preferred one, and keeps it there', async () => {
      jest.useFakeTimers();
      try {
        window.localStorage.setItem('docs-preferred-version-default', 'current');
        mockClientVersions.length = 0;
        render(<SearchPage locationSearch="?q=store&version=1.0.0-rc14" />);
        await act(async () => jest.advanceTimersByTime(50));
        expect(mockClientVersions).toEqual(['1.0.0-rc14']);
        fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'atom' } });
        await act(async () => jest.advanceTimersByTime(1000));
        expect(window.location.search).toBe('?q=atom&version=1.0.0-rc14');
      } finally {
        jest.useRealTimers();
      }
    });

    it('searches the last version when the stored name is stale or the storage throws', async () => {
      window.localStorage.setItem('docs-preferred-version-default', '0.9.0');
      mockClientVersions.length = 0;
      const view = render(<SearchPage locationSearch="?q=store" />);
      await settle();
      expect(mockClientVersions).toEqual(['current']);
      view.unmount();
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      });
      try {
        mockClientVersions.length = 0;
        render(<SearchPage locationSearch="?q=store" />);
        await settle();
        expect(mockClientVersions).toEqual(['current']);
      } finally {
        getItem.mockRestore();
      }
    });
  });

  it('never injects the query as HTML', async () => {
    const probe = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    render(<SearchPage locationSearch={`?q=${encodeURIComponent(probe)}`} />);
    await settle();
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.getByRole('searchbox')).toHaveValue(probe.slice(0, 64));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('<img src=x');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('writes the typed query into the URL with replaceState, debounced', async () => {
    jest.useFakeTimers();
    try {
      const replace = jest.spyOn(window.history, 'replaceState');
      render(<SearchPage locationSearch="" />);
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'atom eff' } });
      act(() => jest.advanceTimersByTime(100));
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'atom effects' } });
      act(() => jest.advanceTimersByTime(299));
      expect(window.location.search).toBe('');
      act(() => jest.advanceTimersByTime(1));
      expect(window.location.pathname + window.location.search).toBe('/search?q=atom%20effects');
      expect(replace).toHaveBeenCalledTimes(1);
      replace.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves the address alone once the reader has gone to a result before the query was written', async () => {
    jest.useFakeTimers();
    try {
      render(<SearchPage locationSearch="" />);
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'makeStore' } });
      // A hit chosen within the debounce: the router has already moved the address to the doc.
      window.history.pushState(null, '', '/docs/api/store');
      act(() => jest.advanceTimersByTime(300));
      expect(window.location.pathname + window.location.search).toBe('/docs/api/store');
    } finally {
      jest.useRealTimers();
      window.history.replaceState(null, '', '/search');
    }
  });

  it('follows the URL after client navigation', async () => {
    const { rerender } = render(<SearchPage locationSearch="?q=atom" />);
    await settle();
    rerender(<SearchPage locationSearch="?q=selector" />);
    await settle();
    expect(screen.getByRole('searchbox')).toHaveValue('selector');
    expect(mockSearch.mock.calls.at(-1)?.[0].requests[0].query).toBe('selector');
  });

  it('shows the error screen when search fails', async () => {
    mockSearch.mockRejectedValue(Object.assign(new Error('down'), { name: 'RetryError' }));
    render(<SearchPage locationSearch="?q=atom" />);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to fetch results');
    expect(screen.getByRole('alert')).toHaveTextContent('You might want to check your network connection.');
  });

  it('offers Retry, which searches again, says so while it runs, and hands focus back to the search box', async () => {
    let answerNext!: () => void;
    mockSearch.mockRejectedValueOnce(Object.assign(new Error('down'), { name: 'RetryError' }));
    render(<SearchPage locationSearch="?q=atom" />);
    await settle();
    mockSearch.mockImplementationOnce((args: { requests: SearchRequest[] }) => new Promise((resolve) => (answerNext = () => resolve(answerLocally(args)))));
    const retry = within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' });
    retry.focus();
    fireEvent.click(retry);
    expect(screen.getByRole('alert')).toHaveTextContent('Retrying…');
    // The notice (and the focus on its button) stays while the search runs; nothing claims it is searching.
    expect(screen.getByRole('button', { name: 'Retrying…' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
    await act(async () => answerNext());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/pages? found/);
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(mockSearch.mock.calls.at(-1)?.[0].requests[0].query).toBe('atom');
  });

  it('loads the next page of results on demand', async () => {
    const many = Array.from({ length: 45 }, (_, i) => record({ id: `p${i}`, title: `Widget ${i}`, rank: i }, 'lvl1'));
    const big = loadSearchIndex(buildSearchIndex(many));
    mockSearch.mockImplementation(async ({ requests }: { requests: SearchRequest[] }) => ({ results: requests.map((r) => answer(big, r)) }));
    render(<SearchPage locationSearch="?q=widget" />);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('45 pages found');
    expect(screen.getAllByRole('region')).toHaveLength(PAGES_PER_LOAD);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more results' })));
    await settle();
    expect(screen.getAllByRole('region')).toHaveLength(2 * PAGES_PER_LOAD);
    expect(mockSearch.mock.calls.at(-1)?.[0].requests[0].page).toBe(1);
    for (let more = 2; more * PAGES_PER_LOAD < 45; more++) {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more results' })));
      await settle();
    }
    expect(screen.getAllByRole('region')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
  });

  it('shows nothing to search for an empty query', async () => {
    render(<SearchPage locationSearch="" />);
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search the documentation');
    expect(mockSearch).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('counts pages', () => {
    expect([0, 1, 7].map(pagesFoundLabel)).toEqual(['No pages found', '1 page found', '7 pages found']);
  });

  it('reads q, cut to 64 characters', () => {
    expect(queryFromSearch('?q=atom%20effects')).toBe('atom effects');
    expect(queryFromSearch(`?q=${'x'.repeat(80)}`)).toHaveLength(64);
    expect(queryFromSearch('')).toBe('');
  });

  it('titles a hit by its heading, with the headings between it and the page title as breadcrumbs', () => {
    const hits = answer(index, { indexName: 'x', query: 'synchronously', attributesToSnippet: ['content:10'] }).hits;
    const content = hits.find((h) => h.type === 'content')!;
    expect(hitTitle(content)).toBe('Effects');
    expect(breadcrumbs(content)).toEqual([]);
    const deep = { ...content, type: 'content' as const, hierarchy: { ...content.hierarchy!, lvl3: 'Cleanup' }, _highlightResult: undefined };
    expect([hitTitle(deep), breadcrumbs(deep)]).toEqual(['Cleanup', ['Effects']]);
  });

  it('groups hits by page: the page record becomes the summary, sections list under it, each page once', () => {
    const hits = answer(index, { indexName: 'x', query: 'atom effects', attributesToSnippet: ['content:10'] }).hits;
    const groups = groupByPage(hits);
    expect(groups.map((g) => g.url)).toEqual(['/docs/api/atom']);
    expect(groups[0]?.sections.every((h) => h.type !== 'lvl1')).toBe(true);
    expect(groups[0]?.category).toBe('API');
  });

  it('lists each place once under its page, the page’s own record as the summary wherever it ranked', () => {
    const hit = (objectID: string, type: SearchHit['type'], anchor: string, lvl2: string | null): SearchHit => ({
      objectID,
      type,
      url: `/docs/guides/caching${anchor}`,
      url_without_anchor: '/docs/guides/caching',
      hierarchy: { lvl0: 'Guides', lvl1: 'Caching', lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: type === 'content' ? 'Failures are not cached.' : type === 'lvl1' ? 'How Stan caches.' : null,
    });
    const [group] = groupByPage([
      hit('heading', 'lvl2', '#keeps', 'What a store keeps'),
      hit('text', 'content', '#keeps', 'What a store keeps'),
      hit('page', 'lvl1', '', null),
      hit('policies', 'lvl2', '#policies', 'Cache policies'),
    ]);
    expect(group?.summary).toBe('How Stan caches.');
    expect(group?.sections.map((h) => h.objectID)).toEqual(['heading', 'policies']);
  });
});
