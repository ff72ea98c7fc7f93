/**
 * The local search engine: MiniSearch over the build's records (./index-file.ts), searched word by word as typed,
 * by stem, as a prefix and within the hosted service's typo budget (./typos.ts), filtered by facets (./facets.ts)
 * and ranked by page (./ranking.ts). The index is built at build time; the browser only loads and queries it.
 */
import type { Query, SearchOptions, SearchResult } from 'minisearch';
import { queryWords, tokenize, type MatchedTerms, type QueryWord } from '../text';
import type { FacetFilters, SearchRecord } from '../types';
import { facetFilterPredicate } from './facets';
import { FIELDS, type Field, type LoadedIndex } from './index-file';
import {
  FIELD_BOOSTS,
  rankPages,
  squash,
  titleBoost,
  typoWeight,
  TYPE_BOOSTS,
  type PageMatch,
  type RankedHit,
  type Scored,
} from './ranking';
import { typoTerms } from './typos';

export { buildSearchIndex, indexRecords, loadSearchIndex, SearchIndexFormatError, type LoadedIndex } from './index-file';
export { facetFilterPredicate } from './facets';
export type { RankedHit } from './ranking';

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

/** Words past this many are not searched (a query box holds 64 characters). */
const MAX_WORDS = 16;

/** The words the engine searches: as `queryWords`, less a lone letter still being typed after other words. */
function engineWords(query: string): QueryWord[] {
  const typed = tokenize(query);
  const last = typed[typed.length - 1] ?? '';
  return queryWords(typed.length > 1 && last.length < 2 ? typed.slice(0, -1).join(' ') : query).slice(0, MAX_WORDS);
}

/** No words: shared by the many records that match none in a declared name or with a typo (less garbage per keystroke). */
const NO_WORDS: ReadonlySet<number> = new Set();
const NO_TYPOS: ReadonlyMap<number, number> = new Map();
const withWord = (words: ReadonlySet<number>, i: number): ReadonlySet<number> => new Set(words).add(i);

/** Fields that say what a record is about: its heading, the page's keywords, the names the page declares. */
const HEADING_FIELDS: ReadonlySet<string> = new Set<Field>(['title', 'keywords', 'defines']);
/** Whether a result matched a word in its heading, its page's keywords or declared names. */
const matchesHeading = ({ match }: SearchResult): boolean =>
  Object.values(match).some((fields) => fields.some((field) => HEADING_FIELDS.has(field)));

/** Whether a result matched a word, as typed, in the names its page declares (or as the start of one, `typing`). */
function declares({ match }: SearchResult, { word }: QueryWord, typing: boolean): boolean {
  return Object.entries(match).some(
    ([matchedTerm, fields]) => fields.includes('defines') && (matchedTerm === word || (typing && matchedTerm.startsWith(word))),
  );
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
  /**
   * Records a result for word `i`, scoring `matchScore`; `typos` tells the typos of each term it may have matched with
   * (none: as typed).
   */
  const note = (result: SearchResult, i: number, matchScore: number, typos?: ReadonlyMap<string, number>) => {
    let hit = records.get(result.id as number);
    if (!hit) {
      const record = index.mini.getStoredFields(result.id) as unknown as SearchRecord;
      hit = { record, score: 0, scores: words.map(() => 0), typos: NO_TYPOS, declares: NO_WORDS, headed: NO_WORDS };
      records.set(result.id as number, hit);
    } else if (typos && (hit.scores[i] ?? 0) > 0) {
      return; // matched without a typo already
    }
    for (const term of result.terms) if (!terms.has(term)) terms.set(term, i);
    const score = matchScore * titleBoost(hit.record, wanted);
    hit.scores[i] = score;
    hit.score += score;
    if (matchesHeading(result)) hit.headed = withWord(hit.headed, i);
    if (typos) hit.typos = new Map(hit.typos).set(i, Math.min(...result.terms.map((term) => typos.get(term) ?? Infinity)));
    else if (declares(result, words[i] as QueryWord, typing)) hit.declares = withWord(hit.declares, i);
  };
  words.forEach((word, i) => {
    const exact = index.mini.search(exactQuery(word, i === words.length - 1), options);
    // A last word that is a word of the docs already ("cache") is no longer a name being typed ("CachePolicy").
    typing = i === words.length - 1 && !exact.some((r) => r.terms.includes(word.word) || r.terms.includes(word.term));
    for (const result of exact) note(result, i, result.score);
    // Typos are forgiven only for a word that matches nothing as typed (a word found as typed is not a typo).
    const typos = exact.length === 0 ? typoTerms(word.word, index.vocabulary()) : null;
    if (typos && typos.size > 0) {
      // The terms within the word's typos, each weighed as MiniSearch weighs a fuzzy match that far from the word.
      const query: Query = { queries: [...typos.keys()], boostTerm: (term) => typoWeight(term, typos.get(term) ?? 1) };
      // MiniSearch multiplies a score by the number of query terms matched; these are spellings of one word.
      for (const result of index.mini.search(query, options)) note(result, i, result.score / result.queryTerms.length, typos);
    }
  });
  return { pages: rankPages(records.values(), words.length, query), words, terms };
}

/** Every matching record, best page first, each page's records together. */
export function searchRecords(index: LoadedIndex, query: string, filters?: FacetFilters): RankedHit[] {
  return matchPages(index, query, filters).pages.flatMap((page) => page.hits.map(({ record, score }) => ({ record, score })));
}

/** A page's best `count` records, each leading to a different address (a heading and its body text lead to one). */
function bestPlaces(hits: readonly Scored[], count: number): Scored[] {
  const places = new Set<string>();
  const kept: Scored[] = [];
  for (const hit of hits) {
    if (kept.length === count) break;
    if (places.has(hit.record.url)) continue;
    places.add(hit.record.url);
    kept.push(hit);
  }
  return kept;
}

/**
 * One page of results as the hosted service pages them. Without `distinct`: records [offset, offset + length)
 * and how many match. With `distinct` n: pages of the site [offset, offset + length), each with its n best
 * records to different places, and how many pages match.
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
    const shown = pages.slice(offset, offset + length).flatMap((page) => bestPlaces(page.hits, distinct).map(strip));
    return { hits: shown, nbHits: pages.length, words, terms };
  }
  const all = pages.flatMap((page) => page.hits);
  return { hits: all.slice(offset, offset + length).map(strip), nbHits: all.length, words, terms };
}
