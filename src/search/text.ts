/**
 * Text rules shared by indexing, querying and highlighting: words, terms (Porter stems, from the `stemmer`
 * package), identifier parts, and the highlight and snippet values the hosted service would return.
 */
import { stemmer } from 'stemmer';
import type { HighlightResult, SnippetResult } from './types';

/** A word: letters, digits and underscores, so `DEFAULT_STORE` and `useStanValue` stay whole. */
const WORD = /[\p{L}\p{N}_]+/gu;

export const tokenize = (text: string): string[] => text.match(WORD) ?? [];

// Hand-kept: the packaged English lists drop words this API is made of ("get", "set", "make", "state").
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a about after again all also am an and any are as at be because been before being between both but by can could did do does doing down during each few for from further had has have having he her here him his how i if in into is it its itself just me more most my no nor not of off on once one only or other our out over own same see she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your'.split(
    ' ',
  ),
);

/** The term a word is searched by: lower case, stemmed; null for stop words and single letters. */
export function wordTerm(word: string): string | null {
  const lower = word.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) ? null : stemmer(lower);
}

/**
 * The terms a word is indexed by: its stem, and the word itself when that differs, so a word as typed matches
 * within its typos ("hydrtion" → hydration) and as a prefix ("invalidat" → invalidation), and ranks above
 * other forms of it.
 */
export function wordTerms(word: string): string[] | null {
  const stem = wordTerm(word);
  const lower = word.toLowerCase();
  return stem === null ? null : stem === lower ? [stem] : [stem, lower];
}

const IDENTIFIER = /_|.\p{Lu}/u;

/** `useStanValue` → us, stan, valu; `DEFAULT_STORE` → default, store; null for a plain word. */
export function identifierParts(word: string): string[] | null {
  if (!IDENTIFIER.test(word)) return null;
  const parts = word
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
  if (parts.length < 2) return null;
  const terms = parts.map(wordTerm).filter((t): t is string => t !== null);
  return terms.length > 0 ? terms : null;
}

/** One word of a query: as typed, lower case (reported in matchedWords), and its stem. */
export interface QueryWord {
  word: string;
  term: string;
}

/** The words a query searches: stop words are dropped unless nothing else is left. */
export function queryWords(query: string): QueryWord[] {
  const words = tokenize(query).map((word) => ({ word: word.toLowerCase(), term: wordTerm(word) }));
  const kept = words.filter((w): w is QueryWord => w.term !== null);
  return kept.length > 0 ? kept : words.map(({ word }) => ({ word, term: word }));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Tags {
  pre: string;
  post: string;
}

/**
 * Which query word (by position) each index term stands for: the terms MiniSearch reported as matched,
 * so a highlight marks exactly what the engine matched (stems, prefixes, typos, identifier parts).
 */
export type MatchedTerms = ReadonlyMap<string, number>;

/** The query words a word of the text matches: as written, by its stem or by one of its identifier parts. */
function wordsMatching(word: string, terms: MatchedTerms): number[] {
  const found = new Set<number>();
  for (const term of [word.toLowerCase(), wordTerm(word), ...(identifierParts(word) ?? [])]) {
    const i = term === null ? undefined : terms.get(term);
    if (i !== undefined) found.add(i);
  }
  return [...found];
}

/** wordsMatching, asked once per distinct word of a request's texts (the same words recur across hits). */
function memoised(terms: MatchedTerms): (word: string) => number[] {
  const seen = new Map<string, number[]>();
  return (word) => {
    let found = seen.get(word);
    if (found === undefined) seen.set(word, (found = wordsMatching(word, terms)));
    return found;
  };
}

interface Marked {
  value: string;
  /** Positions of the query words found in the text. */
  matched: Set<number>;
  fully: boolean;
}

/** Escapes `text` and wraps each matching word in the tags. */
function markWords(text: string, matching: (word: string) => number[], tags: Tags): Marked {
  const matched = new Set<number>();
  let words = 0;
  let marked = 0;
  let out = '';
  let copied = 0;
  for (const m of text.matchAll(WORD)) {
    words++;
    const hits = matching(m[0]);
    if (hits.length === 0) continue;
    hits.forEach((i) => matched.add(i));
    marked++;
    out += `${escapeHtml(text.slice(copied, m.index))}${tags.pre}${escapeHtml(m[0])}${tags.post}`;
    copied = m.index + m[0].length;
  }
  return { value: out + escapeHtml(text.slice(copied)), matched, fully: words > 0 && marked === words };
}

function matchLevel(matched: ReadonlySet<number>, wordCount: number): HighlightResult['matchLevel'] {
  if (matched.size === 0) return 'none';
  return matched.size === wordCount ? 'full' : 'partial';
}

/**
 * Highlights and snippets for the hits of one request, from the terms the engine matched. A text shared by
 * several hits (the page title above each of its sections) is marked once.
 */
export class Highlighter {
  private readonly marked = new Map<string, Marked>();
  private readonly matching: (word: string) => number[];

  constructor(
    private readonly words: readonly QueryWord[],
    terms: MatchedTerms,
    private readonly tags: Tags & { ellipsis: string },
  ) {
    this.matching = memoised(terms);
  }

  private mark(text: string): Marked {
    let result = this.marked.get(text);
    if (result === undefined) {
      result = markWords(text, this.matching, this.tags);
      this.marked.set(text, result);
    }
    return result;
  }

  highlight(text: string): HighlightResult {
    const { value, matched, fully } = this.mark(text);
    return {
      value,
      matchLevel: matchLevel(matched, this.words.length),
      matchedWords: [...matched].sort((a, b) => a - b).map((i) => this.words[i]?.word ?? ''),
      ...(matched.size > 0 ? { fullyHighlighted: fully } : {}),
    };
  }

  /** A window of `length` words of `text` around its first match, with the ellipsis where text was cut. */
  snippet(text: string, length: number): SnippetResult {
    const whole = this.mark(text);
    const chunks = text.split(/\s+/).filter(Boolean);
    const size = Math.max(1, length);
    const first = chunks.findIndex((chunk) => (chunk.match(WORD) ?? []).some((word) => this.matching(word).length > 0));
    // The first match sits a third of the way into the window, as the hosted service places it.
    const from = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor((size - 1) / 3), chunks.length - size));
    const to = Math.min(chunks.length, from + size);
    const { value, matched } = markWords(chunks.slice(from, to).join(' '), this.matching, this.tags);
    const { ellipsis } = this.tags;
    return {
      value: `${from > 0 ? ellipsis : ''}${value}${to < chunks.length ? ellipsis : ''}`,
      matchLevel: matched.size === 0 ? 'none' : matchLevel(whole.matched, this.words.length),
    };
  }
}
