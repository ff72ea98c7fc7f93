import { lazy, Suspense, type ComponentType } from 'react';
import type { NavbarItem as NavbarItemConfig, NavbarItemType } from '../../config/types';
import DefaultNavbarItem from './DefaultNavbarItem';
import DocSidebarNavbarItem from './DocSidebarNavbarItem';
import SearchNavbarItem from './SearchNavbarItem';
import { registeredNavbarItemKinds } from './kinds';

type ItemOf<K extends NavbarItemType> = Extract<NavbarItemConfig, { type: K }>;
type Registry = { [K in NavbarItemType]?: ComponentType<{ item: ItemOf<K> }> };

/** Kinds the site does not configure by default load on demand, so their code costs nothing until used. */
function lazyItem<K extends NavbarItemType>(load: () => Promise<{ default: ComponentType<{ item: ItemOf<K> }> }>) {
  const Item = lazy(load);
  return function LazyNavbarItem(props: { item: ItemOf<K> }) {
    return (
      <Suspense fallback={null}>
        <Item {...props} />
      </Suspense>
    );
  };
}

const registry: Registry = {
  default: DefaultNavbarItem,
  doc: lazyItem(() => import('./DocNavbarItem')),
  docSidebar: DocSidebarNavbarItem,
  html: lazyItem(() => import('./HtmlNavbarItem')),
  docsVersion: lazyItem(() => import('./DocsVersionNavbarItem')),
  search: SearchNavbarItem,
  dropdown: lazyItem(() => import('./DropdownNavbarItem')),
  localeDropdown: lazyItem(() => import('./LocaleDropdownNavbarItem')),
  docsVersionDropdown: lazyItem(() => import('./DocsVersionDropdownNavbarItem')),
};

/** Renders one configured navbar item with the component registered for its kind. */
export default function NavbarItem({ item }: { item: NavbarItemConfig }) {
  const Component = registry[item.type] as ComponentType<{ item: NavbarItemConfig }> | undefined;
  if (!Component) {
    // The build rejects unregistered kinds (src/theme/NavbarItem/kinds.ts); this guards stale configs in develop.
    throw new Error(`Navbar item type "${item.type}" has no component. Registered: ${registeredNavbarItemKinds.join(', ')}.`);
  }
  return <Component item={item} />;
}

export { registry as navbarItemRegistry };
