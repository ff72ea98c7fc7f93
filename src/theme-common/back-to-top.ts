import { useEffect, useState } from 'react';

/** Scroll distance (px) after which the back-to-top button appears. */
export const BACK_TO_TOP_THRESHOLD = 300;

/** Whether the page is scrolled down further than `threshold` px. */
export function useScrolledPast(threshold = BACK_TO_TOP_THRESHOLD): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
