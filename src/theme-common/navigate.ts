/**
 * Navigation starts, as the site sees them: Gatsby only reports a slow route after 1000 ms (`onRouteUpdateDelayed`)
 * and nothing when a route fails, so the runtime (progress bar, route-failure warning) learns of a start from
 * here. Link clicks and back/forward are observed by the runtime itself; the site's own code navigates through
 * `navigateTo`, which announces the start before handing over to Gatsby's `navigate`, and takes over only the clicks
 * `isPlainLeftClick` allows.
 */
import { navigate } from 'gatsby';

type NavigationStartListener = (pathname: string) => void;

const listeners = new Set<NavigationStartListener>();

export function onNavigationStart(listener: NavigationStartListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyNavigationStart(pathname: string): void {
  listeners.forEach((listener) => listener(pathname));
}

/** Gatsby's `navigate`, announced first. */
export function navigateTo(to: string, options?: { replace?: boolean; state?: object }): void {
  try {
    notifyNavigationStart(new URL(to, window.location.href).pathname);
  } catch {
    // An unparsable target is Gatsby's to handle.
  }
  void navigate(to, options);
}

/** What a click event says about how it was made (a DOM MouseEvent or React's). */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click is a plain left click that nothing has handled yet: the only one a page may take over, since a
 * modified or middle click asks the browser for a new tab or window, or a download.
 */
export const isPlainLeftClick = (click: ClickLike): boolean =>
  click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey && !click.defaultPrevented;
