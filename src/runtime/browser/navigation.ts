/**
 * When a client navigation to another path starts, and when one fails. Gatsby reports a slow route only after
 * 1000 ms and reloads silently when a route's resources fail, so the start of every path change is observed here
 * through the page itself: a click on a same-site link that the router took over, back/forward, and the site's own
 * navigations (theme-common/navigate.ts). A route that fails makes Gatsby load the page in full: the page unloads
 * while that navigation is still pending. The failure is noted in sessionStorage then, and the page that loads in
 * full logs the warning, where the console keeps it (a message logged while unloading is cleared with the page).
 */
import { onNavigationStart } from '../../theme-common/navigate';

export interface NavigationListener {
  /** A navigation to another path began; its resources may still be loading. */
  onPathChangeStart(pathname: string): void;
  /** The page is being left while a navigation was pending: its route failed and Gatsby loads it in full. */
  onRouteLoadFailed(pathname: string): void;
}

export function routeFailureMessage(pathname: string): string {
  return `Loading the route "${pathname}" failed, so the page was loaded in full to recover.`;
}

const FAILED_ROUTE_KEY = 'stan:failed-route';
/** A note older than this is not about the page now loading (the reload follows at once). */
const FAILED_ROUTE_MAX_AGE_MS = 30_000;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Notes, as the page unloads, the route whose navigation was still pending. */
export function rememberFailedRoute(storage: SessionStore, pathname: string, now = Date.now()): void {
  try {
    storage.setItem(FAILED_ROUTE_KEY, JSON.stringify({ pathname, at: now }));
  } catch {
    // No storage: the warning is lost, the reload still happens.
  }
}

/** sessionStorage, unless the browser refuses it (its getter may throw). */
function sessionStore(win: Window): SessionStore | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** `onRouteLoadFailed` of the runtime: notes the route for the page that loads in full next. */
export function noteFailedRoute(win: Window, pathname: string): void {
  const storage = sessionStore(win);
  if (storage) rememberFailedRoute(storage, pathname);
}

/** At client entry: warns when this page was loaded in full because its route had failed to load. */
export function warnIfRouteFailed(win: Window): void {
  const storage = sessionStore(win);
  const failed = storage ? takeFailedRoute(storage, win.location.pathname) : null;
  if (failed) console.warn(routeFailureMessage(failed));
}

/** The route that failed just before this page loaded in full, if this page is that route; the note is used up. */
export function takeFailedRoute(storage: SessionStore, pathname: string, now = Date.now()): string | null {
  try {
    const raw = storage.getItem(FAILED_ROUTE_KEY);
    if (raw === null) return null;
    storage.removeItem(FAILED_ROUTE_KEY);
    const note = JSON.parse(raw) as { pathname?: unknown; at?: unknown };
    const fresh = typeof note.at === 'number' && now - note.at >= 0 && now - note.at < FAILED_ROUTE_MAX_AGE_MS;
    return fresh && note.pathname === pathname ? pathname : null;
  } catch {
    return null;
  }
}

/** The pathname a click on this anchor leads to, if it stays on this site; null otherwise. */
export function sameSitePathname(anchor: HTMLAnchorElement, location: Location): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  try {
    const url = new URL(anchor.href, location.href);
    return url.origin === location.origin ? url.pathname : null;
  } catch {
    return null;
  }
}

export interface NavigationWatch {
  /** Call when a route finished updating, so later changes compare against it. */
  routeUpdated(pathname: string): void;
  stop(): void;
}

export function watchNavigation(win: Window, listener: NavigationListener): NavigationWatch {
  let currentPath = win.location.pathname;
  let pending: string | null = null;

  const started = (pathname: string) => {
    if (pathname === currentPath) return;
    pending = pathname;
    listener.onPathChangeStart(pathname);
  };

  // Bubble phase on the document: React's handlers (Gatsby's <Link>) have run, and called preventDefault when the
  // router took the click over; a click the browser handles itself is a full page load, not a route change.
  const onClick = (event: MouseEvent) => {
    if (!event.defaultPrevented || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    const pathname = anchor ? sameSitePathname(anchor, win.location) : null;
    if (pathname) started(pathname);
  };
  const onPopState = () => started(win.location.pathname);
  const onPageHide = () => {
    if (pending !== null) listener.onRouteLoadFailed(pending);
  };
  win.document.addEventListener('click', onClick);
  win.addEventListener('popstate', onPopState);
  win.addEventListener('pagehide', onPageHide);
  const stopSiteNavigations = onNavigationStart(started);

  return {
    routeUpdated(pathname) {
      currentPath = pathname;
      pending = null;
    },
    stop() {
      win.document.removeEventListener('click', onClick);
      win.removeEventListener('popstate', onPopState);
      win.removeEventListener('pagehide', onPageHide);
      stopSiteNavigations();
    },
  };
}
