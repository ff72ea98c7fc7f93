/**
 * The navbar's search button. It is all that ships on first load: the modal, DocSearch, the engine and the
 * index load on the first hover, focus or touch of the button, or on the first shortcut (./load.ts). Whether the
 * modal is open lives outside the page (theme-common/search-modal.ts), so a shortcut pressed while a client
 * navigation swaps the page still opens it.
 */
import { useRef, type KeyboardEvent } from 'react';
import { SEARCH_BUTTON_LABEL } from '../../contract/constants';
import { useDismiss } from '../../theme-common/dismiss';
import { closeSearch, openSearch, useSearchModal, useSearchModalOwner } from '../../theme-common/search-modal';
import { startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import { searchModal } from './load';
import { useModalLoadState, useModalOpening, useModifierKey } from './use-search-button';
import * as styles from './styles.module.css';

export { isEditing, isOpenShortcut } from '../../theme-common/search-modal';

const preload = () => startLoading(searchModal);

export default function SearchBar() {
  const { open, initialQuery, restoreFocus } = useSearchModal();
  const owner = useSearchModalOwner();
  const modal = useLatePiece(searchModal);
  const modKey = useModifierKey();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useModalOpening(owner, open, restoreFocus, buttonRef);
  const { failed: showFailure, spinner } = useModalLoadState(owner, open, modal);
  // A click elsewhere dismisses the notice, as it would close the modal (Escape closes it through the shortcuts).
  const anchorRef = useRef<HTMLSpanElement>(null);
  useDismiss(anchorRef, showFailure, (reason) => closeSearch({ restoreFocus: reason === 'escape' }));

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // A letter or digit typed on the focused button starts the search with it.
    if (/^[a-z0-9]$/i.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      openSearch(event.key);
    }
  };

  const Modal = owner && open && modal.status === 'ready' ? modal.value : null;
  return (
    <span ref={anchorRef} className={styles.anchor}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        // No aria-label: the name comes from the visible "Search" text (WCAG 2.5.3, label in name).
        aria-keyshortcuts="Control+K Meta+K /"
        aria-busy={spinner || undefined}
        data-search-button=""
        // While open after a failure, the button tries again, as the notice's Retry does.
        onClick={() => (open ? startLoading(searchModal) : openSearch())}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        {spinner ? (
          <span className={styles.spinner} role="status" aria-label="Loading search" />
        ) : (
          <svg className={styles.icon} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              d="M14.4 14.4 18 18M8.8 16a7.2 7.2 0 1 0 0-14.4 7.2 7.2 0 0 0 0 14.4Z"
            />
          </svg>
        )}
        <span className={styles.label}>{SEARCH_BUTTON_LABEL}</span>
        <span className={styles.keys} aria-hidden="true">
          <kbd className={styles.key}>{modKey}</kbd>
          <kbd className={styles.key}>K</kbd>
        </span>
      </button>
      {showFailure ? <LoadFailure piece={searchModal} variant="card" className={styles.failure} /> : null}
      {Modal ? <Modal initialQuery={initialQuery} onClose={closeSearch} /> : null}
    </span>
  );
}
