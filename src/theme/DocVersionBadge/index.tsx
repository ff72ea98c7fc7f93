import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The docs version the reader is on (the single version "Next"). */
  label: string;
  /** The documented package and the release these docs were checked against, from its installed package.json. */
  packageName: string;
  release: string;
}

/**
 * Names the docs version, and beside it the package release that version describes. On a phone the words
 * around the two names are only read out, so the badge stays beside the breadcrumbs on one line.
 */
export default function DocVersionBadge({ label, packageName, release }: DocVersionBadgeProps) {
  return (
    <span className={styles.badge}>
      <span className={styles.long}>Version: </span>
      {label}
      <span className={styles.release}>
        {' '}
        <span className={styles.long}>describes {packageName} </span>
        {release}
      </span>
    </span>
  );
}
