/**
 * Hooks into Gatsby's client navigation: Gatsby only signals a slow route after 1000 ms and reloads silently
 * when a route fails, so the start of every path change (link, navigate(), back/forward) is observed here.
 */

interface PageResources {
  status?: string;
  error?: unknown;
}

/** The parts of Gatsby's browser globals (`window.___navigate`, `window.___loader`) used here. */
export interface GatsbyGlobals {
  ___navigate?: (to: string | number, options?: unknown) => void;
  ___loader?: {
    loadPage: (path: string) => Promise<PageResources | null | undefined>;
    hovering?: (path: string) => void;
  };
}

export interface NavigationListener {
  /** A navigation to another path began; its resources may still be loading. */
  onPathChangeStart(): void;
  /** The route's resources failed to load; Gatsby now loads the page in full, once. */
  onRouteLoadFailed(path: string, error: unknown): void;
}

/** `/a/b?x#y` → `{ pathname: '/a/b', search: '?x' }`, resolved against the current page. */
export function splitPath(to: string, base: string): { pathname: string; search: string } {
  const url = new URL(to, base);
  return { pathname: url.pathname, search: url.search };
}

export function routeLoadFailed(resources: PageResources | null | undefined): boolean {
  return !resources || resources.status === 'error';
}

export function routeFailureMessage(path: string, error: unknown): string {
  const reason = error instanceof Error ? `: ${error.message}` : '';
  return `Loading the route "${path}" failed${reason}. Reloading the page to recover.`;
}

/** Wraps `___navigate` and listens to `popstate` so that `listener` learns when a path change starts or fails. */
export function watchNavigation(
  win: Window & GatsbyGlobals,
  listener: NavigationListener,
): { routeUpdated(pathname: string): void } {
  let currentPath = win.location.pathname;

  const watch = (pathname: string, search: string) => {
    if (pathname === currentPath) return;
    listener.onPathChangeStart();
    const path = pathname + search;
    // Gatsby's loader dedupes in-flight loads, so this shares the navigation's own request.
    win.___loader?.loadPage(path).then(
      (resources) => {
        if (routeLoadFailed(resources)) listener.onRouteLoadFailed(path, resources?.error);
      },
      (error: unknown) => listener.onRouteLoadFailed(path, error),
    );
  };

  const navigate = win.___navigate;
  if (navigate) {
    win.___navigate = (to, options) => {
      if (typeof to === 'string') {
        try {
          const { pathname, search } = splitPath(to, win.location.href);
          watch(pathname, search);
        } catch {
          // An unparsable target is Gatsby's to handle.
        }
      }
      navigate(to, options);
    };
  }
  win.addEventListener('popstate', () => watch(win.location.pathname, win.location.search));

  return {
    /** Call when a route finished updating, so later changes compare against it. */
    routeUpdated(pathname) {
      currentPath = pathname;
    },
  };
}
