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

const navbarHeight = () => {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--navbar-height').trim();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return value.endsWith('rem') ? parseFloat(value) * rem : parseFloat(value) || 60;
};

/** Of `ids` (in document order), which to mark, given which have passed the line: the last passed, else the first. */
export function activeHeading(ids: readonly string[], passed: ReadonlySet<string>): string | null {
  let active: string | null = null;
  for (const id of ids) if (passed.has(id)) active = id;
  return active ?? ids[0] ?? null;
}

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
      const line = Math.round(navbarHeight() + READING_LINE_OFFSET);
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
    // The line is set in px from the viewport's height: a new height, a new observer (rare, and cheap).
    window.addEventListener('resize', observe);

    const pinHash = () => {
      const id = hashId(window.location.hash);
      if (id === null || !ids.includes(id)) return;
      pinned = id;
      update();
    };
    // The reader's own scrolling (not a jump's) hands the choice back to the observer.
    const unpin = () => {
      if (pinned === null) return;
      pinned = null;
      update();
    };
    const onKey = (event: KeyboardEvent) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key)) unpin();
    };
    pinHash();
    window.addEventListener('hashchange', pinHash);
    window.addEventListener('wheel', unpin, { passive: true });
    window.addEventListener('touchmove', unpin, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', observe);
      window.removeEventListener('hashchange', pinHash);
      window.removeEventListener('wheel', unpin);
      window.removeEventListener('touchmove', unpin);
      window.removeEventListener('keydown', onKey);
    };
    // `key` stands for `ids`: a new array with the same headings must not restart the observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return active;
}
