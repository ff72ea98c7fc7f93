import { routeFailureMessage, routeLoadFailed, splitPath, watchNavigation, type GatsbyGlobals } from '../navigation';

type Resources = { status?: string; error?: unknown } | null;

function fakeWindow(loadPage: (path: string) => Promise<Resources>) {
  const win = window as unknown as Window & GatsbyGlobals;
  const navigate = jest.fn();
  win.___navigate = navigate;
  win.___loader = { loadPage: jest.fn(loadPage) };
  return { win, navigate };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('watchNavigation', () => {
  it('reports the start of a path change and still calls Gatsby’s navigate', async () => {
    const { win, navigate } = fakeWindow(() => Promise.resolve({ status: 'success' }));
    const listener = { onPathChangeStart: jest.fn(), onRouteLoadFailed: jest.fn() };
    watchNavigation(win, listener);
    win.___navigate?.('/docs/api/atom?x=1#usage', { replace: false });
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/docs/api/atom?x=1#usage', { replace: false });
    expect(win.___loader?.loadPage).toHaveBeenCalledWith('/docs/api/atom?x=1');
    await flush();
    expect(listener.onRouteLoadFailed).not.toHaveBeenCalled();
  });

  it('ignores hash and query changes on the same path', () => {
    const { win } = fakeWindow(() => Promise.resolve({ status: 'success' }));
    const listener = { onPathChangeStart: jest.fn(), onRouteLoadFailed: jest.fn() };
    watchNavigation(win, listener);
    win.___navigate?.('/#top');
    win.___navigate?.('/?q=atom');
    win.___navigate?.(-1);
    expect(listener.onPathChangeStart).not.toHaveBeenCalled();
  });

  it('reports a route whose resources failed to load', async () => {
    const { win } = fakeWindow(() => Promise.resolve({ status: 'error', error: new Error('HTTP 500') }));
    const listener = { onPathChangeStart: jest.fn(), onRouteLoadFailed: jest.fn() };
    watchNavigation(win, listener);
    win.___navigate?.('/docs');
    await flush();
    expect(listener.onRouteLoadFailed).toHaveBeenCalledWith('/docs', expect.objectContaining({ message: 'HTTP 500' }));
  });

  it('watches back/forward (popstate) and compares with the last routed path', () => {
    const { win } = fakeWindow(() => Promise.resolve({ status: 'success' }));
    const listener = { onPathChangeStart: jest.fn(), onRouteLoadFailed: jest.fn() };
    const { routeUpdated } = watchNavigation(win, listener);
    window.history.pushState(null, '', '/docs');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
    routeUpdated('/docs');
    window.history.pushState(null, '', '/docs#a');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('splits a target into path and query', () => {
    expect(splitPath('/docs/api/atom?x=1#y', 'http://h/docs')).toEqual({ pathname: '/docs/api/atom', search: '?x=1' });
    expect(splitPath('atom', 'http://h/docs/api/state')).toEqual({ pathname: '/docs/api/atom', search: '' });
  });

  it('treats missing or errored resources as a failure', () => {
    expect(routeLoadFailed(null)).toBe(true);
    expect(routeLoadFailed({ status: 'error' })).toBe(true);
    expect(routeLoadFailed({ status: 'success' })).toBe(false);
  });

  it('names the route and the reason in the warning', () => {
    expect(routeFailureMessage('/docs', new Error('Loading chunk 7 failed.'))).toBe(
      'Loading the route "/docs" failed: Loading chunk 7 failed.. Reloading the page to recover.',
    );
  });
});
