/**
 * The navigation the build computes for each doc and the theme renders: sidebar items, breadcrumbs, the previous and
 * next links. Plain data only.
 */
export type SidebarItem =
  | {
      type: 'link';
      label: string;
      href: string;
      /** Set when the link points at a doc of this version. */
      docId: string | null;
      unlisted: boolean;
    }
  | {
      type: 'category';
      label: string;
      href: string;
      linkUnlisted: boolean;
      collapsed: boolean;
      collapsible: boolean;
      items: SidebarItem[];
    };

export interface Breadcrumb {
  label: string;
  /** Absent (or null, as GraphQL gives it) for the current page. */
  href?: string | null;
}

export interface PaginatorLink {
  title: string;
  href: string;
}

export interface DocNavigation {
  breadcrumbs: Breadcrumb[];
  previous: PaginatorLink | null;
  next: PaginatorLink | null;
}
