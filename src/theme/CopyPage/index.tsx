import { useRef, useState } from 'react';
import { siteConfig } from '../../theme-common/site-config';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import type { CopyPageRequest } from './hooks';
import * as styles from './styles.module.css';

/** The labels of the two buttons, in every doc's first load; the rest of the text loads with ./Actions. */
export const COPY_PAGE_LABELS = {
  copyPage: 'Copy page',
  menu: 'More ways to use this page',
} as const;

// Every doc's first load carries only the two buttons (a few hundred bytes): what they do loads when the reader
// reaches for them.
export const copyPageActions = latePiece(COPY_PAGE_LABELS.copyPage, () => import('./Actions').then((module) => module.default));

const prepare = () => startLoading(copyPageActions);

export interface CopyPageProps {
  /** The doc's route, e.g. `/docs/api/atom`; its Markdown is published at `<route>.md`. */
  route: string;
}

/**
 * "Copy page" by a doc's title, and with `themeConfig.copyPage.aiLinks` a menu button beside it (a disclosure)
 * whose links hand the page's Markdown URL to an AI assistant; ./Actions does both. Not printed.
 */
export default function CopyPage({ route }: CopyPageProps) {
  const actions = useLatePiece(copyPageActions);
  const [request, setRequest] = useState<CopyPageRequest | null>(null);
  const [open, setOpen] = useState(false);
  const status = useRef<HTMLSpanElement>(null);
  const press = (kind: CopyPageRequest['kind']) => () => {
    prepare();
    setRequest({ kind });
    if (kind === 'menu') setOpen(!open);
  };
  const Actions = actions.status === 'ready' ? actions.value : null;
  return (
    <div className={styles.copyPage} data-noprint="" data-needs-script="" onPointerEnter={prepare} onFocus={prepare}>
      <button type="button" className={`button-secondary ${styles.button}`} onClick={press('copy')}>
        {COPY_PAGE_LABELS.copyPage}
      </button>
      {siteConfig.themeConfig.copyPage.aiLinks ? (
        <button type="button" className={`button-secondary ${styles.toggle}`} aria-label={COPY_PAGE_LABELS.menu} aria-expanded={open} onClick={press('menu')} />
      ) : null}
      {/* In the page from the start, so what ./Actions writes into it is announced. */}
      <span ref={status} role="status" className={styles.status} />
      {Actions ? <Actions route={route} request={request} open={open} setOpen={setOpen} status={status} /> : null}
      {request && showsFailure(actions) ? <LoadFailure piece={copyPageActions} variant="card" className={styles.popup} /> : null}
    </div>
  );
}
