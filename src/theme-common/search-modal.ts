/**
 * Whether the search modal is open, kept outside the page: the navbar (with its search button) belongs to each
 * page and remounts when a client navigation changes the route, and a Ctrl/Cmd+K or "/" pressed meanwhile must not
 * be lost. One keydown listener for the whole app (installed at client entry) handles the shortcuts; the mounted
 * search buttons read this state, and one of them, the owner, renders the modal.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

export interface SearchModalState {
  open: boolean;
  /** The text the modal starts with: a key typed on the focused button, or nothing. */
  initialQuery?: string;
  /** On closing: whether focus goes back where it was when search opened (not after a click elsewhere). */
  restoreFocus?: boolean;
}

let state: SearchModalState = { open: false };
let returnFocus: HTMLElement | null = null;
const listeners = new Set<() => void>();

function update(next: SearchModalState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function openSearch(initialQuery?: string): void {
  if (state.open) return;
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  update({ open: true, initialQuery });
}

export function closeSearch({ restoreFocus = true }: { restoreFocus?: boolean } = {}): void {
  if (!state.open) return;
  update({ open: false, restoreFocus });
}

/** Where focus goes when the modal closes: where it was when search opened, if that is still on the page. */
export function takeReturnFocus(): HTMLElement | null {
  const element = returnFocus;
  returnFocus = null;
  return element?.isConnected && element !== document.body ? element : null;
}

export function useSearchModal(): SearchModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

// The mounted search buttons, oldest first; the oldest renders the modal (a page may show two: navbar and menu).
let owners: symbol[] = [];
const ownerListeners = new Set<() => void>();

/** Whether this mounted search button is the one that renders the modal. */
export function useSearchModalOwner(): boolean {
  const [id] = useState(() => Symbol('search button'));
  const owner = useSyncExternalStore(
    (listener) => {
      ownerListeners.add(listener);
      return () => {
        ownerListeners.delete(listener);
      };
    },
    () => owners[0] === id,
    () => false,
  );
  useEffect(() => {
    owners = [...owners, id];
    ownerListeners.forEach((listener) => listener());
    return () => {
      owners = owners.filter((other) => other !== id);
      ownerListeners.forEach((listener) => listener());
    };
  }, [id]);
  return owner;
}

/** Typing in a field must never open search. */
export function isEditing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
    ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)
  );
}

const isModK = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;

/** Ctrl/Cmd+K anywhere; "/" when focus is not in a field. */
export function isOpenShortcut(event: KeyboardEvent): boolean {
  const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isEditing(event.target);
  return isModK(event) || slash;
}

/** Escape or Ctrl/Cmd+K again close the modal. */
export function isCloseShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Escape' || isModK(event);
}

const installedOn = new WeakSet<Window>();

/** The app-wide shortcut listener; safe to call more than once. */
export function installSearchShortcuts(win: Window): void {
  if (installedOn.has(win)) return;
  installedOn.add(win);
  win.addEventListener('keydown', (event) => {
    if (state.open ? isCloseShortcut(event) : isOpenShortcut(event)) {
      // Also when no search button is mounted at this instant: Ctrl+K never falls through to the browser.
      event.preventDefault();
      if (state.open) closeSearch();
      else openSearch();
    }
  });
}
