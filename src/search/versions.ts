/**
 * Which docs version a search answers from, and where that version's index is: the version of the page being read,
 * else the reader's preferred version, else the last one. Each version's local index is its own file, so a reader
 * downloads only the one being searched. Loaded with the search client and the search page, never on first load.
 */
import type { BuildDefines } from '../contract/build-defines';
import { STORAGE_KEYS } from '../contract/constants';
import { lastVersionOf, versionOfRoute, type DocsVersionRoute } from '../contract/docs-versions';

/** A docs version as search needs it: its name, its label, its base route and whether it is the last one. */
export type SearchVersion = Pick<DocsVersionRoute, 'name' | 'label' | 'path' | 'isLast'>;

declare const __STAN_DOCS_VERSIONS__: BuildDefines['__STAN_DOCS_VERSIONS__'];

/** The last version's index keeps the site's one name; an older version's is named after it. */
export const SEARCH_INDEX_FILE = 'search-index.json';

/** The file of a version's local index: `search-index.json` for the last version, `search-index-<name>.json` otherwise. */
export function searchIndexFile(version: Pick<SearchVersion, 'name' | 'isLast'>): string {
  return version.isLast ? SEARCH_INDEX_FILE : `search-index-${version.name}.json`;
}

/** The URL of a version's index in a folder (`/` in a build, the dev server's folder in develop). */
export function searchIndexUrl(folder: string, version: Pick<SearchVersion, 'name' | 'isLast'>): string {
  return `${folder.replace(/\/*$/, '/')}${searchIndexFile(version)}`;
}

/**
 * The site's docs versions, newest first, as the build read them (src/config/docs-versions.ts, defined in the
 * bundles by src/node/gatsby/webpack.ts and by jest.setup.ts).
 */
export const searchVersions = (): readonly SearchVersion[] => __STAN_DOCS_VERSIONS__;

/** The docs plugin whose preferred version search follows (the site's only docs instance). */
const PREFERRED_VERSION_KEY = STORAGE_KEYS.docsPreferredVersion('default');

/** The preferred version's name as stored, or null when none is stored or the storage cannot be read. */
export function storedPreferredVersion(storage: () => Pick<Storage, 'getItem'>): string | null {
  try {
    return storage().getItem(PREFERRED_VERSION_KEY);
  } catch {
    // Storage disabled or blocked: no preference.
    return null;
  }
}

/**
 * The version a search answers from: the one whose docs `pathname` is in, else the preferred one (a name no version
 * has is ignored), else the last one.
 */
export function searchVersionFor(pathname: string, versions: readonly SearchVersion[], preferred: string | null): SearchVersion {
  return versionOfRoute(pathname, versions) ?? versions.find((v) => v.name === preferred) ?? lastVersionOf(versions);
}

/**
 * The version the page in this window searches: its route's, else `requested` (the search page's `version`
 * parameter) when a version has that name, else the preferred version stored in localStorage, else the last.
 */
export function searchVersionOfPage(requested: string | null = null): SearchVersion {
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  const versions = searchVersions();
  const preferred = versions.some((v) => v.name === requested) ? requested : storedPreferredVersion(() => window.localStorage);
  return searchVersionFor(pathname, versions, preferred);
}
