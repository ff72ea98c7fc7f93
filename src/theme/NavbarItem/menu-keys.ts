/**
 * The keyboard and pointer behaviour of a navbar menu (./Dropdown.tsx), loaded when the reader first reaches for one:
 * Arrow keys, Home and End move between its links, Escape closes it and returns focus to its toggle, and a click or
 * focus landing outside closes it. Opening, closing and following a link are the browser's own <details> and never
 * wait for this.
 */

/**
 * Adds the behaviour to a menu's <details>, first acting on `heldKey` (pressed while this code loaded); returns what
 * removes it.
 */
export function handleMenuKeys(root: HTMLDetailsElement, heldKey?: string): () => void {
  const onKeyDown = (e: Pick<KeyboardEvent, 'key' | 'preventDefault'>) => {
    const anchors = Array.from(root.querySelectorAll('a'));
    const at = anchors.indexOf(document.activeElement as HTMLAnchorElement);
    const index = { ArrowDown: at + 1, ArrowUp: at === -1 ? -1 : at - 1, Home: 0, End: -1 }[e.key];
    if (e.key === 'Escape' && root.open) {
      root.open = false;
      root.querySelector('summary')?.focus();
    } else if (index === undefined || (at === -1 && (e.key === 'Home' || e.key === 'End'))) {
      return;
    } else {
      root.open = true;
      anchors.at(index % anchors.length)?.focus();
    }
    e.preventDefault();
  };
  const closeIfOutside = (e: Event) => {
    if (root.open && !root.contains(e.target as Node)) root.open = false;
  };
  if (heldKey && root.contains(document.activeElement)) onKeyDown({ key: heldKey, preventDefault() {} });
  root.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', closeIfOutside);
  document.addEventListener('focusin', closeIfOutside);
  return () => {
    root.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', closeIfOutside);
    document.removeEventListener('focusin', closeIfOutside);
  };
}
