/**
 * The searches behind /search: the first results page for each query, the next one on demand, and a Retry after a
 * failure. The search client (and with it the engine and the index, or the hosted service's client) loads after the
 * page renders, so the page itself stays light.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteSearchClient } from '../../search/client';
import { contextualFacetFilters, relativeHitUrl } from '../../search/config';
import type { SearchHit } from '../../search/types';
import type { SearchVersion } from '../../search/versions';
import { SEARCH_PAGE_SNIPPET_WORDS } from '../../contract/constants';
import type { useSiteConfig } from '../../theme-common/site-config';
import type { SearchTracker } from '../../theme-common/search-tracking';
import { PAGES_PER_LOAD, SECTIONS_PER_PAGE } from './results';

const loadClient = () => import('../../search/client').then((m) => m.getSearchClient);

export interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

export type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

export interface SearchResults {
  /** What the last successful search answered (more pages appended), or null before any or for an empty query. */
  results: Results | null;
  status: SearchStatus;
  /** Whether a Retry is waiting for its search's answer. */
  retrying: boolean;
  /** Searches again, loading anew what failed; resolves to whether it succeeded (false while a Retry runs already). */
  retry: () => Promise<boolean>;
  /** Whether more pages of results can be loaded, and the call that loads the next one. */
  hasMore: boolean;
  loadMore: () => void;
}

/** The searches of `version`'s docs (none until it is known, after the page mounts). */
export function useSearchResults(
  config: ReturnType<typeof useSiteConfig>,
  version: Pick<SearchVersion, 'name' | 'isLast'> | null,
  query: string,
  tracker: SearchTracker,
): SearchResults {
  const [results, setResults] = useState<Results | null>(null);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [retrying, setRetrying] = useState(false);
  const clientRef = useRef<SiteSearchClient | null>(null);
  const requestRef = useRef(0);
  const versionName = version?.name ?? null;
  const versionIsLast = version?.isLast ?? false;

  // Resolves to whether the search succeeded; never rejects (a failure shows the error and its Retry).
  const run = useCallback(
    async (q: string, page: number): Promise<boolean> => {
      const id = ++requestRef.current;
      if (versionName === null) return true;
      if (q.trim() === '') {
        tracker.answered('', [], 0);
        setResults(null);
        setStatus('idle');
        return true;
      }
      setStatus('loading');
      try {
        clientRef.current ??= (await loadClient())(config, { name: versionName, isLast: versionIsLast });
        const facetFilters = contextualFacetFilters(config, versionName);
        const { results: [response] = [] } = await clientRef.current.search({
          requests: [
            {
              indexName: config.search.indexName,
              query: q,
              page,
              hitsPerPage: PAGES_PER_LOAD,
              distinct: SECTIONS_PER_PAGE,
              ...(facetFilters ? { facetFilters } : {}),
              attributesToSnippet: [`content:${SEARCH_PAGE_SNIPPET_WORDS}`],
              snippetEllipsisText: '…',
              highlightPreTag: '<mark>',
              highlightPostTag: '</mark>',
            },
          ],
        });
        if (id !== requestRef.current || !response) return true;
        if (page === 0) tracker.answered(q, response.hits.map((hit) => relativeHitUrl(hit.url ?? '')), response.nbHits);
        setResults((previous) => ({
          query: q,
          hits: page > 0 && previous?.query === q ? [...previous.hits, ...response.hits] : response.hits,
          nbHits: response.nbHits,
          page: response.page,
          nbPages: response.nbPages,
        }));
        setStatus('done');
        return true;
      } catch {
        if (id === requestRef.current) setStatus('error');
        return false;
      }
    },
    [config, tracker, versionName, versionIsLast],
  );

  // Another version searched: its own client (and index).
  useEffect(() => {
    clientRef.current = null;
  }, [versionName]);

  useEffect(() => {
    void run(query, 0);
  }, [query, run]);

  // The notice stays, saying it is retrying, until the search answers.
  const retryingRef = useRef(false);
  const retry = useCallback(async () => {
    if (retryingRef.current) return false;
    retryingRef.current = true;
    setRetrying(true);
    const succeeded = await run(query, 0);
    retryingRef.current = false;
    setRetrying(false);
    return succeeded;
  }, [query, run]);

  const hasMore = status === 'done' && results !== null && results.page + 1 < results.nbPages;
  const loadMore = useCallback(() => {
    if (hasMore && results) void run(results.query, results.page + 1);
  }, [hasMore, results, run]);

  return { results, status, retrying, retry, hasMore, loadMore };
}
