/**
 * The typed shape of `site.config.ts`, inferred from the zod schema in ./schema.ts that validates it at build start:
 * the schema is the one source, so a field or a navbar item kind is added there and nowhere else.
 */
import type { z } from 'zod';
import type { navbarItemSchema, siteConfigSchema } from './schema';

export type { SidebarItemConfig } from './schema';

export type SiteConfig = z.output<typeof siteConfigSchema>;

export type NavbarItem = z.output<typeof navbarItemSchema>;
export type NavbarItemType = NavbarItem['type'];
/** The config of one kind of navbar item. */
export type NavbarItemOf<K extends NavbarItemType> = Extract<NavbarItem, { type: K }>;
export type NavbarPosition = NonNullable<NavbarItem['position']>;

export type DefaultNavbarItem = NavbarItemOf<'default'>;
export type DropdownNavbarItem = NavbarItemOf<'dropdown'>;
export type LocaleDropdownNavbarItem = NavbarItemOf<'localeDropdown'>;
export type SearchNavbarItem = NavbarItemOf<'search'>;
export type HtmlNavbarItem = NavbarItemOf<'html'>;
export type DocNavbarItem = NavbarItemOf<'doc'>;
export type DocSidebarNavbarItem = NavbarItemOf<'docSidebar'>;
export type DocsVersionNavbarItem = NavbarItemOf<'docsVersion'>;
export type DocsVersionDropdownNavbarItem = NavbarItemOf<'docsVersionDropdown'>;

export type FooterColumn = SiteConfig['themeConfig']['footer']['links'][number];
export type FooterLink = FooterColumn['items'][number];
export type AnnouncementBarConfig = NonNullable<SiteConfig['themeConfig']['announcementBar']>;
export type DocsVersionConfig = SiteConfig['docs']['versions'][string];
