/**
 * The failure notices of islands whose code could not load (one slot per island, which DocContent renders into), and
 * where focus goes when a Retry brings an island to life.
 */
import { islandSelector, type IslandKind } from '../../contract/islands';

/** Where the failure notice of an island whose code could not load is shown; see ./use-islands.ts. */
export interface IslandNotice {
  kind: IslandKind;
  slot: HTMLElement;
  /** Only the first notice of a kind is an alert, so a page with many code blocks announces the failure once. */
  announce: boolean;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"]), input, select, textarea';

/** A notice's place: just after the island's caption, or first in the island. */
export function addNoticeSlot(island: HTMLElement): HTMLElement {
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
export function focusIsland(slot: HTMLElement, kind: IslandKind, start: () => void) {
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
