import * as styles from './styles.module.css';

export interface DocVersionBadgeProps {
  /** The docs version the reader is on (the single version "Next"). */
  label: string;
  /** The documented package and the release these docs were checked against, from its installed package.json. */
  packageName: string;
  release: string;
}

/** Names the docs version, and beside it the package release that version describes. */
export default function DocVersionBadge({ label, packageName, release }: DocVersionBadgeProps) {
  return (
    <span className={styles.group}>
      <span className={styles.badge}>Version: {label}</span>{' '}
      <span className={styles.release}>
        describes <code>{packageName}</code> {release}
      </span>
    </span>
  );
}
