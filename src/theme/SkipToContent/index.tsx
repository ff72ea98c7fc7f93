import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from '../../theme-common/constants';
import * as styles from './styles.module.css';

/** The first tab stop. Works without JavaScript (fragment link); with it, focus moves into <main> without touching the URL. */
export default function SkipToContent() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      Skip to main content
    </a>
  );
}
