/** Sidebar items for tests: a doc or external link and an expanded, collapsible category. */
import type { SidebarItem } from '@src/contract/navigation';

export const link = (label: string, href: string, docId: string | null): SidebarItem => ({
  type: 'link',
  label,
  href,
  docId,
  unlisted: false,
});

export const category = (label: string, href: string, items: SidebarItem[]): SidebarItem => ({
  type: 'category',
  label,
  href,
  linkUnlisted: false,
  collapsed: false,
  collapsible: true,
  items,
});
