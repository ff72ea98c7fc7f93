import { useSmoothScrollToTop } from '../../theme-common/smooth-scroll';
import * as styles from './styles.module.css';

/** The navbar's back-to-top button, an arrow and the word "Top"; hidden (and out of the tab order) until the reader has scrolled down. */
export default function BackToTopButton({ shown }: { shown: boolean }) {
  const scrollToTop = useSmoothScrollToTop();
  return (
    <button
      type="button"
      aria-label="Scroll back to top"
      title="Back to top"
      className={`${styles.button} ${shown ? styles.shown : ''}`}
      data-shown={shown}
      onClick={scrollToTop}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 5 4 13l1.4 1.4L11 8.8V20h2V8.8l5.6 5.6L20 13z" />
      </svg>
      {/* A word, so it is not taken for one more of the bar's round icons (search, colour mode). */}
      <span>Top</span>
    </button>
  );
}
