/**
 * The DocSearch modal over the site's search client (local index or hosted service). Loaded on demand by
 * ./load.ts, so none of this code is part of the first load. Its parts: the hits (./Hit.tsx), the client that
 * tracks failures (./tracked-client.ts, ./ErrorScreen.tsx) and the repairs of DocSearch's markup
 * (./docsearch-3.9-repairs.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal } from '@docsearch/react';
import { Link } from 'gatsby';
import { getSearchClient } from '../../search/client';
import { contextualFacetFilters, isHostedSearch, searchPageUrl } from '../../search/config';
import { HITS_PER_PAGE, SEARCH_PLACEHOLDER } from '../../contract/constants';
import { siteConfig } from '../../theme-common/site-config';
import { createSearchTracker } from '../../theme-common/search-tracking';
import { sendEvent } from '../../theme-common/events';
import { repairDocSearch } from './docsearch-3.9-repairs';
import { ErrorScreen } from './ErrorScreen';
import { HIT_ACTION_TITLES } from './hit-actions';
import { Hit, HitChosenContext, hitNavigator } from './Hit';
import { pageItems } from './page-items';
import { repairStoredSearches } from './stored-searches';
import { answeringClient, useTrackedSearchClient } from './tracked-client';

export interface SearchModalProps {
  initialQuery?: string;
  onClose: () => void;
}

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

/** Drops the stored searches DocSearch would crash on (./stored-searches.ts). */
function repairStorage(indexName: string): void {
  try {
    repairStoredSearches(indexName, window.localStorage, window.location.origin);
  } catch {
    // localStorage itself is blocked: nothing stored to repair.
  }
}

export default function SearchModal({ initialQuery, onClose }: SearchModalProps) {
  const { search } = siteConfig;
  // The element DocSearch renders into: the repairs and the error screen look no further.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useEffect(() => (root ? repairDocSearch(root) : undefined), [root]);

  // DocSearch reads the stored searches as it first renders, so it mounts once they are repaired (before paint).
  const [storageRepaired, setStorageRepaired] = useState(false);
  useLayoutEffect(() => {
    repairStorage(search.indexName);
    setStorageRepaired(true);
  }, [search.indexName]);

  // Searches that found nothing and the hits chosen, for the site's analytics; a pending query counts on close.
  const tracker = useMemo(
    () =>
      createSearchTracker({
        source: 'modal',
        send: sendEvent,
        pagePath: () => `${window.location.pathname}${window.location.search}`,
      }),
    [],
  );
  useEffect(() => () => tracker.flush(), [tracker]);
  const answering = useMemo(() => answeringClient(getSearchClient(siteConfig), tracker.answered), [tracker]);
  const navigator = useMemo(
    () => ({
      navigate: (args: { itemUrl: string }) => {
        tracker.chose(args.itemUrl);
        hitNavigator.navigate(args);
      },
      navigateNewTab: (args: { itemUrl: string }) => {
        tracker.chose(args.itemUrl);
        hitNavigator.navigateNewTab(args);
      },
      navigateNewWindow: (args: { itemUrl: string }) => {
        tracker.chose(args.itemUrl);
        hitNavigator.navigateNewWindow(args);
      },
    }),
    [tracker],
  );

  const { client, failed, retrying, attempt, retry } = useTrackedSearchClient(answering, initialQuery);
  const onRetry = useCallback(() => retry(root?.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? ''), [retry, root]);

  const hosted = isHostedSearch(search);
  const searchParameters = useMemo(() => {
    const facetFilters = contextualFacetFilters(siteConfig);
    return {
      distinct: MODAL_SECTIONS_PER_PAGE,
      hitsPerPage: MODAL_PAGES,
      ...(facetFilters ? { facetFilters: facetFilters as string[] } : {}),
    };
  }, []);

  // Stable, so DocSearch keeps one client for the life of the modal.
  const transformSearchClient = useCallback(
    () => client as unknown as ReturnType<NonNullable<DocSearchProps['transformSearchClient']>>,
    [client],
  );

  const ResultsFooter = useCallback(
    ({ state }: FooterProps) => (
      <Link to={searchPageUrl(siteConfig, state.query)} onClick={onClose}>
        {seeAllLabel(Number(state.context.nbHits ?? 0))}
      </Link>
    ),
    [onClose],
  );

  const getMissingResultsUrl = useCallback(
    ({ query }: { query: string }) => (search.missingResultsUrl ? missingResultsUrl(search.missingResultsUrl, query) : ''),
    [search.missingResultsUrl],
  );

  return createPortal(
    // The footer credits the hosted service only when it is the one answering; while the last search failed, the
    // error screen replaces DocSearch's result screens (see docsearch-theme.css).
    <div ref={setRoot} data-search-backend={hosted ? 'hosted' : 'local'} data-search-failed={failed ? '' : undefined}>
      <HitChosenContext.Provider value={tracker.chose}>
        {storageRepaired ? (
          <DocSearchModal
            // The local client ignores credentials; DocSearch only needs non-empty strings to build its own.
            appId={search.appId ?? 'local'}
            apiKey={search.apiKey ?? 'local'}
            indexName={search.indexName}
            placeholder={SEARCH_PLACEHOLDER}
            key={attempt.key}
            initialQuery={attempt.query}
            initialScrollY={window.scrollY}
            onClose={onClose}
            searchParameters={searchParameters}
            transformSearchClient={transformSearchClient}
            // Module-level, so stable: a new function would start DocSearch's autocomplete afresh, dropping what was typed.
            transformItems={pageItems}
            navigator={navigator}
            hitComponent={Hit}
            resultsFooterComponent={ResultsFooter}
            getMissingResultsUrl={search.missingResultsUrl ? getMissingResultsUrl : undefined}
            insights={hosted && search.insights === true}
            translations={{ modal: { startScreen: HIT_ACTION_TITLES } }}
          />
        ) : null}
      </HitChosenContext.Provider>
      {failed && root ? <ErrorScreen root={root} retrying={retrying} onRetry={onRetry} /> : null}
    </div>,
    document.body,
  );
}
