import type { DocSidebarNavbarItem as Item } from '../../config/types';
import { useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import { findSidebar, lastVersionOf, useDocsVersions } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/**
 * Links to the first doc of a sidebar in the version being read, else the preferred one, else the last, and stays
 * highlighted anywhere under the docs root.
 */
export default function DocSidebarNavbarItem({ item }: { item: Item }) {
  const candidate = useDocsVersionCandidate();
  const last = lastVersionOf(useDocsVersions());
  const sidebar = candidate.sidebars.find((s) => s.id === item.sidebarId) ?? findSidebar(last, item.sidebarId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} partiallyActive to={sidebar.firstDocPath}>
      {item.label}
    </NavLink>
  );
}
