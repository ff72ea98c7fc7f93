/**
 * The browser lifecycle handlers that gatsby-browser.tsx re-exports: search shortcuts, route progress bar, scroll,
 * route-failure warning, analytics and the page error boundary. Kept small (it ships on every page); the
 * analytics adapter loads on demand from ./deferred.
 */
import type { GatsbyBrowser } from 'gatsby';
import { installSearchShortcuts } from '../../theme-common/search-modal';
import { latePiece } from '../../theme/islands/loader';
import { announceHydrated, markAppStarted } from '../handshake';
import { noteFailedRoute, warnIfRouteFailed, watchNavigation } from './navigation';
import { keepPageWhenOffline, type OfflineWatch } from './offline';
import { PageErrorBoundary } from '../page-element';
import { trackingRefused } from '../../theme-common/privacy';
import { keepHashesReadable } from '../../theme-common/readable-hash';
import { createRouteProgress, loadOnNavigationIntent } from './route-progress';
import {
  shouldUpdateScroll as decideShouldUpdateScroll,
  scrollSettled,
  scrollToNearestTarget,
  takeOverScrollRestoration,
} from './scroll';

// After the route renders: Gatsby's Head API updates document.title in an effect.
const PAGE_VIEW_DELAY_MS = 32;

// Loaded after the first route update. If it cannot load, that page view is lost and the next one tries again;
// a rejection must not go unhandled either: Gatsby reloads the page on an unhandled chunk failure.
const analytics = latePiece('Page-view analytics', () => import('./deferred'));

// Fetched when a reader first points at or focuses a link to another page, or at the latest when a navigation starts
// (1.9 KB, ready well before the bar's 200 ms delay), so a visit that never navigates never downloads it.
const loadProgressBar = () => import('./progress-bar').then((m) => m.progressBar);
const progress = createRouteProgress(loadProgressBar);
let routeUpdated: ((pathname: string) => void) | undefined;
let offline: OfflineWatch | undefined;
let tracking = false;

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  markAppStarted(document);
  // Ctrl/Cmd+K and "/" work from the first moment, also while a navigation swaps the page.
  installSearchShortcuts(window);
  takeOverScrollRestoration(window);
  keepHashesReadable(window);
  loadOnNavigationIntent(document, () => loadProgressBar().catch(() => undefined));
  routeUpdated = watchNavigation(window, {
    onPathChangeStart: () => progress.start(),
    onRouteLoadFailed: (pathname) => noteFailedRoute(window, pathname),
  }).routeUpdated;
  // Offline, a route that fails keeps the current page (with a notice) instead of Gatsby's full load.
  offline = keepPageWhenOffline(window, () => {
    progress.done();
    routeUpdated?.(window.location.pathname);
  });
  warnIfRouteFailed(window);
  tracking = !trackingRefused(window.navigator, window as { doNotTrack?: string | null });
};

// The clicks a reader made before the page hydrated (held back by the deferred scripts' loader) are carried out now.
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => announceHydrated(document);

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  progress.done();
  scrollToNearestTarget(window, prevLocation ?? undefined, location);
  scrollSettled();
  routeUpdated?.(location.pathname);
  offline?.routeUpdated();
  if (!tracking) return;
  const { pathname, search, hash } = location;
  setTimeout(
    () => analytics.load().then((m) => m.trackPageView({ pathname, search, hash }), () => undefined),
    PAGE_VIEW_DELAY_MS,
  );
};

export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = (args) =>
  decideShouldUpdateScroll(args as unknown as Parameters<typeof decideShouldUpdateScroll>[0]);

// An unknown address is served the not-found page's HTML, rendered for its own path: hydration starts from that path.
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageErrorBoundary pathname={props.location.pathname} renderedPathname={props.pageResources?.page?.path}>
    {element}
  </PageErrorBoundary>
);
