/**
 * The modal's screen for a failed search (see ./tracked-client.ts), shown in DocSearch's dropdown over its result
 * screens, with a Retry.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { SEARCH_ERROR_HELP, SEARCH_ERROR_TITLE } from '../../contract/constants';
import { LOAD_FAILURE_STRINGS } from '../LoadFailure';
import { watchDescendant } from './docsearch-3.9-repairs';

export interface ErrorScreenProps {
  /** The element DocSearch's modal is rendered into. */
  root: Element;
  retrying: boolean;
  onRetry: () => void;
}

export function ErrorScreen({ root, retrying, onRetry }: ErrorScreenProps) {
  const [dropdown, setDropdown] = useState<Element | null>(null);
  // DocSearch's dropdown is replaced when a Retry mounts DocSearch afresh: follow it.
  useEffect(() => watchDescendant(root, '.DocSearch-Dropdown', setDropdown), [root]);
  if (!dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" data-search-error="" role="alert">
      <p className="DocSearch-Title">{SEARCH_ERROR_TITLE}</p>
      <p className="DocSearch-Help">{SEARCH_ERROR_HELP}</p>
      <button
        type="button"
        className="button-primary load-failure__retry"
        data-search-retry=""
        // Not `disabled`: a disabled button would drop the keyboard focus that is on it.
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {retrying ? LOAD_FAILURE_STRINGS.retrying : LOAD_FAILURE_STRINGS.retry}
      </button>
    </div>,
    dropdown,
  );
}
