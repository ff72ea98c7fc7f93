import type { DocNavbarItem as Item } from '../../config/types';
import { useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import { findDoc, lastVersionOf, useDocsVersions } from '../../theme-common/docs-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** Links to a doc in the version being read, else the preferred one, else the last (the last when that version lacks it). */
export default function DocNavbarItem({ item }: { item: Item }) {
  const candidate = useDocsVersionCandidate();
  const last = lastVersionOf(useDocsVersions());
  const doc = candidate.linkedDocs.find((d) => d.id === item.docId) ?? findDoc(last, item.docId);
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={doc.path}>
      {item.label ?? doc.title}
    </NavLink>
  );
}
