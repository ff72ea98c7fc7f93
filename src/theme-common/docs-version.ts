import { graphql, useStaticQuery } from 'gatsby';
import type { DocsVersionSummaryFields } from '../contract/docs-versions';

// The rule of which version is the last lives in the contract, for the build and the browser alike.
export { lastVersionOf } from '../contract/docs-versions';

export interface DocsVersionSummary extends DocsVersionSummaryFields {
  mainDocId: string;
  /** The docs the navbar links to (the main doc and `doc` items), not every doc: this loads on every page. */
  linkedDocs: ReadonlyArray<{ id: string; path: string; title: string }>;
  sidebars: ReadonlyArray<{ id: string; firstDocPath: string }>;
}

/** Every docs version (routes, labels, releases, the docs the navbar links to), newest first. */
export function useDocsVersions(): readonly DocsVersionSummary[] {
  const data = useStaticQuery<{ docsVersions: readonly DocsVersionSummary[] }>(graphql`
    query DocsVersionsSummary {
      docsVersions {
        name
        label
        release
        path
        isLast
        banner
        badge
        mainDocPath
        mainDocId
        linkedDocs {
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
  return data.docsVersions;
}

/** Finds a doc the navbar links to by id; an unknown id is a descriptive error. */
export function findDoc(version: DocsVersionSummary, docId: string) {
  const doc = version.linkedDocs.find((d) => d.id === docId);
  if (!doc) {
    throw new Error(
      `No doc with id "${docId}" among the docs the navbar links to in docs version "${version.name}" ` +
        `(${version.linkedDocs.map((d) => d.id).join(', ')}). Is it a published doc named by a navbar item in site.config.ts?`,
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
