/**
 * Type popups for code samples (`data-island="type-hints"`). This starter only listens: the popup code loads
 * the first time a reader hovers or focuses an identifier, so pages where nobody does never download it.
 */
import type { Island } from '../registry';
import { TYPE_HINT_SELECTOR } from '../../../contract/type-hints';

const TRIGGERS = ['pointerover', 'focusin'] as const;

const enhanceTypeHints: Island = (root) => {
  let active = true;
  let stop: (() => void) | undefined;
  const listen = () => TRIGGERS.forEach((type) => root.addEventListener(type, start));
  const unlisten = () => TRIGGERS.forEach((type) => root.removeEventListener(type, start));
  function start(event: Pick<Event, 'target'>) {
    const hint = event.target instanceof Element ? event.target.closest<HTMLElement>(TYPE_HINT_SELECTOR) : null;
    if (!hint || !root.contains(hint)) return;
    unlisten();
    import('./popups').then(
      ({ startTypePopups }) => {
        if (active) stop = startTypePopups(root, hint);
      },
      // A chunk that failed to load is tried again on the next hover or focus; the code still reads fine.
      () => {
        if (active) listen();
      },
    );
  }
  listen();
  // A reader may have focused or pointed at an identifier before this code arrived.
  const focused = document.activeElement?.closest(TYPE_HINT_SELECTOR);
  const waiting = focused ?? root.querySelector(`${TYPE_HINT_SELECTOR}:hover`);
  if (waiting) start({ target: waiting });
  return () => {
    active = false;
    unlisten();
    stop?.();
  };
};

export default enhanceTypeHints;
