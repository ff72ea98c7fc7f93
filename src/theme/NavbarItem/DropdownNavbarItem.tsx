import type { DropdownNavbarItem as Item } from '../../config/types';
import Dropdown from './Dropdown';

export default function DropdownNavbarItem({ item }: { item: Item }) {
  return <Dropdown label={item.label} links={item.items} />;
}
