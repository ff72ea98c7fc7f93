import { notifyNavigationStart } from '@src/theme-common/navigate';
import {
  rememberFailedRoute,
  routeFailureMessage,
  sameSitePathname,
  takeFailedRoute,
  watchNavigation,
  type NavigationWatch,
} from '@src/runtime/browser/navigation';

let watch: NavigationWatch | undefined;
const listener = { onPathChangeStart: jest.fn(), onRouteLoadFailed: jest.fn() };

function start() {
  watch = watchNavigation(window, listener);
  return watch;
}

/** A link in the page; `takeOver` makes its click handler do what Gatsby's <Link> does for a router navigation. */
function link(href: string, { takeOver = true, target }: { takeOver?: boolean; target?: string } = {}) {
  const anchor = document.createElement('a');
  anchor.href = href;
  if (target) anchor.target = target;
  anchor.textContent = href;
  anchor.addEventListener('click', (event) => {
    // Stands in for the router; jsdom would otherwise try to navigate.
    event.preventDefault();
    if (!takeOver) Object.defineProperty(event, 'defaultPrevented', { value: false });
  });
  document.body.append(anchor);
  return anchor;
}

afterEach(() => {
  watch?.stop();
  watch = undefined;
  jest.clearAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('watchNavigation', () => {
  it('reports a link click the router took over, once per path change', () => {
    start();
    link('/docs/api/atom?x=1#usage').click();
    expect(listener.onPathChangeStart).toHaveBeenCalledWith('/docs/api/atom');
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks the browser handles itself, links to other sites or windows, and same-path links', () => {
    start();
    link('/docs', { takeOver: false }).click();
    link('https://example.com/docs').click();
    link('/docs/api/state', { target: '_blank' }).click();
    link('/#top').click();
    link('/?q=atom').click();
    expect(listener.onPathChangeStart).not.toHaveBeenCalled();
  });

  it('reports the site’s own navigations (navigateTo)', () => {
    start();
    notifyNavigationStart('/docs/guides/caching');
    expect(listener.onPathChangeStart).toHaveBeenCalledWith('/docs/guides/caching');
  });

  it('watches back/forward (popstate) and compares with the last routed path', () => {
    const { routeUpdated } = start();
    window.history.pushState(null, '', '/docs');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
    routeUpdated('/docs');
    window.history.pushState(null, '', '/docs#a');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener.onPathChangeStart).toHaveBeenCalledTimes(1);
  });

  it('reports a failed route when the page is left while its navigation is pending', () => {
    const { routeUpdated } = start();
    window.dispatchEvent(new Event('pagehide'));
    expect(listener.onRouteLoadFailed).not.toHaveBeenCalled();
    link('/docs/api/atom').click();
    window.dispatchEvent(new Event('pagehide'));
    expect(listener.onRouteLoadFailed).toHaveBeenCalledWith('/docs/api/atom');
    routeUpdated('/docs/api/atom');
    listener.onRouteLoadFailed.mockClear();
    window.dispatchEvent(new Event('pagehide'));
    expect(listener.onRouteLoadFailed).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('finds the pathname of a same-site link', () => {
    const anchor = document.createElement('a');
    anchor.href = '/docs/api/atom#x';
    expect(sameSitePathname(anchor, window.location)).toBe('/docs/api/atom');
    anchor.href = 'https://example.com/docs';
    expect(sameSitePathname(anchor, window.location)).toBeNull();
    anchor.href = '/file.md';
    anchor.setAttribute('download', '');
    expect(sameSitePathname(anchor, window.location)).toBeNull();
  });

  it('names the route in the warning', () => {
    expect(routeFailureMessage('/docs')).toBe('Loading the route "/docs" failed, so the page was loaded in full to recover.');
  });
});

describe('the failed-route note, carried over the full page load', () => {
  beforeEach(() => sessionStorage.clear());

  it('is given back to the page of that route, once', () => {
    rememberFailedRoute(sessionStorage, '/docs/api/atom', 1000);
    expect(takeFailedRoute(sessionStorage, '/docs/api/atom', 1500)).toBe('/docs/api/atom');
    expect(takeFailedRoute(sessionStorage, '/docs/api/atom', 1600)).toBeNull();
  });

  it('is dropped for another page, when stale, or when unreadable', () => {
    rememberFailedRoute(sessionStorage, '/docs/api/atom', 1000);
    expect(takeFailedRoute(sessionStorage, '/docs', 1500)).toBeNull();
    rememberFailedRoute(sessionStorage, '/docs/api/atom', 1000);
    expect(takeFailedRoute(sessionStorage, '/docs/api/atom', 1000 + 60_000)).toBeNull();
    sessionStorage.setItem('stan:failed-route', '{cut');
    expect(takeFailedRoute(sessionStorage, '/docs/api/atom', 1000)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('never throws when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberFailedRoute(refusing, '/docs')).not.toThrow();
    expect(takeFailedRoute(refusing, '/docs')).toBeNull();
  });
});
