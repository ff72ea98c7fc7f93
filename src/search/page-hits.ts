/**
 * One page's hits as a reader meets them, from either backend: the page's own hit first, so every section listed
 * under a page has that page above it, then the others in rank order, each address once (a section's heading and its
 * body text lead to the same place).
 */
/** What arranging reads of a hit: its type (`lvl1` is a page's own) and its address. */
interface PageHit {
  type?: string;
  url?: string;
}

/** The address a hit leads to, however the backend wrote it (the hosted index's are absolute). */
function address(hit: PageHit): string {
  try {
    const url = new URL(hit.url ?? '', 'http://site.invalid');
    return `${url.pathname}${url.hash}`;
  } catch {
    return hit.url ?? '';
  }
}

/** The hits of one page, the page's own first, then the rest in their order, leaving out a second hit to one address. */
export function arrangePageHits<T extends PageHit>(hits: readonly T[]): T[] {
  const own = hits.find((hit) => hit.type === 'lvl1');
  const arranged: T[] = [];
  const shown = new Set<string>();
  for (const hit of own ? [own, ...hits.filter((other) => other !== own)] : hits) {
    const to = address(hit);
    if (shown.has(to)) continue;
    shown.add(to);
    arranged.push(hit);
  }
  return arranged;
}
