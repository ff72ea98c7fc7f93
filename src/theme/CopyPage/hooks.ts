/**
 * What "Copy page" and its menu do, apart from how they look (./Actions.tsx): copying the doc's Markdown once per
 * press, and the menu's keyboard and outside-press handling. Loaded with ./Actions, not in a doc's first load.
 */
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { copyMarkdown, type CopyOutcome } from './copy-markdown';

/** A press of "Copy page" (a new object each time, so each press is acted on once) or of the menu button. */
export interface CopyPageRequest {
  kind: 'copy' | 'menu';
}

/** How long "Copied as Markdown" stays, in ms. */
export const COPIED_FEEDBACK_MS = 2000;

export type CopyStatus = 'idle' | 'copying' | CopyOutcome;

/**
 * Copies the Markdown at `href` once for each new "Copy page" request (closing the menu first); a menu request
 * clears the last outcome. "copied" turns back to "idle" after COPIED_FEEDBACK_MS. `copy` copies again (Retry).
 */
export function useMarkdownCopy({
  href,
  request,
  setOpen,
}: {
  href: string;
  request: CopyPageRequest | null;
  setOpen: Dispatch<SetStateAction<boolean>>;
}): { outcome: CopyStatus; copy: () => Promise<void> } {
  const [outcome, setOutcome] = useState<CopyStatus>('idle');
  const handled = useRef<CopyPageRequest | null>(null);

  const copy = async () => {
    setOutcome('copying');
    setOutcome(await copyMarkdown(href));
  };

  useEffect(() => {
    if (!request || handled.current === request) return;
    handled.current = request;
    if (request.kind === 'copy') {
      setOpen(false);
      void copy();
    } else {
      setOutcome('idle');
    }
    // Only a new press starts a copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  useEffect(() => {
    if (outcome !== 'copied') return undefined;
    const timer = setTimeout(() => setOutcome('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  return { outcome, copy };
}

const linksOf = (list: RefObject<HTMLElement | null>) => [...(list.current?.querySelectorAll('a') ?? [])];

/**
 * The menu as a disclosure of links: the down arrow on its button opens it on its first link; while open, Escape
 * closes it and returns the focus to the button, the arrow keys (wrapping), Home and End move between its links,
 * and a press or focus outside the control closes it. `control` is an element whose parent is the whole control;
 * `list` is the open menu's list.
 */
export function useDisclosureMenu({
  open,
  setOpen,
  control,
  list,
}: {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  control: RefObject<HTMLElement | null>;
  list: RefObject<HTMLElement | null>;
}): void {
  // Set when the down arrow opens the menu: its first link then takes the focus.
  const focusFirst = useRef(false);

  useEffect(() => {
    if (open && focusFirst.current) linksOf(list)[0]?.focus();
    focusFirst.current = false;
  }, [list, open]);

  useEffect(() => {
    const container = () => control.current?.parentElement;
    const toggle = () => container()?.querySelector<HTMLElement>('[aria-expanded]');
    const inside = (target: EventTarget | null) => target instanceof Node && Boolean(container()?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (!inside(event.target)) return;
      if (!open) {
        if (event.key === 'ArrowDown' && event.target === toggle()) {
          event.preventDefault();
          focusFirst.current = true;
          setOpen(true);
        }
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        toggle()?.focus();
        return;
      }
      const all = linksOf(list);
      const at = all.indexOf(event.target as HTMLAnchorElement);
      const next =
        event.key === 'ArrowDown' ? (at + 1) % all.length
        : event.key === 'ArrowUp' ? (at <= 0 ? all.length - 1 : at - 1)
        : event.key === 'Home' && at !== -1 ? 0
        : event.key === 'End' && at !== -1 ? all.length - 1
        : null;
      if (next === null) return;
      event.preventDefault();
      all[next]?.focus();
    };
    const onOutside = (event: Event) => {
      if (open && !inside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [control, list, open, setOpen]);
}
