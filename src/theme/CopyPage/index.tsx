import { useId, useRef, useState } from 'react';
import { useSiteConfig } from '../../theme-common/site-config';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import * as styles from './styles.module.css';

/** The labels of the two buttons, in every doc's first load; the rest of the text loads with ./Actions. */
export const COPY_PAGE_LABELS = {
  copyPage: 'Copy page',
  menu: 'More ways to use this page',
} as const;

// Every doc's first load carries only the two buttons: what they do loads when the reader reaches for them.
export const copyPageActions = latePiece(COPY_PAGE_LABELS.copyPage, () => import('./Actions').then((module) => module.default));

const prepare = () => startLoading(copyPageActions);

/** A press of "Copy page" (a new object each time, so each press is acted on once) or of the menu button. */
export interface CopyPageRequest {
  kind: 'copy' | 'menu';
}

export interface CopyPageProps {
  /** The doc's route, e.g. `/docs/api/atom`; its Markdown is published at `<route>.md`. */
  route: string;
}

/**
 * "Copy page" by a doc's title, and with `themeConfig.copyPage.aiLinks` a menu button beside it whose links hand the
 * page's Markdown URL to an AI assistant (./Actions does both). Not printed.
 */
export default function CopyPage({ route }: CopyPageProps) {
  const { themeConfig } = useSiteConfig();
  const actions = useLatePiece(copyPageActions);
  const [request, setRequest] = useState<CopyPageRequest | null>(null);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLSpanElement>(null);
  const menuId = useId();
  const ask = (kind: CopyPageRequest['kind']) => {
    prepare();
    setRequest({ kind });
  };
  const Actions = actions.status === 'ready' ? actions.value : null;
  return (
    <div ref={container} className={styles.copyPage} data-noprint="">
      <button type="button" className={styles.button} onPointerEnter={prepare} onFocus={prepare} onClick={() => ask('copy')}>
        {COPY_PAGE_LABELS.copyPage}
      </button>
      {themeConfig.copyPage.aiLinks ? (
        <button
          type="button"
          className={`${styles.button} ${styles.toggle}`}
          aria-label={COPY_PAGE_LABELS.menu}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => {
            ask('menu');
            setOpen(!open);
          }}
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      ) : null}
      {/* In the page from the start, so what ./Actions writes into it is announced. */}
      <span ref={status} role="status" className={styles.status} />
      {Actions ? (
        <Actions route={route} request={request} open={open} setOpen={setOpen} menuId={menuId} container={container} status={status} />
      ) : null}
      {request && showsFailure(actions) ? <LoadFailure piece={copyPageActions} variant="card" className={styles.popup} /> : null}
    </div>
  );
}
