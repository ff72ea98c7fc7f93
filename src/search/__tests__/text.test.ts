import { allowedTypos, editDistance, escapeHtml, highlight, Highlighter, indexTerms, queryTerms, queryWords, snippet, splitIdentifier, stem, WordMatcher } from '../text';
import { decodeEntities, highlightParts } from '../highlight-nodes';

const tags = { pre: '<mark>', post: '</mark>' };

describe('terms', () => {
  it('splits identifiers into their words', () => {
    expect(splitIdentifier('useStanValue')).toEqual(['use', 'stan', 'value']);
    expect(splitIdentifier('DEFAULT_STORE')).toEqual(['default', 'store']);
    expect(splitIdentifier('JSONValue')).toEqual(['json', 'value']);
  });

  it('indexes whole words plus identifier parts, without stop words or single letters', () => {
    expect(indexTerms('useStanValue')).toEqual(['usestanvalue', 'use', 'stan', 'value']);
    expect(indexTerms('useStanValue', false)).toEqual(['usestanvalue']);
    expect(indexTerms('the')).toBeNull();
    expect(indexTerms('s')).toBeNull();
  });

  it('drops stop words from queries unless nothing else is left', () => {
    expect(queryTerms('How do I reset an atom?')).toEqual(['reset', 'atom']);
    expect(queryTerms('the')).toEqual(['the']);
    expect(queryWords('resetting Atoms')).toEqual([
      { word: 'resetting', term: 'resett', prefix: false },
      { word: 'atoms', term: 'atom', prefix: true },
    ]);
  });

  it('stems plurals and -ing/-ed forms alike on both sides', () => {
    expect(['selectors', 'families', 'retrying', 'failed', 'class', 'status', 'atom'].map(stem)).toEqual([
      'selector',
      'family',
      'retry',
      'fail',
      'class',
      'status',
      'atom',
    ]);
    expect(queryTerms('errors')).toEqual(['error']);
  });

  it('allows 1 typo from 4 characters and 2 from 8', () => {
    expect([3, 4, 7, 8, 12].map((n) => allowedTypos('x'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
    expect(editDistance('selector', 'selcetor', 2)).toBe(2);
    expect(editDistance('atom', 'store', 1)).toBe(2);
  });

  it('computes edit distances exactly within the budget, whatever words came before (no state carried over)', () => {
    // A long word grows the reused table rows; shorter words after it must not see its values.
    expect(editDistance('useStanValueAsyncWithAVeryLongNameIndeed', 'useStanValueAsyncWithAVeryLongNameIndeeds', 2)).toBe(1);
    expect(editDistance('abc', 'abd', 1)).toBe(1);
    expect(editDistance('', 'ab', 2)).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3); // over the budget: max + 1
    expect(editDistance('same', 'same', 0)).toBe(0);
  });
});

describe('WordMatcher', () => {
  it('matches whole words, stems, identifier parts, the last word as a prefix and typos within the budget', () => {
    const matcher = new WordMatcher(queryWords('stan atoms sel'));
    const matched = (word: string) => matcher.matches(word).map((q) => q.word);
    expect(matched('useStanValue')).toEqual(['stan']); // identifier part
    expect(matched('Atom')).toEqual(['atoms']); // stem
    expect(matched('atim')).toEqual(['atoms']); // one typo from the stem "atom" (4 letters)
    expect(matched('atmo')).toEqual([]); // a transposition is two edits
    expect(matched('selector')).toEqual(['sel']); // prefix, last word only
    expect(matched('standard')).toEqual([]); // "stan" is not the last word: no prefix
    expect(matched('STAN_ATOM')).toEqual(['stan', 'atoms']); // query order
    expect(matched('zebra')).toEqual([]);
  });

  it('answers a repeated word from its memo, with the same result', () => {
    const matcher = new WordMatcher(queryWords('store'));
    const first = matcher.matches('stores');
    expect(matcher.matches('stores')).toBe(first);
    expect(first.map((q) => q.word)).toEqual(['store']);
  });
});

describe('Highlighter', () => {
  const text = 'Atoms hold state. Each atom lives in a store, and a store holds many atoms of every kind you need.';

  it('gives the same highlights and snippets as highlight() and snippet()', () => {
    const words = queryWords('atom store');
    const marks = new Highlighter(words, { ...tags, ellipsis: '…' });
    for (const t of [text, 'Store', 'nothing here', '']) {
      expect(marks.highlight(t)).toEqual(highlight(t, words, tags));
      for (const n of [1, 3, 10, 40]) expect(marks.snippet(t, n)).toEqual(snippet(t, words, n, { ...tags, ellipsis: '…' }));
    }
  });

  it('returns a fresh result object for a text highlighted twice', () => {
    const marks = new Highlighter(queryWords('atom'), { ...tags, ellipsis: '…' });
    const a = marks.highlight(text);
    const b = marks.highlight(text);
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b.matchedWords).not.toBe(a.matchedWords);
  });

  it('rates a snippet by the words matched in the whole text, not only in its window', () => {
    const marks = new Highlighter(queryWords('atom kind'), { ...tags, ellipsis: '…' });
    const short = marks.snippet(text, 2);
    expect(short.value).toBe('<mark>Atoms</mark> hold…');
    expect(short.matchLevel).toBe('full');
  });
});

describe('highlight and snippet', () => {
  it('escapes text and marks matching words', () => {
    expect(highlight('a <b> & "atoms"', queryWords('atom'), tags)).toEqual({
      value: 'a &#60;b&#62; &#38; &#34;<mark>atoms</mark>&#34;',
      matchLevel: 'full',
      matchedWords: ['atom'],
      fullyHighlighted: false,
    });
    expect(highlight('Store', queryWords('atom'), tags)).toEqual({ value: 'Store', matchLevel: 'none', matchedWords: [] });
  });

  it('cuts a window of words around the first match, with the ellipsis where text was cut', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    expect(snippet(text, queryWords('eight'), 4, { ...tags, ellipsis: '…' }).value).toBe('…seven <mark>eight</mark> nine ten…');
    expect(snippet(text, queryWords('zzz'), 3, { ...tags, ellipsis: '…' })).toEqual({ value: 'one two three…', matchLevel: 'none' });
    expect(snippet('short text', queryWords('short'), 10, { ...tags, ellipsis: '…' }).value).toBe('<mark>short</mark> text');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<&>"'`)).toBe('&#60;&#38;&#62;&#34;&#39;');
  });
});

describe('highlight and snippet over any text', () => {
  /** The straightforward regex version the single-pass scanners must agree with. */
  const WORD = /[\p{L}\p{N}_]+/gu;
  const reference = (text: string, words: ReturnType<typeof queryWords>, length: number) => {
    const matcher = new WordMatcher(words);
    const mark = (t: string) => {
      const matched = new Set<string>();
      let value = '';
      let last = 0;
      for (const m of t.matchAll(WORD)) {
        const hits = matcher.matches(m[0]);
        hits.forEach((q) => matched.add(q.word));
        value += escapeHtml(t.slice(last, m.index)) + (hits.length ? `<mark>${escapeHtml(m[0])}</mark>` : escapeHtml(m[0]));
        last = (m.index ?? 0) + m[0].length;
      }
      return { value: value + escapeHtml(t.slice(last)), matched };
    };
    const chunks = text.split(/\s+/).filter((c) => c !== '');
    const first = chunks.findIndex((c) => (c.match(WORD) ?? []).some((w) => matcher.matches(w).length > 0));
    const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor((length - 1) / 3), chunks.length - length));
    const end = Math.min(chunks.length, start + length);
    return {
      highlight: mark(text).value,
      snippet: `${start > 0 ? '…' : ''}${mark(chunks.slice(start, end).join(' ')).value}${end < chunks.length ? '…' : ''}`,
    };
  };

  it('cuts words and whitespace exactly as the regular expressions do (accents, scripts, astral letters, odd spaces)', () => {
    const texts = [
      'Café crème: naïve atoms\u00a0and\tstores\nof 𝒜tom 𝒜 state',
      '原子 atom 状态\u3000store\u2028next\ufeffline \u2003em-space',
      'emoji 😀atom😀 store_value STORE_VALUE __proto__ x1 ٣atom',
      'lone \ud800 surrogate\udc00 atom \ud835\udc9c',
      '   leading and trailing spaces   ',
      '<atom> & "store" \'quoted\'',
      '',
      'atom',
    ];
    for (const text of texts) {
      for (const query of ['atom', 'store', 'atom store', 'crème', '𝒜tom', 'state next', 'x']) {
        const words = queryWords(query);
        for (const length of [1, 3, 10]) {
          const expected = reference(text, words, length);
          expect(highlight(text, words, tags).value).toBe(expected.highlight);
          expect(snippet(text, words, length, { ...tags, ellipsis: '…' }).value).toBe(expected.snippet);
        }
      }
    }
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
