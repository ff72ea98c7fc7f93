/**
 * Typo tolerance as the hosted service counts typos: a letter added, dropped or changed, or two neighbouring letters
 * swapped, is one typo; a typo on the first letter counts as two; a word of 4 to 7 characters may hold 1 typo, a
 * longer word 2 (3 when one of them is on its first letter).
 *
 * MiniSearch's fuzzy search measures Levenshtein distance, where a swap costs two edits ("atmo" is 2 from "atom"),
 * and cannot tell where an edit fell: the swaps and the first-letter rule are added here, over MiniSearch's own
 * fuzzy lookup of the index's terms (its SearchableMap), so no record is scored for a term the rules refuse.
 */
import SearchableMap from 'minisearch/SearchableMap';

/** 1 typo from 4 characters, 2 from 8: the hosted service's default word sizes. */
export const MIN_WORD_SIZE_FOR_1_TYPO = 4;
export const MIN_WORD_SIZE_FOR_2_TYPOS = 8;

/** How many typos a word may hold, by its length as typed. */
export const allowedTypos = (word: string): number =>
  word.length >= MIN_WORD_SIZE_FOR_2_TYPOS ? 2 : word.length >= MIN_WORD_SIZE_FOR_1_TYPO ? 1 : 0;

/** The index's terms, looked up by edit distance. */
export type Vocabulary = SearchableMap<true>;

export const vocabularyOf = (terms: Iterable<string>): Vocabulary =>
  SearchableMap.from<true>(Array.from(terms, (term): [string, true] => [term, true]));

/** The word with some swapped letters put back, and the typos that took. */
interface Unswapped {
  text: string;
  typos: number;
  /** The first position a further swap may take (swaps never overlap: a letter moves once). */
  next: number;
}

/**
 * The word with up to `max` typos' worth of swaps undone, the word itself first: two neighbouring letters swapped
 * (one typo), or two letters swapped around a third that was then dropped ("selecetor" for "seletcor": two typos, as
 * a letter dropped makes the two neighbours). Levenshtein edits from these spellings cover every other typo.
 */
function unswapped(word: string, max: number): Unswapped[] {
  const found: Unswapped[] = [{ text: word, typos: 0, next: 0 }];
  for (let from = 0; from < found.length; from++) {
    const { text, typos, next } = found[from] as Unswapped;
    for (let i = next; i < text.length - 1 && typos < max; i++) {
      const [before, after] = [text.slice(0, i), text.slice(i + 2)];
      if (text[i] !== text[i + 1]) found.push({ text: `${before}${text[i + 1]}${text[i]}${after}`, typos: typos + 1, next: i + 2 });
      if (typos + 2 <= max && i < text.length - 2 && text[i] !== text[i + 2]) {
        found.push({ text: `${before}${text[i + 2]}${text[i]}${text.slice(i + 3)}`, typos: typos + 2, next: i + 2 });
      }
    }
  }
  return found;
}

/**
 * The terms of the index a word matches with typos, each with its typo count (1 or more; the word itself, were it a
 * term, is not one). Empty for a word too short for any typo.
 */
export function typoTerms(word: string, vocabulary: Vocabulary): Map<string, number> {
  const budget = allowedTypos(word);
  const terms = new Map<string, number>();
  if (budget === 0) return terms;
  const keep = (term: string, edits: number) => {
    if (edits === 0) return;
    const firstLetter = term[0] !== word[0];
    // A typo on the first letter counts two: only a word long enough for 2 typos may hold it (and one more).
    if (firstLetter && budget < 2) return;
    const typos = edits + (firstLetter ? 1 : 0);
    if (typos < (terms.get(term) ?? Infinity)) terms.set(term, typos);
  };
  for (const { text, typos } of unswapped(word, budget)) {
    const left = budget - typos;
    if (left === 0) {
      if (vocabulary.has(text)) keep(text, typos);
      continue;
    }
    for (const [term, [, distance]] of vocabulary.fuzzyGet(text, left)) keep(term, typos + distance);
  }
  return terms;
}
