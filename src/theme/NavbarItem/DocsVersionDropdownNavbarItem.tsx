import { Link } from 'gatsby';
import type { DocsVersionDropdownNavbarItem as Item } from '../../config/types';
import { useDocInVersions, versionMenuEntries } from '../../theme-common/doc-in-versions';
import { useDocsPreferredVersion, useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import { useDocsVersions } from '../../theme-common/docs-version';
import DisclosureMenu, { closeMenuOf } from './DisclosureMenu';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

/** What a version's entry says when it lacks the page being read (choosing it opens that version's first page). */
export const MISSING_PAGE_NOTE = 'No such page there: opens its first page';

/**
 * The docs version item: the shown version (the one being read, else the preferred, else the last), as a menu of every
 * version drawn with the page, the latest first and marked. On a doc page each entry opens the same page in its
 * version, or says that version lacks it; choosing one stores it as the preferred version. With one version, a link to
 * its main doc.
 */
export default function DocsVersionDropdownNavbarItem({ item }: { item: Item }) {
  const versions = useDocsVersions();
  const shown = useDocsVersionCandidate();
  const docInVersions = useDocInVersions();
  const { savePreferredVersionName } = useDocsPreferredVersion();
  const label = (
    <>
      <span className="visually-hidden">Docs version: </span>
      {shown.label}
    </>
  );
  if (versions.length < 2) {
    return (
      <NavLink className={styles.link} to={shown.mainDocPath}>
        {label}
      </NavLink>
    );
  }
  return (
    <DisclosureMenu label={label} alignEnd={item.position === 'right'}>
      {versionMenuEntries(versions, shown.name, docInVersions).map((entry) => (
        <li key={entry.name}>
          <Link
            className={`${styles.menuLink} ${entry.current ? styles.active : ''}`}
            to={entry.to}
            aria-current={entry.current ? 'true' : undefined}
            onClick={(e) => {
              savePreferredVersionName(entry.name);
              closeMenuOf(e.currentTarget);
            }}
          >
            {entry.latest ? `${entry.label} (latest)` : entry.label}
            {entry.missing ? <span className={styles.menuLinkNote}> {MISSING_PAGE_NOTE}</span> : null}
          </Link>
        </li>
      ))}
    </DisclosureMenu>
  );
}
