/**
 * DocSearch lists the recent and favorite searches it keeps in localStorage without checking them, and one bad
 * entry crashes the whole modal. Before it reads them, every stored hit is checked against what DocSearch reads
 * of it: `objectID` (its list key and identity), `url` (followed when chosen: it must stay on this site),
 * `type` (which hierarchy level is its title), `hierarchy` (an object: `hierarchy[type]` and `hierarchy.lvl1` are
 * read) with string or empty levels, and `content` (the title of a content hit). Entries that do not fit are
 * dropped, the rest kept in order, each with its address made site-relative and readable.
 *
 * DocSearch also renders a stored hit's fields as HTML (it stores hits without their highlight results, then
 * falls back to the raw fields): the modal shows them as text instead (./Hit.tsx), and the highlight results
 * an entry should not have are dropped here, so a stored entry can never put markup into the page.
 */
import { readableHash } from '../../theme-common/readable-hash';

/** DocSearch's storage keys for an index: recent and favorite searches, keyed by index name. */
export const storedSearchKeys = (indexName: string) => [
  `__DOCSEARCH_RECENT_SEARCHES__${indexName}`,
  `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`,
];

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const TYPES: readonly string[] = [...LEVELS, 'content'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isTextOrEmpty = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * The address a stored hit may open, relative to the site (`/docs/api/atom#effects`) with a hash Gatsby can read;
 * null for anything that would leave the site (another origin, `//host`, `javascript:`).
 */
export function sameSiteUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) return null;
  return `${parsed.pathname}${parsed.search}${readableHash(parsed.hash) ?? parsed.hash}`;
}

/** Whether DocSearch can list and open this stored hit (its address on the site of `origin`). */
export function isStoredHit(value: unknown, origin: string): boolean {
  if (!isRecord(value)) return false;
  const { objectID, url, type, hierarchy, content } = value;
  return (
    typeof objectID === 'string' &&
    objectID !== '' &&
    typeof url === 'string' &&
    sameSiteUrl(url, origin) !== null &&
    typeof type === 'string' &&
    TYPES.includes(type) &&
    isRecord(hierarchy) &&
    LEVELS.every((level) => isTextOrEmpty(hierarchy[level])) &&
    isTextOrEmpty(content)
  );
}

// Fields DocSearch never stores: search-time highlight results, which it would render as HTML.
const RESULT_FIELDS = ['_highlightResult', '_snippetResult'];

/** The stored list with only the hits that fit, each once; null when nothing of it is usable. */
export function validStoredHits(raw: string, origin: string): unknown[] | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const seen = new Set<string>();
  return value
    .filter((item): item is Record<string, unknown> => {
      if (!isStoredHit(item, origin)) return false;
      const id = (item as { objectID: string }).objectID;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((item) => {
      const kept = Object.fromEntries(Object.entries(item).filter(([key]) => !RESULT_FIELDS.includes(key)));
      return { ...kept, url: sameSiteUrl(item.url as string, origin) };
    });
}

/** Rewrites the index's stored searches to what DocSearch can read; never throws (storage may be unavailable). */
export function repairStoredSearches(
  indexName: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  origin: string,
): void {
  for (const key of storedSearchKeys(indexName)) {
    try {
      const raw = storage.getItem(key);
      if (raw === null) continue;
      const hits = validStoredHits(raw, origin);
      if (hits === null || hits.length === 0) storage.removeItem(key);
      else if (JSON.stringify(hits) !== raw) storage.setItem(key, JSON.stringify(hits));
    } catch {
      // Storage is unavailable or full: DocSearch then keeps searches in memory only.
    }
  }
}

/** A stored hit's field as DocSearch would show it: the text at `attribute` (`hierarchy.lvl1`, `content`). */
export function storedField(hit: unknown, attribute: string): string {
  let value: unknown = hit;
  for (const key of attribute.split('.')) value = isRecord(value) ? value[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/** Whether a hit DocSearch lists came from storage (recent or favorite) rather than from a search. */
export const isFromStorage = (hit: object): boolean => !('_highlightResult' in hit) && !('_snippetResult' in hit);
