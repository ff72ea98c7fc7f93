/** Calls `load` when `target` scrolls into view (the reader reached the end of the results), while `enabled`. */
import { useEffect, type RefObject } from 'react';

export function useLoadWhenNear(target: RefObject<HTMLElement | null>, enabled: boolean, load: () => void): void {
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, load]);
}
