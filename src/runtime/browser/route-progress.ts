/**
 * When the route progress bar shows: 200 ms after a path change started, if the route is still loading (Gatsby's
 * own `onRouteUpdateDelayed` waits 1000 ms). It then trickles by 0.02 every 800 ms and completes when the route has
 * updated. The bar itself (nprogress, ./progress-bar.ts) is not part of the first load: the caller passes how to
 * load it (the runtime fetches it when the first navigation starts); if it cannot load, navigation simply goes on without a bar.
 */
import { PROGRESS_BAR, PROGRESS_BAR_DELAY_MS } from '../../contract/constants';

export interface ProgressBar {
  start(): unknown;
  inc(amount: number): unknown;
  done(): unknown;
}

export function createRouteProgress(
  loadBar: () => Promise<ProgressBar>,
  delayMs = PROGRESS_BAR_DELAY_MS,
  options: { trickleRate: number; trickleSpeed: number } = PROGRESS_BAR,
) {
  let bar: ProgressBar | null = null;
  let delay: ReturnType<typeof setTimeout> | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let pending = false;

  const show = () => {
    if (!pending || !bar || trickle !== undefined) return;
    bar.start();
    const shown = bar;
    trickle = setInterval(() => shown.inc(options.trickleRate), options.trickleSpeed);
  };

  return {
    /** A path change began. */
    start() {
      if (pending) return;
      pending = true;
      loadBar().then(
        (loaded) => {
          bar = loaded;
          // The delay may already be over: show at once then.
          if (delay === undefined) show();
        },
        () => undefined,
      );
      delay = setTimeout(() => {
        delay = undefined;
        show();
      }, delayMs);
    },
    /** The route has updated: fill the bar, if it showed, and take it away. */
    done() {
      pending = false;
      clearTimeout(delay);
      delay = undefined;
      if (trickle === undefined) return;
      clearInterval(trickle);
      trickle = undefined;
      bar?.done();
    },
  };
}

/**
 * Calls `load` once, the first time a reader points at or focuses a link to another page of the site, so the bar's
 * code is there by the time the navigation it announces starts; a visit that never heads for a link never loads it.
 */
export function loadOnNavigationIntent(doc: Document, load: () => unknown): () => void {
  const types = ['pointerover', 'focusin'] as const;
  const stop = () => types.forEach((type) => doc.removeEventListener(type, onIntent, true));
  function onIntent(event: Event) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== doc.location.origin) return;
    if (link.pathname === doc.location.pathname) return;
    stop();
    load();
  }
  types.forEach((type) => doc.addEventListener(type, onIntent, true));
  return stop;
}
