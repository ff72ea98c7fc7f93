import type { TocItem } from './toc';
import * as styles from './styles.module.css';

function TocList({ items, nested }: { items: readonly TocItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? styles.nested : styles.list}>
      {items.map((item) => (
        <li key={item.id}>
          <a className={styles.link} href={`#${item.id}`}>
            {item.title}
          </a>
          {item.children.length > 0 ? <TocList items={item.children} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Table of contents: heading levels 2 to 3. */
export default function TOC({ items }: { items: readonly TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Table of contents" className={styles.toc}>
      <p className={styles.title}>On this page</p>
      <TocList items={items} />
    </nav>
  );
}
