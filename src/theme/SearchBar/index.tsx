/**
 * The navbar's search button. It is all that ships on first load: the modal, DocSearch, the engine and the
 * index load on the first hover, focus or touch of the button, or on the first shortcut (./load.ts).
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { LOADER_DELAY_MS, SEARCH_BUTTON_LABEL } from '../../theme-common/constants';
import type { SearchModalProps } from './Modal';
import { loadSearchModal } from './load';
import * as styles from './styles.module.css';

/** Typing in a field must never open search. */
export function isEditing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
    ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)
  );
}

/** Ctrl/Cmd+K anywhere; "/" when focus is not in a field. */
export function isOpenShortcut(event: globalThis.KeyboardEvent): boolean {
  const modK = event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
  const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isEditing(event.target);
  return modK || slash;
}

// Only one mounted button (the navbar may render its items twice) answers the global shortcuts.
let shortcutOwner: symbol | null = null;

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);

export default function SearchBar() {
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const [spinner, setSpinner] = useState(false);
  const [modKey, setModKey] = useState('Ctrl');
  const buttonRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(() => {
    loadSearchModal()
      .then((component) => setModal(() => component))
      .catch(() => undefined);
  }, []);

  const openModal = useCallback(
    (query?: string) => {
      setInitialQuery(query);
      setOpen(true);
      load();
    },
    [load],
  );

  const close = useCallback(() => {
    setOpen(false);
    setInitialQuery(undefined);
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (isApple()) setModKey('⌘');
  }, []);

  useEffect(() => {
    const id = Symbol('search');
    shortcutOwner ??= id;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (shortcutOwner !== id) return;
      if (open && (event.key === 'Escape' || (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)))) {
        event.preventDefault();
        close();
      } else if (!open && isOpenShortcut(event)) {
        event.preventDefault();
        openModal();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      if (shortcutOwner === id) shortcutOwner = null;
    };
  }, [open, openModal, close]);

  // The spinner appears only if the modal's code takes longer than the loader delay.
  const waiting = open && Modal === null;
  useEffect(() => {
    if (!waiting) {
      setSpinner(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setSpinner(true), LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // A letter or digit typed on the focused button starts the search with it.
    if (/^[a-z0-9]$/i.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      openModal(event.key);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        // No aria-label: the name comes from the visible "Search" text (WCAG 2.5.3, label in name).
        aria-keyshortcuts="Control+K Meta+K /"
        aria-busy={spinner || undefined}
        data-search-button=""
        onClick={() => openModal()}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
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
      {open && Modal ? <Modal initialQuery={initialQuery} onClose={close} /> : null}
    </>
  );
}
