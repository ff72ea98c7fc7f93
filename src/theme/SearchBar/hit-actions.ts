/**
 * The recent and favorite searches' actions (save, remove): DocSearch renders them as buttons inside a hit's
 * option, which the hit turns into mouse targets (./Hit.tsx) and the keyboard reaches on the active option
 * (./docsearch-3.9-repairs.ts).
 */

/** DocSearch's titles for the recent and favorite searches' actions, passed to it so they are known here. */
export const HIT_ACTION_TITLES = {
  saveRecentSearchButtonTitle: 'Save this search',
  removeRecentSearchButtonTitle: 'Remove this search from history',
  removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
} as const;

export type HitAction = 'favorite' | 'remove';

/** The action of one of DocSearch's action buttons, known by its title. */
export function hitActionFor(title: unknown): HitAction | null {
  if (title === HIT_ACTION_TITLES.saveRecentSearchButtonTitle) return 'favorite';
  if (title === HIT_ACTION_TITLES.removeRecentSearchButtonTitle || title === HIT_ACTION_TITLES.removeFavoriteSearchButtonTitle) {
    return 'remove';
  }
  return null;
}

/** Keys for the active recent or favorite search's actions (the input keeps focus; see hitActionShortcut). */
export const HIT_ACTION_SHORTCUTS: Record<HitAction, string> = { favorite: 'Control+S Meta+S', remove: 'Delete' };

/** The action a key press asks of the active recent or favorite search: Delete removes it, Ctrl/Cmd+S saves it. */
export function hitActionShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): HitAction | null {
  if (event.altKey || event.shiftKey) return null;
  if (event.key === 'Delete' && !event.ctrlKey && !event.metaKey) return 'remove';
  if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey)) return 'favorite';
  return null;
}
