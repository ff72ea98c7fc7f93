import { useCallback, useEffect, useRef } from 'react';
import { SMOOTH_SCROLL_FACTOR } from '../contract/constants';
import { matchesMedia, REDUCED_MOTION_QUERY } from './media';

/**
 * Scrolls to the top: each frame keeps 0.85 of the remaining distance, or jumps at once
 * under reduced motion. Returns a function that cancels the animation.
 */
export function smoothScrollToTop(reducedMotion = matchesMedia(REDUCED_MOTION_QUERY)): () => void {
  if (reducedMotion) {
    window.scrollTo(0, 0);
    return () => {};
  }
  let frame = 0;
  const step = () => {
    const top = document.documentElement.scrollTop;
    if (top <= 0) return;
    window.scrollTo(0, Math.floor(top * SMOOTH_SCROLL_FACTOR));
    frame = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(frame);
}

/** smoothScrollToTop as a callback; a wheel or touch from the reader stops the animation instead of fighting it. */
export function useSmoothScrollToTop(): () => void {
  const cancel = useRef<() => void>(() => {});
  useEffect(() => {
    const stop = () => cancel.current();
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchstart', stop, { passive: true });
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      stop();
    };
  }, []);
  return useCallback(() => {
    cancel.current();
    cancel.current = smoothScrollToTop();
  }, []);
}
