import * as styles from './styles.module.css';

export const DOC_FOOTER_STRINGS = {
  editPage: 'Edit this page',
  lastUpdated: 'Last updated',
} as const;

export interface DocFooterProps {
  /** Where an editor changes the doc's file; null shows no link. */
  editUrl: string | null;
  /** When the doc's file was last committed (ISO 8601); null shows no date. */
  lastUpdated: string | null;
  /** The same day in words, as the page query formats it (in UTC, so every reader sees the build's text). */
  lastUpdatedText: string | null;
}

/** Below a doc: where to edit it and when it last changed (each only when the build knows it). */
export default function DocFooter({ editUrl, lastUpdated, lastUpdatedText }: DocFooterProps) {
  const dated = lastUpdated && lastUpdatedText;
  if (!editUrl && !dated) return null;
  return (
    <div className={styles.footer}>
      {editUrl ? (
        <a className={styles.edit} href={editUrl} data-noprint="">
          {DOC_FOOTER_STRINGS.editPage}
        </a>
      ) : null}
      {dated ? (
        <p className={styles.updated}>
          {DOC_FOOTER_STRINGS.lastUpdated} <time dateTime={lastUpdated}>{lastUpdatedText}</time>
        </p>
      ) : null}
    </div>
  );
}
