/**
 * What the modal says about the docs version it searches: a line in DocSearch's footer naming it, and, when a search
 * of an older version finds nothing, an offer to search the latest docs for the same query.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { searchLatestText, searchScopeText } from '../../search/config';
import type { SearchVersion } from '../../search/versions';
import { watchDescendant } from './docsearch-3.9-repairs';

export interface SearchScopeProps {
  /** The element DocSearch's modal is rendered into. */
  root: Element;
  version: SearchVersion;
  last: SearchVersion;
  /** Searches `query` in the last version instead. */
  onSearchLatest: (query: string) => void;
}

export function SearchScope({ root, version, last, onSearchLatest }: SearchScopeProps) {
  const [footer, setFooter] = useState<Element | null>(null);
  const [noResults, setNoResults] = useState<Element | null>(null);
  const [query, setQuery] = useState('');
  // DocSearch replaces its screens as the reader types, and its whole modal on a Retry: follow them.
  useEffect(() => watchDescendant(root, '.DocSearch-Footer', setFooter), [root]);
  useEffect(() => watchDescendant(root, '.DocSearch-NoResults', setNoResults), [root]);
  // The query is read when DocSearch redraws its no-results screen, never from an input listener: a state change
  // inside the input's own event made DocSearch's field drop keystrokes typed quickly.
  useEffect(() => {
    if (!noResults || version.isLast) return undefined;
    const read = () => setQuery(root.querySelector<HTMLInputElement>('.DocSearch-Input')?.value.trim() ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(noResults, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [root, noResults, version.isLast]);

  return (
    <>
      {footer
        ? createPortal(
            <p className="DocSearch-Scope" data-search-scope={version.name}>
              {searchScopeText(version)}
            </p>,
            footer,
          )
        : null}
      {noResults && !version.isLast && query
        ? createPortal(
            <p className="DocSearch-Scope-Latest">
              <button type="button" className="DocSearch-Prefill" data-search-latest="" onClick={() => onSearchLatest(query)}>
                {searchLatestText(last, query)}
              </button>
            </p>,
            noResults,
          )
        : null}
    </>
  );
}
