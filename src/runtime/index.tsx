/**
 * The browser lifecycle handlers that gatsby-browser.tsx re-exports: progress bar, scroll, prefetch guard,
 * route-failure warning, analytics and the page error boundary. Kept small (it ships on every page); the
 * progress bar's DOM and the analytics adapter load on demand from ./deferred.
 */
import type { GatsbyBrowser } from 'gatsby';
import { PROGRESS_BAR_DELAY_MS } from '../theme-common/constants';
import { trackingRefused } from './privacy';
import { routeFailureMessage, watchNavigation, type GatsbyGlobals } from './navigation';
import { PageErrorBoundary } from './page-element';
import { guardHoverPrefetch } from './prefetch';
import { shouldUpdateScroll as decideShouldUpdateScroll, scrollSettled, takeOverScrollRestoration } from './scroll';

// After the route renders: Gatsby's Head API updates document.title in an effect.
const PAGE_VIEW_DELAY_MS = 32;

let deferred: Promise<typeof import('./deferred')> | undefined;
const loadDeferred = () => (deferred ??= import('./deferred'));

let barTimer: ReturnType<typeof setTimeout> | undefined;
let barShown = false;
let routeUpdated: ((pathname: string) => void) | undefined;
let tracking = false;

/** A path change began: show the bar only if the route is still loading after PROGRESS_BAR_DELAY_MS. */
function startProgress() {
  if (barTimer !== undefined || barShown) return;
  void loadDeferred();
  barTimer = setTimeout(() => {
    barTimer = undefined;
    barShown = true;
    void loadDeferred().then((m) => barShown && m.progressBar.show());
  }, PROGRESS_BAR_DELAY_MS);
}

function finishProgress() {
  clearTimeout(barTimer);
  barTimer = undefined;
  if (!barShown) return;
  barShown = false;
  void loadDeferred().then((m) => m.progressBar.done());
}

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  const win = window as Window & GatsbyGlobals;
  guardHoverPrefetch(win);
  takeOverScrollRestoration(win);
  routeUpdated = watchNavigation(win, {
    onPathChangeStart: startProgress,
    onRouteLoadFailed: (path, error) => console.warn(routeFailureMessage(path, error)),
  }).routeUpdated;
  tracking = !trackingRefused(win.navigator, win as { doNotTrack?: string | null });
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  finishProgress();
  scrollSettled();
  routeUpdated?.(location.pathname);
  if (!tracking) return;
  const { pathname, search, hash } = location;
  setTimeout(() => void loadDeferred().then((m) => m.trackPageView({ pathname, search, hash })), PAGE_VIEW_DELAY_MS);
};

export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = (args) =>
  decideShouldUpdateScroll(args as unknown as Parameters<typeof decideShouldUpdateScroll>[0]);

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageErrorBoundary pathname={props.location.pathname}>{element}</PageErrorBoundary>
);
