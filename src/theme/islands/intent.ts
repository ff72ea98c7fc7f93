/** When an island's code starts to load: with the page, or once the reader reaches for one of its islands. */
import { STORAGE_KEYS } from '../../contract/constants';
import { INTENT_ISLAND_KINDS, islandSelector, type IslandKind } from '../../contract/islands';
import { createStorageSlot } from '../../theme-common/storage';

// Tabs wait for the reader too while no group on the page has a remembered choice (their code would apply it at once).
export const waitsForReader = (root: HTMLElement, kind: IslandKind) =>
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
export function onIntent(
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
 * Whether the reader already points at or has focus in an island of the kind: they may have reached it before the
 * page hydrated, when no listener was there to see it.
 */
export const readerIsOn = (root: HTMLElement, kind: IslandKind): boolean =>
  !!root.querySelector(`${islandSelector(kind)}:hover, ${islandSelector(kind)}:focus-within`);
