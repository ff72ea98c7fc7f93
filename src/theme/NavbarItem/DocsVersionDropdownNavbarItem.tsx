import { useEffect, useRef } from 'react';
import type { DocsVersionDropdownNavbarItem as Item } from '../../config/types';
import { useDocsVersionCandidate } from '../../theme-common/docs-preferred-version';
import { useDocsVersions } from '../../theme-common/docs-version';
import { latePiece, startLoading, useLatePiece } from '../islands/loader';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

// The menu's code loads when the reader reaches for it (pointer over it, focus on it), never with the page.
const versionMenu = latePiece('The version menu', () => import('./DocsVersionMenu').then((module) => module.default));

/**
 * The docs version item: a link to the shown version's main doc (the one being read, else the preferred, else the
 * last) that becomes the menu of every version once the reader reaches for it; with one version, only the link.
 */
export default function DocsVersionDropdownNavbarItem({ item }: { item: Item }) {
  const versions = useDocsVersions();
  const shown = useDocsVersionCandidate();
  const state = useLatePiece(versionMenu);
  const rootRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const several = versions.length > 1;

  // Focus on the link moves to the menu's button when the menu replaces it.
  useEffect(() => {
    if (state.status !== 'ready') return;
    if (hadFocus.current) rootRef.current?.querySelector('button')?.focus();
    hadFocus.current = false;
  }, [state.status]);

  const intent = () => {
    if (!several) return;
    hadFocus.current = rootRef.current?.contains(document.activeElement) ?? false;
    startLoading(versionMenu);
  };

  if (several && state.status === 'ready') {
    const Menu = state.value;
    return (
      <div ref={rootRef} className={styles.versionItem}>
        <Menu item={item} />
      </div>
    );
  }
  return (
    <div ref={rootRef} className={styles.versionItem} onPointerEnter={intent} onFocus={intent}>
      <NavLink className={styles.link} to={shown.mainDocPath}>
        <span className="visually-hidden">Docs version: </span>
        {shown.label}
      </NavLink>
    </div>
  );
}
