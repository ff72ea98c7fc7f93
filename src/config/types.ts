/**
 * The typed shape of `site.config.ts`, inferred from the zod schemas that validate it at build start (./schema.ts
 * and ./schemas): the schema is the one source, so a field or a navbar item kind is added there and nowhere else.
 */
import type { z } from 'zod';
import type { siteConfigSchema } from './schema';
import type { NavbarItem } from './schemas/navbar';
import type { announcementBarSchema } from './schemas/theme';

export type { SidebarItemConfig } from './schemas/sidebar';
export type { NavbarItem } from './schemas/navbar';

export type SiteConfig = z.infer<typeof siteConfigSchema>;

export type NavbarItemType = NavbarItem['type'];
/** The config of one kind of navbar item. */
export type NavbarItemOf<K extends NavbarItemType> = Extract<NavbarItem, { type: K }>;

export type DefaultNavbarItem = NavbarItemOf<'default'>;
export type DropdownNavbarItem = NavbarItemOf<'dropdown'>;
export type LocaleDropdownNavbarItem = NavbarItemOf<'localeDropdown'>;
export type SearchNavbarItem = NavbarItemOf<'search'>;
export type HtmlNavbarItem = NavbarItemOf<'html'>;
export type DocNavbarItem = NavbarItemOf<'doc'>;
export type DocSidebarNavbarItem = NavbarItemOf<'docSidebar'>;
export type DocsVersionNavbarItem = NavbarItemOf<'docsVersion'>;
export type DocsVersionDropdownNavbarItem = NavbarItemOf<'docsVersionDropdown'>;

export type AnnouncementBarConfig = z.infer<typeof announcementBarSchema>;
