import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The docs version the reader is on (the single version "Next"). */
  label: string;
}

/**
 * Names the docs version beside the breadcrumbs, as a label in words ("Version: Next") at every width, so it never
 * reads as a "next page" control. The release the version describes is named by the announcement and the line
 * that ends the doc.
 */
export default function DocVersionBadge({ label }: DocVersionBadgeProps) {
  return (
    <span className={styles.badge}>
      Version: <span className={styles.name}>{label}</span>
    </span>
  );
}
