import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The label of the docs version the reader is on: the release it documents ("1.2.0-rc4", "1.0.0-rc14"). */
  label: string;
  /** The last version (the newest docs): marked "latest". */
  latest?: boolean;
}

/**
 * Names the docs version beside the breadcrumbs, as a label in words ("Version: 1.2.0-rc4 (latest)", "Version:
 * 1.0.0-rc14") at every width, so it never reads as a "next page" control.
 */
export default function DocVersionBadge({ label, latest = false }: DocVersionBadgeProps) {
  return (
    <span className={styles.badge}>
      Version: <span className={styles.name}>{label}</span>
      {latest ? ' (latest)' : null}
    </span>
  );
}
