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
          <Link to="/" className={styles.link} aria-label="Home page">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </Link>
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
