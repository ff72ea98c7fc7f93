import { Link } from 'gatsby';
import type { Breadcrumb } from '../../contract/navigation';
import * as styles from './styles.module.css';

/** Home › category › page. The main doc (no crumbs from the model) shows Home › its title. */
export default function Breadcrumbs({ items, currentTitle }: { items: readonly Breadcrumb[]; currentTitle: string }) {
  const crumbs: Breadcrumb[] = items.length > 0 ? [...items] : [{ label: currentTitle }];
  return (
    <nav aria-label="Breadcrumbs" className={styles.breadcrumbs} data-noprint="">
      <ol className={styles.list}>
        <li className={styles.item}>
          {/* Its house icon is drawn in CSS, so the first load carries no icon markup. */}
          <Link to="/" className={`${styles.link} ${styles.home}`} aria-label="Home page" />
        </li>
        {crumbs.map((crumb, i) => {
          const isLast = i === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${i}`} className={styles.item}>
              {crumb.href && !isLast ? (
                <Link to={crumb.href} className={styles.link}>
                  {crumb.label}
                </Link>
              ) : (
                <span className={styles.current} aria-current={isLast ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
