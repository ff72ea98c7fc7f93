/**
 * A doc's identity: its id within its version (from its path in the version's folder), its site-wide id and its
 * route. The docs model stamps each MDX file with its version and ids once (`docOfFile`); no later step reads them
 * from a path again.
 */
import path from 'path';
import { qualifiedDocId, versionOfContentFile } from '../../contract/docs-versions';
import type { DocSource } from '../types';

/** `api/atom.mdx` → `api/atom`; Windows separators and a leading `./` are normalised. */
export function docIdFromRelativePath(relativePath: string): string {
  return relativePath
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .replace(/\.mdx?$/i, '');
}

const withoutTrailingSlash = (route: string) => (route.length > 1 ? route.replace(/\/+$/, '') : route);

/** The page route of a doc; `docsPath` is the version path such as `/docs`. Never ends with a slash. */
export function docRoute(source: Pick<DocSource, 'id' | 'slug'>, docsPath: string): string {
  const root = withoutTrailingSlash(docsPath.startsWith('/') ? docsPath : `/${docsPath}`);
  const relative = (source.slug ?? `/${source.id}`).replace(/^\/+/, '');
  const route = relative === '' ? root : `${root === '/' ? '' : root}/${relative}`;
  return withoutTrailingSlash(route.replace(/\/{2,}/g, '/'));
}

/** What a docs file is: the version it belongs to, its id within that version and its id across versions. */
export interface DocIdentity {
  docsVersion: string;
  /** The id within its version (`api/atom`). */
  docId: string;
  /** The id across versions (`version-1.0.0-rc14/api/atom`, `api/atom` in the current docs). */
  qualifiedDocId: string;
}

/**
 * The identity of a docs file (its path from the site root), from the version whose content folder holds it; null
 * for a file outside every version.
 */
export function docOfFile(file: string, versions: ReadonlyArray<{ name: string; contentDir: string }>): DocIdentity | null {
  const clean = file.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  const version = versionOfContentFile(clean, versions);
  if (!version) return null;
  const docId = docIdFromRelativePath(path.posix.relative(version.contentDir.replace(/\\/g, '/'), clean));
  return { docsVersion: version.name, docId, qualifiedDocId: qualifiedDocId(version.name, docId) };
}
