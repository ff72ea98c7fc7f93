/** <TabItem value="…" label="…" default>: one panel of <Tabs>, which renders it; on its own it is a mistake. */
import type { ReactNode } from 'react';
import { useDocRender } from './context';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

export function TabItem({ value }: TabItemProps): ReactNode {
  return useDocRender().fail(`<TabItem value="${value}"> must be a direct child of <Tabs>`);
}
