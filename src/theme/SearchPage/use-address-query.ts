/**
 * The /search query, kept in the address: read from `?q=` on a direct load and after a client navigation, and written
 * back as the reader types (replaceState, debounced, no history entry), so results can be shared and reloaded.
 */
import { useEffect, useState } from 'react';
import { searchPageUrl } from '../../search/config';
import { SEARCH_PAGE_URL_DEBOUNCE_MS } from '../../contract/constants';
import type { useSiteConfig } from '../../theme-common/site-config';
import { queryFromSearch } from './results';

/** The query in the address; `versionName`, when given, is kept there beside it (the version searched). */
export function useAddressQuery(
  locationSearch: string,
  config: ReturnType<typeof useSiteConfig>,
  versionName: string | null = null,
): [string, (query: string) => void] {
  // Empty on the server and in the first render, as the page's static HTML is the same for every query.
  const [query, setQuery] = useState('');
  const fromAddress = queryFromSearch(locationSearch);
  useEffect(() => setQuery(fromAddress), [fromAddress]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const target = searchPageUrl(config, query.trim(), versionName);
      const { pathname, search } = window.location;
      // Once the reader has left for a result, the address is that page's (a client navigation changes it before
      // this page unmounts): writing the query there would take it back.
      if (pathname !== new URL(target, window.location.origin).pathname) return;
      if (`${pathname}${search}` !== target) window.history.replaceState(window.history.state, '', target);
    }, SEARCH_PAGE_URL_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, config, versionName]);

  return [query, setQuery];
}
