/**
 * The DocSearch modal over the site's search client (local index or hosted service). Loaded on demand by
 * ./load.ts, so none of this code is part of the first load.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal } from '@docsearch/react';
import { Link, navigate } from 'gatsby';
import { getSearchClient } from '../../search/client';
import { contextualFacetFilters, isHostedSearch, relativeHitUrl, searchPageUrl } from '../../search/config';
import { SEARCH_ERROR_HELP, SEARCH_ERROR_TITLE, SEARCH_PLACEHOLDER } from '../../theme-common/constants';
import { siteConfig } from '../../theme-common/site-config';

export interface SearchModalProps {
  initialQuery?: string;
  onClose: () => void;
}

type DocSearchProps = Parameters<typeof DocSearchModal>[0];
type HitProps = Parameters<NonNullable<DocSearchProps['hitComponent']>>[0];
type FooterProps = Parameters<NonNullable<DocSearchProps['resultsFooterComponent']>>[0];

/** DocSearch's storage keys for an index (spec section 3: recent and favorite searches, keyed by index name). */
export const storedSearchKeys = (indexName: string) => [
  `__DOCSEARCH_RECENT_SEARCHES__${indexName}`,
  `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`,
];

/** DocSearch trusts its stored lists; a corrupt one would crash the modal, so it is dropped first. */
export function dropCorruptStoredSearches(indexName: string, storage: Pick<Storage, 'getItem' | 'removeItem'>): void {
  for (const key of storedSearchKeys(indexName)) {
    try {
      const raw = storage.getItem(key);
      if (raw === null) continue;
      const value: unknown = JSON.parse(raw);
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'object' || item === null || !('objectID' in item))) {
        storage.removeItem(key);
      }
    } catch {
      try {
        storage.removeItem(key);
      } catch {
        // Storage is unavailable: DocSearch then keeps searches in memory only.
      }
    }
  }
}

/** Starts fetching the index (local search) so the first keystroke finds it loaded. */
export function preloadSearch(): void {
  getSearchClient(siteConfig).preload();
}

/** Hit links navigate with Gatsby (no full reload); modified clicks keep the browser's behaviour. */
function Hit({ hit, children }: HitProps) {
  return <Link to={hit.url}>{children as ReactNode}</Link>;
}

export function missingResultsUrl(base: string, query: string): string {
  const url = new URL(base);
  url.searchParams.set('title', `Search: no results for "${query}"`);
  url.searchParams.set('body', `Searching the docs for "${query}" returned no results. I expected to find:\n\n`);
  return url.toString();
}

export function seeAllLabel(nbHits: number): string {
  return nbHits === 1 ? 'See 1 result' : `See all ${nbHits} results`;
}

/**
 * DocSearch sets its "error" status when a search fails, but autocomplete-core resets it to "idle" in the same
 * tick, so its error screen never stays. The modal shows the same screen itself while the last search failed.
 */
function ErrorScreen() {
  const [container, setContainer] = useState<Element | null>(null);
  useEffect(() => {
    const find = () => setContainer(document.querySelector('.DocSearch-Dropdown'));
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    document.body.setAttribute('data-search-failed', '');
    return () => {
      observer.disconnect();
      document.body.removeAttribute('data-search-failed');
    };
  }, []);
  if (!container) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" data-search-error="" role="alert">
      <p className="DocSearch-Title">{SEARCH_ERROR_TITLE}</p>
      <p className="DocSearch-Help">{SEARCH_ERROR_HELP}</p>
    </div>,
    container,
  );
}

/**
 * DocSearch 3.9 marks its backdrop role="button" (wrapping the whole dialog: nested interactive content) and
 * gives the modal no dialog role. Give assistive technology a labelled modal dialog instead; a click on the
 * backdrop still closes it.
 */
// Combobox attributes autocomplete puts on the backdrop; without its role they are not allowed there.
const BACKDROP_ARIA = ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-owns', 'aria-controls', 'aria-labelledby'];

export function applyDialogSemantics(root: ParentNode): () => void {
  const container = root.querySelector('.DocSearch-Container');
  const strip = () => BACKDROP_ARIA.forEach((name) => container?.removeAttribute(name));
  strip();
  const modal = root.querySelector('.DocSearch-Modal');
  modal?.setAttribute('role', 'dialog');
  modal?.setAttribute('aria-modal', 'true');
  modal?.setAttribute('aria-label', SEARCH_PLACEHOLDER);
  // autocomplete re-sets aria-expanded as results come and go.
  if (!container || typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(strip);
  observer.observe(container, { attributes: true, attributeFilter: BACKDROP_ARIA });
  return () => observer.disconnect();
}

export default function SearchModal({ initialQuery, onClose }: SearchModalProps) {
  const { search } = siteConfig;
  useEffect(() => applyDialogSemantics(document), []);
  const [failed, setFailed] = useState(false);
  useState(() => {
    try {
      dropCorruptStoredSearches(search.indexName, window.localStorage);
    } catch {
      // localStorage itself is blocked: nothing stored to repair.
    }
    return null;
  });
  const shared = getSearchClient(siteConfig);
  // Tracks whether the latest search failed (see ErrorScreen); a later success clears it.
  const client = useMemo(() => {
    let latest = 0;
    return {
      search: async (args: Parameters<typeof shared.search>[0]) => {
        const call = ++latest;
        try {
          const result = await shared.search(args);
          if (call === latest) setFailed(false);
          return result;
        } catch (error) {
          if (call === latest) setFailed(true);
          throw error;
        }
      },
    };
  }, [shared]);
  const hosted = isHostedSearch(search);
  const searchParameters = useMemo(() => {
    const facetFilters = contextualFacetFilters(siteConfig);
    return facetFilters ? { facetFilters: facetFilters as string[] } : {};
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
    <>
      <DocSearchModal
        // The local client ignores credentials; DocSearch only needs non-empty strings to build its own.
        appId={search.appId ?? 'local'}
        apiKey={search.apiKey ?? 'local'}
        indexName={search.indexName}
        placeholder={SEARCH_PLACEHOLDER}
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        searchParameters={searchParameters}
        transformSearchClient={transformSearchClient}
        transformItems={(items) => items.map((item) => ({ ...item, url: relativeHitUrl(item.url) }))}
        navigator={{ navigate: ({ itemUrl }) => void navigate(itemUrl) }}
        hitComponent={Hit}
        resultsFooterComponent={ResultsFooter}
        getMissingResultsUrl={search.missingResultsUrl ? getMissingResultsUrl : undefined}
        insights={hosted && search.insights === true}
      />
      {failed ? <ErrorScreen /> : null}
    </>,
    document.body,
  );
}
