import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The label of the docs version the reader is on ("Next", "1.0.0-rc14": an older version is labelled with its release). */
  label: string;
}

/**
 * Names the docs version beside the breadcrumbs, as a label in words ("Version: Next", "Version: 1.0.0-rc14") at
 * every width, so it never reads as a "next page" control. The current docs' release is named by the announcement
 * and the checks line, so the badge does not say it a third time.
 */
export default function DocVersionBadge({ label }: DocVersionBadgeProps) {
  return (
    <span className={styles.badge}>
      Version: <span className={styles.name}>{label}</span>
    </span>
  );
}
