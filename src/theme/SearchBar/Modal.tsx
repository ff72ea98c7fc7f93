/**
 * The DocSearch modal over the site's search client (local index or hosted service). Loaded on demand by
 * ./load.ts, so none of this code is part of the first load. Its parts: the hits (./Hit.tsx, arranged by
 * ./page-items.ts), the search with its analytics and stored searches (./use-modal-search.ts), the client that tracks
 * failures (./tracked-client.ts, ./ErrorScreen.tsx), DocSearch's settings (./use-docsearch-props.tsx) and the repairs
 * of DocSearch's markup (./docsearch-3.9-repairs.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal } from '@docsearch/react';
import { isHostedSearch } from '../../search/config';
import { searchVersionOfPage, searchVersions } from '../../search/versions';
import { lastVersionOf } from '../../theme-common/docs-version';
import { SEARCH_PLACEHOLDER } from '../../contract/constants';
import { siteConfig } from '../../theme-common/site-config';
import { repairDocSearch } from './docsearch-3.9-repairs';
import { ErrorScreen } from './ErrorScreen';
import { HIT_ACTION_TITLES } from './hit-actions';
import { Hit, HitChosenContext } from './Hit';
import { pageItems } from './page-items';
import { SearchScope } from './SearchScope';
import { useDocSearchProps } from './use-docsearch-props';
import { useModalSearch, useRepairedStoredSearches } from './use-modal-search';

export interface SearchModalProps {
  initialQuery?: string;
  onClose: () => void;
}

export default function SearchModal({ initialQuery, onClose }: SearchModalProps) {
  const { search } = siteConfig;
  // The element DocSearch renders into: the repairs and the error screen look no further.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useEffect(() => (root ? repairDocSearch(root) : undefined), [root]);
  const storageRepaired = useRepairedStoredSearches(search.indexName);
  // The version searched, chosen as the modal opens: the page's, else the preferred one, else the last; the reader
  // can move to the last one when an older version has nothing for the query.
  const [version, setVersion] = useState(() => searchVersionOfPage());
  const [last] = useState(() => lastVersionOf(searchVersions()));
  const { client, failed, retrying, attempt, retry, restart, chose, navigator } = useModalSearch(initialQuery, version);
  const onRetry = useCallback(() => retry(root?.querySelector<HTMLInputElement>('.DocSearch-Input')?.value ?? ''), [retry, root]);
  const searchLatest = useCallback(
    (query: string) => {
      setVersion(last);
      restart(query);
    },
    [last, restart],
  );

  const hosted = isHostedSearch(search);
  const docSearchProps = useDocSearchProps(client, onClose, version);

  return createPortal(
    // The footer credits the hosted service only when it is the one answering; while the last search failed, the
    // error screen replaces DocSearch's result screens (see docsearch-theme.css).
    <div
      ref={setRoot}
      data-search-backend={hosted ? 'hosted' : 'local'}
      data-search-version={version.name}
      data-search-failed={failed ? '' : undefined}
    >
      <HitChosenContext.Provider value={chose}>
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
            {...docSearchProps}
            // Module-level, so stable: a new function would start DocSearch's autocomplete afresh, dropping what was typed.
            transformItems={pageItems}
            navigator={navigator}
            hitComponent={Hit}
            insights={hosted && search.insights === true}
            translations={{ modal: { startScreen: HIT_ACTION_TITLES } }}
          />
        ) : null}
      </HitChosenContext.Provider>
      {failed && root ? <ErrorScreen root={root} retrying={retrying} onRetry={onRetry} /> : null}
      {root ? <SearchScope root={root} version={version} last={last} onSearchLatest={searchLatest} /> : null}
    </div>,
    document.body,
  );
}
