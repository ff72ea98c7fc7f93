/**
 * The rules of docs versions, written once for the build, the browser and the `npm run docs:version` cut: which
 * version is the last one, the order versions are listed in, their routes, the version a docs file or a route belongs
 * to, and their default labels and banners. The current docs (`content/docs`, version "current") and each older
 * version (`content/versioned_docs/version-<name>/`, its name the exact package release it documents, installed
 * beside the current one as the npm alias `stan-<name>`) are values of one shape; src/config/docs-versions.ts reads
 * them from disk once.
 */

import { CURRENT_VERSION_NAME } from './docs-versions-layout.mjs';

// The folders, the package and the doc ids are plain JavaScript, shared with the `npm run docs:version` script.
export {
  aliasInstallCommand,
  CURRENT_PACKAGE,
  CURRENT_VERSION_NAME,
  qualifiedDocId,
  VERSIONED_DOCS_DIR,
  versionedDocsDir,
  versionedSidebarsFile,
  VERSIONS_FILE,
  versionPackage,
} from './docs-versions-layout.mjs';

export type DocsVersionBanner = 'none' | 'unreleased' | 'unmaintained';

/** The route segment of the current docs when another version is the last one (Docusaurus's `next`). */
export const CURRENT_VERSION_ROUTE = 'next';

/**
 * The version served at the docs path: the config's `docs.lastVersion`, else the current docs (they describe the
 * installed, published release).
 */
export const lastVersionName = (configured: string | undefined): string => configured ?? CURRENT_VERSION_NAME;

/** Every version's name in the order the site lists them: newest first, the current docs, then content/versions.json's order. */
export const versionNamesNewestFirst = (olderNames: readonly string[]): string[] => [CURRENT_VERSION_NAME, ...olderNames];

/**
 * A version's base route: the docs path for the last version, `<docs path>/next` for the current docs when they are
 * not the last, `<docs path>/<name>` for any other.
 */
export function versionRoute(docsPath: string, name: string, isLast: boolean): string {
  const base = `/${docsPath.replace(/^\/+|\/+$/g, '')}`;
  if (isLast) return base;
  return `${base}/${name === CURRENT_VERSION_NAME ? CURRENT_VERSION_ROUTE : name}`;
}

/**
 * The banner a version shows unless the config names one: none on the last version, "unreleased" on versions newer
 * than it (the current docs first), "unmaintained" on older ones. `newestFirst` is every name, current docs first.
 */
export function defaultVersionBanner(name: string, newestFirst: readonly string[], lastName: string): DocsVersionBanner {
  if (name === lastName) return 'none';
  return newestFirst.indexOf(name) < newestFirst.indexOf(lastName) ? 'unreleased' : 'unmaintained';
}


/** The last version of a list (the one marked last, else the first listed, the newest). */
export function lastVersionOf<V extends { isLast: boolean }>(versions: readonly V[]): V {
  const last = versions.find((v) => v.isLast) ?? versions[0];
  if (!last) throw new Error('No docs version is known: the build lists at least the current docs.');
  return last;
}

/** A docs path as the site names it: from the site root, "/" separators, no leading `./`. */
const sitePath = (file: string) => file.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');

/**
 * The version a docs file belongs to: the one whose content folder holds it (the deepest, when one folder holds
 * another), or null for a file outside every version. Paths are from the site root.
 */
export function versionOfContentFile<V extends { contentDir: string }>(file: string, versions: readonly V[]): V | null {
  const clean = sitePath(file);
  let best: V | null = null;
  for (const version of versions) {
    const dir = sitePath(version.contentDir);
    if (clean.startsWith(`${dir}/`) && (!best || dir.length > sitePath(best.contentDir).length)) best = version;
  }
  return best;
}

/** The fields of a version every page may read (the `docsVersions` query): small, whatever the number of docs. */
export interface DocsVersionSummaryFields {
  name: string;
  label: string;
  /** The package release the version documents (`1.2.0-rc4`, `1.0.0-rc14`). */
  release: string;
  path: string;
  isLast: boolean;
  banner: DocsVersionBanner;
  badge: boolean;
  mainDocPath: string;
}

/** A version as the browser's search and routes need it (the build defines the list, src/contract/build-defines.ts). */
export type DocsVersionRoute = Pick<DocsVersionSummaryFields, 'name' | 'label' | 'release' | 'path' | 'isLast'>;

/**
 * The version whose docs a route belongs to: the one with the longest base route that prefixes it (so
 * `/docs/1.0.0-rc14/api/atom` is 1.0.0-rc14's, `/docs/api/atom` the last version's); null outside the docs.
 */
export function versionOfRoute<V extends { path: string }>(pathname: string, versions: readonly V[]): V | null {
  const clean = pathname.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  let best: V | null = null;
  for (const version of versions) {
    const base = version.path.replace(/\/+$/, '');
    if ((clean === base || clean.startsWith(`${base}/`)) && (!best || base.length > best.path.replace(/\/+$/, '').length)) {
      best = version;
    }
  }
  return best;
}

/**
 * The file the build writes with every version's doc routes by doc id, for the not-found page to offer the same
 * address in the versions that have it (fetched by that page only, never on a doc page's load).
 */
export const DOCS_VERSIONS_MANIFEST_PATH = '/docs-versions.json';

export interface DocsVersionsManifest {
  versions: ReadonlyArray<{ name: string; mainDocPath: string; docs: Readonly<Record<string, string>> }>;
}
