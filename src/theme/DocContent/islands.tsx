import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { STORAGE_KEYS } from '../../contract/constants';
import { INTENT_ISLAND_KINDS, ISLAND_ATTRIBUTE, isIslandKind, islandSelector, type IslandKind } from '../../contract/islands';
import { createStorageSlot } from '../../theme-common/storage';
import { latePiece, startLoading, type LatePiece } from '../islands/loader';
import type { Island } from '../islands/types';
import LoadFailure from '../LoadFailure';
import * as styles from './styles.module.css';

const islandCode = (load: () => Promise<{ default: Island }>) => () => load().then((module) => module.default);

/**
 * A piece of code for every island kind the build writes, and for nothing else: adding a kind without its code here
 * (or the other way round) fails to compile.
 */
export type IslandRegistry = { [K in IslandKind]: LatePiece<Island> };

/**
 * One piece per kind of island, downloaded only by docs whose HTML has that kind's marker (an intent kind only once
 * a reader reaches for one of its islands).
 */
export const islandPieces: IslandRegistry = {
  copy: latePiece('The copy button', islandCode(() => import('../islands/CodeCopy'))),
  tabs: latePiece('The tabs', islandCode(() => import('../islands/Tabs'))),
  mermaid: latePiece('The diagram', islandCode(() => import('../islands/Mermaid'))),
  'live-example': latePiece('The live example', islandCode(() => import('../islands/LiveExample'))),
  'type-hints': latePiece('The type popups', islandCode(() => import('../islands/TypeHints'))),
  image: latePiece('The full-size view', islandCode(() => import('../islands/Image'))),
  playground: latePiece('The playground', islandCode(() => import('../islands/Playground'))),
};

/** Where the failure notice of an island whose code could not load is shown; see useIslands. */
export interface IslandNotice {
  kind: IslandKind;
  slot: HTMLElement;
  /** Only the first notice of a kind is an alert, so a page with many code blocks announces the failure once. */
  announce: boolean;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"]), input, select, textarea';

/** A notice's place: just after the island's caption, or first in the island. */
function addNoticeSlot(island: HTMLElement): HTMLElement {
  const slot = document.createElement('div');
  slot.className = 'island-notice';
  slot.dataset.islandNotice = '';
  const caption = island.querySelector(':scope > figcaption');
  if (caption) caption.after(slot);
  else island.prepend(slot);
  return slot;
}

// The control of a kind whose island also holds other controls first (a code block holds its sample's identifiers).
const OWN_CONTROL: Partial<Record<IslandKind, string>> = { copy: '.copy-button' };

const focusables = (island: HTMLElement, slot: HTMLElement) =>
  Array.from(island.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !slot.contains(element) && element.tabIndex >= 0,
  );

/**
 * After a successful Retry, focus goes from the vanishing Retry button to what the island brought to life: a
 * control it added, else the kind's own control (a code block's copy button, not the code before it), else its
 * first control (the selected tab, a sample's first identifier), else the island itself, when its controls are still
 * to come (a live example mounts a moment later).
 */
function focusIsland(slot: HTMLElement, kind: IslandKind, start: () => void) {
  const island = slot.closest<HTMLElement>(islandSelector());
  if (!island) return start();
  const before = new Set(focusables(island, slot));
  start();
  const after = focusables(island, slot);
  const own = OWN_CONTROL[kind];
  const control = after.find((element) => !before.has(element)) ?? (own && island.querySelector<HTMLElement>(own)) ?? after[0];
  if (control) {
    control.focus();
  } else {
    if (!island.hasAttribute('tabindex')) island.tabIndex = -1;
    island.focus();
  }
}

// Tabs wait for the reader too while no group on the page has a remembered choice (their code would apply it at once).
const waitsForReader = (root: HTMLElement, kind: IslandKind) =>
  INTENT_ISLAND_KINDS.includes(kind) ||
  (kind === 'tabs' &&
    !Array.from(root.querySelectorAll<HTMLElement>('[data-group-id]')).some(
      (group) => createStorageSlot(STORAGE_KEYS.tabGroup(group.dataset.groupId ?? '')).get() !== null,
    ));

// What a reader does first with an island they are about to use (a touch is a pointer too).
const INTENT_EVENTS = ['pointerover', 'focusin', 'click'];

/**
 * Calls `reached` on every sign that the reader is using an island of the kind: pointer over it, focus in it, a click
 * (or, with `events`, only some of those). A click on one of its `controls` is held back (the code that acts on it is
 * not there yet) and handed to `reached` to be carried out later. Returns the stop.
 */
function onIntent(
  root: HTMLElement,
  kind: IslandKind,
  reached: (held: HTMLElement | null) => void,
  { events = INTENT_EVENTS, controls = 'button, a[href]' } = {},
): () => void {
  const listener = (event: Event) => {
    const target = event.target as Element;
    const island = target.closest?.(islandSelector(kind));
    if (!island) return;
    const control = event.type === 'click' ? target.closest<HTMLElement>(controls) : null;
    const held = control && island.contains(control) ? control : null;
    if (held) {
      event.preventDefault();
      event.stopPropagation();
    }
    reached(held);
  };
  events.forEach((type) => root.addEventListener(type, listener, true));
  return () => events.forEach((type) => root.removeEventListener(type, listener, true));
}

/**
 * Starts the islands the HTML asks for, each kind through the loader. While a kind's code cannot load, its
 * islands carry `data-island-failed` (their build-time fallback shows: every tab panel, the diagram's source) and
 * a notice slot per island; the notices (with Retry) are rendered into those slots by DocContent. When the code
 * arrives, the islands start, the notices go, and focus moves from Retry to the island it brought to life.
 */
export function useIslands(ref: RefObject<HTMLElement | null>, html: string): IslandNotice[] {
  const [notices, setNotices] = useState<IslandNotice[]>([]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    let active = true;
    const stops: (() => void)[] = [];
    const unsubscribes: (() => void)[] = [];
    const slots = new Map<IslandKind, HTMLElement[]>();
    const elementsOf = (kind: IslandKind) => Array.from(root.querySelectorAll<HTMLElement>(islandSelector(kind)));

    const publish = () => {
      if (!active) return;
      const next: IslandNotice[] = [];
      slots.forEach((kindSlots, kind) => kindSlots.forEach((slot, index) => next.push({ kind, slot, announce: index === 0 })));
      setNotices(next);
    };

    const follow = (kind: IslandKind, piece: LatePiece<Island>) => {
      let started = false;
      // A click on the kind's control while its code loads, carried out once the code has started.
      let held: HTMLElement | null = null;
      let stopIntent = () => {};
      const update = () => {
        const { state } = piece;
        if (state.status === 'ready' || state.status === 'failed') stopIntent();
        if (state.status === 'failed' && !slots.has(kind)) {
          held = null;
          const elements = elementsOf(kind);
          elements.forEach((element) => element.setAttribute('data-island-failed', ''));
          slots.set(kind, elements.map(addNoticeSlot));
          publish();
        } else if (state.status === 'ready' && !started) {
          started = true;
          const kindSlots = slots.get(kind) ?? [];
          const retried = kindSlots.find((slot) => slot.contains(document.activeElement));
          elementsOf(kind).forEach((element) => element.removeAttribute('data-island-failed'));
          const start = () => {
            const stop = state.value(root);
            if (stop) stops.push(stop);
          };
          if (retried) focusIsland(retried, kind, start);
          else start();
          const click = held;
          held = null;
          if (click?.isConnected) click.click();
          if (slots.delete(kind)) {
            publish();
            // After React has taken the notices out of them.
            setTimeout(() => kindSlots.forEach((slot) => slot.remove()));
          }
        }
      };
      unsubscribes.push(piece.subscribe(update), () => stopIntent());
      update();
      if (piece.state.status === 'idle' && waitsForReader(root, kind)) {
        stopIntent = onIntent(root, kind, (control) => {
          held = control ?? held;
          startLoading(piece);
        });
      } else if (piece.state.status !== 'ready') {
        // A click on a button of an island that loads with the page (a tab) waits for its code too; a link is left
        // to the browser, whose own answer (the full-size picture) stands in for the island's.
        stopIntent = onIntent(root, kind, (control) => (held = control ?? held), { events: ['click'], controls: 'button' });
        // A kind that failed on an earlier page is tried again here.
        startLoading(piece);
      }
    };

    const kinds = new Set(Array.from(root.querySelectorAll(islandSelector()), (el) => el.getAttribute(ISLAND_ATTRIBUTE)));
    // A marker of no known kind is left as the build wrote it.
    kinds.forEach((kind) => {
      if (isIslandKind(kind)) follow(kind, islandPieces[kind]);
    });

    return () => {
      active = false;
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      stops.forEach((stop) => stop());
      setNotices([]);
    };
  }, [ref, html]);

  return notices;
}

/**
 * Build-time HTML with its islands started after mount and their failure notices (with Retry) in place: the home
 * page's samples, and every doc's body through DocContent, which adds client-side navigation for its links.
 */
type IslandHtmlProps = { html: string } & Pick<HTMLAttributes<HTMLDivElement>, 'className' | 'onClick' | 'onMouseOver'>;

export function IslandHtml({ html, className, ...events }: IslandHtmlProps) {
  const ref = useRef<HTMLDivElement>(null);
  const notices = useIslands(ref, html);
  // One object per HTML: React 19 rewrites innerHTML whenever this prop is a new object, which would wipe out what
  // the islands added each time a notice comes or goes.
  const inner = useMemo(() => ({ __html: html }), [html]);
  return (
    <>
      <div
        ref={ref}
        className={`markdown ${styles.root} ${className ?? ''}`}
        {...events}
        dangerouslySetInnerHTML={inner}
      />
      {notices.map(({ kind, slot, announce }, index) =>
        createPortal(<LoadFailure piece={islandPieces[kind]} announce={announce} />, slot, `notice-${index}`),
      )}
    </>
  );
}
