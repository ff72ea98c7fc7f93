import { useEffect, useId, useRef, type CSSProperties, type Ref } from 'react';
import { Link } from 'gatsby';
import type { SidebarItem } from '../../contract/navigation';
import { COLLAPSED_STYLE, useCollapseAnimation } from '../../theme-common/collapsible';
import { useRememberedCollapse } from '../../theme-common/sidebar-memory';
import * as styles from './styles.module.css';

type Category = Extract<SidebarItem, { type: 'category' }>;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** True when the category or anything under it links to the current page. */
export function containsActivePage(item: SidebarItem, activePath: string | undefined): boolean {
  if (activePath === undefined) return false;
  if (samePath(item.href, activePath)) return true;
  return item.type === 'category' && item.items.some((child) => containsActivePage(child, activePath));
}

function SidebarCategory({ item, activePath, level }: { item: Category; activePath?: string; level: number }) {
  const active = containsActivePage(item, activePath);
  // The reader's last choice for this category (kept across client navigation), else the configured state.
  const { collapsed, setCollapsed, toggleCollapsed } = useRememberedCollapse(
    item.href,
    item.collapsible && item.collapsed,
    active,
  );
  // The category holding the current page opens by itself, without changing what the reader chose for it.
  useEffect(() => {
    if (active && collapsed) setCollapsed(false, { remember: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arriving at a page inside it only
  }, [active, setCollapsed]);
  const listRef = useCollapseAnimation<HTMLUListElement>(collapsed);
  const initialStyle = useRef(collapsed ? COLLAPSED_STYLE : undefined).current;
  const listId = useId();
  return (
    <li className={styles.category}>
      <div className={styles.categoryRow}>
        {/* On the path to the current page, not a second "current" next to the page's own entry. */}
        <Link
          className={`${styles.categoryLink} ${active ? styles.onPath : ''}`}
          to={item.href}
          getProps={() => ({ 'aria-current': undefined })}
        >
          {item.label}
        </Link>
        {item.collapsible ? (
          <button
            type="button"
            className={styles.caretButton}
            aria-expanded={!collapsed}
            aria-controls={listId}
            aria-label={`${item.label}: ${collapsed ? 'expand' : 'collapse'} category`}
            onClick={toggleCollapsed}
            data-needs-script=""
          />
        ) : null}
      </div>
      <SidebarItems id={listId} ref={listRef} style={initialStyle} items={item.items} activePath={activePath} level={level + 1} />
    </li>
  );
}

function SidebarItems({
  items,
  level,
  activePath,
  ...list
}: {
  items: readonly SidebarItem[];
  level: number;
  activePath?: string;
  id?: string;
  ref?: Ref<HTMLUListElement>;
  style?: CSSProperties;
}) {
  return (
    <ul className={level === 0 ? styles.menu : styles.submenu} {...list}>
      {items.map((item) =>
        item.type === 'category' ? (
          <SidebarCategory key={`${item.label}-${item.href}`} item={item} activePath={activePath} level={level} />
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

/**
 * The docs sidebar: categories are collapsible (configured expanded, never auto-collapsed). On docs pages the
 * desktop copy hides below 996 px, where the mobile menu shows it (`variant="mobile"`).
 */
export default function DocSidebar({
  items,
  activePath,
  variant = 'desktop',
}: {
  items: readonly SidebarItem[];
  activePath?: string;
  variant?: 'desktop' | 'mobile';
}) {
  const navRef = useRef<HTMLElement>(null);
  // The desktop sidebar scrolls on its own: when the page opens or changes, the current page's entry, if out of its
  // view, is brought to a third of the way down, so a page far down a long list is not out of sight.
  useEffect(() => {
    const nav = navRef.current as HTMLElement;
    const column = nav.parentElement as HTMLElement;
    const entry = nav.querySelector('[aria-current="page"]');
    if (variant !== 'desktop' || !entry) return;
    const box = column.getBoundingClientRect();
    // Until the page scrolls, the column's foot is below the window by the announcement's height.
    const shown = Math.min(box.bottom, innerHeight) - box.top;
    const { top, bottom } = entry.getBoundingClientRect();
    if (top < box.top || bottom > box.top + shown) column.scrollTop += top - box.top - shown / 3;
  }, [activePath, variant]);
  return (
    <nav
      ref={navRef}
      aria-label="Docs sidebar"
      className={`${styles.sidebar} ${variant === 'desktop' ? styles.desktopOnly : ''}`}
      data-docs-sidebar={variant}
    >
      <SidebarItems items={items} activePath={activePath} level={0} />
    </nav>
  );
}
