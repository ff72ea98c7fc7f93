/**
 * The props that tell DocSearch how this site searches: the search parameters, the client, the footer's link to
 * /search and the "Let us know" address. Each is stable for the life of the modal, like every prop DocSearch builds
 * its autocomplete from: a new one would start it afresh, dropping what the reader has typed.
 */
import { useCallback, useMemo } from 'react';
import type { DocSearchModal } from '@docsearch/react';
import { Link } from 'gatsby';
import { contextualFacetFilters, searchPageUrl } from '../../search/config';
import type { SearchClientLike } from '../../search/types';
import { HITS_PER_PAGE } from '../../contract/constants';
import { siteConfig } from '../../theme-common/site-config';

type DocSearchProps = Parameters<typeof DocSearchModal>[0];
type FooterProps = Parameters<NonNullable<DocSearchProps['resultsFooterComponent']>>[0];

export function missingResultsUrl(base: string, query: string): string {
  const url = new URL(base);
  url.searchParams.set('title', `Search: no results for "${query}"`);
  url.searchParams.set('body', `Searching the docs for "${query}" returned no results. I expected to find:\n\n`);
  return url.toString();
}

/** The footer's link to the search page; `pages` is how many pages match, which is what that page lists. */
export function seeAllLabel(pages: number): string {
  return pages === 1 ? 'See 1 result' : `See all ${pages} results`;
}

/**
 * The modal asks for the best pages with their best two sections each (distinct), so its 20 hits span 10 pages
 * rather than one page's many sections, and its count is a count of pages, as on the search page.
 */
export const MODAL_SECTIONS_PER_PAGE = 2;
export const MODAL_PAGES = HITS_PER_PAGE / MODAL_SECTIONS_PER_PAGE;

type SiteDocSearchProps = Required<
  Pick<DocSearchProps, 'searchParameters' | 'transformSearchClient' | 'resultsFooterComponent'>
> &
  Pick<DocSearchProps, 'getMissingResultsUrl'>;

/** DocSearch's settings for a search of the docs version `versionName` (its contextual filters name it). */
export function useDocSearchProps(
  client: SearchClientLike,
  onClose: () => void,
  { name: versionName, isLast: versionIsLast }: { name: string; isLast: boolean },
): SiteDocSearchProps {
  const { missingResultsUrl: issuesUrl } = siteConfig.search;
  const searchParameters = useMemo(() => {
    const facetFilters = contextualFacetFilters(siteConfig, versionName);
    return {
      distinct: MODAL_SECTIONS_PER_PAGE,
      hitsPerPage: MODAL_PAGES,
      ...(facetFilters ? { facetFilters: facetFilters as string[] } : {}),
    };
  }, [versionName]);

  // DocSearch keeps one client for the life of the modal.
  const transformSearchClient = useCallback(
    () => client as unknown as ReturnType<NonNullable<DocSearchProps['transformSearchClient']>>,
    [client],
  );

  const resultsFooterComponent = useCallback(
    ({ state }: FooterProps) => (
      // The search page searches the same version (named when it is not the last, which it searches by default).
      <Link to={searchPageUrl(siteConfig, state.query, versionIsLast ? null : versionName)} onClick={onClose}>
        {seeAllLabel(Number(state.context.nbHits ?? 0))}
      </Link>
    ),
    [onClose, versionName, versionIsLast],
  );

  const getMissingResultsUrl = useCallback(
    ({ query }: { query: string }) => (issuesUrl ? missingResultsUrl(issuesUrl, query) : ''),
    [issuesUrl],
  );

  return {
    searchParameters,
    transformSearchClient,
    resultsFooterComponent,
    getMissingResultsUrl: issuesUrl ? getMissingResultsUrl : undefined,
  };
}
