/**
 * Clauses of a claim: the parts of a quoted statement that can each be true or false on their own. A claim test
 * that quotes more than one names each part with `clause('words', check)`, and every part of the quote must then
 * belong to a clause whose check asserts something. These are the pure rules; test/support/claims.ts applies them
 * when a claim runs, and test/content-tests/claim-clauses.test.ts to every claim test's source.
 */

/**
 * Page text as a reader reads it: links reduced to their text, emphasis markers removed, "Since" marks (a label on
 * the entry, not words of its sentence) dropped, whitespace collapsed.
 */
export const normalizeClaimText = (text: string): string =>
  text
    .replace(/[ \t]*<Since\b[^>]*\/>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/(^|[\s(])_([^_\s][^_]*)_(?=[\s.,;:)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();

/** Code spans stand for one word each, so punctuation inside them never breaks a clause. */
const maskCode = (text: string) => text.replace(/`[^`]*`/g, (span) => 'x'.repeat(span.length));

/**
 * Where a statement can be true in part: sentence ends, semicolons, a colon before what it explains, a comma
 * before a conjunction that adds or contrasts a statement ("…, and…", "…, but…", "…, where…"), and a comparison
 * with another library or release ("…, as Recoil does").
 */
const CLAUSE_BREAK =
  /(?<=[.?!])\s+(?=[A-Z`"'(])|;\s+|:\s+|,\s+(?=(?:and|but|or|while|whereas|so|yet|where)\s)|,?\s+(?=as\s+\S+\s+(?:does|did|do)\b)/g;

/** Parts shorter than this many words (a label such as "(optional)") do not count as clauses of their own. */
const MIN_CLAUSE_WORDS = 3;

/** The clauses of one quote as the rules above read it (code spans shown as they are in the quote). */
export function clausesOf(quote: string): string[] {
  const text = normalizeClaimText(quote);
  const masked = maskCode(text);
  const parts: string[] = [];
  let start = 0;
  for (const match of masked.matchAll(CLAUSE_BREAK)) {
    parts.push(text.slice(start, match.index));
    start = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.split(/\s+/).length >= MIN_CLAUSE_WORDS);
}

/** Whether a statement has more than one clause, so its claim must name each. */
export const hasSeveralClauses = (quotes: readonly string[]): boolean => quotes.flatMap(clausesOf).length > 1;

/** Words that join clauses without saying anything of their own. */
const CONNECTIVES = new Set(['and', 'but', 'or', 'nor', 'so', 'yet', 'then', 'while', 'whereas', 'also']);

export interface ClauseCoverage {
  /** Clauses whose words are in no quote. */
  unplaced: string[];
  /** Stretches of the quotes, other than punctuation and connectives, that no clause covers. */
  uncovered: string[];
}

/**
 * Checks that the clauses partition the quotes: each clause is a stretch of one quote (the first not yet taken),
 * and every word of every quote belongs to one, but for punctuation and the connectives between them.
 */
export function clauseCoverage(quotes: readonly string[], clauses: readonly string[]): ClauseCoverage {
  const texts = quotes.map(normalizeClaimText);
  const taken = texts.map((text) => new Array<boolean>(text.length).fill(false));
  const unplaced: string[] = [];
  for (const clause of clauses.map(normalizeClaimText)) {
    let placed = false;
    texts.forEach((text, q) => {
      if (placed || clause === '') return;
      for (let at = text.indexOf(clause); at !== -1; at = text.indexOf(clause, at + 1)) {
        const marks = taken[q] as boolean[];
        if (marks.slice(at, at + clause.length).some(Boolean)) continue;
        marks.fill(true, at, at + clause.length);
        placed = true;
        return;
      }
    });
    if (!placed) unplaced.push(clause);
  }
  const uncovered = texts.flatMap((text, q) => {
    const marks = taken[q] as boolean[];
    const stretches = text.split('').map((char, i) => (marks[i] ? '\u0000' : char)).join('').split('\u0000');
    return stretches
      .map((stretch) => stretch.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, ''))
      .filter((stretch) => stretch.split(/[^\p{L}\p{N}_'-]+/u).some((word) => word !== '' && !CONNECTIVES.has(word.toLowerCase())));
  });
  return { unplaced, uncovered };
}
