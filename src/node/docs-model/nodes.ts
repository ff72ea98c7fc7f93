/**
 * The docs model as Gatsby's nodes hold it (src/node/gatsby/docs.ts publishes them): one version node for what every
 * page shares, one navigation node per doc (so a page's query reads only its own), and the manifest the version
 * dropdown fetches. Pure data, computed once per build.
 */
import type { SiteConfig } from '../../config/types';
import { qualifiedDocId, type DocsVersionsManifest } from '../../contract/docs-versions';
import type { PaginatorLink } from '../../contract/navigation';
import { toSidebarRows, type SidebarRow } from '../../contract/sidebar-rows';
import type { DocEntry, DocsVersion } from '../types';
import { DocsModelError, knownIdsHint } from './errors';
import { getDocNavigation } from './navigation';
import { firstDocRouteOfSidebar } from './sidebars';

/** Docs the navbar links to (the main doc and every `doc` item), so its data does not grow with the site. */
export function linkedDocIds(version: Pick<DocsVersion, 'mainDocId'>, config: Pick<SiteConfig, 'themeConfig'>): string[] {
  const ids = new Set([version.mainDocId]);
  for (const item of config.themeConfig.navbar.items) if (item.type === 'doc') ids.add(item.docId);
  return [...ids];
}

/** The docs version as the `StanDocsVersion` node holds it: sidebars as rows, the navbar's docs apart. */
export interface DocsVersionNodeData extends Omit<DocsVersion, 'sidebars'> {
  sidebars: Array<{ id: string; firstDocPath: string; items: SidebarRow[] }>;
  linkedDocs: Array<Pick<DocEntry, 'id' | 'path' | 'title'>>;
}

/** One doc's breadcrumbs and previous/next as the `StanDocNavigation` node holds them (absent values are null). */
export interface DocNavigationNodeData {
  /** The doc's site-wide id (`qualifiedDocId`): plain in the current docs, `version-<name>/<id>` in an older one. */
  docId: string;
  versionName: string;
  /** The same doc in the last version, else the last version's main doc. */
  lastVersionDocPath: string;
  /**
   * An older version's doc carries its sidebar's rows (null in the last version, whose sidebar the static query
   * holds), so no page loads the sidebars of versions it is not in.
   */
  versionSidebar: SidebarRow[] | null;
  /** The sidebar listing the doc, or null when none does. */
  sidebar: string | null;
  breadcrumbs: Array<{ label: string; href: string | null }>;
  previous: PaginatorLink | null;
  next: PaginatorLink | null;
  /** Where an editor changes the doc's file (site config `docs.editUrl` + its path), or null when not configured. */
  editUrl: string | null;
  /** When the doc's file was last committed (ISO 8601), or null when git cannot vouch for a date. */
  lastUpdated: string | null;
}

/** What the build learns of each doc's file outside its content: where to edit it, when it last changed. */
export interface DocFileFacts {
  /** `docs.editUrl` of the site config: the doc's path from the site root is appended. */
  editUrl?: string | undefined;
  /** The ISO date of the file's last commit, by its path from the site root (`content/docs/intro.mdx`). */
  lastUpdated?: (file: string) => string | null;
}

/** The address of a doc file's editor: the configured prefix, then the file's path from the site root. */
export function docEditUrl(editUrl: string | undefined, file: string): string | null {
  if (!editUrl) return null;
  return `${editUrl}${file.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The data of the docs model's nodes, computed once per build: one version node for what every page shares and
 * one navigation node per doc, so a page's query reads only its own. An unknown doc id in a navbar `doc` item is
 * a descriptive error.
 */
export function docsModelNodeData(
  version: DocsVersion,
  config: Pick<SiteConfig, 'themeConfig'>,
  files: DocFileFacts = {},
  lastVersion: DocsVersion = version,
): { version: DocsVersionNodeData; navigation: DocNavigationNodeData[] } {
  // An older version's navbar links are not shown (the navbar links the active version's pages by route).
  const linkedIds = version.isLast ? linkedDocIds(version, config) : [version.mainDocId];
  const linkedDocs = linkedIds.map((id) => {
    const doc = version.docs.find((d) => d.id === id);
    if (!doc) {
      throw new DocsModelError(
        `A navbar item of type "doc" links to doc "${id}", which does not exist. ${knownIdsHint(version.docs.map((d) => d.id))} ` +
          'Fix docId in themeConfig.navbar.items of site.config.ts.',
      );
    }
    return { id: doc.id, path: doc.path, title: doc.title };
  });
  const sidebars = Object.entries(version.sidebars).map(([id, items]) => ({
    id,
    firstDocPath: firstDocRouteOfSidebar(version, id),
    items: toSidebarRows(items),
  }));
  const lastPathById = new Map(lastVersion.docs.map((d) => [d.id, d.path]));
  return {
    version: { ...version, sidebars, linkedDocs },
    navigation: version.docs.map((doc) => {
      const { breadcrumbs, previous, next } = getDocNavigation(version, doc.id);
      return {
        docId: qualifiedDocId(version.name, doc.id),
        versionName: version.name,
        lastVersionDocPath: lastPathById.get(doc.id) ?? lastVersion.mainDocPath,
        versionSidebar: version.isLast || doc.sidebar === null ? null : (sidebars.find((s) => s.id === doc.sidebar)?.items ?? null),
        sidebar: doc.sidebar,
        breadcrumbs: breadcrumbs.map((c) => ({ label: c.label, href: c.href ?? null })),
        previous,
        next,
        // Per doc: a new date changes this doc's node alone, so only its page is built again.
        editUrl: docEditUrl(files.editUrl, doc.file),
        lastUpdated: files.lastUpdated?.(doc.file) ?? null,
      };
    }),
  };
}

/** The manifest the version dropdown fetches: each version's main doc and its doc routes by plain doc id. */
export function docsVersionsManifest(
  versions: ReadonlyArray<Pick<DocsVersion, 'name' | 'mainDocPath' | 'docs'>>,
): DocsVersionsManifest {
  return {
    versions: versions.map((version) => ({
      name: version.name,
      mainDocPath: version.mainDocPath,
      docs: Object.fromEntries(version.docs.map((doc) => [doc.id, doc.path])),
    })),
  };
}
