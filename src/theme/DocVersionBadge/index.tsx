import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The label of the docs version the reader is on ("Next", "1.0.0-rc14"). */
  label: string;
  /** The package release the version documents; named after the label when the label is not the release itself. */
  release?: string;
}

/**
 * Names the docs version beside the breadcrumbs, as a label in words ("Version: 1.0.0-rc14", "Version: Next
 * (1.2.0-rc4)") at every width, so it never reads as a "next page" control.
 */
export default function DocVersionBadge({ label, release }: DocVersionBadgeProps) {
  return (
    <span className={styles.badge}>
      Version: <span className={styles.name}>{label}</span>
      {release && release !== label ? <span className={styles.release}> ({release})</span> : null}
    </span>
  );
}
