import { useEffect, useState, type RefObject } from 'react';
import { ISLAND_ATTRIBUTE, isIslandKind, islandSelector, type IslandKind } from '../../contract/islands';
import { onIntent, readerIsOn, waitsForReader } from './intent';
import { startLoading, type LatePiece } from './loader';
import { addNoticeSlot, focusIsland, type IslandNotice } from './notices';
import { islandPieces, type Island } from './registry';

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
        if (readerIsOn(root, kind)) startLoading(piece);
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
