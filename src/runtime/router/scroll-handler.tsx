/**
 * `gatsby-react-router-scroll` (Gatsby's `ScrollContext` and `useScrollRestoration`), aliased in its place for
 * the browser build (see slimGatsbyRuntime in src/node/webpack-chunks.ts). It keeps the window's scroll
 * position per history entry in sessionStorage under the same keys (`@@scroll|<pathname>|<entry key>`), and
 * after each route update scrolls to the hash target or the entry's saved position once Gatsby's
 * `shouldUpdateScroll` (which asks the site's own rule in src/runtime/scroll.ts) agrees.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, type HistoryLocation } from './reach-router';

type ScrollLocation = Pick<HistoryLocation, 'pathname'> & Partial<HistoryLocation>;

const stateKey = (location: ScrollLocation, key?: string | null) =>
  `@@scroll|${location.pathname}${key == null ? '' : `|${key}`}`;

/** Positions kept in memory when sessionStorage is unavailable (blocked, full) or holds something unreadable. */
const fallback = new Map<string, number>();

export const scrollStorage = {
  read(location: ScrollLocation, key?: string | null): number {
    const id = stateKey(location, key);
    try {
      const value = JSON.parse(window.sessionStorage.getItem(id) ?? '0') as unknown;
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    } catch {
      return fallback.get(id) ?? 0;
    }
  },
  save(location: ScrollLocation, key: string | null | undefined, value: number): void {
    const id = stateKey(location, key);
    try {
      window.sessionStorage.setItem(id, JSON.stringify(value));
    } catch {
      fallback.set(id, value);
    }
  },
};

interface RouterProps {
  location: HistoryLocation;
}

/** Gatsby's navigation.js reads the saved position through `this._stateStorage`. */
type ShouldUpdateScroll = (
  this: { _stateStorage: typeof scrollStorage },
  prevRouterProps: RouterProps | undefined,
  routerProps: RouterProps,
) => boolean | string | [number, number];

const handlerThis = { _stateStorage: scrollStorage };

export function ScrollContext({
  location,
  shouldUpdateScroll,
  children,
}: {
  location: HistoryLocation;
  shouldUpdateScroll?: ShouldUpdateScroll;
  children?: ReactNode;
}) {
  const latest = useRef(location);
  latest.current = location;
  const previous = useRef<HistoryLocation | undefined>(undefined);

  // Save the position of the entry being shown, at most once per frame.
  useLayoutEffect(() => {
    let ticking = false;
    let y = 0;
    const onScroll = () => {
      y = window.scrollY;
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        ticking = false;
        const { key } = latest.current;
        if (key) scrollStorage.save(latest.current, key, y);
      });
    };
    window.addEventListener('scroll', onScroll);
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // After the first render (a page loaded with a hash or a saved position) and after each location change.
  useLayoutEffect(() => {
    const prevLocation = previous.current;
    previous.current = location;
    const prevProps = prevLocation && { location: prevLocation };
    const allowed = () => !shouldUpdateScroll || shouldUpdateScroll.call(handlerThis, prevProps, { location });
    const saved = location.key ? scrollStorage.read(location, location.key) : 0;
    if (location.hash) {
      let id = location.hash.slice(1);
      try {
        id = decodeURI(id);
      } catch {
        // A malformed escape: look the id up as written.
      }
      const target = document.getElementById(id);
      if (target && allowed()) target.scrollIntoView();
    } else if ((prevLocation || saved) && allowed()) {
      window.scrollTo(0, saved);
    }
    // Gatsby's handler reruns on every render; its rule never acts on an unchanged location, so neither does this.
  }, [location, shouldUpdateScroll]);

  return children;
}

/** Restores and saves the scroll position of one scrolling element (`identifier`) per history entry. */
export function useScrollRestoration(identifier: string) {
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    ref.current?.scrollTo(0, scrollStorage.read(location, identifier));
    // Only when the entry changes, as Gatsby's hook does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  return {
    ref,
    onScroll() {
      if (ref.current) scrollStorage.save(location, identifier, ref.current.scrollTop);
    },
  };
}
