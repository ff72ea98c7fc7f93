/**
 * Shows the type of an identifier in a code sample while the pointer is over it or it has keyboard focus.
 * One popup (role="tooltip") serves the page and describes the identifier it belongs to, so screen readers
 * read the type after the name. In a sample, Tab reaches one identifier and the arrow keys move between them
 * (roving focus); Escape hides the popup until the identifier loses hover and focus (WCAG 1.4.13).
 */
import { TYPE_HINT_ATTRIBUTE, TYPE_HINT_SELECTOR } from '../../../contract/type-hints';
import * as styles from './styles.module.css';

/** How long a popup opened by hover stays after the pointer leaves, so the pointer can move onto it. */
export const HOVER_GRACE_MS = 300;
/** Gap between an identifier and its popup, in CSS pixels. */
const GAP_PX = 6;

let sequence = 0;

const hintOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>(TYPE_HINT_SELECTOR) : null;

/** The identifiers of the sample `hint` belongs to, in reading order. */
const hintsBeside = (hint: HTMLElement): HTMLElement[] =>
  Array.from((hint.closest('pre') ?? hint.parentElement ?? hint).querySelectorAll<HTMLElement>(TYPE_HINT_SELECTOR));

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/** Starts popups for every sample in `root`; `first` is the identifier whose hover or focus loaded this code. */
export function startTypePopups(root: HTMLElement, first?: HTMLElement): () => void {
  const popup = document.createElement('div');
  popup.id = `type-popup-${(sequence += 1)}`;
  popup.className = styles.popup ?? '';
  popup.setAttribute('role', 'tooltip');
  popup.hidden = true;
  const text = document.createElement('code');
  text.className = styles.text ?? '';
  popup.append(text);
  // Inside the doc's content, so the popup stays within the page's main landmark.
  root.append(popup);

  let current: HTMLElement | null = null;
  // Dismissed with Escape: stays hidden until it loses both hover and focus.
  let dismissed: HTMLElement | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  // After Escape, what the pointer rests on once the popup is gone does not open another popup until it moves.
  let pointerResting = false;

  const cancelHide = () => {
    clearTimeout(hideTimer);
    hideTimer = undefined;
  };

  function place(hint: HTMLElement) {
    const box = hint.getBoundingClientRect();
    const width = popup.offsetWidth;
    const height = popup.offsetHeight;
    const viewportWidth = document.documentElement.clientWidth;
    const left = Math.max(GAP_PX, Math.min(box.left, viewportWidth - width - GAP_PX));
    // Below the identifier, or above it when the viewport has no room below.
    const below = box.bottom + GAP_PX + height <= window.innerHeight || box.top - GAP_PX - height < 0;
    const top = below ? box.bottom + GAP_PX : box.top - GAP_PX - height;
    popup.style.left = `${left}px`;
    popup.style.top = `${top}px`;
  }

  function show(hint: HTMLElement) {
    cancelHide();
    if (hint === dismissed) return;
    if (current && current !== hint) current.removeAttribute('aria-describedby');
    current = hint;
    text.textContent = hint.getAttribute(TYPE_HINT_ATTRIBUTE) ?? '';
    popup.hidden = false;
    place(hint);
    hint.setAttribute('aria-describedby', popup.id);
  }

  function hide() {
    cancelHide();
    popup.hidden = true;
    current?.removeAttribute('aria-describedby');
    current = null;
  }

  const hideSoon = () => {
    cancelHide();
    hideTimer = setTimeout(hide, HOVER_GRACE_MS);
  };

  /** Roving focus: only the focused identifier of a sample is in the Tab order. */
  function takeTabStop(hint: HTMLElement) {
    for (const other of hintsBeside(hint)) other.tabIndex = other === hint ? 0 : -1;
  }

  const onPointerOver = (event: PointerEvent) => {
    const hint = hintOf(event.target);
    if (hint && !pointerResting) show(hint);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (event.movementX !== 0 || event.movementY !== 0) pointerResting = false;
  };
  const onPointerOut = (event: PointerEvent) => {
    const hint = hintOf(event.target);
    if (!hint || hint.contains(event.relatedTarget as Node | null)) return;
    if (hint === dismissed && document.activeElement !== hint) dismissed = null;
    if (hint === current && document.activeElement !== hint) hideSoon();
  };
  const onFocusIn = (event: FocusEvent) => {
    const hint = hintOf(event.target);
    if (!hint) return;
    takeTabStop(hint);
    show(hint);
  };
  const onFocusOut = (event: FocusEvent) => {
    const hint = hintOf(event.target);
    if (!hint) return;
    if (hint === dismissed && !hint.matches(':hover')) dismissed = null;
    if (hint === current && !hint.matches(':hover')) hide();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const hint = hintOf(event.target);
    if (!hint || event.altKey || event.ctrlKey || event.metaKey) return;
    const hints = hintsBeside(hint);
    const index = hints.indexOf(hint);
    let next: HTMLElement | undefined;
    if (NEXT_KEYS.has(event.key)) next = hints[Math.min(index + 1, hints.length - 1)];
    else if (PREVIOUS_KEYS.has(event.key)) next = hints[Math.max(index - 1, 0)];
    else if (event.key === 'Home') next = hints[0];
    else if (event.key === 'End') next = hints[hints.length - 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  // Escape works wherever focus is, since a hover popup may belong to an identifier that is not focused.
  const onDocumentKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !current) return;
    dismissed = current;
    pointerResting = true;
    hide();
  };
  const onWindowChange = () => {
    if (current) place(current);
  };

  const onPopupLeave = () => {
    if (current && document.activeElement !== current) hideSoon();
  };
  // [target, event, listener, capture]: added now, removed by the returned stop function.
  const listeners: [EventTarget, string, (event: never) => void, boolean?][] = [
    [root, 'pointerover', onPointerOver],
    [root, 'pointerout', onPointerOut],
    [root, 'focusin', onFocusIn],
    [root, 'focusout', onFocusOut],
    [root, 'keydown', onKeyDown],
    [popup, 'pointerenter', cancelHide],
    [popup, 'pointerleave', onPopupLeave],
    [document, 'keydown', onDocumentKeyDown],
    [document, 'pointermove', onPointerMove],
    [window, 'resize', onWindowChange],
    // The popup is fixed to the viewport: follow the identifier when the page or a sample scrolls (capture).
    [window, 'scroll', onWindowChange, true],
  ];
  for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener as EventListener, capture);

  // The hover or focus that loaded this code happened before these listeners existed.
  if (first && document.activeElement === first) {
    takeTabStop(first);
    show(first);
  } else if (first?.matches(':hover')) {
    show(first);
  }

  return () => {
    cancelHide();
    for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener as EventListener, capture);
    current?.removeAttribute('aria-describedby');
    popup.remove();
  };
}
