/** Search settings derived from site.config.ts, shared by the build and the browser. */
import type { SiteConfig } from '../config/types';
import type { FacetFilters } from './types';

export { isHostedSearch } from './hosted-mode';

/** The facet that holds a record's docs tag, the one contextual search filters on. */
export const SEARCH_TAG_FACET = 'docusaurus_tag';

/** The docs tag a version's records carry, as Docusaurus names it (one docs plugin): `docs-default-1.0.0-rc14`. */
export const searchDocsTag = (versionName: string): string => `docs-default-${versionName}`;

/**
 * Contextual search, as DocSearch's is in Docusaurus: the current language, and the records of this docs version
 * (or of no version, tagged `default`). Undefined when the site turns contextual search off.
 */
export function contextualFacetFilters(config: Pick<SiteConfig, 'i18n' | 'search'>, versionName: string): FacetFilters | undefined {
  if (!config.search.contextualSearch) return undefined;
  return [`language:${config.i18n.defaultLocale}`, [`${SEARCH_TAG_FACET}:default`, `${SEARCH_TAG_FACET}:${searchDocsTag(versionName)}`]];
}

/** The search page's parameter naming the docs version it searches (left out: the preferred version, else the last). */
export const SEARCH_VERSION_PARAM = 'version';

/** `/search` path with the query and, when given, the docs version searched: `/search?q=atom&version=1.0.0-rc14`. */
export function searchPageUrl(config: Pick<SiteConfig, 'search'>, query: string, versionName?: string | null): string {
  const path = `/${config.search.searchPagePath.replace(/^\/+|\/+$/g, '')}`;
  const params = [
    ...(query ? [`q=${encodeURIComponent(query)}`] : []),
    ...(versionName ? [`${SEARCH_VERSION_PARAM}=${encodeURIComponent(versionName)}`] : []),
  ];
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}

/** How the modal's footer names the docs version it searches. */
export const searchScopeText = (version: { label: string; isLast: boolean }): string =>
  `Searching the ${version.label} docs${version.isLast ? ' (latest)' : ''}`;

/** The offer, when an older version has nothing for a query, of the same query in the latest docs. */
export const searchLatestText = (last: { label: string }, query: string): string => `Search the latest docs (${last.label}) for “${query}”`;

/** Turns a hit URL from the hosted index (absolute, maybe another host of the site) into a site path. */
export function relativeHitUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}
