/** The JSON that gatsby-plugin-mdx's `tableOfContents` field returns. */
export interface TocEntry {
  url?: string;
  title?: string;
  items?: TocEntry[];
}

export interface TocItem {
  id: string;
  title: string;
  children: TocItem[];
}

/** Normalises the MDX TOC to h2 → h3 items; an entry without url (an h1 or skipped level) is unwrapped. */
export function toTocItems(toc: { items?: TocEntry[] } | null | undefined, depth = 2): TocItem[] {
  const walk = (entries: TocEntry[] | undefined, d: number): TocItem[] =>
    (entries ?? []).flatMap((entry) => {
      if (!entry.url || !entry.title) return walk(entry.items, d);
      return [
        {
          id: entry.url.replace(/^#/, ''),
          title: entry.title,
          children: d < depth ? walk(entry.items, d + 1) : [],
        },
      ];
    });
  return walk(toc?.items, 1);
}

/** The ids of the entries, in document order (h3s after their h2). */
export function tocIds(items: readonly TocItem[]): string[] {
  return items.flatMap((item) => [item.id, ...tocIds(item.children)]);
}
