import type { ComponentType } from 'react';
import type { NavbarItem as NavbarItemConfig, NavbarItemType } from '../../config/types';
import DefaultNavbarItem from './DefaultNavbarItem';
import DocNavbarItem from './DocNavbarItem';
import DocSidebarNavbarItem from './DocSidebarNavbarItem';
import DocsVersionNavbarItem from './DocsVersionNavbarItem';
import HtmlNavbarItem from './HtmlNavbarItem';
import { registeredNavbarItemKinds } from './kinds';

type ItemOf<K extends NavbarItemType> = Extract<NavbarItemConfig, { type: K }>;
type Registry = { [K in NavbarItemType]?: ComponentType<{ item: ItemOf<K> }> };

const registry: Registry = {
  default: DefaultNavbarItem,
  doc: DocNavbarItem,
  docSidebar: DocSidebarNavbarItem,
  html: HtmlNavbarItem,
  docsVersion: DocsVersionNavbarItem,
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
