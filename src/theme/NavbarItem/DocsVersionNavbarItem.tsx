import type { DocsVersionNavbarItem as Item } from '../../config/types';
import { useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** Links to the main doc of the version being read, else the preferred one, else the last, labelled with its label. */
export default function DocsVersionNavbarItem({ item }: { item: Item }) {
  const version = useDocsVersionCandidate();
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={version.mainDocPath}>
      {item.label ?? version.label}
    </NavLink>
  );
}
