/**
 * One page's hits as a reader meets them, from either backend: each address once (a section's heading and its body
 * text lead to the same place), and sections shown under their page.
 */

/** What arranging reads of a hit: its type (`lvl1` is a page's own) and its address. */
interface PageHit {
  type?: string;
  url?: string;
}

const isPageOwn = (hit: PageHit) => hit.type === 'lvl1';

/** The address a hit leads to, however the backend wrote it (the hosted index's are absolute). */
function address(hit: PageHit): string {
  try {
    const url = new URL(hit.url ?? '', 'http://site.invalid');
    return `${url.pathname}${url.hash}`;
  } catch {
    return hit.url ?? '';
  }
}

/** The hits in their order, leaving out a later hit to an address already listed. */
export function eachPlaceOnce<T extends PageHit>(hits: readonly T[]): T[] {
  const shown = new Set<string>();
  return hits.filter((hit) => {
    const to = address(hit);
    if (shown.has(to)) return false;
    shown.add(to);
    return true;
  });
}

/**
 * A page's hits under a heading of the page (/search): the page's own hit, wherever it ranked, and the other places in
 * rank order (text before the first heading leads to the page itself, so it goes when the page's own hit is there).
 */
export function pageAndSections<T extends PageHit>(hits: readonly T[]): { own: T | null; sections: T[] } {
  const own = hits.find(isPageOwn) ?? null;
  const places = eachPlaceOnce(own ? [own, ...hits.filter((hit) => hit !== own)] : hits);
  return { own, sections: own ? places.slice(1) : places };
}

/**
 * A page's hits as rows of a list that draws every section of a page as a child of the page's own row wherever that
 * row stands (the modal): the best hit keeps the first row, so a page's own hit ranked below one of its sections is
 * left out (its sections then show as rows of their own, each naming its page) rather than drawn below its children.
 */
export function rowsUnderPage<T extends PageHit>(hits: readonly T[]): T[] {
  const places = eachPlaceOnce(hits);
  const own = places.findIndex(isPageOwn);
  return own > 0 ? places.filter((_, i) => i !== own) : places;
}
