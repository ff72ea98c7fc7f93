/**
 * Page-view analytics: one event per route change where the path, query or hash differs,
 * none when the reader asks not to be tracked (Do Not Track, Global Privacy Control). No cookies, no ids.
 */

export interface PageView {
  event: 'page_view';
  /** Path, query and hash of the page, e.g. `/docs/api/atom?x=1#usage`. */
  page_path: string;
  page_title: string;
  /** The previous page's path, query and hash; empty for the first page of a visit. */
  page_referrer: string;
}

export type PageViewSender = (view: PageView) => void;

/** Default adapter: push to `window.dataLayer`, where a tag manager (if the site adds one) picks it up. */
export function dataLayerSender(win: Window & { dataLayer?: unknown[] }): PageViewSender {
  return (view) => {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push(view);
  };
}

/** Configured endpoint: a JSON beacon, which survives page unloads and carries no cookies to another origin. */
export function beaconSender(nav: Pick<Navigator, 'sendBeacon'>, endpoint: string): PageViewSender {
  return (view) => {
    nav.sendBeacon(endpoint, new Blob([JSON.stringify(view)], { type: 'application/json' }));
  };
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** Remembers the last page sent, so the first load and repeated route updates of one URL send one event. */
export function createPageViewTracker(send: PageViewSender, getTitle: () => string) {
  let last = '';
  return (location: LocationLike) => {
    const path = `${location.pathname}${location.search}${location.hash}`;
    if (path === last) return false;
    send({ event: 'page_view', page_path: path, page_title: getTitle(), page_referrer: last });
    last = path;
    return true;
  };
}
