import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from '../../contract/constants';
import * as styles from './styles.module.css';

/**
 * The first tab stop. It lands on the page's content (`targetId`: <main>, or a docs page's article, so the next Tab
 * reaches the article and not the sidebar). Works without JavaScript (fragment link); with it, focus moves there
 * without touching the URL.
 */
export default function SkipToContent({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={onClick} data-noprint="">
      Skip to main content
    </a>
  );
}
