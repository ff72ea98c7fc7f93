import { Link } from 'gatsby';
import type { PaginatorLink } from '../../contract/navigation';
import * as styles from './styles.module.css';

export default function DocPaginator({ previous, next }: { previous: PaginatorLink | null; next: PaginatorLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Docs pages" className={styles.paginator} data-noprint="">
      {previous ? (
        <Link className={styles.card} to={previous.href} rel="prev">
          <span className={styles.sublabel}>Previous</span>
          <span className={styles.label}>« {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className={`${styles.card} ${styles.next}`} to={next.href} rel="next">
          <span className={styles.sublabel}>Next</span>
          <span className={styles.label}>{next.title} »</span>
        </Link>
      ) : null}
    </nav>
  );
}
