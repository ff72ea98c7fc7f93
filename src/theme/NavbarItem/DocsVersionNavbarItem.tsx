import type { DocsVersionNavbarItem as Item } from '../../config/types';
import { useDocsPreferredVersion } from '../../theme-common/docs-preferred-version';
import { findDoc, useDocsVersion } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** Links to the main doc of the preferred docs version (else the only one), labelled with its label ("Next"). */
export default function DocsVersionNavbarItem({ item }: { item: Item }) {
  const current = useDocsVersion();
  const version = useDocsPreferredVersion().preferredVersion ?? current;
  const mainDoc = findDoc(version, version.mainDocId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={mainDoc.path}>
      {item.label ?? version.label}
    </NavLink>
  );
}
