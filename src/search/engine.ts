/**
 * The local search engine: MiniSearch over the build's records. The index is built and serialised at build
 * time (buildSearchIndex); the browser only loads it (loadSearchIndex) and queries it (searchPage, which
 * answers a page of searchRecords).
 */
import MiniSearch, { type Options, type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { packIndex, unpackIndex, type PackedIndex } from './index-codec';
import { allowedTypos, indexTerms, queryTerms, tokenize } from './text';
import type { FacetFilters, HierarchyLevel, PackedPage, PackedRecord, SearchIndexFile, SearchRecord } from './types';

type Field = 'title' | 'keywords' | 'code' | 'hierarchy' | 'content';
const FIELDS: Field[] = ['title', 'keywords', 'code', 'hierarchy', 'content'];
/** Fields indexed but not carried in the index file's records. */
const INDEX_ONLY_FIELDS: Field[] = ['keywords', 'code'];

/** Title and heading matches outrank body text; code identifiers and keywords sit in between. */
export const FIELD_BOOSTS: Readonly<Record<Field, number>> = {
  title: 6,
  keywords: 4,
  code: 2.5,
  hierarchy: 1.5,
  content: 1,
};

/** A page beats its sections, a section beats its body text, when the text matches equally. */
const TYPE_BOOSTS: Readonly<Record<SearchRecord['type'], number>> = {
  lvl1: 1.3,
  lvl2: 1.2,
  lvl3: 1.15,
  lvl4: 1.1,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

const LEVELS: readonly Exclude<HierarchyLevel, 'lvl0'>[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

type IndexedRecord = SearchRecord & { id: number };

function extractField(doc: SearchRecord, field: string): string {
  switch (field as Field) {
    case 'title':
      return doc.type === 'content' ? '' : (doc.hierarchy[doc.type] ?? '');
    case 'hierarchy': {
      // The headings above a section: "atom effects" finds the Effects section of the atom page. Body text
      // and lvl0 (category names) are left out, which keeps the index small.
      if (doc.type === 'content') return '';
      const own = LEVELS.indexOf(doc.type);
      return LEVELS.slice(0, Math.max(0, own))
        .map((l) => doc.hierarchy[l])
        .filter(Boolean)
        .join(' ');
    }
    case 'content':
      return doc.content ?? '';
    case 'code':
      return doc.code ?? '';
    case 'keywords':
      return doc.keywords ?? '';
  }
}

/** A short title also counts as one word, so `atomFamily` finds the page titled "Atom family". */
function fieldTokens(text: string, field?: string): string[] {
  const tokens = tokenize(text);
  return field === 'title' && tokens.length >= 2 && tokens.length <= 3 ? [...tokens, tokens.join('')] : tokens;
}

/** Query and title as one lower-case word, for the exact-title rule. */
const squash = (words: readonly string[]) => words.join('').toLowerCase();

const titleKeys = new WeakMap<LoadedIndex, Array<string | null>>();

/** The squashed own titles of the records (null for body text), computed once per index. */
function titleKeysOf(index: LoadedIndex): ReadonlyArray<string | null> {
  let keys = titleKeys.get(index);
  if (!keys) {
    keys = index.records.map((r) => (r.type === 'content' ? null : squash(tokenize(r.hierarchy[r.type] ?? ''))));
    titleKeys.set(index, keys);
  }
  return keys;
}

/** A record whose own title is exactly the query (`reset` → the `reset` section) ranks first. */
const EXACT_TITLE_BOOST = 2;
/** Every query word matched in one field (e.g. the title or the keywords) beats words scattered over fields. */
const SAME_FIELD_BOOST = 1.3;

const MINISEARCH_OPTIONS: Options<IndexedRecord> = {
  fields: FIELDS,
  storeFields: [],
  extractField: (doc, field) => (field === 'id' ? (doc.id as unknown as string) : extractField(doc, field)),
  tokenize: fieldTokens,
  // Identifier parts (`stan value` → useStanValue) for headings and code; body text keeps whole words, which
  // keeps the index small.
  processTerm: (term, field) => indexTerms(term, field === 'title' || field === 'hierarchy'),
  // Queries arrive already split into terms (see queryTerms), so the search side only lower-cases.
  searchOptions: { tokenize: (text) => text.split(' ').filter(Boolean), processTerm: (t) => t.toLowerCase() },
};

const TYPES: readonly SearchRecord['type'][] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

const deeperLevels = (r: SearchRecord) => {
  const deeper = LEVELS.slice(1).map((l) => r.hierarchy[l]);
  while (deeper.length > 0 && deeper[deeper.length - 1] === null) deeper.pop();
  return deeper;
};

const sameSection = (a: Pick<SearchRecord, 'anchor' | 'hierarchy'>, b: Pick<SearchRecord, 'anchor' | 'hierarchy'>) =>
  a.anchor === b.anchor && LEVELS.every((l) => a.hierarchy[l] === b.hierarchy[l]);

/** Packs records for the index file: what a page's records share is stored once, with the page. */
export function packRecords(records: readonly SearchRecord[]): Pick<SearchIndexFile, 'pages' | 'records'> {
  const pages: PackedPage[] = [];
  const pageIndex = new Map<string, number>();
  const sections = new Map<number, SearchRecord>();
  const packed = records.map((r): PackedRecord => {
    let page = pageIndex.get(r.url_without_anchor);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(r.url_without_anchor, page);
      pages.push([
        r.objectID.replace(/-\d+$/, ''),
        r.url_without_anchor,
        r.hierarchy.lvl0,
        r.hierarchy.lvl1 ?? '',
        r.weight.pageRank,
        r.language,
        r.docusaurus_tag,
      ]);
    }
    if (r.type !== 'content') {
      sections.set(page, r);
      return [page, TYPES.indexOf(r.type), r.anchor, deeperLevels(r)];
    }
    const section = sections.get(page) ?? { anchor: null, hierarchy: { ...r.hierarchy, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } };
    return sameSection(section, r) ? [page, 0, r.content] : [page, 0, r.content, r.anchor, deeperLevels(r)];
  });
  return { pages, records: packed };
}

/** The records of an index file, as the build made them (without the index-only `code` and `keywords`). */
export function unpackRecords(file: Pick<SearchIndexFile, 'pages' | 'records'>): SearchRecord[] {
  const positions = new Map<number, number>();
  const sections = new Map<number, { anchor: string | null; deeper: Array<string | null> }>();
  return file.records.map((packed) => {
    const pageIdx = packed[0];
    const [docId = '', path = '', lvl0 = '', lvl1 = '', pageRank = 0, language = '', tag = ''] = file.pages[pageIdx] ?? [];
    const position = positions.get(pageIdx) ?? 0;
    positions.set(pageIdx, position + 1);
    const type = TYPES[packed[1]] ?? 'content';
    let anchor: string | null;
    let deeper: Array<string | null>;
    let content: string | null = null;
    if (type !== 'content') {
      [, , anchor, deeper] = packed as [number, number, string | null, Array<string | null>];
      sections.set(pageIdx, { anchor, deeper });
    } else if (packed.length === 5) {
      [, , content, anchor, deeper] = packed;
    } else {
      content = packed[2] as string | null;
      ({ anchor, deeper } = sections.get(pageIdx) ?? { anchor: null, deeper: [] });
    }
    const [lvl2 = null, lvl3 = null, lvl4 = null, lvl5 = null, lvl6 = null] = deeper;
    return {
      objectID: `${docId}-${position}`,
      url: anchor ? `${path}#${anchor}` : path,
      url_without_anchor: path,
      anchor,
      type,
      hierarchy: { lvl0, lvl1, lvl2, lvl3, lvl4, lvl5, lvl6 },
      content,
      language,
      docusaurus_tag: tag,
      weight: { pageRank, level: type === 'content' ? 0 : 100 - 10 * (Number(type.slice(3)) - 1), position },
    };
  });
}

/** An in-memory index over the records, without the file round trip (the build, tests, benchmarks). */
export function indexRecords(records: readonly SearchRecord[]): LoadedIndex {
  const mini = new MiniSearch<IndexedRecord>(MINISEARCH_OPTIONS);
  mini.addAll(records.map((record, id) => ({ ...record, id })));
  return { records, mini };
}

export function buildSearchIndex(records: readonly SearchRecord[]): SearchIndexFile {
  const { mini } = indexRecords(records);
  const plain = mini.toJSON();
  // Lengths of fields whose text the file does not carry; the rest are recomputed from the records on load.
  const stored = INDEX_ONLY_FIELDS.map((field) => plain.fieldIds[field] ?? -1);
  return { version: 1, ...packRecords(records), index: packIndex(plain, stored) };
}

export interface LoadedIndex {
  records: readonly SearchRecord[];
  mini: MiniSearch<IndexedRecord>;
}

export class SearchIndexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchIndexFormatError';
  }
}

export function loadSearchIndex(file: unknown): LoadedIndex {
  const data = file as Partial<SearchIndexFile> | null;
  if (
    !data ||
    data.version !== 1 ||
    !Array.isArray(data.records) ||
    !Array.isArray(data.pages) ||
    typeof data.index !== 'object' ||
    data.index === null
  ) {
    throw new SearchIndexFormatError('The search index file is not a version 1 index.');
  }
  const records = unpackRecords(data as SearchIndexFile);
  // MiniSearch's field length is the number of distinct tokens of the field's text.
  const lengths = (id: number) => {
    const record = records[id];
    return FIELDS.map((field) => {
      const text = record ? extractField(record, field) : '';
      return text === '' ? 0 : new Set(fieldTokens(text, field)).size;
    });
  };
  const mini = MiniSearch.loadJS<IndexedRecord>(unpackIndex(data.index as PackedIndex, lengths), MINISEARCH_OPTIONS);
  return { records, mini };
}

type Predicate = (record: SearchRecord) => boolean;

function facetPredicate(filter: string): Predicate {
  const colon = filter.indexOf(':');
  if (colon < 0) return () => true;
  let attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  let negate = false;
  if (attribute.startsWith('-')) [attribute, negate] = [attribute.slice(1), true];
  if (value.startsWith('-')) [value, negate] = [value.slice(1), true];
  value = value.replace(/^"(.*)"$/, '$1');
  const path = attribute.split('.');
  return (record) => {
    let actual: unknown = record;
    for (const key of path) actual = actual && typeof actual === 'object' ? (actual as Record<string, unknown>)[key] : undefined;
    const hit = Array.isArray(actual) ? actual.map(String).includes(value) : String(actual) === value;
    return negate ? !hit : hit;
  };
}

/** facetFilters of the hosted service: entries are ANDed; an inner array is an OR; `attr:-v` negates. */
export function facetFilterPredicate(filters: FacetFilters | undefined): Predicate {
  if (filters === undefined) return () => true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const groups = list.map((entry) => (typeof entry === 'string' ? [entry] : [...entry]).map(facetPredicate));
  return (record) => groups.every((group) => group.length === 0 || group.some((p) => p(record)));
}

/** Per index: the per-record boosts of each facet filter set seen (see documentBoosts), a few at most. */
const boostCache = new WeakMap<LoadedIndex, Map<string, Float64Array>>();
const BOOST_CACHE_SIZE = 8;

/**
 * Each record's type boost, or 0 when the facet filters reject it, computed once per distinct filter set.
 * MiniSearch skips a record whose boostDocument is 0 before scoring it, so filtered records cost nothing.
 */
function documentBoosts(index: LoadedIndex, filters: FacetFilters | undefined): Float64Array {
  let cache = boostCache.get(index);
  if (!cache) boostCache.set(index, (cache = new Map()));
  const key = JSON.stringify(filters ?? null);
  let boosts = cache.get(key);
  if (!boosts) {
    const accept = facetFilterPredicate(filters);
    boosts = Float64Array.from(index.records, (r) => (accept(r) ? TYPE_BOOSTS[r.type] : 0));
    if (cache.size >= BOOST_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, boosts);
  }
  return boosts;
}

/**
 * Records matching all of the first words of a query, per index and filter set (see matchRecords): while a
 * reader types, only the last word changes, so the words before it are looked up once, not per keystroke.
 */
const candidateCache = new WeakMap<LoadedIndex, Map<string, Uint8Array | null>>();
const CANDIDATE_CACHE_SIZE = 16;

/** Words of 1–2 characters at the end of a query match as a prefix only in these fields (see wordQuery). */
const SHORT_PREFIX_FIELDS: Field[] = ['title', 'hierarchy', 'keywords'];
const EXACT_ONLY_FIELDS = FIELDS.filter((f) => !SHORT_PREFIX_FIELDS.includes(f));
const SHORT_PREFIX_LENGTH = 2;

/**
 * The MiniSearch query for one word. Every word matches whole or within its typo budget; the last also as
 * a prefix. A last word of only 1–2 characters ("re", "St") is a prefix of a large part of the vocabulary:
 * a reader typing it is after a heading ("reset", "refresh", "React"), so it matches as a prefix in titles,
 * headings and keywords only, and whole elsewhere (body text, code identifiers). From its third character on
 * it is a prefix everywhere. This also spares the engine scoring most of the index for two keystrokes.
 */
function wordQuery(term: string, last: boolean): Query {
  if (last && term.length <= SHORT_PREFIX_LENGTH) {
    return {
      combineWith: 'OR',
      queries: [
        { queries: [term], fields: SHORT_PREFIX_FIELDS, prefix: true },
        { queries: [term], fields: EXACT_ONLY_FIELDS, prefix: false },
      ],
    };
  }
  return { queries: [term], prefix: last };
}

/** The terms the engine searches for: as `queryTerms`, less a word still being typed (see below). */
function engineTerms(query: string): string[] {
  const words = tokenize(query);
  // A lone letter after other words is a word still being typed: as a prefix it would match most of the
  // vocabulary (slow, and no better), so it waits for its second letter. This looks at the words as typed,
  // so "one s" waits too, though "one" is a stop word (it searches what "one" searched).
  const typed = words.length > 1 && (words[words.length - 1]?.length ?? 0) < 2 ? words.slice(0, -1) : words;
  return queryTerms(typed.join(' '));
}

export interface RankedHit {
  record: SearchRecord;
  score: number;
}

interface Scored extends RankedHit {
  /** How many of the query words the record matches (fewer only in the any-word fallback). */
  words: number;
}

/** Best first: more matched words, then the higher score; equal scores keep the sidebar order. */
function compareHits(a: Scored, b: Scored): number {
  return compareTo(a.words, a.score, a.record, b);
}

function compareTo(words: number, score: number, record: SearchRecord, b: Scored): number {
  if (words !== b.words) return b.words - words;
  const tie = Math.abs(score - b.score) <= 1e-9 * Math.max(score, b.score);
  if (!tie) return b.score - score;
  return record.weight.pageRank - b.record.weight.pageRank || record.weight.position - b.record.weight.position;
}

const FIELD_POSITION: Readonly<Record<string, number>> = Object.fromEntries(FIELDS.map((f, i) => [f, i]));
const fieldCounts = new Int32Array(FIELDS.length);

/** Do `needed` matches fall in one field (e.g. every query word in the title)? */
function sameField(match: SearchResult['match'], needed: number): boolean {
  fieldCounts.fill(0);
  for (const term in match) {
    for (const field of match[term] ?? []) {
      const i = FIELD_POSITION[field] ?? 0;
      const count = (fieldCounts[i] ?? 0) + 1;
      fieldCounts[i] = count;
      if (count >= needed) return true;
    }
  }
  return false;
}

interface Matches {
  /** MiniSearch's results, in its order. */
  results: readonly SearchResult[];
  /** A result's final score: MiniSearch's, with the exact-title and same-field boosts. */
  score(result: SearchResult): number;
}

/**
 * Every record matching the query. All words must match (the last also as a prefix, each within the typo
 * budget); when that finds nothing, any word may match.
 */
function matchRecords(index: LoadedIndex, query: string, filters?: FacetFilters): Matches {
  const terms = engineTerms(query);
  if (terms.length === 0) return { results: [], score: () => 0 };
  const boosts = documentBoosts(index, filters);
  const base: SearchOptions = {
    boost: FIELD_BOOSTS,
    fuzzy: (term) => allowedTypos(term) || false,
    maxFuzzy: 2,
    boostDocument: (id: number) => boosts[id] ?? 0,
  };
  const words = terms.map((term, i) => wordQuery(term, i === terms.length - 1));
  let results: SearchResult[];
  if (terms.length === 1) {
    results = index.mini.search({ combineWith: 'AND', queries: words }, base);
  } else {
    // Only records matching every word can match them all. The first words' records come from the cache
    // (see firstWordsMatches); the last word is looked up among them; the full query then scores only the
    // records left. MiniSearch skips a record whose boost is 0 before scoring it, so the skipped ones are
    // nearly free, and every score is the one the whole query would have given.
    const before = firstWordsMatches(index, terms.slice(0, -1), filters, base);
    const last = words[words.length - 1] as Query;
    const all = before && recordsMatching(index, last, base, before);
    results = all ? index.mini.search({ combineWith: 'AND', queries: words }, { ...base, boostDocument: only(all, boosts) }) : [];
    if (results.length === 0) results = index.mini.search({ combineWith: 'OR', queries: words }, base);
  }
  const wanted = squash(tokenize(query));
  const titles = titleKeysOf(index);
  const several = terms.length > 1;
  return {
    results,
    score: (r) =>
      r.score *
      (titles[r.id as number] === wanted ? EXACT_TITLE_BOOST : 1) *
      (several && sameField(r.match, terms.length) ? SAME_FIELD_BOOST : 1),
  };
}

/**
 * Flags (by record id) of the records matching one word's query among those flagged in `within` (non-zero),
 * null for none, without scoring them: MiniSearch asks boostDocument about every record matching a term
 * before it scores it, and an answer of 0 skips the scoring; the record is noted instead.
 */
function recordsMatching(index: LoadedIndex, word: Query, base: SearchOptions, within: ArrayLike<number>): Uint8Array | null {
  const flags = new Uint8Array(index.records.length);
  let any = false;
  const note = (id: number) => {
    if (within[id]) {
      flags[id] = 1;
      any = true;
    }
    return 0;
  };
  index.mini.search(word, { ...base, boostDocument: note });
  return any ? flags : null;
}

/** A boostDocument for the flagged records only (their own boost); 0 skips the others. */
const only =
  (flags: Uint8Array, boosts: Float64Array) =>
  (id: number): number =>
    flags[id] ? (boosts[id] ?? 0) : 0;

/**
 * Flags (by record id) of the records matching all of `terms` as whole words (or within their typo budget),
 * null for none. Word by word, each looked up only among the records matching the words before it.
 */
function firstWordsMatches(
  index: LoadedIndex,
  terms: readonly string[],
  filters: FacetFilters | undefined,
  base: SearchOptions,
): Uint8Array | null {
  let cache = candidateCache.get(index);
  if (!cache) candidateCache.set(index, (cache = new Map()));
  const key = JSON.stringify([filters ?? null, terms]);
  let flags = cache.get(key);
  if (flags !== undefined) {
    cache.delete(key); // re-inserted below: the most recently used last
  } else {
    const before = terms.length > 1 ? firstWordsMatches(index, terms.slice(0, -1), filters, base) : undefined;
    const query = { queries: [terms[terms.length - 1] ?? ''], prefix: false };
    flags = before === null ? null : recordsMatching(index, query, base, before ?? documentBoosts(index, filters));
    if (cache.size >= CANDIDATE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, flags);
  return flags;
}

/**
 * Every record matching the query, best first. All words must match (the last also as a prefix, each within
 * the typo budget); when that finds nothing, any word may match and more matched words rank first. Equal
 * scores keep the sidebar order.
 */
export function searchRecords(index: LoadedIndex, query: string, filters?: FacetFilters): RankedHit[] {
  const { results, score } = matchRecords(index, query, filters);
  return results
    .map((r): Scored => ({ record: index.records[r.id as number] as SearchRecord, score: score(r), words: r.queryTerms.length }))
    .sort(compareHits)
    .map(({ record, score }) => ({ record, score }));
}

/**
 * One page of `searchRecords`: the hits at positions [offset, offset + length) and how many match in all.
 * Only the hits up to the end of the page are put in order, not every match.
 */
export function searchPage(
  index: LoadedIndex,
  query: string,
  filters: FacetFilters | undefined,
  offset: number,
  length: number,
): { hits: RankedHit[]; nbHits: number } {
  const { results, score } = matchRecords(index, query, filters);
  const end = offset + length;
  // The best `end` matches, kept in order: a match enters only if it beats the worst of them.
  const best: Scored[] = [];
  for (const r of end > 0 ? results : []) {
    const record = index.records[r.id as number] as SearchRecord;
    const value = score(r);
    const words = r.queryTerms.length;
    if (best.length === end && compareTo(words, value, record, best[end - 1] as Scored) >= 0) continue;
    const hit = { record, score: value, words };
    let i = best.length < end ? best.length : end - 1;
    while (i > 0 && compareHits(hit, best[i - 1] as Scored) < 0) {
      best[i] = best[i - 1] as Scored;
      i--;
    }
    best[i] = hit;
  }
  return { hits: best.slice(offset).map(({ record, score }) => ({ record, score })), nbHits: results.length };
}
