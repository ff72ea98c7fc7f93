/** Typo tolerance of the hosted service, by the length of the word as typed: 1 typo from 4 characters, 2 from 8. */
export const allowedTypos = (word: string): number => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);
