/**
 * The section being read, for the table of contents: the last of the given headings that has passed the reading
 * line (just below the sticky navbar, below where a heading lands when the reader jumps to it). An
 * IntersectionObserver reports each heading crossing that line, so no scroll handler reads layout on every frame. A jump to a #hash
 * (a TOC click, a link, the page's address) marks its heading at once, even one too close to the end of the page
 * to reach the line, until the reader scrolls on by their own means.
 */
import { useEffect, useState } from 'react';

/** How far below the navbar's bottom edge the reading line lies, in px (a jumped-to heading lands above it). */
export const READING_LINE_OFFSET = 24;

/** Of `ids` (in document order), which to mark, given which have passed the line: the last passed, else the first. */
export function activeHeading(ids: readonly string[], passed: ReadonlySet<string>): string | null {
  let active: string | null = null;
  for (const id of ids) if (passed.has(id)) active = id;
  return active ?? ids[0] ?? null;
}

const SCROLL_KEYS = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '];

const hashId = (hash: string) => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
};

export function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join(' ');

  useEffect(() => {
    const headings = ids
      .map((id) => document.getElementById(id))
      .filter((heading): heading is HTMLElement => heading !== null);
    if (headings.length === 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const passed = new Set<string>();
    let pinned: string | null = null;
    const update = () => setActive(pinned ?? activeHeading(ids, passed));

    // The root is everything above the reading line: a heading intersects it once its top has passed the line.
    let observer: IntersectionObserver | null = null;
    const observe = () => {
      observer?.disconnect();
      const navbar = document.querySelector<HTMLElement>('[data-navbar-visible]')?.offsetHeight ?? 60;
      const line = navbar + READING_LINE_OFFSET;
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const { id } = entry.target as HTMLElement;
            if (entry.isIntersecting) passed.add(id);
            else passed.delete(id);
          }
          update();
        },
        { rootMargin: `100000px 0px -${Math.max(0, window.innerHeight - line)}px 0px` },
      );
      headings.forEach((heading) => observer?.observe(heading));
    };
    observe();

    const pinHash = () => {
      const id = hashId(window.location.hash);
      if (id === null || !ids.includes(id)) return;
      pinned = id;
      update();
    };
    // The reader's own scrolling (not a jump's) hands the choice back to the observer.
    const unpin = (event: Event) => {
      if (pinned === null || (event instanceof KeyboardEvent && !SCROLL_KEYS.includes(event.key))) return;
      pinned = null;
      update();
    };
    pinHash();
    const listeners = new AbortController();
    const on = (type: string, listener: (event: Event) => void) =>
      window.addEventListener(type, listener, { passive: true, signal: listeners.signal });
    // The line is set in px from the viewport's height: a new height, a new observer (rare, and cheap).
    on('resize', observe);
    on('hashchange', pinHash);
    ['wheel', 'touchmove', 'keydown'].forEach((type) => on(type, unpin));
    return () => {
      observer?.disconnect();
      listeners.abort();
    };
    // `key` stands for `ids`: a new array with the same headings must not restart the observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return active;
}
