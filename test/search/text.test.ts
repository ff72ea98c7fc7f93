import { escapeHtml, Highlighter, identifierParts, queryWords, STOP_WORDS, wordTerm, wordTerms } from '@src/search/text';
import { decodeEntities, highlightParts } from '@src/search/highlight-nodes';

const tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };

describe('terms', () => {
  it('stems words with the Porter stemmer, so other forms of a word meet', () => {
    expect(wordTerm('memoization')).toBe(wordTerm('memoized'));
    expect(wordTerm('serialization')).toBe(wordTerm('serializing'));
    expect(wordTerm('retries')).toBe(wordTerm('retrying'));
    expect(wordTerm('Families')).toBe(wordTerm('family'));
    expect(wordTerm('selectors')).toBe('selector');
  });

  it('indexes a word by its stem and, when that differs, as written', () => {
    expect(wordTerms('Hydration')).toEqual(['hydrat', 'hydration']);
    expect(wordTerms('atom')).toEqual(['atom']);
    expect(wordTerms('The')).toBeNull();
    expect(wordTerms('s')).toBeNull();
  });

  it('splits identifiers into their stemmed words, and leaves plain words alone', () => {
    expect(identifierParts('useStanValue')).toEqual(['us', 'stan', 'valu']);
    expect(identifierParts('DEFAULT_STORE')).toEqual(['default', 'store']);
    expect(identifierParts('JSONValue')).toEqual(['json', 'valu']);
    expect(identifierParts('store')).toBeNull();
  });

  it('keeps the words this API is made of out of the stop words', () => {
    for (const word of ['get', 'set', 'make', 'state', 'store']) expect(STOP_WORDS.has(word)).toBe(false);
  });

  it('drops stop words from queries unless nothing else is left', () => {
    expect(queryWords('How do I reset an Atom?')).toEqual([
      { word: 'reset', term: 'reset' },
      { word: 'atom', term: 'atom' },
    ]);
    expect(queryWords('the')).toEqual([{ word: 'the', term: 'the' }]);
  });
});

describe('Highlighter', () => {
  const text = 'Atoms hold state. Each atom lives in a store, and a store holds many atoms of every kind you need.';
  // What the engine reports: each matched index term, and the query word (by position) that matched it.
  const words = queryWords('atom store');
  const terms = new Map([
    ['atom', 0],
    ['store', 1],
  ]);

  it('escapes text and marks the words whose terms the engine matched, reporting the query words found', () => {
    const marks = new Highlighter(queryWords('atom'), new Map([['atom', 0]]), tags);
    expect(marks.highlight('a <b> & "atoms"')).toEqual({
      value: 'a &#60;b&#62; &#38; &#34;<mark>atoms</mark>&#34;',
      matchLevel: 'full',
      matchedWords: ['atom'],
      fullyHighlighted: false,
    });
    expect(marks.highlight('Store')).toEqual({ value: 'Store', matchLevel: 'none', matchedWords: [] });
  });

  it('marks an identifier whose part matched, and rates a field by the query words it holds', () => {
    const marks = new Highlighter(words, new Map([['stan', 0], ['store', 1]]), tags);
    expect(marks.highlight('useStanValue reads')).toMatchObject({ value: '<mark>useStanValue</mark> reads', matchLevel: 'partial' });
    expect(marks.highlight('Stan store')).toMatchObject({ matchLevel: 'full', matchedWords: ['atom', 'store'], fullyHighlighted: true });
  });

  it('cuts a window of words around the first match, with the ellipsis where text was cut', () => {
    const counting = 'one two three four five six seven eight nine ten eleven twelve';
    const marks = new Highlighter(queryWords('eight'), new Map([['eight', 0]]), tags);
    expect(marks.snippet(counting, 4).value).toBe('…seven <mark>eight</mark> nine ten…');
    expect(marks.snippet('short text', 10).value).toBe('short text');
    expect(new Highlighter(queryWords('zzz'), new Map(), tags).snippet(counting, 3)).toEqual({ value: 'one two three…', matchLevel: 'none' });
  });

  it('rates a snippet by the words matched in the whole text, not only in its window', () => {
    const short = new Highlighter(words, terms, tags).snippet(text, 2);
    expect(short.value).toBe('<mark>Atoms</mark> hold…');
    expect(short.matchLevel).toBe('full');
  });

  it('returns a fresh result object for a text highlighted twice', () => {
    const marks = new Highlighter(words, terms, tags);
    const a = marks.highlight(text);
    expect(marks.highlight(text)).toEqual(a);
    expect(marks.highlight(text)).not.toBe(a);
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<&>"'`)).toBe('&#60;&#38;&#62;&#34;&#39;');
  });
});

describe('highlightParts', () => {
  it('turns a highlighted value into text parts, decoding entities', () => {
    expect(highlightParts('a &#60;b&#62; <mark>atom</mark> &amp; c')).toEqual([
      { text: 'a <b> ', highlighted: false },
      { text: 'atom', highlighted: true },
      { text: ' & c', highlighted: false },
    ]);
  });

  it('keeps markup that is not a highlight tag as text', () => {
    expect(highlightParts('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', highlighted: false }]);
    expect(decodeEntities('&#x3C;&lt;&unknown;')).toBe('<<&unknown;');
  });
});
