/**
 * What editors learn from searches: the queries that found nothing and the hits readers chose. A query counts once
 * the reader stops typing (SEARCH_TRACKING_IDLE_MS) or leaves the search, never per keystroke.
 */
import { useEffect, useState } from 'react';
import type { SearchNoResults, SearchSelect, SearchSource } from './analytics';
import { sendEvent } from './events';
import { SEARCH_TRACKING_IDLE_MS } from '../contract/constants';

export type SearchEvent = SearchNoResults | SearchSelect;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export interface SearchTrackerOptions {
  source: SearchSource;
  send: (event: SearchEvent) => void;
  /** The page the reader searches from, read when an event is sent. */
  pagePath: () => string;
  idleMs?: number;
  timers?: Timers;
}

export interface SearchTracker {
  /** A search answered: its query, the addresses of its hits in rank order and how many it found in all. */
  answered(query: string, hitUrls: readonly string[], found: number): void;
  /** The reader chose the hit at `url` (an address on this site). */
  chose(url: string): void;
  /** The reader left the search (closed the modal, left the page): a pending query counts now. */
  flush(): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** The address without its origin, so a hit counts the same whichever form the search gave it in. */
const onSite = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/';

export function createSearchTracker({
  source,
  send,
  pagePath,
  idleMs = SEARCH_TRACKING_IDLE_MS,
  timers = defaultTimers,
}: SearchTrackerOptions): SearchTracker {
  let latest: { query: string; urls: string[] } = { query: '', urls: [] };
  let pending: string | null = null;
  let timer: unknown = null;
  // The same fruitless query, typed again or left and reopened, counts once in a row.
  let lastReported: string | null = null;

  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const report = () => {
    cancel();
    const query = pending;
    pending = null;
    if (query === null || query === lastReported) return;
    lastReported = query;
    send({ event: 'search_no_results', query, page_path: pagePath(), source });
  };

  return {
    answered(query, hitUrls, found) {
      const trimmed = query.trim();
      cancel();
      latest = { query: trimmed, urls: hitUrls.map(onSite) };
      pending = trimmed !== '' && found === 0 ? trimmed : null;
      if (pending !== null) timer = timers.setTimeout(report, idleMs);
    },
    chose(url) {
      if (latest.query === '') return;
      const address = onSite(url);
      // A page's title links to the page: it ranks where the page's first hit does.
      const page = address.split('#')[0];
      const exact = latest.urls.indexOf(address);
      const rank = exact >= 0 ? exact : latest.urls.findIndex((u) => u.split('#')[0] === page);
      send({
        event: 'search_select',
        query: latest.query,
        url: address,
        position: rank + 1,
        page_path: pagePath(),
        source,
      });
    },
    flush: report,
  };
}

/**
 * A tracker for as long as the component using it is mounted, sending to the site's analytics from the page the reader
 * searches on. A pending query counts when the component unmounts (the modal closes, a client navigation leaves
 * /search) and, with `flushOnPageHide`, when the reader closes the tab or leaves the site.
 */
export function useSearchTracker(source: SearchSource, { flushOnPageHide = false } = {}): SearchTracker {
  const [tracker] = useState(() =>
    createSearchTracker({ source, send: sendEvent, pagePath: () => `${window.location.pathname}${window.location.search}` }),
  );
  useEffect(() => {
    if (flushOnPageHide) window.addEventListener('pagehide', tracker.flush);
    return () => {
      window.removeEventListener('pagehide', tracker.flush);
      tracker.flush();
    };
  }, [tracker, flushOnPageHide]);
  return tracker;
}
