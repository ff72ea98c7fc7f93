import type { DocNavbarItem as Item } from '../../config/types';
import { findDoc, useDocsVersion } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

export default function DocNavbarItem({ item }: { item: Item }) {
  const doc = findDoc(useDocsVersion(), item.docId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={doc.path}>
      {item.label ?? doc.title}
    </NavLink>
  );
}
