/**
 * <Tabs groupId defaultValue> of <TabItem>s: the WAI-ARIA tabs pattern written at build time (the tabs island makes
 * them switch); without JavaScript every panel shows under its label.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { islandMarker } from '../../../contract/islands';
import { GROUP_ID_DATA, TABS_CLASSES, TAB_VALUE_DATA } from '../../../contract/markup/tabs';
import { useDocRender } from './context';
import { TabItem, type TabItemProps } from './TabItem';

// Without JavaScript every tab panel shows, each under its label, and the inert tab list hides. Inside
// <noscript>, so browsers running scripts never parse it.
const TABS_NO_SCRIPT_CSS =
  `.${TABS_CLASSES.tabs}>[role=tablist]{display:none}.${TABS_CLASSES.tabs}>[role=tabpanel][hidden]{display:block}.${TABS_CLASSES.panelLabel}{display:block!important}`;

interface TabsProps {
  /** Tab groups with the same id switch together and remember the choice. */
  groupId?: string;
  defaultValue?: string;
  children?: ReactNode;
}

export function Tabs({ groupId, defaultValue, children }: TabsProps) {
  const { fail, nextId } = useDocRender();
  const items = Children.toArray(children).map((child) => {
    if (!isValidElement(child) || child.type !== TabItem) fail('<Tabs> may only contain <TabItem> elements');
    return (child as ReactElement<TabItemProps>).props;
  });
  if (items.length === 0) fail('<Tabs> needs at least one <TabItem>');
  const values = items.map((item) => item.value);
  values.forEach((value, index) => {
    if (typeof value !== 'string' || value === '') fail('every <TabItem> needs a non-empty value');
    if (values.indexOf(value) !== index) fail(`<Tabs> has two <TabItem value="${value}">`);
  });
  const selected = defaultValue ?? items.find((item) => item.default)?.value ?? (values[0] as string);
  if (!values.includes(selected)) fail(`<Tabs defaultValue="${selected}"> matches no <TabItem> (${values.join(', ')})`);
  const base = nextId('tabs');
  return (
    <div className={TABS_CLASSES.tabs} {...islandMarker('tabs')} {...{ [GROUP_ID_DATA.name]: groupId }}>
      <div role="tablist" className={TABS_CLASSES.list}>
        {items.map((item, index) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            className={TABS_CLASSES.tab}
            aria-selected={item.value === selected}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={item.value === selected ? 0 : -1}
            {...{ [TAB_VALUE_DATA.name]: item.value }}
          >
            {item.label ?? item.value}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${base}-panel-${index}`}
          className={TABS_CLASSES.panel}
          aria-labelledby={`${base}-tab-${index}`}
          tabIndex={0}
          hidden={item.value !== selected}
          {...{ [TAB_VALUE_DATA.name]: item.value }}
        >
          <p className={TABS_CLASSES.panelLabel}>{item.label ?? item.value}</p>
          {item.children}
        </div>
      ))}
      <noscript>
        <style>{TABS_NO_SCRIPT_CSS}</style>
      </noscript>
    </div>
  );
}
