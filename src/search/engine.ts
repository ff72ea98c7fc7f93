/**
 * The local search engine: MiniSearch over the build's records. The index is built and serialised at build
 * time (buildSearchIndex); the browser only loads it (loadSearchIndex) and queries it (searchRecords).
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
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

function extractField(doc: IndexedRecord, field: string): string {
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

/** The squashed own title of a record (null for body text), computed once per index. */
function titleKey(index: LoadedIndex, id: number): string | null {
  let keys = titleKeys.get(index);
  if (!keys) {
    keys = index.records.map((r) => (r.type === 'content' ? null : squash(tokenize(r.hierarchy[r.type] ?? ''))));
    titleKeys.set(index, keys);
  }
  return keys[id] ?? null;
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
    return FIELDS.map((field) => (record ? new Set(fieldTokens(extractField({ ...record, id }, field), field)).size : 0));
  };
  const mini = MiniSearch.loadJS<IndexedRecord>(unpackIndex(data.index as PackedIndex, lengths), MINISEARCH_OPTIONS);
  return { records, mini };
}

type Predicate = (record: SearchRecord) => boolean;

function valueOf(record: SearchRecord, attribute: string): unknown {
  return attribute.split('.').reduce<unknown>((value, key) => {
    if (value && typeof value === 'object') return (value as Record<string, unknown>)[key];
    return undefined;
  }, record);
}

function facetPredicate(filter: string): Predicate {
  const colon = filter.indexOf(':');
  if (colon < 0) return () => true;
  let attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  let negate = false;
  if (attribute.startsWith('-')) [attribute, negate] = [attribute.slice(1), true];
  if (value.startsWith('-')) [value, negate] = [value.slice(1), true];
  value = value.replace(/^"(.*)"$/, '$1');
  return (record) => {
    const actual = valueOf(record, attribute);
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

export interface RankedHit {
  record: SearchRecord;
  score: number;
}

/**
 * Every record matching the query, best first. All words must match (the last also as a prefix, each within
 * the typo budget); when that finds nothing, any word may match and more matched words rank first. Equal
 * scores keep the sidebar order.
 */
export function searchRecords(index: LoadedIndex, query: string, filters?: FacetFilters): RankedHit[] {
  const typed = queryTerms(query);
  // A lone letter after other words is a word still being typed: as a prefix it would match most of the
  // vocabulary (slow, and no better), so it waits for its second letter.
  const terms = typed.length > 1 && (typed[typed.length - 1]?.length ?? 0) < 2 ? typed.slice(0, -1) : typed;
  if (terms.length === 0) return [];
  const accept = facetFilterPredicate(filters);
  const base: SearchOptions = {
    boost: FIELD_BOOSTS,
    prefix: (_term, i, all) => i === all.length - 1,
    fuzzy: (term) => allowedTypos(term) || false,
    maxFuzzy: 2,
    boostDocument: (id: number) => TYPE_BOOSTS[index.records[id]?.type ?? 'content'],
    filter: (result) => {
      const record = index.records[result.id as number];
      return record !== undefined && accept(record);
    },
  };
  const text = terms.join(' ');
  let results = index.mini.search(text, { ...base, combineWith: 'AND' });
  if (results.length === 0 && terms.length > 1) results = index.mini.search(text, { ...base, combineWith: 'OR' });
  const wanted = squash(tokenize(query));
  return results
    .map((r) => {
      const record = index.records[r.id as number] as SearchRecord;
      let score = r.score;
      if (titleKey(index, r.id as number) === wanted) score *= EXACT_TITLE_BOOST;
      if (terms.length > 1) {
        const perField = new Map<string, number>();
        for (const fields of Object.values(r.match)) for (const f of fields) perField.set(f, (perField.get(f) ?? 0) + 1);
        if ([...perField.values()].some((n) => n >= terms.length)) score *= SAME_FIELD_BOOST;
      }
      return { record, score, words: r.queryTerms.length };
    })
    // When not every word matched (the fallback), records matching more of the words come first.
    .sort((a, b) => {
      if (a.words !== b.words) return b.words - a.words;
      const tie = Math.abs(a.score - b.score) <= 1e-9 * Math.max(a.score, b.score);
      if (!tie) return b.score - a.score;
      return a.record.weight.pageRank - b.record.weight.pageRank || a.record.weight.position - b.record.weight.position;
    })
    .map(({ record, score }) => ({ record, score }));
}
