import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { buildSearchIndex, loadSearchIndex } from '../../../search/engine';
import { answer } from '../../../search/local-client';
import { fixtureRecords, record } from '../../../search/__tests__/fixtures';
import type { SearchRequest } from '../../../search/types';

const mockSearch = jest.fn();
jest.mock('../../../search/client', () => ({
  getSearchClient: () => ({ search: (...args: unknown[]) => mockSearch(...args), preload: () => undefined }),
}));

import SearchPage, { breadcrumbs, documentsFoundLabel, groupByPage, hitTitle, queryFromSearch } from '../index';

const index = loadSearchIndex(buildSearchIndex(fixtureRecords()));
const answerLocally = async ({ requests }: { requests: SearchRequest[] }) => ({ results: requests.map((r) => answer(index, r)) });

beforeEach(() => {
  mockSearch.mockReset();
  mockSearch.mockImplementation(answerLocally);
  window.history.replaceState(null, '', '/search');
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('SearchPage', () => {
  it('reads q from the URL, searches, and shows "N documents found" and the results grouped by page', async () => {
    render(<SearchPage locationSearch="?q=store" />);
    await settle();
    expect(screen.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('store');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for “store”');
    const { nbHits } = answer(index, { indexName: 'stan-docs', query: 'store', facetFilters: ['language:en'] });
    expect(screen.getByRole('status')).toHaveTextContent(`${nbHits} documents found`);
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toContain('Store');
    const store = groups.find((g) => within(g).getByRole('heading', { level: 2 }).textContent === 'Store')!;
    expect(within(store).getAllByRole('link', { name: 'makeStore' })[0]).toHaveAttribute('href', '/docs/api/store#makestore');
    expect(store.querySelector('mark')?.textContent).toMatch(/store/i);
    // The request carries the contextual filters, the page size and the page.
    expect(mockSearch.mock.calls[0][0].requests[0]).toMatchObject({
      indexName: 'stan-docs',
      query: 'store',
      page: 0,
      hitsPerPage: 20,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
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

  it('loads the next page of results on demand', async () => {
    const many = Array.from({ length: 45 }, (_, i) => record({ id: `p${i}`, title: `Widget ${i}`, rank: i }, 'lvl1'));
    const big = loadSearchIndex(buildSearchIndex(many));
    mockSearch.mockImplementation(async ({ requests }: { requests: SearchRequest[] }) => ({ results: requests.map((r) => answer(big, r)) }));
    render(<SearchPage locationSearch="?q=widget" />);
    await settle();
    expect(screen.getAllByRole('region')).toHaveLength(20);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more results' })));
    await settle();
    expect(screen.getAllByRole('region')).toHaveLength(40);
    expect(mockSearch.mock.calls.at(-1)?.[0].requests[0].page).toBe(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more results' })));
    await settle();
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
  it('counts documents', () => {
    expect([0, 1, 7].map(documentsFoundLabel)).toEqual(['No documents were found', '1 document found', '7 documents found']);
  });

  it('reads q, cut to 64 characters', () => {
    expect(queryFromSearch('?q=atom%20effects')).toBe('atom effects');
    expect(queryFromSearch(`?q=${'x'.repeat(80)}`)).toHaveLength(64);
    expect(queryFromSearch('')).toBe('');
  });

  it('titles a hit by its heading and puts the levels above it in the breadcrumbs', () => {
    const hits = answer(index, { indexName: 'x', query: 'synchronously', attributesToSnippet: ['content:10'] }).hits;
    const content = hits.find((h) => h.type === 'content')!;
    expect(hitTitle(content)).toBe('Effects');
    expect(breadcrumbs(content)).toEqual(['API', 'Atom']);
    expect(groupByPage(hits).map((g) => g.url)).toEqual(['/docs/api/atom']);
  });
});
