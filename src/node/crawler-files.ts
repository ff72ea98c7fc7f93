/**
 * What the site tells crawlers: robots.txt, and which pages its sitemap lists. Only pages a search engine should rank
 * are listed: not the search page (noindex), not the not-found page, and no page of a docs version other than the
 * last (each points search engines at the same page in the last version, or asks not to be indexed).
 */
import type { SiteConfig } from '../config/types';
import { versionOfRoute } from '../contract/docs-versions';
import { absoluteUrl } from '../theme-common/route-utils';

/** Where gatsby-plugin-sitemap writes its index, and the conventional address crawlers also probe. */
export const SITEMAP_INDEX_FILE = 'sitemap-index.xml';
export const SITEMAP_FILE = 'sitemap.xml';

/** robots.txt: everything may be crawled; the sitemap index written by gatsby-plugin-sitemap is announced. */
export function buildRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(siteUrl, `/${SITEMAP_INDEX_FILE}`)}`, ''].join('\n');
}

const NOT_FOUND_PAGE = /^\/(?:404|dev-404-page)(?:\.html|\/)?$/;

/**
 * Whether the sitemap lists a page: every page but the search page, the not-found pages and the pages of docs versions
 * other than the last one.
 */
export function isSitemapPage(
  route: string,
  versions: ReadonlyArray<{ path: string; isLast: boolean }>,
  config: { search: Pick<SiteConfig['search'], 'searchPagePath'> },
): boolean {
  const clean = route.replace(/\/+$/, '') || '/';
  if (NOT_FOUND_PAGE.test(clean)) return false;
  if (clean === `/${config.search.searchPagePath.replace(/^\/+|\/+$/g, '')}`) return false;
  const version = versionOfRoute(clean, versions);
  return version === null || version.isLast;
}
