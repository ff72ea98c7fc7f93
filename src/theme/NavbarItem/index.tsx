import { useEffect, type ComponentType } from 'react';
import type { NavbarItem as NavbarItemConfig, NavbarItemOf, NavbarItemType } from '../../config/types';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
// Before the items: the notice's styles come before theirs in every chunk, as they do in the navbar's.
import LoadFailure from '../LoadFailure';
import DefaultNavbarItem from './DefaultNavbarItem';
import DocSidebarNavbarItem from './DocSidebarNavbarItem';
import DocsVersionDropdownNavbarItem from './DocsVersionDropdownNavbarItem';
import SearchNavbarItem from './SearchNavbarItem';

/**
 * A component for every navbar item kind of the config schema, and for nothing else: adding a kind to the schema
 * without its component here (or the other way round) fails to compile.
 */
export type NavbarItemRegistry = { [K in NavbarItemType]: ComponentType<{ item: NavbarItemOf<K> }> };

/** Kinds the site does not configure by default load on demand, so their code costs nothing until used. */
function lazyItem<K extends NavbarItemType>(load: () => Promise<{ default: ComponentType<{ item: NavbarItemOf<K> }> }>) {
  const piece = latePiece('This menu item', () => load().then((module) => module.default));
  return function LazyNavbarItem(props: { item: NavbarItemOf<K> }) {
    const state = useLatePiece(piece);
    useEffect(() => startLoading(piece), []);
    if (state.status === 'ready') return <state.value {...props} />;
    return showsFailure(state) ? <LoadFailure piece={piece} /> : null;
  };
}

const registry: NavbarItemRegistry = {
  default: DefaultNavbarItem,
  doc: lazyItem(() => import('./DocNavbarItem')),
  docSidebar: DocSidebarNavbarItem,
  html: lazyItem(() => import('./HtmlNavbarItem')),
  docsVersion: lazyItem(() => import('./DocsVersionNavbarItem')),
  search: SearchNavbarItem,
  dropdown: lazyItem(() => import('./DropdownNavbarItem')),
  localeDropdown: lazyItem(() => import('./LocaleDropdownNavbarItem')),
  // Drawn with the page (a link to the shown version); its menu loads on the reader's intent.
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
};

/** Renders one configured navbar item with the component registered for its kind. */
export default function NavbarItem({ item }: { item: NavbarItemConfig }) {
  const Component = registry[item.type] as ComponentType<{ item: NavbarItemConfig }> | undefined;
  if (!Component) {
    // Only an unvalidated config gets here (the schema admits no kind without a component): say what is known.
    throw new Error(`Navbar item type "${String(item.type)}" has no component. Known: ${Object.keys(registry).join(', ')}.`);
  }
  return <Component item={item} />;
}

export { registry as navbarItemRegistry };
