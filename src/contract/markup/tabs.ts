/** Tabs: the group, the tab list, each tab, each panel and the label a panel shows without JavaScript. */
import type { DataAttribute } from './data-attribute';

export const TABS_CLASSES = {
  tabs: 'tabs',
  list: 'tabs__list',
  tab: 'tabs__tab',
  panel: 'tabs__panel',
  panelLabel: 'tabs__panel-label',
} as const;

/** Tab groups with the same id switch together. */
export const GROUP_ID_DATA: DataAttribute<'groupId'> = { name: 'data-group-id', key: 'groupId' };
/** The value of a tab and of its panel. */
export const TAB_VALUE_DATA: DataAttribute<'value'> = { name: 'data-value', key: 'value' };
