/**
 * The /search page: an input bound to `?q=` (./use-address-query.ts), "N pages found", each matching page once with
 * its best sections under it (./ResultGroup.tsx), and more pages loaded as the reader scrolls
 * (./use-search-results.ts). Highlights are rendered as React text, never as HTML. Its static HTML (the same for
 * every query) says search needs JavaScript to a browser that runs none, and is a screen tall, so results arriving
 * below the search box never push the footer up into view and back down.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'gatsby';
import {
  SEARCH_ERROR_HELP,
  SEARCH_ERROR_TITLE,
  SEARCH_INPUT_MAX_LENGTH,
  SEARCH_PLACEHOLDER,
} from '../../contract/constants';
import { useSiteConfig } from '../../theme-common/site-config';
import { useSearchTracker } from '../../theme-common/search-tracking';
import { visibleText } from '../../theme-common/visible-text';
import { searchVersionOfPage, type SearchVersion } from '../../search/versions';
import { LOAD_FAILURE_STRINGS } from '../LoadFailure';
import { ResultGroup } from './ResultGroup';
import { groupByPage, pagesFoundLabel, versionFromSearch } from './results';
import { useAddressQuery } from './use-address-query';
import { useLoadWhenNear } from './use-load-when-near';
import { useSearchResults } from './use-search-results';
import * as styles from './styles.module.css';

/** Hides the search box when scripts do not run (inside <noscript>). */
const NO_SCRIPT_STYLE = '[data-search-form]{display:none}';

export default function SearchPage({ locationSearch }: { locationSearch: string }) {
  const config = useSiteConfig();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // Searches that found nothing and the results chosen, for the site's analytics; a pending query counts when the
  // reader leaves the page (a client navigation unmounts it; closing the tab fires pagehide).
  const tracker = useSearchTracker('search_page', { flushOnPageHide: true });
  // The version searched: the one the address names, else the reader's preferred one, else the last; read once
  // mounted, as the page's static HTML is the same for every reader.
  const requestedVersion = versionFromSearch(locationSearch);
  const [version, setVersion] = useState<SearchVersion | null>(null);
  useEffect(() => setVersion(searchVersionOfPage(requestedVersion)), [requestedVersion]);
  const [query, setQuery] = useAddressQuery(locationSearch, config, requestedVersion === version?.name ? requestedVersion : null);
  const { results, status, retrying, retry, hasMore, loadMore } = useSearchResults(config, version, query, tracker);
  useLoadWhenNear(sentinelRef, hasMore, loadMore);

  // The client loads what failed (its code, the worker, the index) anew; then the reader is back in the search box.
  const onRetry = () => void retry().then((succeeded) => succeeded && inputRef.current?.focus());

  const groups = results ? groupByPage(results.hits) : [];
  const trimmed = query.trim();

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{trimmed ? `Search results for “${visibleText(trimmed)}”` : 'Search the documentation'}</h1>
      <noscript>
        {/* Without JavaScript the box could only reload this page: it goes, and the notice says what to do instead. */}
        <style>{NO_SCRIPT_STYLE}</style>
        <p role="note" className={styles.noScript}>
          <strong>Search needs JavaScript</strong>, which is not running in this browser. Turn it on and reload this page, or
          browse <Link to={`/${config.docs.path}`}>the documentation</Link>: its sidebar lists every page.
        </p>
      </noscript>
      <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()} data-search-form="">
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
      {/* Its line is kept (empty) until the version is known, so nothing below moves when it is. */}
      <p className={styles.version} data-search-version={version?.name}>
        {version ? `Searching the docs of version ${version.label}` : ''}
      </p>

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
            onClick={onRetry}
          >
            {retrying ? LOAD_FAILURE_STRINGS.retrying : LOAD_FAILURE_STRINGS.retry}
          </button>
        </div>
      ) : null}

      {groups.map((group) => (
        <ResultGroup key={group.url} group={group} onChoose={tracker.chose} />
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
