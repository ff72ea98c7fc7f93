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

/** Levenshtein distance, giving up early once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
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

/** Does a word of a field match a word of the query (exact, prefix on the last word, or within the typo budget)? */
function wordMatches(word: string, q: QueryWord): boolean {
  const lower = word.toLowerCase();
  const candidates = [...new Set([lower, stem(lower), ...splitIdentifier(word).flatMap((p) => [p, stem(p)])])];
  return candidates.some(
    (c) =>
      c === q.term ||
      (q.prefix && c.startsWith(q.term)) ||
      (allowedTypos(q.term) > 0 && editDistance(c, q.term, allowedTypos(q.term)) <= allowedTypos(q.term)),
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Tags {
  pre: string;
  post: string;
}

/** Escapes `text` and wraps each matching word; reports which query words matched. */
function markWords(text: string, words: readonly QueryWord[], tags: Tags) {
  const matched = new Set<string>();
  let out = '';
  let last = 0;
  let marked = 0;
  let wordCount = 0;
  for (const m of text.matchAll(WORD)) {
    const index = m.index ?? 0;
    out += escapeHtml(text.slice(last, index));
    const hits = words.filter((q) => wordMatches(m[0], q));
    wordCount++;
    if (hits.length > 0) {
      hits.forEach((q) => matched.add(q.word));
      marked++;
      out += `${tags.pre}${escapeHtml(m[0])}${tags.post}`;
    } else {
      out += escapeHtml(m[0]);
    }
    last = index + m[0].length;
  }
  out += escapeHtml(text.slice(last));
  return { value: out, matched, fully: wordCount > 0 && marked === wordCount };
}

function matchLevel(matched: ReadonlySet<string>, words: readonly QueryWord[]): HighlightResult['matchLevel'] {
  if (matched.size === 0) return 'none';
  return words.every((q) => matched.has(q.word)) ? 'full' : 'partial';
}

export function highlight(text: string, words: readonly QueryWord[], tags: Tags): HighlightResult {
  const { value, matched, fully } = markWords(text, words, tags);
  return {
    value,
    matchLevel: matchLevel(matched, words),
    matchedWords: [...matched],
    ...(matched.size > 0 ? { fullyHighlighted: fully } : {}),
  };
}

/** A window of `length` words around the first match, with the ellipsis where text was cut. */
export function snippet(
  text: string,
  words: readonly QueryWord[],
  length: number,
  tags: Tags & { ellipsis: string },
): SnippetResult {
  const chunks = text.split(/\s+/).filter((c) => c !== '');
  const first = chunks.findIndex((chunk) => tokenize(chunk).some((w) => words.some((q) => wordMatches(w, q))));
  const size = Math.max(1, length);
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor((size - 1) / 3), chunks.length - size));
  const end = Math.min(chunks.length, start + size);
  const { value, matched } = markWords(chunks.slice(start, end).join(' '), words, tags);
  const all = markWords(text, words, tags).matched;
  return {
    value: `${start > 0 ? tags.ellipsis : ''}${value}${end < chunks.length ? tags.ellipsis : ''}`,
    matchLevel: matched.size === 0 ? 'none' : matchLevel(all, words),
  };
}
