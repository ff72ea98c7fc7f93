import { readableHash } from '../../theme-common/readable-hash';

/**
 * Scroll after a route update, on top of Gatsby's scroll handler, which scrolls to
 * `location.hash` (below the sticky navbar through `scroll-padding-top`) when it exists, else to the position
 * it saved for the history entry (0 for a new entry, i.e. the top).
 */

/**
 * The browser's own restoration runs on popstate before the router has rendered the earlier page, and Gatsby
 * then saves that position under the wrong entry; so restoration is left to Gatsby's per-entry positions.
 */
export function takeOverScrollRestoration(win: Window): void {
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  // Gatsby's `location.action` is not set for popstate updates, so back/forward is recognised here.
  win.addEventListener('popstate', () => {
    traversal = true;
  });
}

let traversal = false;

/** Call once the route has updated (after Gatsby's scroll handling). */
export function scrollSettled(): void {
  traversal = false;
}

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The history entry's key; "initial" for entries without router state (first load, in-page anchors). */
  key?: string;
}

/**
 * - `gatsby`: let Gatsby's handler scroll (to the hash target, or the saved position / top).
 * - `restore`: back/forward: go to the position saved for that history entry.
 * - `none`: leave the scroll position alone.
 */
export type ScrollDecision = 'gatsby' | 'restore' | 'none';

/** `traversal`: the route changed through back/forward (a popstate), not a link or navigate(). */
export function decideScroll(prev: RouteLocation | undefined, next: RouteLocation, traversal: boolean): ScrollDecision {
  if (!prev) return 'gatsby';
  if (traversal) {
    // Entries the browser made for in-page anchors share one saved slot, so those return to their anchor.
    return next.hash && (!next.key || next.key === 'initial') ? 'gatsby' : 'restore';
  }
  if (prev.pathname === next.pathname) {
    // A new anchor (or none: the top); a change of only the query string keeps the position.
    return prev.hash !== next.hash ? 'gatsby' : 'none';
  }
  return 'gatsby';
}

interface ShouldUpdateScrollArgs {
  prevRouterProps?: { location: RouteLocation };
  routerProps: { location: RouteLocation & { key?: string } };
  getSavedScrollPosition: (location: RouteLocation & { key?: string }) => [number, number] | null;
}

/** Gatsby's `shouldUpdateScroll`: true lets its handler scroll, false means handled (or nothing to do). */
export function shouldUpdateScroll({ prevRouterProps, routerProps, getSavedScrollPosition }: ShouldUpdateScrollArgs) {
  const { location } = routerProps;
  const decision = decideScroll(prevRouterProps?.location, location, traversal);
  if (decision === 'restore') window.scrollTo(0, getSavedScrollPosition(location)?.[1] ?? 0);
  return decision === 'gatsby';
}

/**
 * Ids a hash may mean, nearest first: the id Gatsby looks for (`decodeURI` of the hash), the hash fully decoded,
 * then that text as the site makes heading ids (lower case, spaces as hyphens, punctuation dropped), so `#100%` or
 * `#Effects%` still finds the heading `100` or `effects`. Hand-written rather than github-slugger (the build's
 * slugger), whose Unicode tables would add kilobytes to every first load for a guess.
 */
export function hashTargetIds(hash: string): string[] {
  const readable = readableHash(hash) ?? hash;
  const exact = decodeURI(readable).slice(1);
  const text = decodeURIComponent(readable).slice(1);
  const slug = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
  return [...new Set([exact, text, slug(text)])].filter((id) => id !== '');
}

/**
 * After a route update to an address with a hash that names no element (Gatsby's handler then leaves the scroll
 * where it was): scrolls to the nearest id it may mean, or to the top of a page just entered. Only where Gatsby's
 * handler was to scroll to the hash: back/forward keeps the position restored for that entry. Call before
 * `scrollSettled`.
 */
export function scrollToNearestTarget(win: Window, prev: RouteLocation | undefined, next: RouteLocation): void {
  const { hash } = next;
  if (!hash || decideScroll(prev, next, traversal) !== 'gatsby') return;
  const enteredPage = prev?.pathname !== next.pathname;
  const [exact, ...others] = hashTargetIds(hash);
  if (exact !== undefined && win.document.getElementById(exact)) return;
  // After Gatsby's handler, which scrolls in the same commit as this route update.
  win.requestAnimationFrame(() => {
    const target = others.map((id) => win.document.getElementById(id)).find((element) => element !== null);
    if (target) target.scrollIntoView();
    else if (enteredPage) win.scrollTo(0, 0);
  });
}
