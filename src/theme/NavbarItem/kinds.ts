import type { NavbarItemType } from '../../config/types';

/** Navbar item kinds that have a component in ./index.tsx. The build rejects configured kinds not listed here. */
export const registeredNavbarItemKinds: readonly NavbarItemType[] = [
  'default',
  'doc',
  'docSidebar',
  'html',
  'docsVersion',
  'search',
  'dropdown',
  'localeDropdown',
  'docsVersionDropdown',
];
