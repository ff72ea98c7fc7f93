/** Search settings derived from site.config.ts, shared by the build and the browser. */
import type { SiteConfig } from '../config/types';
import type { FacetFilters } from './types';

export { isHostedSearch } from './hosted-mode';

/** The docs tag every record carries; contextual search filters on it (one docs plugin, current version). */
export const SEARCH_DOCS_TAG = 'docs-default-current';
export const SEARCH_TAG_FACET = 'docusaurus_tag';

/** Contextual search: the current language and this docs version. */
export function contextualFacetFilters(config: Pick<SiteConfig, 'i18n' | 'search'>): FacetFilters | undefined {
  if (!config.search.contextualSearch) return undefined;
  return [`language:${config.i18n.defaultLocale}`, [`${SEARCH_TAG_FACET}:default`, `${SEARCH_TAG_FACET}:${SEARCH_DOCS_TAG}`]];
}

/** `/search` path with the query, e.g. `/search?q=atom%20effects`. */
export function searchPageUrl(config: Pick<SiteConfig, 'search'>, query: string): string {
  const path = `/${config.search.searchPagePath.replace(/^\/+|\/+$/g, '')}`;
  return query ? `${path}?q=${encodeURIComponent(query)}` : path;
}

/** Turns a hit URL from the hosted index (absolute, maybe another host of the site) into a site path. */
export function relativeHitUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}
