import type { DocSidebarNavbarItem as Item } from '../../config/types';
import { findSidebar, useDocsVersion } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** Links to the first doc of a sidebar and stays highlighted anywhere under the docs root. */
export default function DocSidebarNavbarItem({ item }: { item: Item }) {
  const version = useDocsVersion();
  const sidebar = findSidebar(version, item.sidebarId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} partiallyActive to={sidebar.firstDocPath}>
      {item.label}
    </NavLink>
  );
}
