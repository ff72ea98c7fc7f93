import ViewAsMarkdown from '../ViewAsMarkdown';
import * as styles from './styles.module.css';

export const DOC_FOOTER_STRINGS = {
  editPage: 'Edit this page',
  lastUpdated: 'Last updated',
} as const;

export interface DocFooterProps {
  /** The doc's route, e.g. `/docs/api/atom`: its Markdown is linked. */
  route: string;
  /** Where an editor changes the doc's file; null shows no link. */
  editUrl: string | null;
  /** When the doc's file was last committed (ISO 8601); null shows no date. */
  lastUpdated: string | null;
  /** The same day in words, as the page query formats it (in UTC, so every reader sees the build's text). */
  lastUpdatedText: string | null;
}

/**
 * One line about the doc's source, under the line on what the build checked: when it last changed (when the build
 * knows), its Markdown, and where to edit it (when the site configures an editor).
 */
export default function DocFooter({ route, editUrl, lastUpdated, lastUpdatedText }: DocFooterProps) {
  const dated = lastUpdated && lastUpdatedText;
  return (
    <p className={styles.footer}>
      {dated ? (
        <span>
          {DOC_FOOTER_STRINGS.lastUpdated} <time dateTime={lastUpdated}>{lastUpdatedText}</time>
        </span>
      ) : null}
      <span data-noprint="">
        <ViewAsMarkdown route={route} />
      </span>
      {editUrl ? (
        <span data-noprint="">
          <a href={editUrl}>{DOC_FOOTER_STRINGS.editPage}</a>
        </span>
      ) : null}
    </p>
  );
}
