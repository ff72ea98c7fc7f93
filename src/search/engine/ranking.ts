/**
 * How matches rank: what a match in each field and kind of record is worth, and the rules that order pages (and the
 * records within a page), most telling rule first.
 */
import { tokenize } from '../text';
import type { SearchRecord } from '../types';
import { ownTitle, type Field } from './index-file';

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
export const TYPE_BOOSTS: Readonly<Record<SearchRecord['type'], number>> = {
  lvl1: 1.3,
  lvl2: 1.2,
  lvl3: 1.15,
  lvl4: 1.1,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

/** What MiniSearch makes a fuzzy match worth by default (its `weights.fuzzy` search option). */
const MINISEARCH_FUZZY_WEIGHT = 0.45;

/**
 * What a match of an index term found with typos is worth: MiniSearch's own weight for a fuzzy match at that
 * distance, so the longer the term and the fewer the typos, the more it counts.
 */
export const typoWeight = (term: string, typos: number): number =>
  (MINISEARCH_FUZZY_WEIGHT * term.length) / (term.length + typos);

/** A record whose own heading is exactly the query (`reset` → the `reset` section) comes first. */
const EXACT_TITLE_BOOST = 2;

export const squash = (text: string) => tokenize(text).join('').toLowerCase();

/** What a record's match scores, given the query squashed (`squash`): double when its own heading is the query. */
export const titleBoost = (record: SearchRecord, wanted: string): number =>
  record.type !== 'content' && squash(ownTitle(record)) === wanted ? EXACT_TITLE_BOOST : 1;

export interface RankedHit {
  record: SearchRecord;
  score: number;
}

export interface Scored extends RankedHit {
  /** Per query word, what the record scores for it (0: no match). */
  scores: number[];
  /** The words (by index) the record matches only with typos, each with the fewest typos it took. */
  typos: ReadonlyMap<number, number>;
  /** The words the record matches in the names its page declares. */
  declares: ReadonlySet<number>;
  /** The words the record matches in its heading, its page's keywords or the names its page declares. */
  headed: ReadonlySet<number>;
}

/** The matching records of one page, and what ranks the page. */
export interface PageMatch {
  hits: Scored[];
  /** The query words (by index) the page holds, in any of its records. */
  words: Set<number>;
  /** The words the page holds without a typo somewhere. */
  exact: Set<number>;
  /** Per word, the fewest typos the page holds it with (0: as typed, or not at all). */
  typos: number[];
  /** The words the page matches in the names it declares (`AsyncValue`, `makeStore DEFAULT_STORE`). */
  declares: Set<number>;
  /** Whether the page answers a "what is X" question: titled X, or its summary starts "X is". */
  answers: boolean;
  /** The words the page holds in a heading, its keywords or its declared names: what it explains. */
  headed: Set<number>;
  /** The words its own title or keywords hold: what the whole page is about. */
  about: Set<number>;
  /**
   * A page that compares or lists changes (an upgrade guide, a comparison), set aside for this query: another page
   * explains every word, and the words are not what this page is about.
   */
  setAside: boolean;
  /** Per word, the page's best record score for it. */
  best: number[];
  /** The sum, over the words, of the page's best score for each, relative to the best page's. */
  score: number;
}

const matched = (scores: readonly number[]) => scores.filter((s) => s > 0).length;

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

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};
/** Whether every query word is a name the page declares (`best` has one entry per query word). */
const declaresAll = (p: PageMatch) => p.declares.size === p.best.length;

/** A page holding more of the words answers more of the query. */
const holdsMoreWords: Rule<PageMatch> = (a, b) => b.words.size - a.words.size;
/** A word found as typed is surer than one found by forgiving a typo, and one typo surer than two. */
const hasFewerTypos: Rule<PageMatch> = (a, b) => sum(a.typos) - sum(b.typos);
/** "What is X" asks for the page that says what X is, not for every page that mentions X. */
const answersTheQuestion: Rule<PageMatch> = (a, b) => Number(b.answers) - Number(a.answers);
/** Names asked for lead to the page that declares them, not to the pages that use them. */
const declaresEveryName: Rule<PageMatch> = (a, b) => Number(declaresAll(b)) - Number(declaresAll(a));
/**
 * The page that explains a term beats a page that compares or lists changes (an upgrade guide, a comparison) and
 * only sets it beside others: "effects" asks what effects are.
 */
const explainsRatherThanSurveys: Rule<PageMatch> = (a, b) => Number(a.setAside) - Number(b.setAside);
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
  explainsRatherThanSurveys,
  declaresEveryName,
  scoresHigher,
  comesFirstInSidebar,
];

/** A record holding more of the words is the closer answer within its page. */
const recordHoldsMoreWords: Rule<Scored> = (a, b) => matched(b.scores) - matched(a.scores);
/** A record matching as typed beats one matching by a forgiven typo, and one typo beats two. */
const recordHasFewerTypos: Rule<Scored> = (a, b) => sum(a.typos.values()) - sum(b.typos.values());
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

/** Adds a record's match of word `i`, with `typos` typos (0: as typed), to its page's evidence. */
function holdWord(page: PageMatch, i: number, score: number, typos: number): void {
  page.words.add(i);
  // A word matched without typos somewhere on the page scores by those matches only.
  if (typos > 0 && page.exact.has(i)) return;
  if (typos === 0 && !page.exact.has(i)) {
    page.exact.add(i);
    page.best[i] = 0;
    page.typos[i] = 0;
  }
  if (typos > 0) page.typos[i] = Math.min(page.typos[i] || typos, typos);
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
      const typos = Array.from({ length: wordCount }, () => 0);
      page = {
        hits: [],
        words: new Set(),
        exact: new Set(),
        typos,
        declares: new Set(),
        answers: false,
        headed: new Set(),
        about: new Set(),
        setAside: false,
        best,
        score: 0,
      };
      pages.set(url, page);
    }
    page.hits.push(hit);
    hit.scores.forEach((score, i) => {
      if (score > 0) holdWord(page, i, score, hit.typos.get(i) ?? 0);
    });
    for (const i of hit.declares) page.declares.add(i);
    for (const i of hit.headed) {
      page.headed.add(i);
      if (hit.record.type === 'lvl1') page.about.add(i);
    }
    if (asked !== null && answersDefinition(hit.record, asked)) page.answers = true;
  }
  return [...pages.values()];
}

/**
 * The matching records grouped by page, best page first, each page's records best first. A page holding every word,
 * in one section or across several, comes before pages holding fewer (which are left out when such a page exists).
 */
export function rankPages(hits: Iterable<Scored>, wordCount: number, query: string): PageMatch[] {
  let ranked = groupByPage(hits, wordCount, definitionAsked(query));
  for (const page of ranked) page.hits.sort(compareHits);
  if (ranked.some((p) => p.words.size === wordCount)) ranked = ranked.filter((p) => p.words.size === wordCount);
  // Overview pages step back when another page holds every word and explains one in a heading, keyword or declared
  // name, unless the words are what the overview page itself is about.
  const isOverview = (p: PageMatch) => p.hits.some((hit) => hit.record.weight.overview);
  if (ranked.some((p) => !isOverview(p) && p.words.size === wordCount && p.headed.size > 0)) {
    for (const page of ranked) page.setAside = isOverview(page) && page.about.size < wordCount;
  }
  // Each word counts alike: a page scores, per word, its best match over the best any page has for it.
  const top = Array.from({ length: wordCount }, (_, i) => Math.max(...ranked.map((p) => p.best[i] ?? 0)));
  for (const page of ranked) page.score = page.best.reduce((sum, s, i) => sum + (top[i] ? s / (top[i] ?? 1) : 0), 0);
  return ranked.sort(comparePages);
}
