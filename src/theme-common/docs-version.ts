import { graphql, useStaticQuery } from 'gatsby';

export interface DocsVersionSummary {
  name: string;
  label: string;
  path: string;
  isLast: boolean;
  mainDocId: string;
  docs: ReadonlyArray<{ id: string; path: string; title: string }>;
  sidebars: ReadonlyArray<{ id: string; firstDocPath: string }>;
}

/** The docs version summary (routes and labels), for navbar items and the not-found page. */
export function useDocsVersion(): DocsVersionSummary {
  const data = useStaticQuery<Queries.DocsVersionSummaryQuery>(graphql`
    query DocsVersionSummary {
      docsVersion {
        name
        label
        path
        isLast
        mainDocId
        docs {
          id
          path
          title
        }
        sidebars {
          id
          firstDocPath
        }
      }
    }
  `);
  return data.docsVersion;
}

/** Finds a doc by id; an unknown id is a descriptive error. */
export function findDoc(version: DocsVersionSummary, docId: string) {
  const doc = version.docs.find((d) => d.id === docId);
  if (!doc) {
    throw new Error(
      `No doc with id "${docId}" in docs version "${version.name}". Known ids: ${version.docs.map((d) => d.id).join(', ')}.`,
    );
  }
  return doc;
}

/** Finds a sidebar by id in any query's view of the version; an unknown id is a descriptive error. */
export function findSidebar<S extends { id: string }>(
  version: { name: string; sidebars: ReadonlyArray<S> },
  sidebarId: string,
): S {
  const sidebar = version.sidebars.find((s) => s.id === sidebarId);
  if (!sidebar) {
    throw new Error(
      `No sidebar "${sidebarId}" in docs version "${version.name}". Known sidebars: ${version.sidebars.map((s) => s.id).join(', ')}.`,
    );
  }
  return sidebar;
}
