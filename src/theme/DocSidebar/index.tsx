import { Link } from 'gatsby';
import type { SidebarItem } from '../../node/types';
import * as styles from './styles.module.css';

function SidebarItems({ items, level }: { items: readonly SidebarItem[]; level: number }) {
  return (
    <ul className={level === 0 ? styles.menu : styles.submenu}>
      {items.map((item) =>
        item.type === 'category' ? (
          <li key={`${item.label}-${item.href}`} className={styles.category}>
            <Link className={styles.categoryLink} activeClassName={styles.active} to={item.href}>
              {item.label}
            </Link>
            <SidebarItems items={item.items} level={level + 1} />
          </li>
        ) : item.unlisted ? null : (
          <li key={`${item.label}-${item.href}`}>
            <Link className={styles.link} activeClassName={styles.active} to={item.href}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/** The docs sidebar: every category expanded (not hideable, not auto-collapsed). */
export default function DocSidebar({ items }: { items: readonly SidebarItem[] }) {
  return (
    <nav aria-label="Docs sidebar" className={styles.sidebar}>
      <SidebarItems items={items} level={0} />
    </nav>
  );
}
