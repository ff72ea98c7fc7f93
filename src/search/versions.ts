/**
 * Which docs version a search answers from, and where that version's index is: the version of the page being read,
 * else the reader's preferred version, else the last one. Each version's local index is its own file, so a reader
 * downloads only the one being searched. Loaded with the search client and the search page, never on first load.
 */
import type { SiteConfig } from '../config/types';
import { STORAGE_KEYS } from '../contract/constants';
import { versionOfRoute, versionRoute } from '../contract/docs-versions';

/** A docs version as search needs it: its name, its label, its base route and whether it is the last one. */
export interface SearchVersion {
  name: string;
  label: string;
  path: string;
  isLast: boolean;
}

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

/** The site's docs versions as the site config lists them, each with its route. */
export function searchVersions(config: { docs: Pick<SiteConfig['docs'], 'path' | 'lastVersion' | 'versions'> }): SearchVersion[] {
  const { path, lastVersion, versions } = config.docs;
  return Object.entries(versions).map(([name, { label }]) => {
    const isLast = name === lastVersion;
    return { name, label, path: versionRoute(path, name, isLast), isLast };
  });
}

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
  const last = versions.find((v) => v.isLast) ?? versions[versions.length - 1];
  if (!last) throw new Error('The site config lists no docs version (docs.versions in site.config.ts).');
  return versionOfRoute(pathname, versions) ?? versions.find((v) => v.name === preferred) ?? last;
}

/**
 * The version the page in this window searches: its route's, else `requested` (the search page's `version`
 * parameter) when a version has that name, else the preferred version stored in localStorage, else the last.
 */
export function searchVersionOfPage(config: Parameters<typeof searchVersions>[0], requested: string | null = null): SearchVersion {
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  const versions = searchVersions(config);
  const preferred = versions.some((v) => v.name === requested) ? requested : storedPreferredVersion(() => window.localStorage);
  return searchVersionFor(pathname, versions, preferred);
}
