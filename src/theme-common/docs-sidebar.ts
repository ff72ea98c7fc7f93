import { useMemo } from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import type { SidebarItem } from '../contract/navigation';
import { findSidebar } from './docs-version';
import { fromSidebarRows } from '../contract/sidebar-rows';

export interface DocsSidebarData {
  /** The version's label ("Next") and whether its docs show breadcrumbs. */
  label: string;
  breadcrumbs: boolean;
  /** The sidebar's items, or none for a doc no sidebar lists. */
  items: SidebarItem[];
}

/**
 * The docs pages' shared data: the version's label and the sidebar, from one static query whose result is loaded
 * once per visit and shared by every doc page (a page's own data holds only its navigation and body).
 */
export function useDocsSidebar(sidebarId: string | null): DocsSidebarData {
  const data = useStaticQuery<Queries.DocsSidebarQuery>(graphql`
    query DocsSidebar {
      docsVersion {
        name
        label
        breadcrumbs
        sidebars {
          id
          items {
            type
            label
            href
            depth
            docId
            unlisted
            collapsed
            collapsible
          }
        }
      }
    }
  `);
  const version = data.docsVersion;
  const rows = sidebarId === null ? null : findSidebar(version, sidebarId).items;
  const items = useMemo(() => (rows ? fromSidebarRows(rows) : []), [rows]);
  return { label: version.label, breadcrumbs: version.breadcrumbs, items };
}
