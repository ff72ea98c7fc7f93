/**
 * One docs version's model: its docs (drafts left out of production builds), their routes under the version's path,
 * its expanded sidebars, the sidebar that lists each doc and the main doc. Pure: the sources and the version's value
 * in, the model and its warnings out.
 */
import type { DocsVersionMetadata } from '../../config/docs-versions';
import type { SidebarItem } from '../../contract/navigation';
import type { DocEntry, DocSource, DocsVersion } from '../types';
import { docRoute } from './doc-ids';
import { DocsModelError } from './errors';
import { expandItems, listedDocIds, type ExpansionContext, type ModelDoc } from './sidebars';

export interface BuildDocsVersionOptions {
  /** Development shows drafts; production builds leave them out. */
  includeDrafts: boolean;
  /** Whether doc pages show breadcrumbs (site config `docs.breadcrumbs`). */
  breadcrumbs: boolean;
}

export interface BuildDocsVersionResult {
  version: DocsVersion;
  warnings: string[];
}

/** A docs version as the model needs it (src/config/docs-versions.ts reads the full value). */
export type ModelVersion = Pick<
  DocsVersionMetadata,
  'name' | 'label' | 'release' | 'packageName' | 'banner' | 'badge' | 'isLast' | 'path' | 'contentDir' | 'sidebars' | 'sidebarsFile'
>;

/** Builds one docs version from its MDX sources: every version goes through this one pipeline. */
export function buildDocsVersion(
  sources: readonly DocSource[],
  spec: ModelVersion,
  options: BuildDocsVersionOptions,
): BuildDocsVersionResult {
  const warnings: string[] = [];
  const { name, contentDir, path } = spec;

  const fileById = new Map<string, string>();
  for (const source of sources) {
    const other = fileById.get(source.id);
    if (other !== undefined) {
      throw new DocsModelError(
        `Two docs have the id "${source.id}": ${other} and ${source.file}. Rename or remove one of them.`,
      );
    }
    fileById.set(source.id, source.file);
  }

  const draftIds = sources.filter((s) => s.draft === true).map((s) => s.id).sort();
  const drafts = new Set(draftIds);
  const published = sources.filter((s) => options.includeDrafts || !drafts.has(s.id));

  const docsById = new Map<string, ModelDoc>();
  const winnerByRoute = new Map<string, ModelDoc>();
  for (const source of published) {
    const doc: ModelDoc = { source, route: docRoute(source, path) };
    docsById.set(source.id, doc);
    const earlier = winnerByRoute.get(doc.route);
    if (earlier) {
      warnings.push(
        `Duplicate route "${doc.route}": ${earlier.source.file} and ${source.file} both resolve to it; the later one wins.`,
      );
    }
    winnerByRoute.set(doc.route, doc);
  }

  const ctx = (sidebarId: string): ExpansionContext => ({
    sidebarId,
    docsById,
    allIds: new Set(fileById.keys()),
    isDraft: (id) => drafts.has(id) && !options.includeDrafts,
    contentDir,
    sidebarsFile: spec.sidebarsFile,
  });
  const sidebars: Record<string, SidebarItem[]> = {};
  for (const [sidebarId, items] of Object.entries(spec.sidebars)) {
    sidebars[sidebarId] = expandItems(items, ctx(sidebarId));
  }

  const idByRoute = new Map([...winnerByRoute].map(([route, doc]) => [route, doc.source.id]));
  const sidebarOf = new Map<string, string>();
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    for (const id of listedDocIds(items, idByRoute)) if (!sidebarOf.has(id)) sidebarOf.set(id, sidebarId);
  }

  // A route shared by two docs keeps only the later doc as a page (see the duplicate-route warning).
  const docs: DocEntry[] = [...winnerByRoute.values()]
    .map(({ source, route }) => ({
      id: source.id,
      path: route,
      title: source.title,
      sidebar: sidebarOf.get(source.id) ?? null,
      file: source.file,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  for (const doc of docs) {
    if (doc.sidebar === null) {
      warnings.push(
        `${doc.file}: doc "${doc.id}" is not listed in any sidebar, so it has no sidebar, breadcrumbs or previous/next links. Add it to sidebars in ${spec.sidebarsFile}.`,
      );
    }
  }

  const mainDocId = idByRoute.get(path) ?? firstSidebarDocId(sidebars, idByRoute) ?? docs[0]?.id;
  if (mainDocId === undefined) {
    throw new DocsModelError(
      `Docs version "${name}" has no docs. Add MDX files under ${contentDir}/ (drafts are left out of production builds).`,
    );
  }

  return {
    version: {
      name,
      label: spec.label,
      release: spec.release,
      packageName: spec.packageName,
      banner: spec.banner,
      badge: spec.badge,
      isLast: spec.isLast,
      path,
      mainDocId,
      mainDocPath: docs.find((d) => d.id === mainDocId)?.path ?? path,
      docs,
      draftIds,
      sidebars,
      breadcrumbs: options.breadcrumbs,
    },
    warnings,
  };
}

function firstSidebarDocId(
  sidebars: Record<string, SidebarItem[]>,
  idByRoute: ReadonlyMap<string, string>,
): string | undefined {
  const first = Object.values(sidebars)[0];
  return first ? listedDocIds(first, idByRoute)[0] : undefined;
}

