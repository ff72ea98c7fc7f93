/**
 * Where each doc is in every docs version, for its page: the version menu links the same page in each version (and
 * says which versions lack it), and the page tells search engines which page to rank, both from the page's own data.
 */
import type { DocInVersion } from '../contract/doc-in-versions';
import { qualifiedDocId } from '../contract/docs-versions';
import type { DocsVersion } from './types';

/** The doc with plain id `docId` in each version, in the order given: its route there, or null when that version lacks it. */
export function docInVersions(versions: ReadonlyArray<Pick<DocsVersion, 'name' | 'isLast' | 'docs'>>, docId: string): DocInVersion[] {
  return versions.map((version) => ({
    name: version.name,
    isLast: version.isLast,
    path: version.docs.find((doc) => doc.id === docId)?.path ?? null,
  }));
}

/** What a doc page tells search engines: the address to rank for its content, and whether to rank it at all. */
export interface DocIndexing {
  canonicalPath: string;
  noindex: boolean;
}

/**
 * A page of the last version is its own canonical page. A page of any other version points search engines at the same
 * page in the last version when there is one; without one it asks not to be indexed (its links are still followed).
 */
export function docIndexing(route: string, versionName: string, places: readonly DocInVersion[]): DocIndexing {
  const own = places.find((v) => v.name === versionName);
  const last = places.find((v) => v.isLast);
  if (!own || own.isLast || !last) return { canonicalPath: route, noindex: false };
  return last.path !== null ? { canonicalPath: last.path, noindex: false } : { canonicalPath: route, noindex: true };
}

/**
 * Adds each doc's place in every version, and what its page tells search engines, to its navigation data (matched by
 * the doc's site-wide id). A doc changes the data of other pages only when it is added to a version or removed, or
 * moves: an edit of its text changes none.
 */
export function withDocInVersions<N extends { docId: string }>(
  navigation: readonly N[],
  version: Pick<DocsVersion, 'name' | 'docs'>,
  versions: ReadonlyArray<Pick<DocsVersion, 'name' | 'isLast' | 'docs'>>,
): Array<N & DocIndexing & { docInVersions: DocInVersion[] }> {
  const docOf = new Map(version.docs.map((doc) => [qualifiedDocId(version.name, doc.id), doc]));
  return navigation.map((entry) => {
    const doc = docOf.get(entry.docId);
    if (doc === undefined) throw new Error(`Doc "${entry.docId}" is not a doc of docs version "${version.name}".`);
    const places = docInVersions(versions, doc.id);
    return { ...entry, docInVersions: places, ...docIndexing(doc.path, version.name, places) };
  });
}
