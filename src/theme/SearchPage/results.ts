/** What the /search page shows of an answer: the count, the query read from the address, and hits grouped by page. */
import { relativeHitUrl, SEARCH_VERSION_PARAM } from '../../search/config';
import { pageAndSections } from '../../search/page-hits';
import { HIERARCHY_LEVELS, type HierarchyLevel, type SearchHit } from '../../search/types';
import { SEARCH_INPUT_MAX_LENGTH } from '../../contract/constants';

/** Pages of results loaded at a time, and sections shown under each page (the search asks for pages). */
export const PAGES_PER_LOAD = 10;
export const SECTIONS_PER_PAGE = 3;

export function pagesFoundLabel(pages: number): string {
  if (pages === 0) return 'No pages found';
  return pages === 1 ? '1 page found' : `${pages} pages found`;
}

export function queryFromSearch(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').slice(0, SEARCH_INPUT_MAX_LENGTH);
}

/** The docs version the address names (`?version=`), or null. */
export function versionFromSearch(search: string): string | null {
  return new URLSearchParams(search).get(SEARCH_VERSION_PARAM);
}

/** The level a hit is titled by: its own heading, or for body text the deepest heading above it. */
export function titleLevel(hit: SearchHit): Exclude<HierarchyLevel, 'lvl0'> {
  if (hit.type && hit.type !== 'content') return hit.type;
  const deepest = [...HIERARCHY_LEVELS].reverse().find((l) => l !== 'lvl0' && hit.hierarchy?.[l]);
  return (deepest ?? 'lvl1') as Exclude<HierarchyLevel, 'lvl0'>;
}

const levelValue = (hit: SearchHit, level: HierarchyLevel) =>
  hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy?.[level] ?? null;

/** The hit's title, highlighted. */
export function hitTitle(hit: SearchHit): string {
  return levelValue(hit, titleLevel(hit)) ?? '';
}

/** The headings between the page title and the hit's own title (the page and its category head the group). */
export function breadcrumbs(hit: SearchHit): string[] {
  const stop = HIERARCHY_LEVELS.indexOf(titleLevel(hit));
  return HIERARCHY_LEVELS.slice(2, Math.max(2, stop))
    .map((level) => levelValue(hit, level))
    .filter((v): v is string => Boolean(v));
}

export interface PageGroup {
  url: string;
  /** The page title, highlighted. */
  title: string;
  category: string | null;
  /** The page's own summary when the page itself matched, highlighted. */
  summary: string | null;
  /** The matching sections of the page, best first. */
  sections: SearchHit[];
}

/** Hits by page, each page once, in the order the pages first appear; under each, its sections, each place once. */
export function groupByPage(hits: readonly SearchHit[]): PageGroup[] {
  const pages = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const url = relativeHitUrl(hit.url_without_anchor ?? (hit.url ?? '').split('#')[0] ?? '');
    pages.set(url, [...(pages.get(url) ?? []), hit]);
  }
  return [...pages].map(([url, pageHits]) => {
    const { own, sections } = pageAndSections(pageHits);
    const first = own ?? pageHits[0];
    return {
      url,
      title: (first && levelValue(first, 'lvl1')) ?? url,
      category: first ? levelValue(first, 'lvl0') : null,
      summary: own ? (own._snippetResult?.content?.value ?? own.content ?? null) : null,
      sections,
    };
  });
}
