import { useEffect, useState } from 'react';
import { useScrolledPast } from '../../theme-common/back-to-top';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import * as styles from './styles.module.css';

// The button's code loads the first time the reader scrolls far enough to need it.
export const backToTopButton = latePiece('Back to top', () => import('./Button').then((module) => module.default));

/** In the navbar; appears after scrolling down; smooth scroll to the top (instant under reduced motion). */
export default function BackToTop() {
  const shown = useScrolledPast();
  const button = useLatePiece(backToTopButton);
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  useEffect(() => {
    if (needed) startLoading(backToTopButton);
  }, [needed]);
  let content = null;
  if (needed && button.status === 'ready') {
    const Button = button.value;
    content = <Button shown={shown} />;
  } else if (needed && showsFailure(button) && shown) {
    content = <LoadFailure piece={backToTopButton} variant="card" className={styles.failure} />;
  }
  return (
    <span className={styles.slot} data-noprint="">
      {content}
    </span>
  );
}
