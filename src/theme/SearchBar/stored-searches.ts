/**
 * DocSearch lists the recent and favorite searches it keeps in localStorage without checking them, and one bad
 * entry crashes the whole modal. Before it reads them, every stored hit is checked against what DocSearch reads
 * of it: `objectID` (its list key and identity), `url` (followed when chosen), `type` (which hierarchy level is its
 * title), `hierarchy` (an object: `hierarchy[type]` and `hierarchy.lvl1` are read) with string or empty levels,
 * and `content` (the title of a content hit). Entries that do not fit are dropped, the rest kept in order.
 */

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

/** Whether DocSearch can list and open this stored hit. */
export function isStoredHit(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { objectID, url, type, hierarchy, content } = value;
  return (
    typeof objectID === 'string' &&
    objectID !== '' &&
    typeof url === 'string' &&
    url !== '' &&
    typeof type === 'string' &&
    TYPES.includes(type) &&
    isRecord(hierarchy) &&
    LEVELS.every((level) => isTextOrEmpty(hierarchy[level])) &&
    isTextOrEmpty(content)
  );
}

/** The stored list with only the hits that fit, each once; null when nothing of it is usable. */
export function validStoredHits(raw: string): unknown[] | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const seen = new Set<string>();
  return value.filter((item) => {
    if (!isStoredHit(item)) return false;
    const id = (item as { objectID: string }).objectID;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Rewrites the index's stored searches to what DocSearch can read; never throws (storage may be unavailable). */
export function repairStoredSearches(indexName: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): void {
  for (const key of storedSearchKeys(indexName)) {
    try {
      const raw = storage.getItem(key);
      if (raw === null) continue;
      const hits = validStoredHits(raw);
      if (hits === null || hits.length === 0) storage.removeItem(key);
      else if (JSON.stringify(hits) !== raw) storage.setItem(key, JSON.stringify(hits));
    } catch {
      // Storage is unavailable or full: DocSearch then keeps searches in memory only.
    }
  }
}
