import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { COPY_PAGE_STRINGS as STRINGS } from '../../contract/strings';
import { markdownHref } from '../../contract/markdown-path';
import { useSiteConfig } from '../../theme-common/site-config';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import { copyMarkdown, type CopyOutcome } from './copy-markdown';
import * as styles from './styles.module.css';

/** How long the button says "Copied", in ms. */
export const COPIED_FEEDBACK_MS = 2000;

// The menu's code loads when the reader reaches for it (hover, focus or press of its button), not with the page.
export const copyPageMenu = latePiece(STRINGS.menuPiece, () => import('./Menu').then((module) => module.default));

type Status = 'idle' | 'copying' | CopyOutcome;

export interface CopyPageProps {
  /** The doc's route, e.g. `/docs/api/atom`; its Markdown is published at `<route>.md`. */
  route: string;
}

/**
 * "Copy page" by a doc's title: copies the doc's published Markdown, says how it went in a live region, and on a
 * failure says which step failed with a Retry. With `themeConfig.copyPage.aiLinks`, a menu button beside it opens
 * links that hand the page's Markdown URL to an AI assistant. Not printed.
 */
export default function CopyPage({ route }: CopyPageProps) {
  const { themeConfig } = useSiteConfig();
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  // Opened with the down arrow: the menu then moves the focus to its first link.
  const [focusFirst, setFocusFirst] = useState(false);
  const menu = useLatePiece(copyPageMenu);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const href = markdownHref(route);

  useEffect(() => {
    if (status !== 'copied') return undefined;
    const timer = setTimeout(() => setStatus('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    if (status === 'copying') return;
    setOpen(false);
    setStatus('copying');
    setStatus(await copyMarkdown(href));
  };
  // Stable, so the open menu keeps its listeners (and its focus) across this component's renders.
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);
  const failed = status === 'fetch-failed' || status === 'clipboard-denied';
  const Menu = menu.status === 'ready' ? menu.value : null;

  return (
    <div ref={container} className={styles.copyPage} data-noprint="">
      <div className={styles.buttons}>
        <button type="button" className={styles.button} onClick={copy} aria-disabled={status === 'copying' || undefined}>
          {status === 'copying' ? STRINGS.copying : status === 'copied' ? STRINGS.copied : STRINGS.copyPage}
        </button>
        {themeConfig.copyPage.aiLinks ? (
          <button
            ref={toggle}
            type="button"
            className={`${styles.button} ${styles.toggle}`}
            aria-label={STRINGS.menu}
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onPointerEnter={() => startLoading(copyPageMenu)}
            onFocus={() => startLoading(copyPageMenu)}
            onClick={() => {
              startLoading(copyPageMenu);
              setStatus('idle');
              setFocusFirst(false);
              setOpen(!open);
            }}
            onKeyDown={(event) => {
              // Down arrow opens the menu, which then takes the focus (its code moves it to the first link).
              if (event.key === 'ArrowDown' && !open) {
                event.preventDefault();
                startLoading(copyPageMenu);
                setStatus('idle');
                setFocusFirst(true);
                setOpen(true);
              }
            }}
          >
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
        ) : null}
      </div>
      <span role="status" className="visually-hidden">
        {status === 'copied' ? STRINGS.copiedAnnouncement : ''}
      </span>
      {failed ? (
        <div role="alert" className={`load-failure load-failure--card ${styles.popup}`}>
          <span className="load-failure__text">
            {status === 'fetch-failed' ? STRINGS.fetchFailed : STRINGS.clipboardDenied}
          </span>{' '}
          <button type="button" className="button-primary load-failure__retry" onClick={copy}>
            {STRINGS.retry}
          </button>
        </div>
      ) : null}
      {open && Menu ? <Menu id={menuId} route={route} container={container} focusFirst={focusFirst} onClose={close} /> : null}
      {open && showsFailure(menu) ? <LoadFailure piece={copyPageMenu} variant="card" className={styles.popup} /> : null}
    </div>
  );
}
