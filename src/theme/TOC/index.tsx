import type { MouseEvent } from 'react';
import { useActiveHeading } from '../../theme-common/active-heading';
import { tocIds, type TocItem } from '../../contract/toc';
import * as styles from './styles.module.css';

/** The h2/h3 entries, the one being read marked `aria-current="true"`; shared by the TOC and "On this page". */
export function TocList({
  items,
  active,
  nested,
  onChoose,
}: {
  items: readonly TocItem[];
  active: string | null;
  nested?: boolean;
  onChoose?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <ul className={nested ? styles.nested : styles.list}>
      {items.map((item) => (
        <li key={item.id}>
          <a
            className={styles.link}
            href={`#${item.id}`}
            aria-current={item.id === active ? 'true' : undefined}
            onClick={onChoose}
          >
            {item.title}
          </a>
          {item.children?.length ? <TocList items={item.children} active={active} nested onChoose={onChoose} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Table of contents: heading levels 2 to 3, following the section being read. */
export default function TOC({ items }: { items: readonly TocItem[] }) {
  // Here, not in the page: marking another entry re-renders the TOC alone.
  const active = useActiveHeading(tocIds(items));
  if (items.length === 0) return null;
  return (
    <nav aria-label="Table of contents" className={styles.toc}>
      <p className={styles.title}>On this page</p>
      <TocList items={items} active={active} />
    </nav>
  );
}
