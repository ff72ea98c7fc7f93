/**
 * Docs versions as the build and the browser both name them. The current docs (`content/docs`, version "current",
 * labelled "Next") are served at the docs path; an older version lives in `content/versioned_docs/version-<name>/`,
 * is served at `<docs path>/<name>`, and its name is the exact package release it documents, installed beside the
 * current one as the npm alias `stan-<name>`.
 */

import { CURRENT_VERSION_NAME, VERSIONED_DOCS_DIR } from './docs-versions-layout.mjs';

// The folders, the package and the doc ids are plain JavaScript, shared with the `npm run docs:version` script.
export {
  aliasInstallCommand,
  CURRENT_PACKAGE,
  CURRENT_VERSION_NAME,
  qualifiedDocId,
  VERSIONED_DOCS_DIR,
  VERSIONED_SIDEBARS_DIR,
  versionedDocsDir,
  versionedSidebarsFile,
  VERSIONS_FILE,
  versionPackage,
} from './docs-versions-layout.mjs';

/**
 * The version a docs file belongs to, from its path from the site root: `<name>` under
 * `content/versioned_docs/version-<name>/`, `current` under `content/docs/`, null for any other file.
 */
export function versionOfFile(repoRelativePath: string): string | null {
  const file = repoRelativePath.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (file.startsWith('content/docs/')) return CURRENT_VERSION_NAME;
  const prefix = `${VERSIONED_DOCS_DIR}/version-`;
  if (!file.startsWith(prefix)) return null;
  const rest = file.slice(prefix.length);
  const slash = rest.indexOf('/');
  return slash > 0 ? rest.slice(0, slash) : null;
}

/** A version's base route: the docs path for the last version, `<docs path>/<name>` for any other. */
export function versionRoute(docsPath: string, name: string, isLast: boolean): string {
  const base = `/${docsPath.replace(/^\/+|\/+$/g, '')}`;
  return isLast ? base : `${base}/${name}`;
}

/** The fields of a version every page may read (the `docsVersions` query): small, whatever the number of docs. */
export interface DocsVersionSummaryFields {
  name: string;
  label: string;
  /** The package release the version documents (`1.2.0-rc4`, `1.0.0-rc14`). */
  release: string;
  path: string;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  mainDocPath: string;
}

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
