/**
 * Calls `load` while `enabled` once `target` comes within a screen's height below the viewport: the next results
 * arrive while the end of the list, and what follows it, is still out of view, so they move nothing the reader sees.
 */
import { useEffect, type RefObject } from 'react';

/** How far below the viewport the end of the list starts the next load: one screen. */
const LOAD_AHEAD = '0px 0px 100% 0px';

export function useLoadWhenNear(target: RefObject<HTMLElement | null>, enabled: boolean, load: () => void): void {
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, load]);
}
