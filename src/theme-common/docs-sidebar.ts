import { useMemo } from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import type { SidebarItem } from '../contract/navigation';
import type { SidebarRow } from '../contract/sidebar-rows';
import { findSidebar } from './docs-version';
import { fromSidebarRows } from '../contract/sidebar-rows';

export interface DocsSidebarData {
  /** The version's label ("Next") and whether its docs show breadcrumbs. */
  label: string;
  breadcrumbs: boolean;
  /** The sidebar's items, or none for a doc no sidebar lists. */
  items: SidebarItem[];
}

/** Which version a doc page is in, and an older version's sidebar rows from the page's own data. */
export interface DocPageVersion {
  versionName: string;
  /** Null in the last version, whose sidebar the static query holds. */
  versionSidebar: ReadonlyArray<SidebarRow> | null;
}

/**
 * A sidebar row as every sidebar query asks for it: this hook's static query, and an older doc's own rows (templates/doc.tsx).
 * Queries use the fragment by its GraphQL name, which the unused-code check cannot follow.
 * @public
 */
export const sidebarRowFields = graphql`
  fragment StanSidebarRowFields on StanSidebarRow {
    type
    label
    href
    depth
    docId
    unlisted
    collapsed
    collapsible
  }
`;

/**
 * The docs pages' shared data: the version's label and the sidebar. The last version's sidebar comes from one static
 * query loaded once per visit and shared by its doc pages; an older version's doc carries its own sidebar's rows.
 */
export function useDocsSidebar(sidebarId: string | null, page?: DocPageVersion): DocsSidebarData {
  // Older versions' sidebars stay out of this static query (every docs page loads it: 4,293 B today, +3,229 B for
  // 1.0.0-rc14's rows); a 1.0 page carries its own 3,229 B in its page data instead, and no current page grows.
  const data = useStaticQuery<Queries.DocsSidebarQuery>(graphql`
    query DocsSidebar {
      docsVersions {
        name
        label
      }
      docsVersion {
        name
        label
        breadcrumbs
        sidebars {
          id
          items {
            ...StanSidebarRowFields
          }
        }
      }
    }
  `);
  const version = data.docsVersion;
  // versionSidebar is null in the last version: its sidebar comes from this query.
  const rows = sidebarId === null ? null : (page?.versionSidebar ?? findSidebar(version, sidebarId).items);
  const items = useMemo(() => (rows ? fromSidebarRows(rows as SidebarRow[]) : []), [rows]);
  const { label } = data.docsVersions.find((v) => v.name === page?.versionName) ?? version;
  return { label, breadcrumbs: version.breadcrumbs, items };
}
