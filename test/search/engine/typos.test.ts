import { allowedTypos, typoTerms, vocabularyOf } from '@src/search/engine/typos';

/** Every spelling `ops` operations away from `word` at most (add, drop or change a letter, swap two neighbours). */
function spellingsWithin(word: string, ops: number, letters: string): Map<string, number> {
  const found = new Map<string, number>([[word, 0]]);
  let frontier = [word];
  for (let step = 1; step <= ops; step++) {
    const next: string[] = [];
    const reach = (spelling: string) => {
      if (found.has(spelling)) return;
      found.set(spelling, step);
      next.push(spelling);
    };
    for (const text of frontier) {
      for (let i = 0; i <= text.length; i++) {
        for (const letter of letters) {
          reach(text.slice(0, i) + letter + text.slice(i));
          if (i < text.length) reach(text.slice(0, i) + letter + text.slice(i + 1));
        }
        if (i < text.length) reach(text.slice(0, i) + text.slice(i + 1));
        if (i < text.length - 1) reach(text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2));
      }
    }
    frontier = next;
  }
  return found;
}

/** The hosted service's rules, by brute force: the terms a word holds within its typos, and their typo counts. */
function expectedTerms(word: string, vocabulary: readonly string[]): Map<string, number> {
  const budget = allowedTypos(word);
  const letters = [...new Set([...word, ...vocabulary.join('')])].join('');
  const near = spellingsWithin(word, budget, letters);
  const expected = new Map<string, number>();
  for (const term of vocabulary) {
    const edits = near.get(term);
    if (edits === undefined || edits === 0) continue;
    const firstLetter = term[0] !== word[0];
    if (firstLetter && budget < 2) continue;
    expected.set(term, edits + (firstLetter ? 1 : 0));
  }
  return expected;
}

/** A seeded stream of numbers in [0, 1), so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** `word` with `count` random operations applied. */
function misspell(word: string, count: number, next: () => number): string {
  let text = word;
  for (let n = 0; n < count; n++) {
    const i = Math.floor(next() * text.length);
    const letter = 'aeiorstlnc'[Math.floor(next() * 10)] as string;
    const op = Math.floor(next() * 4);
    if (op === 0) text = text.slice(0, i) + letter + text.slice(i);
    else if (op === 1 && text.length > 1) text = text.slice(0, i) + text.slice(i + 1);
    else if (op === 2) text = text.slice(0, i) + letter + text.slice(i + 1);
    else if (i < text.length - 1) text = text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
  }
  return text;
}

describe('typoTerms', () => {
  const words = ['atom', 'store', 'selector', 'selection', 'reset', 'effect', 'effects', 'subscribe', 'serialization', 'cache'];

  it('finds each term by the hosted service’s count: a swap of neighbours is one typo', () => {
    const vocabulary = vocabularyOf(words);
    expect(typoTerms('atmo', vocabulary)).toEqual(new Map([['atom', 1]]));
    expect(typoTerms('stroe', vocabulary)).toEqual(new Map([['store', 1]]));
    expect(typoTerms('effcet', vocabulary)).toEqual(new Map([['effect', 1]])); // 6 letters: "effects" is a second typo away
    expect(typoTerms('subscirbe', vocabulary)).toEqual(new Map([['subscribe', 1]]));
    // 8 letters: two swaps, or a swap around a letter dropped.
    expect(typoTerms('eslectro', vocabulary).get('selector')).toBe(3); // the first swap moves the first letter
    expect(typoTerms('seelctor', vocabulary).get('selector')).toBe(1);
    expect(typoTerms('selecetor', vocabulary).get('selector')).toBe(1);
    expect(typoTerms('seltecor', vocabulary).get('selector')).toBe(2);
  });

  it('allows 1 typo from 4 letters and 2 from 8, none below 4', () => {
    const vocabulary = vocabularyOf(words);
    expect(typoTerms('atm', vocabulary).size).toBe(0);
    expect(typoTerms('atoms', vocabulary)).toEqual(new Map([['atom', 1]]));
    expect(typoTerms('stxry', vocabulary).size).toBe(0); // 5 letters, 2 typos
    expect(typoTerms('selectxx', vocabulary)).toEqual(new Map([['selector', 2]]));
  });

  it('counts a typo on the first letter as two, so only a word of 8 letters or more may hold it', () => {
    const vocabulary = vocabularyOf(words);
    expect(typoTerms('xtore', vocabulary).size).toBe(0);
    expect(typoTerms('tsore', vocabulary).size).toBe(0);
    expect(typoTerms('zelector', vocabulary)).toEqual(new Map([['selector', 2]]));
    expect(typoTerms('zelectro', vocabulary)).toEqual(new Map([['selector', 3]]));
  });

  it('never counts the word itself', () => {
    expect(typoTerms('store', vocabularyOf(words)).has('store')).toBe(false);
  });

  it('agrees with a brute-force search of every spelling within the budget', () => {
    const next = random(35);
    // Terms close to one another, as a docs index has them (stems beside words, names beside their parts).
    const vocabulary = [...new Set([...words, ...words.flatMap((word) => [1, 1, 2].map((n) => misspell(word, n, next)))])];
    const map = vocabularyOf(vocabulary);
    const queries = words.flatMap((word) => [1, 1, 2, 2, 3].map((n) => misspell(word, n, next)));
    for (const query of queries) expect([query, typoTerms(query, map)]).toEqual([query, expectedTerms(query, vocabulary)]);
  });
});
