import { useId, useState } from 'react';
import { useActiveHeading } from '../../theme-common/active-heading';
import { TocList } from '../TOC';
import { tocIds, type TocItem } from '../../contract/toc';
import * as styles from './styles.module.css';

/**
 * The table of contents where its column is hidden (below 1200 px): a button at the top of the article that opens
 * the same h2/h3 entries; choosing one goes there and closes the list. Without JavaScript the list shows as a
 * plain list and the button hides (the site's <noscript> style).
 */
export default function OnThisPage({ items }: { items: readonly TocItem[] }) {
  const [open, setOpen] = useState(false);
  // Here, not in the page: marking another entry re-renders this control alone.
  const active = useActiveHeading(tocIds(items));
  const listId = useId();
  if (items.length === 0) return null;
  const current = items.flatMap((item) => [item, ...(item.children ?? [])]).find((item) => item.id === active);
  return (
    <div
      className={styles.onThisPage}
      data-on-this-page=""
      data-noprint=""
      // Escape, on the button or in the list, closes the list and leaves focus on the button.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        (event.currentTarget.firstElementChild as HTMLElement).focus();
      }}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>On this page</span>
        {current ? <span className={styles.current}>{current.title}</span> : null}
      </button>
      <nav
        id={listId}
        aria-label="On this page"
        className={styles.list}
        hidden={!open}
      >
        <TocList items={items} active={active} onChoose={() => setOpen(false)} />
      </nav>
    </div>
  );
}
