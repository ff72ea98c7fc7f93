/**
 * The /search page: an input bound to `?q=` (replaceState while typing), "N pages found", each matching page
 * once with its best sections under it, and more pages loaded as the reader scrolls. Highlights are rendered
 * as React text, never as HTML.
 */
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'gatsby';
import type { SiteSearchClient } from '../../search/client';
import { contextualFacetFilters, relativeHitUrl, searchPageUrl } from '../../search/config';
import { highlightParts } from '../../search/highlight-nodes';
import { arrangePageHits } from '../../search/page-hits';
import { HIERARCHY_LEVELS, type HierarchyLevel, type SearchHit } from '../../search/types';
import {
  SEARCH_ERROR_HELP,
  SEARCH_ERROR_TITLE,
  SEARCH_INPUT_MAX_LENGTH,
  SEARCH_PAGE_SNIPPET_WORDS,
  SEARCH_PAGE_URL_DEBOUNCE_MS,
  SEARCH_PLACEHOLDER,
} from '../../contract/constants';
import { useSiteConfig } from '../../theme-common/site-config';
import { createSearchTracker, type SearchTracker } from '../../theme-common/search-tracking';
import { sendEvent } from '../../theme-common/events';
import { LOAD_FAILURE_STRINGS } from '../LoadFailure';
import * as styles from './styles.module.css';

/** The engine and the index load after the page renders, so the page itself stays light. */
const loadClient = () => import('../../search/client').then((m) => m.getSearchClient);

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

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

function Highlighted({ value }: { value: string | undefined | null }) {
  if (!value) return null;
  return (
    <>
      {highlightParts(value).map((part, i) =>
        part.highlighted ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}

/** The level a hit is titled by: its own heading, or for body text the deepest heading above it. */
function titleLevel(hit: SearchHit): Exclude<HierarchyLevel, 'lvl0'> {
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
    const [first, ...rest] = arrangePageHits(pageHits);
    const own = first?.type === 'lvl1' ? first : null;
    return {
      url,
      title: (first && levelValue(first, 'lvl1')) ?? url,
      category: first ? levelValue(first, 'lvl0') : null,
      summary: own ? (own._snippetResult?.content?.value ?? own.content ?? null) : null,
      sections: own ? rest : arrangePageHits(pageHits),
    };
  });
}

export default function SearchPage({ locationSearch }: { locationSearch: string }) {
  const config = useSiteConfig();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [retrying, setRetrying] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const clientRef = useRef<SiteSearchClient | null>(null);
  const requestRef = useRef(0);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const trackerRef = useRef<SearchTracker | null>(null);

  // Searches that found nothing and the results chosen, for the site's analytics; a pending query counts when the
  // reader leaves the page (a client navigation unmounts it; closing the tab fires pagehide).
  useEffect(() => {
    const tracker = createSearchTracker({
      source: 'search_page',
      send: sendEvent,
      pagePath: () => `${window.location.pathname}${window.location.search}`,
    });
    trackerRef.current = tracker;
    window.addEventListener('pagehide', tracker.flush);
    return () => {
      window.removeEventListener('pagehide', tracker.flush);
      tracker.flush();
      trackerRef.current = null;
    };
  }, []);
  const chose = (url: string) => trackerRef.current?.chose(url);

  // The URL is the source of the query on a direct load and after client navigation.
  const urlQuery = queryFromSearch(locationSearch);
  useEffect(() => setQuery(urlQuery), [urlQuery]);

  // Resolves to whether the search succeeded; never rejects (a failure shows the error and its Retry).
  const run = useCallback(
    async (q: string, page: number): Promise<boolean> => {
      const id = ++requestRef.current;
      if (q.trim() === '') {
        trackerRef.current?.answered('', [], 0);
        setResults(null);
        setStatus('idle');
        return true;
      }
      setStatus('loading');
      try {
        clientRef.current ??= (await loadClient())(config);
        const facetFilters = contextualFacetFilters(config);
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
        if (page === 0) trackerRef.current?.answered(q, response.hits.map((hit) => relativeHitUrl(hit.url ?? '')), response.nbHits);
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
    [config],
  );

  useEffect(() => {
    void run(query, 0);
  }, [query, run]);

  // Typing rewrites the URL (debounced, without a history entry) so the results can be shared and reloaded.
  useEffect(() => {
    if (typeof window === 'undefined') return undefined;
    const timer = window.setTimeout(() => {
      const target = searchPageUrl(config, query.trim());
      if (`${window.location.pathname}${window.location.search}` !== target) {
        window.history.replaceState(window.history.state, '', target);
      }
    }, SEARCH_PAGE_URL_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, config]);

  // Runs the search again: the client loads what failed (its code, the worker, the index) anew. The notice stays,
  // saying so, until the search answers; then the reader is back in the search box.
  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    void run(query, 0).then((succeeded) => {
      setRetrying(false);
      if (succeeded) inputRef.current?.focus();
    });
  };

  const hasMore = status === 'done' && results !== null && results.page + 1 < results.nbPages;
  const loadMore = useCallback(() => {
    if (hasMore && results) void run(results.query, results.page + 1);
  }, [hasMore, results, run]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const groups = results ? groupByPage(results.hits) : [];
  const trimmed = query.trim();

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{trimmed ? `Search results for “${trimmed}”` : 'Search the documentation'}</h1>
      <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          Search the documentation
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          name="q"
          value={query}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_INPUT_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>

      <p className={styles.status} role="status" aria-live="polite">
        {status === 'done' && results ? pagesFoundLabel(results.nbHits) : ''}
        {status === 'loading' && !results && !retrying ? 'Searching…' : ''}
      </p>

      {status === 'error' || retrying ? (
        <div className={styles.error} role="alert">
          <p className={styles.errorTitle}>{SEARCH_ERROR_TITLE}</p>
          <p>{SEARCH_ERROR_HELP}</p>
          <button
            type="button"
            className="button-primary load-failure__retry"
            // Not `disabled`: a disabled button would drop the keyboard focus that is on it.
            aria-disabled={retrying || undefined}
            onClick={retry}
          >
            {retrying ? LOAD_FAILURE_STRINGS.retrying : LOAD_FAILURE_STRINGS.retry}
          </button>
        </div>
      ) : null}

      {groups.map((group) => (
        <section key={group.url} className={styles.group} aria-labelledby={`group-${group.url}`} data-search-page="">
          {group.category ? (
            <p className={styles.category}>
              <Highlighted value={group.category} />
            </p>
          ) : null}
          <h2 id={`group-${group.url}`} className={styles.groupTitle}>
            <Link to={group.url} onClick={() => chose(group.url)}>
              <Highlighted value={group.title} />
            </Link>
          </h2>
          {group.summary ? (
            <p className={styles.summary}>
              <Highlighted value={group.summary} />
            </p>
          ) : null}
          {group.sections.length > 0 ? (
            <ol className={styles.hits}>
              {group.sections.map((hit) => (
                <li key={hit.objectID} className={styles.hit} data-search-hit="">
                  {breadcrumbs(hit).length > 0 ? (
                    <ol className={styles.crumbs} aria-label="Location">
                      {breadcrumbs(hit).map((crumb, i) => (
                        <li key={i}>
                          <Highlighted value={crumb} />
                        </li>
                      ))}
                    </ol>
                  ) : null}
                  {/* Text before the page's first heading: the page title above already links to it. */}
                  {titleLevel(hit) === 'lvl1' ? null : (
                    <Link
                      className={styles.hitLink}
                      to={relativeHitUrl(hit.url ?? group.url)}
                      onClick={() => chose(relativeHitUrl(hit.url ?? group.url))}
                    >
                      <Highlighted value={hitTitle(hit)} />
                    </Link>
                  )}
                  {hit.type === 'content' ? (
                    <p className={styles.snippet}>
                      <Highlighted value={hit._snippetResult?.content?.value ?? hit.content} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}

      {hasMore ? (
        <div ref={sentinelRef} className={styles.more}>
          <button type="button" className={styles.moreButton} onClick={loadMore}>
            Load more results
          </button>
        </div>
      ) : null}
      {status === 'loading' && results ? <p className={styles.status}>Loading more results…</p> : null}
    </div>
  );
}
