/**
 * Text rules shared by indexing and querying: tokens, stop words, typo tolerance, and the highlight and
 * snippet values (HTML-escaped text with the matches wrapped in tags) the hosted service would return.
 */
import type { HighlightResult, SnippetResult } from './types';

/** A word: letters, digits and underscores (so `DEFAULT_STORE` stays one token). */
const WORD = /[\p{L}\p{N}_]+/gu;

/** Words too common to narrow a search; dropped from queries and from the index alike. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a about after again all also am an and any are as at be because been before being between both but by can could did do does doing down during each few for from further had has have having he her here him his how i if in into is it its itself just me more most my no nor not of off on once one only or other our out over own same see she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your'.split(
    ' ',
  ),
);

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** `useStanValue` → use, stan, value; `DEFAULT_STORE` → default, store. Lower case. */
export function splitIdentifier(word: string): string[] {
  return word
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_]+/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

/**
 * A light English stemmer applied alike to the index and to queries, so "retrying" finds "retry", "errors"
 * "error" and "families" "family" (the hosted service's ignorePlurals, a little further).
 */
export function stem(term: string): string {
  if (term.length >= 6 && term.endsWith('ing')) return term.slice(0, -3);
  if (term.length >= 5 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length >= 5 && term.endsWith('ed')) return term.slice(0, -2);
  if (term.length >= 4 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** Index side: the whole word plus its identifier parts, so `stan value` finds `useStanValue`. */
export function indexTerms(word: string, withParts = true): string[] | null {
  const whole = word.toLowerCase();
  const parts = withParts ? splitIdentifier(word).filter((p) => p.length > 1 && !STOP_WORDS.has(p)) : [];
  // Single letters (the "s" of "store's") match nearly everything and cost index space.
  const terms = new Set((STOP_WORDS.has(whole) || whole.length < 2 ? parts : [whole, ...parts]).map(stem));
  return terms.size > 0 ? [...terms] : null;
}

/** Terms of a query as the engine sees them (stemmed); stop words are kept when the query has nothing else. */
export function queryTerms(query: string): string[] {
  const words = tokenize(query).map((w) => w.toLowerCase());
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return (kept.length > 0 ? kept : words).map(stem);
}

/** Typo tolerance of the hosted service: 1 typo from 4 characters, 2 from 8. */
export function allowedTypos(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Rows of the edit-distance table, reused by every call (grown when a longer word comes along). */
let previousRow = new Int32Array(32);
let currentRow = new Int32Array(32);

/**
 * Levenshtein distance, giving up early (with `max + 1`) once it must exceed `max`. Called for every distinct
 * word of every hit while highlighting, so it allocates nothing: the two table rows are reused.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? max + 1;
}

export interface QueryWord {
  /** The word as typed (lower case), reported in matchedWords. */
  word: string;
  /** Its stem, which is what matches. */
  term: string;
  /** The last word of the query also matches as a prefix. */
  prefix: boolean;
}

export function queryWords(query: string): QueryWord[] {
  const words = tokenize(query).map((w) => w.toLowerCase());
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  const chosen = kept.length > 0 ? kept : words;
  return chosen.map((word, i) => ({ word, term: stem(word), prefix: i === chosen.length - 1 }));
}

const HAS_INNER_CAPITAL = /.\p{Lu}/u;

/** The word itself, its stem and its identifier parts (and their stems), lower case: what a query word may match. */
function wordForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [lower, stem(lower)];
  // Most words are not identifiers: skip the splitting regexes when there is no `_` and no inner capital.
  if (word.includes('_') || HAS_INNER_CAPITAL.test(word)) for (const part of splitIdentifier(word)) forms.push(part, stem(part));
  return forms;
}

/**
 * The query words of one request, compiled for matching the words of many texts: exact, prefix on the last
 * word, or within the typo budget, against the word, its stem and its identifier parts. Each distinct text
 * word is checked once (memoised), since the same words recur across the hits, their headings and snippets.
 */
export class WordMatcher {
  readonly words: readonly QueryWord[];
  private readonly typos: readonly number[];
  private readonly memo = new Map<string, readonly QueryWord[]>();

  constructor(words: readonly QueryWord[]) {
    this.words = words;
    this.typos = words.map((q) => allowedTypos(q.term));
  }

  /** The query words `word` (as it appears in the text) matches, in query order; empty when none. */
  matches(word: string): readonly QueryWord[] {
    let hits = this.memo.get(word);
    if (hits === undefined) {
      const forms = wordForms(word);
      hits = this.words.filter((q, i) => {
        const typos = this.typos[i] ?? 0;
        return forms.some(
          (form) =>
            form === q.term ||
            (q.prefix && form.startsWith(q.term)) ||
            (typos > 0 && Math.abs(form.length - q.term.length) <= typos && editDistance(form, q.term, typos) <= typos),
        );
      });
      this.memo.set(word, hits);
    }
    return hits;
  }
}

const HTML_SIGNIFICANT = /[&<>"']/;

export function escapeHtml(text: string): string {
  return HTML_SIGNIFICANT.test(text) ? text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : text;
}

interface Tags {
  pre: string;
  post: string;
}

/** ASCII word characters (letters, digits, `_`) by char code; other code points are asked of WORD_CHAR. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9_]/.test(String.fromCharCode(c)) ? 1 : 0));
const WORD_CHAR = /[\p{L}\p{N}_]/uy;

/** Length (1 or 2 code units) of the code point at `i` if it is a word character (as in WORD), else 0. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_WORD[code] ?? 0;
  WORD_CHAR.lastIndex = i;
  if (!WORD_CHAR.test(text)) return 0;
  return (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
}

/**
 * Calls `visit(start, end)` for each word of `text` (the tokens of `tokenize`, in order), without the
 * match objects a regex iteration allocates: highlighting runs over every text of every hit.
 */
function forEachWord(text: string, visit: (start: number, end: number) => void): void {
  let i = 0;
  while (i < text.length) {
    let step = wordCharAt(text, i);
    if (step === 0) {
      i++;
      continue;
    }
    const start = i;
    while (step > 0) {
      i += step;
      step = i < text.length ? wordCharAt(text, i) : 0;
    }
    visit(start, i);
  }
}

/** `\s` of regular expressions, by char code. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

interface Marked {
  value: string;
  matched: Set<string>;
  fully: boolean;
  /** Offset in the text of the first marked word, -1 for none. */
  first: number;
}

/**
 * Escapes `text` and wraps each matching word; reports which query words matched. Text between marked words
 * is escaped in one piece (escaping commutes with concatenation).
 */
function markWords(text: string, matcher: WordMatcher, tags: Tags): Marked {
  const matched = new Set<string>();
  let out = '';
  let copied = 0;
  let marked = 0;
  let wordCount = 0;
  let first = -1;
  forEachWord(text, (start, end) => {
    wordCount++;
    const word = text.slice(start, end);
    const hits = matcher.matches(word);
    if (hits.length === 0) return;
    for (const q of hits) matched.add(q.word);
    if (first < 0) first = start;
    marked++;
    out += `${escapeHtml(text.slice(copied, start))}${tags.pre}${escapeHtml(word)}${tags.post}`;
    copied = end;
  });
  out += escapeHtml(copied === 0 ? text : text.slice(copied));
  return { value: out, matched, fully: wordCount > 0 && marked === wordCount, first };
}

function matchLevel(matched: ReadonlySet<string>, words: readonly QueryWord[]): HighlightResult['matchLevel'] {
  if (matched.size === 0) return 'none';
  return words.every((q) => matched.has(q.word)) ? 'full' : 'partial';
}

function highlightResult({ value, matched, fully }: Marked, words: readonly QueryWord[]): HighlightResult {
  return {
    value,
    matchLevel: matchLevel(matched, words),
    matchedWords: [...matched],
    ...(matched.size > 0 ? { fullyHighlighted: fully } : {}),
  };
}

/**
 * A window of `length` whitespace-separated chunks of `text` around the chunk holding the first match, with
 * the ellipsis where text was cut. `whole`: the text's own marking (its matched words decide matchLevel).
 */
function snippetResult(
  text: string,
  matcher: WordMatcher,
  length: number,
  tags: Tags & { ellipsis: string },
  whole: Marked,
): SnippetResult {
  // Chunk boundaries (as text.match(/\S+/g) would cut them), and the chunk holding the first match.
  const starts: number[] = [];
  const ends: number[] = [];
  let firstChunk = -1;
  for (let i = 0; i < text.length; ) {
    if (isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
    if (firstChunk < 0 && whole.first >= start && whole.first < i) firstChunk = starts.length;
    starts.push(start);
    ends.push(i);
  }
  const count = starts.length;
  const size = Math.max(1, length);
  const from = firstChunk <= 0 ? 0 : Math.max(0, Math.min(firstChunk - Math.floor((size - 1) / 3), count - size));
  const to = Math.min(count, from + size);
  let window = '';
  for (let k = from; k < to; k++) window += `${k > from ? ' ' : ''}${text.slice(starts[k] ?? 0, ends[k] ?? 0)}`;
  const { value, matched } = markWords(window, matcher, tags);
  return {
    value: `${from > 0 ? tags.ellipsis : ''}${value}${to < count ? tags.ellipsis : ''}`,
    matchLevel: matched.size === 0 ? 'none' : matchLevel(whole.matched, matcher.words),
  };
}

export function highlight(text: string, words: readonly QueryWord[], tags: Tags): HighlightResult {
  return highlightResult(markWords(text, new WordMatcher(words), tags), words);
}

/** A window of `length` words around the first match, with the ellipsis where text was cut. */
export function snippet(
  text: string,
  words: readonly QueryWord[],
  length: number,
  tags: Tags & { ellipsis: string },
): SnippetResult {
  const matcher = new WordMatcher(words);
  return snippetResult(text, matcher, length, tags, markWords(text, matcher, tags));
}

/**
 * Highlights and snippets for the hits of one request. The query words are compiled once, and each text is
 * marked once: its highlight and its snippet's matchLevel share the pass, and a heading shared by several
 * hits (the page title above each of its sections) is not marked again. Results are fresh objects each time.
 */
export class Highlighter {
  private readonly matcher: WordMatcher;
  private readonly marked = new Map<string, Marked>();

  constructor(
    words: readonly QueryWord[],
    private readonly tags: Tags & { ellipsis: string },
  ) {
    this.matcher = new WordMatcher(words);
  }

  private mark(text: string): Marked {
    let result = this.marked.get(text);
    if (result === undefined) {
      result = markWords(text, this.matcher, this.tags);
      this.marked.set(text, result);
    }
    return result;
  }

  highlight(text: string): HighlightResult {
    return highlightResult(this.mark(text), this.matcher.words);
  }

  snippet(text: string, length: number): SnippetResult {
    return snippetResult(text, this.matcher, length, this.tags, this.mark(text));
  }
}
