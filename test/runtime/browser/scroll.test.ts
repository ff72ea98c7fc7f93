import { decideScroll, scrollSettled, shouldUpdateScroll, takeOverScrollRestoration, type RouteLocation } from '@src/runtime/browser/scroll';

type Nav = RouteLocation & { pop?: boolean };
const at = (pathname: string, search = '', hash = '', key = 'k1'): Nav => ({ pathname, search, hash, key });
const back = (pathname: string, hash = '', key = 'k0'): Nav => ({ ...at(pathname, '', hash, key), pop: true });

describe('decideScroll', () => {
  it.each<[string, Nav | undefined, Nav, string]>([
    ['first load: Gatsby scrolls to the hash or the saved position', undefined, at('/docs'), 'gatsby'],
    ['another page: to the top (Gatsby, new entry)', at('/docs'), at('/docs/api/atom'), 'gatsby'],
    ['another page with a hash: to the target', at('/docs'), at('/docs/api/atom', '', '#usage'), 'gatsby'],
    ['same page, new hash: to the target', at('/docs'), at('/docs', '', '#usage'), 'gatsby'],
    ['same page, hash removed: to the top', at('/docs', '', '#usage'), at('/docs'), 'gatsby'],
    ['only the query changed: no scroll', at('/search', '?q=a'), at('/search', '?q=b'), 'none'],
    ['query changed, same hash: no scroll', at('/docs', '', '#x'), at('/docs', '?a=1', '#x'), 'none'],
    ['back to another page: its saved position', at('/docs/api/atom'), back('/docs'), 'restore'],
    ['back to the first entry of a page: its saved position', at('/docs/api/atom'), back('/docs', '', 'initial'), 'restore'],
    ['back to a page entered through an anchor link: saved position, not the anchor', at('/docs/api/atom'), back('/docs', '#a'), 'restore'],
    ['back to an in-page anchor the browser recorded: the anchor', at('/docs', '', '#b', 'initial'), back('/docs', '#a', 'initial'), 'gatsby'],
    ['back after a query change: saved position', at('/search', '?q=b'), back('/search'), 'restore'],
  ])('%s', (_name, prev, next, expected) => {
    expect(decideScroll(prev, next, next.pop === true)).toBe(expected);
  });
});

describe('shouldUpdateScroll', () => {
  afterEach(() => jest.restoreAllMocks());

  it('scrolls to the saved position itself when going back (a popstate)', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    takeOverScrollRestoration(window);
    window.dispatchEvent(new PopStateEvent('popstate'));
    const result = shouldUpdateScroll({
      prevRouterProps: { location: at('/docs/api/atom') },
      routerProps: { location: back('/docs', '#a') },
      getSavedScrollPosition: () => [0, 640],
    });
    scrollSettled();
    expect(result).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    // Once settled, the next route change is a link again: Gatsby scrolls to its anchor.
    expect(
      shouldUpdateScroll({
        prevRouterProps: { location: at('/docs') },
        routerProps: { location: at('/docs/api/atom', '', '#a') },
        getSavedScrollPosition: () => [0, 640],
      }),
    ).toBe(true);
  });

  it('returns true for Gatsby to scroll and false for query-only changes', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const saved = () => [0, 0] as [number, number];
    expect(shouldUpdateScroll({ prevRouterProps: { location: at('/a') }, routerProps: { location: at('/b') }, getSavedScrollPosition: saved })).toBe(true);
    expect(
      shouldUpdateScroll({ prevRouterProps: { location: at('/a', '?x') }, routerProps: { location: at('/a', '?y') }, getSavedScrollPosition: saved }),
    ).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('takeOverScrollRestoration', () => {
  it('turns off the browser’s own restoration', () => {
    window.history.scrollRestoration = 'auto';
    takeOverScrollRestoration(window);
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
