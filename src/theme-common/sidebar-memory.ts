/**
 * Which sidebar categories the reader collapsed or opened, kept for the visit: each page renders its own sidebar,
 * so without this a client navigation would undo the reader's choice. In memory, as Docusaurus and VitePress keep
 * it (their sidebar outlives navigation): a choice stored across reloads would have to be applied after the
 * server-rendered sidebar's first paint, shifting it, so nothing is stored and nothing stored can be corrupt.
 */
import { useCallback, useState } from 'react';

const chosen = new Map<string, boolean>();

/**
 * The collapsed state of the category `key`: the reader's last choice this visit, else `configured`; open from the
 * start when it holds the current page (`holdsCurrentPage`), without changing the reader's choice.
 */
export function useRememberedCollapse(key: string, configured: boolean, holdsCurrentPage = false) {
  const [collapsed, setState] = useState(() => !holdsCurrentPage && (chosen.get(key) ?? configured));
  const setCollapsed = useCallback(
    (value: boolean, { remember = true }: { remember?: boolean } = {}) => {
      if (remember) chosen.set(key, value);
      setState(value);
    },
    [key],
  );
  const toggleCollapsed = useCallback(() => {
    setState((current) => {
      chosen.set(key, !current);
      return !current;
    });
  }, [key]);
  return { collapsed, setCollapsed, toggleCollapsed };
}

/** For tests: forget every choice. */
export function forgetSidebarChoices(): void {
  chosen.clear();
}
