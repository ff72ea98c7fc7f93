import * as styles from './styles.module.css';

/** Names the docs version the reader is on (the single version "Next"). */
export default function DocVersionBadge({ label }: { label: string }) {
  return <span className={styles.badge}>Version: {label}</span>;
}
