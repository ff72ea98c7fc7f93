/**
 * Repairs of the markup @docsearch/react 3.9.0 renders, keyed to its class names and ids: check each against a new
 * version before upgrading. They observe only the element the modal is rendered into, never the rest of the page.
 */
import { SEARCH_PLACEHOLDER } from '../../contract/constants';
import { HIT_ACTION_SHORTCUTS, hitActionShortcut, type HitAction } from './hit-actions';

/**
 * Calls `onChange` with root's first element matching `selector`, now and whenever that element changes (DocSearch
 * mounts afresh on Retry). Observes root's subtree only.
 */
export function watchDescendant(root: Element, selector: string, onChange: (element: Element | null) => void): () => void {
  let current: Element | null | undefined;
  const check = () => {
    const found = root.querySelector(selector);
    if (found === current) return;
    current = found;
    onChange(found);
  };
  check();
  if (typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * DocSearch 3.9 marks its backdrop role="button" (wrapping the whole dialog: nested interactive content) and
 * gives the modal no dialog role. Give assistive technology a labelled modal dialog instead; a click on the
 * backdrop still closes it.
 */
// Combobox attributes autocomplete puts on the backdrop; without its role they are not allowed there.
const BACKDROP_ARIA = ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-owns', 'aria-controls', 'aria-labelledby'];

export function applyDialogSemantics(root: ParentNode): () => void {
  const container = root.querySelector('.DocSearch-Container');
  const strip = () => BACKDROP_ARIA.forEach((name) => container?.removeAttribute(name));
  strip();
  const modal = root.querySelector('.DocSearch-Modal');
  modal?.setAttribute('role', 'dialog');
  modal?.setAttribute('aria-modal', 'true');
  modal?.setAttribute('aria-label', SEARCH_PLACEHOLDER);
  // autocomplete re-sets aria-expanded as results come and go.
  if (!container || typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(strip);
  observer.observe(container, { attributes: true, attributeFilter: BACKDROP_ARIA });
  return () => observer.disconnect();
}

/** The id autocomplete gives an item's list: its options are `<list prefix>-item-<n>`, the list `<prefix>-list`. */
export function listIdForOption(optionId: string): string | null {
  const match = /^(.+)-item-\d+$/.exec(optionId);
  return match ? `${match[1]}-list` : null;
}

function setAttribute(element: Element, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * DocSearch 3.9 gives every result list the same id ("docsearch-list") while the input's aria-controls names
 * per-source ids, including those of empty sources that are not rendered. Give each rendered listbox its
 * per-source id and its group title ("Recent", a page title) as its name, make the input an ARIA 1.2 combobox
 * that controls exactly the listboxes shown, and announce the recent and favorite searches' keyboard actions.
 * The `role` the dialog fix-up strips from DocSearch's backdrop (ARIA 1.1 pattern) is now on the input itself.
 */
export function applyListboxSemantics(root: ParentNode): () => void {
  const modal = root.querySelector('.DocSearch-Modal');
  if (!modal) return () => undefined;
  const apply = () => {
    const listIds: string[] = [];
    for (const list of Array.from(modal.querySelectorAll('.DocSearch-Dropdown [role="listbox"]'))) {
      const options = Array.from(list.querySelectorAll('[role="option"]'));
      const id = options[0] ? listIdForOption(options[0].id) : null;
      if (!id) continue;
      setAttribute(list, 'id', id);
      const title = list.parentElement?.querySelector(':scope > .DocSearch-Hit-source');
      if (title) {
        setAttribute(title, 'id', `${id}-title`);
        setAttribute(list, 'aria-labelledby', `${id}-title`);
      }
      listIds.push(id);
      for (const option of options) {
        const actions = Array.from(option.querySelectorAll('[data-hit-action]'), (a) => a.getAttribute('data-hit-action') as HitAction);
        setAttribute(option, 'aria-keyshortcuts', actions.length ? actions.map((a) => HIT_ACTION_SHORTCUTS[a]).join(' ') : null);
      }
    }
    const input = modal.querySelector('.DocSearch-Input');
    if (input) {
      setAttribute(input, 'role', 'combobox');
      setAttribute(input, 'aria-expanded', listIds.length ? 'true' : 'false');
      setAttribute(input, 'aria-controls', listIds.length ? listIds.join(' ') : null);
    }
  };
  apply();
  if (typeof MutationObserver === 'undefined') return () => undefined;
  // Every write above is conditional, so the observer settles after its own changes.
  const observer = new MutationObserver(apply);
  observer.observe(modal, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['id', 'role', 'aria-controls', 'aria-expanded', 'aria-labelledby', 'aria-keyshortcuts'],
  });
  return () => observer.disconnect();
}

/**
 * The keyboard side of the recent and favorite searches' actions, whose buttons the hit makes mouse-only
 * (./Hit.tsx, withoutNestedControls): on an empty query, the key runs the active option's action.
 */
export function handleHitActionKeys(event: KeyboardEvent): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.classList.contains('DocSearch-Input') || input.value !== '') return;
  const action = hitActionShortcut(event);
  const activeId = input.getAttribute('aria-activedescendant');
  if (!action || !activeId) return;
  const control = input.ownerDocument.getElementById(activeId)?.querySelector<HTMLElement>(`[data-hit-action="${action}"]`);
  if (!control) return;
  event.preventDefault();
  control.click();
}

/**
 * Applies every repair to the DocSearch modal rendered inside `root`, again whenever DocSearch mounts a new one,
 * and listens for the hit actions' keys there. Returns what stops it all.
 */
export function repairDocSearch(root: HTMLElement): () => void {
  let stopRepairs: () => void = () => undefined;
  const stopWatching = watchDescendant(root, '.DocSearch-Modal', (modal) => {
    stopRepairs();
    if (!modal) {
      stopRepairs = () => undefined;
      return;
    }
    const stops = [applyDialogSemantics(root), applyListboxSemantics(root)];
    stopRepairs = () => stops.forEach((stop) => stop());
  });
  root.addEventListener('keydown', handleHitActionKeys);
  return () => {
    stopWatching();
    stopRepairs();
    root.removeEventListener('keydown', handleHitActionKeys);
  };
}
