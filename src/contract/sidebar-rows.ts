/**
 * A sidebar travels through GraphQL as a flat list of rows in reading order, each with its depth, because a
 * GraphQL selection has a fixed depth while a sidebar may nest categories to any depth. The build flattens the
 * tree (`toSidebarRows`); the page rebuilds it (`fromSidebarRows`).
 */
import type { SidebarItem } from './navigation';

/** One sidebar entry: a link or a category, `depth` levels below the top (0). */
export interface SidebarRow {
  type: 'link' | 'category';
  label: string;
  href: string;
  depth: number;
  /** Links to a doc of this version: its id; otherwise null. */
  docId: string | null;
  /** Links: hidden from the sidebar; categories: their own link is hidden. */
  unlisted: boolean;
  collapsed: boolean;
  collapsible: boolean;
}

/** The tree as rows, in reading order (a category, then its items). */
export function toSidebarRows(items: readonly SidebarItem[], depth = 0): SidebarRow[] {
  return items.flatMap((item): SidebarRow[] =>
    item.type === 'link'
      ? [
          {
            type: 'link',
            label: item.label,
            href: item.href,
            depth,
            docId: item.docId,
            unlisted: item.unlisted,
            collapsed: false,
            collapsible: false,
          },
        ]
      : [
          {
            type: 'category',
            label: item.label,
            href: item.href,
            depth,
            docId: null,
            unlisted: item.linkUnlisted,
            collapsed: item.collapsed,
            collapsible: item.collapsible,
          },
          ...toSidebarRows(item.items, depth + 1),
        ],
  );
}

/** The rows as a tree again; a row deeper than the one before it by more than one level is a malformed list. */
export function fromSidebarRows(rows: readonly SidebarRow[]): SidebarItem[] {
  const root: SidebarItem[] = [];
  // stack[d] is the list that receives items of depth d.
  const stack: SidebarItem[][] = [root];
  for (const row of rows) {
    if (row.depth < 0 || row.depth >= stack.length) {
      throw new Error(`Sidebar row "${row.label}" has depth ${row.depth} with no category above it at depth ${row.depth - 1}.`);
    }
    stack.length = row.depth + 1;
    const list = stack[row.depth] as SidebarItem[];
    if (row.type === 'link') {
      list.push({ type: 'link', label: row.label, href: row.href, docId: row.docId, unlisted: row.unlisted });
      continue;
    }
    const category: Extract<SidebarItem, { type: 'category' }> = {
      type: 'category',
      label: row.label,
      href: row.href,
      linkUnlisted: row.unlisted,
      collapsed: row.collapsed,
      collapsible: row.collapsible,
      items: [],
    };
    list.push(category);
    stack.push(category.items);
  }
  return root;
}
