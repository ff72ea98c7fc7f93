import type { SearchNavbarItem as Item } from '../../config/types';
import SearchBar from '../SearchBar';

/** The `search` navbar item: the search button (the modal loads on demand). */
export default function SearchNavbarItem(_props: { item: Item }) {
  return <SearchBar />;
}
