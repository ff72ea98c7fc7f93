/**
 * A heading of the doc's table of contents, as the page query gives it (Mdx.toc, built with the body in
 * src/node/render-mdx.ts): an h2 with the h3s under it.
 */
export interface TocItem {
  id: string;
  title: string;
  children?: readonly TocItem[];
}

/** The ids of the entries, in document order (h3s after their h2). */
export function tocIds(items: readonly TocItem[]): string[] {
  return items.flatMap((item) => [item.id, ...tocIds(item.children ?? [])]);
}
