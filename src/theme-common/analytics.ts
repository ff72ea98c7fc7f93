/**
 * Analytics: page views (one event per route change where the path, query or hash differs), answers to "Was this
 * page helpful?" and searches (those that found nothing, the hits readers chose). None when the reader asks not to
 * be tracked (Do Not Track, Global Privacy Control; see ./events.ts). No cookies, no ids. No reader's code either:
 * the playground's address carries shared code in its hash, so events name it by its path alone.
 */
import { PLAYGROUND_ROUTE } from '../contract/constants';

export interface PageView {
  event: 'page_view';
  /** Path, query and hash of the page, e.g. `/docs/api/atom?x=1#usage`; the playground's path alone. */
  page_path: string;
  page_title: string;
  /** The previous page's path, query and hash; empty for the first page of a visit. */
  page_referrer: string;
}

/**
 * A reader's answer to "Was this page helpful?", sent once they send or skip the optional reason (or leave the
 * page before doing either).
 */
export interface PageFeedback {
  event: 'page_feedback';
  /** The doc's route, e.g. `/docs/api/atom`. */
  page_path: string;
  helpful: boolean;
  /** What the reader wrote, trimmed; empty when they wrote nothing. */
  reason: string;
}

/** Where a search was typed: the modal (any page) or the search page. */
export type SearchSource = 'modal' | 'search_page';

/** A search that found nothing, once the reader stopped typing (or closed the search). */
export interface SearchNoResults {
  event: 'search_no_results';
  query: string;
  /** The page the reader searched from (path and query). */
  page_path: string;
  source: SearchSource;
}

/** A hit a reader chose. */
export interface SearchSelect {
  event: 'search_select';
  query: string;
  /** The hit's address on this site, e.g. `/docs/api/atom#usage`. */
  url: string;
  /** The hit's rank in the results, from 1; 0 when it is not among the latest results. */
  position: number;
  page_path: string;
  source: SearchSource;
}

export type AnalyticsEvent = PageView | PageFeedback | SearchNoResults | SearchSelect;

export type EventSender = (event: AnalyticsEvent) => void;
export type PageViewSender = (view: PageView) => void;

/**
 * The most characters any text of an event carries (a path, a title, a query, a reason). An event has at most three
 * such texts, so even written as JSON escapes it stays under 20 KB, within what sendBeacon accepts (64 KB, shared
 * with every request the page has in flight) instead of being dropped without a word.
 */
export const EVENT_TEXT_MAX_CHARS = 1000;

const clip = (text: string) => text.slice(0, EVENT_TEXT_MAX_CHARS);

/** An address as events carry it: the playground's by its path alone (its query and hash may hold code), others clipped. */
export function eventAddress(address: string): string {
  return address.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1') === PLAYGROUND_ROUTE ? PLAYGROUND_ROUTE : clip(address);
}

/** The event as it may leave the page: its addresses (page_path, page_referrer, url) through eventAddress, other texts clipped. */
export function boundedEvent<E extends AnalyticsEvent>(event: E): E {
  const bounded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    bounded[key] = typeof value !== 'string' ? value : /path|referrer|url/.test(key) ? eventAddress(value) : clip(value);
  }
  return bounded as E;
}

/** Default adapter: push to `window.dataLayer`, where a tag manager (if the site adds one) picks it up. */
export function dataLayerSender(win: Window & { dataLayer?: unknown[] }): EventSender {
  return (event) => {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push(event);
  };
}

/** Configured endpoint: a JSON beacon, which survives page unloads and carries no cookies to another origin. */
export function beaconSender(nav: Pick<Navigator, 'sendBeacon'>, endpoint: string): EventSender {
  return (event) => {
    nav.sendBeacon(endpoint, new Blob([JSON.stringify(event)], { type: 'application/json' }));
  };
}

/** The one choice of where events go (the configured endpoint by beacon, else `window.dataLayer`), each bounded first. */
export function siteSender(endpoint: string | undefined, win: Window & { dataLayer?: unknown[] }): EventSender {
  const send = endpoint && typeof win.navigator.sendBeacon === 'function' ? beaconSender(win.navigator, endpoint) : dataLayerSender(win);
  return (event) => send(boundedEvent(event));
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Remembers the last page sent, so the first load and repeated route updates of one URL send one event. Addresses
 * are those events carry (eventAddress): opening another share link on the playground is not a new page view.
 */
export function createPageViewTracker(send: PageViewSender, getTitle: () => string) {
  let last = '';
  return (location: LocationLike) => {
    const path = eventAddress(`${location.pathname}${location.search}${location.hash}`);
    if (path === last) return false;
    send({ event: 'page_view', page_path: path, page_title: getTitle(), page_referrer: last });
    last = path;
    return true;
  };
}
