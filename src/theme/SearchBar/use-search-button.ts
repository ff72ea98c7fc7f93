/**
 * The search button's behaviour apart from its markup (./index.tsx): loading the modal as it opens, handing focus back
 * as it closes, the delayed spinner, the failure notice of one opening, and the shortcut's modifier key.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { LOADER_DELAY_MS } from '../../contract/constants';
import { installSearchShortcuts, takeReturnFocus } from '../../theme-common/search-modal';
import { startLoading, type LoadState } from '../islands/loader';
import { searchModal } from './load';

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/** The shortcut's modifier key as the reader's keyboard names it (after hydration: the server cannot know). */
export function useModifierKey(): string {
  const [modKey, setModKey] = useState('Ctrl');
  useEffect(() => {
    installSearchShortcuts(window);
    if (isApple()) setModKey('⌘');
  }, []);
  return modKey;
}

/**
 * Loads the modal on each opening by the button that owns it (again, after an earlier failure), also when it was
 * opened before this button mounted (a shortcut during a client navigation), and hands focus back when it closes.
 */
export function useModalOpening(owner: boolean, open: boolean, restoreFocus: boolean | undefined, buttonRef: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (!owner) return;
    if (open && !wasOpen.current) startLoading(searchModal);
    if (!open && wasOpen.current) {
      const returnTo = takeReturnFocus() ?? buttonRef.current;
      if (restoreFocus !== false) returnTo?.focus();
    }
    wasOpen.current = open;
  }, [open, owner, restoreFocus, buttonRef]);
  useEffect(() => {
    if (owner && open) startLoading(searchModal);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on becoming the owner only
  }, [owner]);
}

/**
 * What the button shows while the modal's code loads: the failure notice once this opening failed (until it closes,
 * Retry included), else a spinner when loading takes longer than the loader delay.
 */
export function useModalLoadState(owner: boolean, open: boolean, modal: LoadState<unknown>): { failed: boolean; spinner: boolean } {
  const [failedWhileOpen, setFailedWhileOpen] = useState(false);
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    if (!open) setFailedWhileOpen(false);
    else if (modal.status === 'failed') setFailedWhileOpen(true);
  }, [open, modal.status]);
  const failed = owner && open && (failedWhileOpen || modal.status === 'failed') && modal.status !== 'ready';
  const waiting = owner && open && modal.status === 'loading' && !failed;
  useEffect(() => {
    setSpinner(false);
    if (!waiting) return undefined;
    const timer = window.setTimeout(() => setSpinner(true), LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  return { failed, spinner: waiting && spinner };
}
