/**
 * The local search engine: MiniSearch over the build's records, with its own options doing the text work
 * (fields and boosts, prefix and fuzzy matching, serialisation) and a few ranking rules on top. The index is
 * built and serialised at build time (buildSearchIndex); the browser only loads it (loadSearchIndex) and
 * queries it (searchPage).
 */
import MiniSearch, { type Options, type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { identifierParts, queryWords, tokenize, wordTerms, type MatchedTerms, type QueryWord } from './text';
import type { FacetFilters, HierarchyLevel, SearchRecord } from './types';

/** Searched fields; named apart from the stored record fields, which MiniSearch extracts the same way. */
type Field = 'defines' | 'title' | 'keywords' | 'code' | 'parents' | 'text' | 'parts';
const FIELDS: Field[] = ['defines', 'title', 'keywords', 'code', 'parents', 'text', 'parts'];

/**
 * What a match in each field is worth: the page that declares a name beats pages that use it; a heading beats
 * body text; a word written out beats the same letters inside an identifier (`stan` in `useStanValue`).
 */
export const FIELD_BOOSTS: Readonly<Record<Field, number>> = {
  defines: 8,
  title: 5,
  keywords: 4,
  code: 2,
  parents: 1.5,
  text: 1,
  parts: 0.5,
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

/** A record whose own heading is exactly the query (`reset` → the `reset` section) comes first. */
const EXACT_TITLE_BOOST = 2;

const LEVELS: readonly Exclude<HierarchyLevel, 'lvl0'>[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** What the index file keeps of each record: everything a hit shows (the index-only fields are searched only). */
const STORED_FIELDS: Array<keyof SearchRecord> = [
  'objectID',
  'url',
  'url_without_anchor',
  'anchor',
  'type',
  'hierarchy',
  'content',
  'language',
  'docusaurus_tag',
  'weight',
];

type IndexedRecord = SearchRecord & { id: number };

const ownTitle = (doc: SearchRecord) => (doc.type === 'content' ? '' : (doc.hierarchy[doc.type] ?? ''));

/** The text of a searched field; a stored field's value as it is. */
function extractField(doc: IndexedRecord, field: string): unknown {
  switch (field as Field) {
    case 'defines':
      return doc.defines ?? '';
    case 'title':
      return ownTitle(doc);
    case 'parents': {
      // The headings above a section: "atom effects" finds the Effects section of the atom page.
      if (doc.type === 'content') return '';
      return LEVELS.slice(0, Math.max(0, LEVELS.indexOf(doc.type)))
        .map((l) => doc.hierarchy[l])
        .filter(Boolean)
        .join(' ');
    }
    case 'text':
      return doc.content ?? '';
    case 'code':
      return doc.code ?? '';
    case 'keywords':
      return doc.keywords ?? '';
    case 'parts':
      // The words inside the names a page declares, titles itself with or lists as keywords ("stan value" finds
      // `useStanValue`); not those of code blocks, whose local names would crowd the index.
      return [doc.defines, ownTitle(doc), doc.keywords].filter(Boolean).join(' ');
    default:
      return doc[field as keyof IndexedRecord];
  }
}

const MINISEARCH_OPTIONS: Options<IndexedRecord> = {
  fields: FIELDS,
  storeFields: STORED_FIELDS,
  extractField: extractField as Options<IndexedRecord>['extractField'],
  tokenize,
  // Declared names are matched as written (lower case): a stem would make `abort` one of `Aborted`'s names.
  processTerm: (term, field) =>
    field === 'parts' ? identifierParts(term) : field === 'defines' ? term.toLowerCase() : wordTerms(term),
  // Queries arrive as terms already (see queryWords).
  searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
};

export interface LoadedIndex {
  mini: MiniSearch<IndexedRecord>;
}

/** An index over the records, without the file round trip (the build, tests, benchmarks). */
export function indexRecords(records: readonly SearchRecord[]): LoadedIndex {
  const mini = new MiniSearch<IndexedRecord>(MINISEARCH_OPTIONS);
  mini.addAll(records.map((record, id) => ({ ...record, id })));
  return { mini };
}

/** The index file's text: MiniSearch's own serialisation, with the records' shown fields stored in it. */
export function buildSearchIndex(records: readonly SearchRecord[]): string {
  return JSON.stringify(indexRecords(records).mini);
}

export class SearchIndexFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchIndexFormatError';
  }
}

export function loadSearchIndex(json: string): LoadedIndex {
  try {
    return { mini: MiniSearch.loadJSON<IndexedRecord>(json, MINISEARCH_OPTIONS) };
  } catch (error) {
    throw new SearchIndexFormatError(
      'The search index file is not an index this engine can load: rebuild the site (npm run build).',
      { cause: error },
    );
  }
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

/** Typo tolerance of the hosted service, by the length of the word as typed: 1 typo from 4 characters, 2 from 8. */
export const allowedTypos = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/** A last word this short is a prefix of much of the vocabulary: as a prefix it matches headings and names only. */
const SHORT_PREFIX_LENGTH = 2;
const SHORT_PREFIX_FIELDS: Field[] = ['defines', 'title', 'parents', 'keywords'];

/** MiniSearch's query for one word as typed or by its stem, the last word also as a prefix (no typos). */
function exactQuery({ word, term }: QueryWord, last: boolean): Query {
  if (last && word.length <= SHORT_PREFIX_LENGTH) {
    return {
      combineWith: 'OR',
      queries: [
        { queries: [word], fields: SHORT_PREFIX_FIELDS, prefix: true },
        { queries: [word], fields: FIELDS.filter((f) => !SHORT_PREFIX_FIELDS.includes(f)) },
      ],
    };
  }
  return { combineWith: 'OR', queries: [...new Set([word, term])], prefix: last };
}

/** The words the engine searches: as `queryWords`, less a lone letter still being typed after other words. */
function engineWords(query: string): QueryWord[] {
  const typed = tokenize(query);
  const last = typed[typed.length - 1] ?? '';
  return queryWords(typed.length > 1 && last.length < 2 ? typed.slice(0, -1).join(' ') : query).slice(0, MAX_WORDS);
}

/** Words past this many are not searched (a query box holds 64 characters). */
const MAX_WORDS = 16;

export interface RankedHit {
  record: SearchRecord;
  score: number;
}

interface Scored extends RankedHit {
  /** Per query word, what the record scores for it (0: no match). */
  scores: number[];
  /** The words (by index) the record matches only with typos. */
  typos: ReadonlySet<number>;
  /** The words the record matches in the names its page declares. */
  declares: ReadonlySet<number>;
}

/** No words: shared by the many records that match none with a typo or in a declared name (less garbage per keystroke). */
const NO_WORDS: ReadonlySet<number> = new Set();
const withWord = (words: ReadonlySet<number>, i: number): ReadonlySet<number> => new Set(words).add(i);

/** The matching records of one page, and what ranks the page. */
interface PageMatch {
  hits: Scored[];
  /** The query words (by index) the page holds, in any of its records. */
  words: Set<number>;
  /** The words the page holds without a typo somewhere. */
  exact: Set<number>;
  /** The words the page matches in the names it declares (`AsyncValue`, `makeStore DEFAULT_STORE`). */
  declares: Set<number>;
  /** Whether the page answers a "what is X" question: titled X, or its summary starts "X is". */
  answers: boolean;
  /** Per word, the page's best record score for it. */
  best: number[];
  /** The sum, over the words, of the page's best score for each, relative to the best page's. */
  score: number;
}

const matched = (scores: readonly number[]) => scores.filter((s) => s > 0).length;
const squash = (text: string) => tokenize(text).join('').toLowerCase();

/** An ordering rule: negative puts `a` first, positive `b`, zero leaves the pair to the next rule. */
type Rule<T> = (a: T, b: T) => number;

/** The order the first rule that tells a pair apart gives it. */
function rankBy<T>(rules: ReadonlyArray<Rule<T>>): Rule<T> {
  return (a, b) => {
    for (const rule of rules) {
      const order = rule(a, b);
      if (order) return order;
    }
    return 0;
  };
}

/** How many words the page holds only with typos. */
const typoWords = (p: PageMatch) => p.words.size - p.exact.size;
/** Whether every query word is a name the page declares (`best` has one entry per query word). */
const declaresAll = (p: PageMatch) => p.declares.size === p.best.length;

/** A page holding more of the words answers more of the query. */
const holdsMoreWords: Rule<PageMatch> = (a, b) => b.words.size - a.words.size;
/** A word found as typed is surer than one found by forgiving a typo. */
const hasFewerTypos: Rule<PageMatch> = (a, b) => typoWords(a) - typoWords(b);
/** "What is X" asks for the page that says what X is, not for every page that mentions X. */
const answersTheQuestion: Rule<PageMatch> = (a, b) => Number(b.answers) - Number(a.answers);
/** Names asked for lead to the page that declares them, not to the pages that use them. */
const declaresEveryName: Rule<PageMatch> = (a, b) => Number(declaresAll(b)) - Number(declaresAll(a));
/** Then the closer text match, each word counting alike. */
const scoresHigher: Rule<PageMatch> = (a, b) => b.score - a.score;
/** Ties keep the sidebar's order, the order a reader meets the pages in. */
const comesFirstInSidebar: Rule<PageMatch> = (a, b) =>
  (a.hits[0]?.record.weight.pageRank ?? 0) - (b.hits[0]?.record.weight.pageRank ?? 0);

/** How pages rank, most telling rule first. */
const PAGE_ORDER: ReadonlyArray<Rule<PageMatch>> = [
  holdsMoreWords,
  hasFewerTypos,
  answersTheQuestion,
  declaresEveryName,
  scoresHigher,
  comesFirstInSidebar,
];

/** A record holding more of the words is the closer answer within its page. */
const recordHoldsMoreWords: Rule<Scored> = (a, b) => matched(b.scores) - matched(a.scores);
/** A record matching as typed beats one matching by a forgiven typo. */
const recordHasFewerTypos: Rule<Scored> = (a, b) => a.typos.size - b.typos.size;
/** Then the closer text match. */
const recordScoresHigher: Rule<Scored> = (a, b) => b.score - a.score;
/** Ties keep reading order. */
const comesFirstOnPage: Rule<Scored> = (a, b) => a.record.weight.position - b.record.weight.position;

/** How the records of one page rank. */
const RECORD_ORDER: ReadonlyArray<Rule<Scored>> = [recordHoldsMoreWords, recordHasFewerTypos, recordScoresHigher, comesFirstOnPage];

const comparePages = rankBy(PAGE_ORDER);
const compareHits = rankBy(RECORD_ORDER);

/** The X of a "what is X" question, squashed; null for other queries. */
function definitionAsked(query: string): string | null {
  const asked = /^\s*what\s+(?:is|are)\s+(?:an?\s+|the\s+)?(.+?)[\s?]*$/i.exec(query);
  return asked?.[1] ? squash(asked[1]) : null;
}

/** Whether a page record answers "what is X": its title is X, or its summary starts "X is" / "X are". */
function answersDefinition(record: SearchRecord, asked: string): boolean {
  if (record.type !== 'lvl1') return false;
  const lead = /^(.+?)\s+(?:is|are)\s/i.exec(record.content ?? '')?.[1] ?? '';
  return squash(ownTitle(record)) === asked || squash(lead) === asked;
}

/** Whether a result matched a word, as typed, in the names its page declares (or as the start of one, `typing`). */
function declares({ match }: SearchResult, { word }: QueryWord, typing: boolean): boolean {
  return Object.entries(match).some(
    ([matchedTerm, fields]) => fields.includes('defines') && (matchedTerm === word || (typing && matchedTerm.startsWith(word))),
  );
}

/** Adds a record's match of word `i` to its page's evidence. */
function holdWord(page: PageMatch, i: number, score: number, typo: boolean): void {
  page.words.add(i);
  // A word matched without typos somewhere on the page scores by those matches only.
  if (typo && page.exact.has(i)) return;
  if (!typo && !page.exact.has(i)) {
    page.exact.add(i);
    page.best[i] = 0;
  }
  page.best[i] = Math.max(page.best[i] ?? 0, score);
}

/** The records grouped by page, with what each page holds of the query. */
function groupByPage(hits: Iterable<Scored>, wordCount: number, asked: string | null): PageMatch[] {
  const pages = new Map<string, PageMatch>();
  for (const hit of hits) {
    const url = hit.record.url_without_anchor;
    let page = pages.get(url);
    if (!page) {
      const best = Array.from({ length: wordCount }, () => 0);
      page = { hits: [], words: new Set(), exact: new Set(), declares: new Set(), answers: false, best, score: 0 };
      pages.set(url, page);
    }
    page.hits.push(hit);
    hit.scores.forEach((score, i) => {
      if (score > 0) holdWord(page, i, score, hit.typos.has(i));
    });
    for (const i of hit.declares) page.declares.add(i);
    if (asked !== null && answersDefinition(hit.record, asked)) page.answers = true;
  }
  return [...pages.values()];
}

export interface Matches {
  /** Matching pages, best first, each with its matching records, best first. */
  pages: PageMatch[];
  words: QueryWord[];
  /** The index terms each query word matched, for highlighting. */
  terms: MatchedTerms;
}

/**
 * Every record matching a word of the query, grouped by page. A page holding every word, in one section or
 * across several, comes before pages holding fewer; a word is matched as typed or by its stem (the last also
 * as a prefix), or else within its typo budget.
 */
export function matchPages(index: LoadedIndex, query: string, filters?: FacetFilters): Matches {
  const words = engineWords(query);
  const terms = new Map<string, number>();
  if (words.length === 0) return { pages: [], words, terms };
  const accept = facetFilterPredicate(filters);
  const options: SearchOptions = {
    boost: FIELD_BOOSTS,
    boostDocument: (_id, _term, stored) => TYPE_BOOSTS[(stored as unknown as SearchRecord).type],
    filter: (result) => accept(result as unknown as SearchRecord),
  };
  const wanted = squash(query);
  const records = new Map<number, Scored>();
  let typing = false;
  const note = (result: SearchResult, i: number, typo: boolean) => {
    let hit = records.get(result.id as number);
    if (!hit) {
      const record = index.mini.getStoredFields(result.id) as unknown as SearchRecord;
      hit = { record, score: 0, scores: words.map(() => 0), typos: NO_WORDS, declares: NO_WORDS };
      records.set(result.id as number, hit);
    } else if (typo && (hit.scores[i] ?? 0) > 0) {
      return; // matched without a typo already
    }
    for (const term of result.terms) if (!terms.has(term)) terms.set(term, i);
    const exactTitle = hit.record.type !== 'content' && squash(ownTitle(hit.record)) === wanted;
    const score = result.score * (exactTitle ? EXACT_TITLE_BOOST : 1);
    hit.scores[i] = score;
    hit.score += score;
    if (typo) hit.typos = withWord(hit.typos, i);
    else if (declares(result, words[i] as QueryWord, typing)) hit.declares = withWord(hit.declares, i);
  };
  words.forEach((word, i) => {
    const exact = index.mini.search(exactQuery(word, i === words.length - 1), options);
    // A last word that is a word of the docs already ("cache") is no longer a name being typed ("CachePolicy").
    typing = i === words.length - 1 && !exact.some((r) => r.terms.includes(word.word) || r.terms.includes(word.term));
    for (const result of exact) note(result, i, false);
    // Typos are forgiven only for a word that matches nothing as typed (a word found as typed is not a typo).
    const typos = allowedTypos(word.word);
    if (exact.length === 0 && typos > 0) {
      for (const result of index.mini.search({ queries: [word.word], fuzzy: typos }, options)) note(result, i, true);
    }
  });

  let ranked = groupByPage(records.values(), words.length, definitionAsked(query));
  for (const page of ranked) page.hits.sort(compareHits);
  if (ranked.some((p) => p.words.size === words.length)) ranked = ranked.filter((p) => p.words.size === words.length);
  // Each word counts alike: a page scores, per word, its best match over the best any page has for it.
  const top = words.map((_, i) => Math.max(...ranked.map((p) => p.best[i] ?? 0)));
  for (const page of ranked) page.score = page.best.reduce((sum, s, i) => sum + (top[i] ? s / (top[i] ?? 1) : 0), 0);
  return { pages: ranked.sort(comparePages), words, terms };
}

/** Every matching record, best page first, each page's records together. */
export function searchRecords(index: LoadedIndex, query: string, filters?: FacetFilters): RankedHit[] {
  return matchPages(index, query, filters).pages.flatMap((page) => page.hits.map(({ record, score }) => ({ record, score })));
}

/**
 * One page of results as the hosted service pages them. Without `distinct`: records [offset, offset + length)
 * and how many match. With `distinct` n: pages of the site [offset, offset + length), each with its n best
 * records, and how many pages match.
 */
export function searchPage(
  index: LoadedIndex,
  query: string,
  filters: FacetFilters | undefined,
  offset: number,
  length: number,
  distinct = 0,
): { hits: RankedHit[]; nbHits: number; words: QueryWord[]; terms: MatchedTerms } {
  const { pages, words, terms } = matchPages(index, query, filters);
  const strip = ({ record, score }: Scored): RankedHit => ({ record, score });
  if (distinct > 0) {
    const shown = pages.slice(offset, offset + length).flatMap((page) => page.hits.slice(0, distinct).map(strip));
    return { hits: shown, nbHits: pages.length, words, terms };
  }
  const all = pages.flatMap((page) => page.hits);
  return { hits: all.slice(offset, offset + length).map(strip), nbHits: all.length, words, terms };
}
