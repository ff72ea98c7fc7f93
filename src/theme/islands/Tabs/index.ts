/**
 * Makes the build-time tab markup (`data-island="tabs"`, WAI-ARIA tabs pattern) switch: click, Arrow keys
 * (wrapping), Home and End move the selection with a roving tabindex. Groups sharing a `data-group-id`
 * switch together and remember the choice in localStorage; an unusable or unknown stored value is ignored.
 */
import { islandSelector } from '../../../contract/islands';
import { GROUP_ID_DATA, TAB_VALUE_DATA } from '../../../contract/markup/tabs';
import { STORAGE_KEYS } from '../../../contract/constants';
import { createStorageSlot } from '../../../theme-common/storage';
import type { Island } from '../registry';

const tabsOf = (group: Element) => Array.from(group.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]'));
const panelsOf = (group: Element) => Array.from(group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]'));

/** Selects the tab with this value in one group; false when the group has no such tab. */
export function selectTab(group: Element, value: string, focus = false): boolean {
  const tabs = tabsOf(group);
  const target = tabs.find((tab) => tab.dataset[TAB_VALUE_DATA.key] === value);
  if (!target) return false;
  for (const tab of tabs) {
    const selected = tab === target;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  for (const panel of panelsOf(group)) panel.hidden = panel.dataset[TAB_VALUE_DATA.key] !== value;
  if (focus) target.focus();
  return true;
}

/** The tab a key press moves to, or null for keys the tab list does not handle. */
export function targetTabForKey(tabs: readonly HTMLElement[], current: HTMLElement, key: string): HTMLElement | null {
  const index = tabs.indexOf(current);
  const last = tabs.length - 1;
  switch (key) {
    case 'ArrowRight':
      return tabs[index >= last ? 0 : index + 1] ?? null;
    case 'ArrowLeft':
      return tabs[index <= 0 ? last : index - 1] ?? null;
    case 'Home':
      return tabs[0] ?? null;
    case 'End':
      return tabs[last] ?? null;
    default:
      return null;
  }
}

const TABS = islandSelector('tabs');

const enhanceTabs: Island = (root) => {
  const groups = () => Array.from(root.querySelectorAll<HTMLElement>(TABS));
  const unlisten: (() => void)[] = [];
  const applyGroup = (groupId: string, value: string) => {
    for (const group of groups()) if (group.dataset[GROUP_ID_DATA.key] === groupId) selectTab(group, value);
  };
  // One storage slot per group id; its changes (this tab or another) switch every group with that id.
  const slots = new Map<string, ReturnType<typeof createStorageSlot>>();
  const slotFor = (groupId: string) => {
    let slot = slots.get(groupId);
    if (!slot) {
      const created = createStorageSlot(STORAGE_KEYS.tabGroup(groupId));
      unlisten.push(
        created.listen(() => {
          const value = created.get();
          if (value !== null) applyGroup(groupId, value);
        }),
      );
      slots.set(groupId, (slot = created));
    }
    return slot;
  };

  // Remembered choices first; a value no tab offers (stale or corrupt) changes nothing.
  for (const group of groups()) {
    const groupId = group.dataset[GROUP_ID_DATA.key];
    const stored = groupId ? slotFor(groupId).get() : null;
    if (stored !== null) selectTab(group, stored);
  }

  const choose = (tab: HTMLElement, focus: boolean) => {
    const group = tab.closest<HTMLElement>(TABS);
    const value = tab.dataset[TAB_VALUE_DATA.key];
    if (!group || value === undefined) return;
    const groupId = group.dataset[GROUP_ID_DATA.key];
    // Other groups above may change height: keep the chosen tab where the reader sees it.
    const before = tab.getBoundingClientRect().top;
    selectTab(group, value, focus);
    if (!groupId) return;
    slotFor(groupId).set(value);
    const shift = tab.getBoundingClientRect().top - before;
    if (shift !== 0) window.scrollBy(0, shift);
  };

  const tabFrom = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>(`${TABS} > [role="tablist"] > [role="tab"]`) : null;
  const onClick = (event: MouseEvent) => {
    const tab = tabFrom(event.target);
    if (tab) choose(tab, false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = tabFrom(event.target);
    if (!tab || event.altKey || event.ctrlKey || event.metaKey) return;
    const group = tab.closest<HTMLElement>(TABS);
    const next = group ? targetTabForKey(tabsOf(group), tab, event.key) : null;
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  // Marks groups that respond to input (tests and styles can tell the static markup apart).
  for (const group of groups()) group.dataset.enhanced = '';
  return () => {
    for (const group of groups()) delete group.dataset.enhanced;
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    unlisten.forEach((stop) => stop());
  };
};

export default enhanceTabs;
