import type { DocsVersionNavbarItem as Item } from '../../config/types';
import { findDoc, useDocsVersion } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** Links to the main doc of the (single) docs version, labelled with the version label ("Next"). */
export default function DocsVersionNavbarItem({ item }: { item: Item }) {
  const version = useDocsVersion();
  const mainDoc = findDoc(version, version.mainDocId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={mainDoc.path}>
      {item.label ?? version.label}
    </NavLink>
  );
}
