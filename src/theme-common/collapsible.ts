import { useEffect, useRef } from 'react';
import { matchesMedia, REDUCED_MOTION_QUERY } from './media';

/** The collapse animation lasts round((4 + 15·(h/36)^0.25 + h/180)·10) ms for content height h. */
export function collapseDuration(height: number): number {
  const h = height / 36;
  return Math.round((4 + 15 * h ** 0.25 + h / 5) * 10);
}

/** 1 ms under prefers-reduced-motion, else the height-based duration. */
export function collapseAnimationDuration(height: number, reducedMotion: boolean): number {
  return reducedMotion ? 1 : collapseDuration(height);
}

export const COLLAPSE_EASING = 'ease-in-out';

/** The style a collapsed panel starts with (server render included), so it never flashes open. */
export const COLLAPSED_STYLE = { height: 0, overflow: 'hidden', visibility: 'hidden' } as const;

/**
 * Animates an element's height when `collapsed` changes (not on mount), with the spec's duration and easing.
 * Render the element with COLLAPSED_STYLE when it starts collapsed; this hook owns its inline style after that.
 */
export function useCollapseAnimation<T extends HTMLElement>(collapsed: boolean) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (first.current || !el) {
      first.current = false;
      return;
    }
    const height = el.scrollHeight;
    const duration = collapseAnimationDuration(height, matchesMedia(REDUCED_MOTION_QUERY));
    el.style.overflow = 'hidden';
    el.style.visibility = 'visible';
    el.style.height = `${collapsed ? height : 0}px`;
    el.getBoundingClientRect(); // commit the start height before the transition
    el.style.transition = `height ${duration}ms ${COLLAPSE_EASING}`;
    el.style.height = `${collapsed ? 0 : height}px`;
    const done = window.setTimeout(() => {
      el.style.transition = '';
      if (collapsed) {
        el.style.visibility = 'hidden';
      } else {
        el.style.height = '';
        el.style.overflow = '';
      }
    }, duration);
    return () => window.clearTimeout(done);
  }, [collapsed]);
  return ref;
}
