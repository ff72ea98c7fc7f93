import { createSearchTracker, type SearchEvent } from '@src/theme-common/search-tracking';

function setup(source: 'modal' | 'search_page' = 'modal') {
  jest.useFakeTimers();
  const sent: SearchEvent[] = [];
  const tracker = createSearchTracker({ source, send: (e) => sent.push(e), pagePath: () => '/docs/api/atom', idleMs: 1000 });
  return { sent, tracker };
}

afterEach(() => jest.useRealTimers());

describe('search tracking', () => {
  it('counts a query that found nothing once the reader stops typing for a second, not per keystroke', () => {
    const { sent, tracker } = setup();
    for (const query of ['z', 'zo', 'zor', 'zorp']) {
      tracker.answered(query, [], 0);
      jest.advanceTimersByTime(300);
    }
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(700);
    expect(sent).toEqual([{ event: 'search_no_results', query: 'zorp', page_path: '/docs/api/atom', source: 'modal' }]);
  });

  it('does not count a fruitless prefix the reader typed past to a query that found pages', () => {
    const { sent, tracker } = setup();
    tracker.answered('selectr', [], 0);
    jest.advanceTimersByTime(500);
    tracker.answered('selector', ['/docs/api/selector'], 1);
    jest.advanceTimersByTime(5000);
    tracker.flush();
    expect(sent).toEqual([]);
  });

  it('counts a pending query at once when the reader leaves the search, and only once', () => {
    const { sent, tracker } = setup('search_page');
    tracker.answered('  hydration  ', [], 0);
    tracker.flush();
    expect(sent).toEqual([{ event: 'search_no_results', query: 'hydration', page_path: '/docs/api/atom', source: 'search_page' }]);
    jest.advanceTimersByTime(2000);
    tracker.flush();
    // The same query again right after (the modal reopened with it) is not a second count.
    tracker.answered('hydration', [], 0);
    jest.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
  });

  it('an emptied query cancels the pending one', () => {
    const { sent, tracker } = setup();
    tracker.answered('zz', [], 0);
    tracker.answered('', [], 0);
    jest.advanceTimersByTime(2000);
    tracker.flush();
    expect(sent).toEqual([]);
  });

  it('reports the chosen hit with the query and its rank; a page title ranks as its first hit', () => {
    const { sent, tracker } = setup();
    tracker.answered('atom', ['https://stan.party/docs/api/atom#usage', '/docs/api/atom#reset', '/docs/api/atomFamily'], 3);
    tracker.chose('/docs/api/atom#reset');
    tracker.chose('/docs/api/atom');
    tracker.chose('/docs/guides/ssr');
    expect(sent).toEqual([
      { event: 'search_select', query: 'atom', url: '/docs/api/atom#reset', position: 2, page_path: '/docs/api/atom', source: 'modal' },
      { event: 'search_select', query: 'atom', url: '/docs/api/atom', position: 1, page_path: '/docs/api/atom', source: 'modal' },
      { event: 'search_select', query: 'atom', url: '/docs/guides/ssr', position: 0, page_path: '/docs/api/atom', source: 'modal' },
    ]);
  });

  it('a stored search chosen before anything is typed is not a search result choice', () => {
    const { sent, tracker } = setup();
    tracker.chose('/docs/api/atom');
    expect(sent).toEqual([]);
  });
});
