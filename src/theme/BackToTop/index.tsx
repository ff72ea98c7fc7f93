import { lazy, Suspense, useState } from 'react';
import { useScrolledPast } from '../../theme-common/back-to-top';

// The button's code loads the first time the reader scrolls far enough to need it.
const BackToTopButton = lazy(() => import('./Button'));

/** Appears after scrolling down; smooth scroll to the top (instant under reduced motion). */
export default function BackToTop() {
  const shown = useScrolledPast();
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <BackToTopButton shown={shown} />
    </Suspense>
  ) : null;
}
