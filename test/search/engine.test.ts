import MiniSearch from 'minisearch';
import {
  buildSearchIndex,
  facetFilterPredicate,
  indexRecords,
  loadSearchIndex,
  matchPages,
  searchPage,
  searchRecords,
  SearchIndexFormatError,
} from '@src/search/engine';
import { identifierParts, wordTerms } from '@src/search/text';
import type { SearchRecord } from '@src/search/types';
import { fixtureRecords, record } from './fixtures';

const index = () => loadSearchIndex(buildSearchIndex(fixtureRecords()));
const urls = (query: string, filters?: Parameters<typeof searchRecords>[2]) =>
  searchRecords(index(), query, filters).map((h) => h.record.url);
const pagesOf = (loaded: ReturnType<typeof index>, query: string) =>
  matchPages(loaded, query).pages.map((p) => p.hits[0]?.record.url_without_anchor);

describe('the index file', () => {
  it('is MiniSearch’s own serialisation, carrying what a hit shows and not the index-only fields', () => {
    const records = fixtureRecords();
    const loaded = loadSearchIndex(buildSearchIndex(records));
    const shown = ({ code: _c, keywords: _k, defines: _d, ...rest }: SearchRecord) => rest;
    expect(records.map((_, id) => loaded.mini.getStoredFields(id))).toEqual(records.map(shown));
  });

  it('loads into the same index the build made: equal scores for every query', () => {
    const fresh = indexRecords(fixtureRecords());
    const loaded = index();
    for (const query of ['store', 'makeStore', 'atom effects', 'cache', 'selectr', 'atmo', 'DEFAULT_STORE', 'use']) {
      const scores = (i: typeof fresh) => searchRecords(i, query).map((h) => [h.record.objectID, h.score.toFixed(9)]);
      expect(scores(loaded)).toEqual(scores(fresh));
    }
  });

  it('rejects a file that is not an index, saying how to fix it', () => {
    expect(() => loadSearchIndex('{"version":1}')).toThrow(SearchIndexFormatError);
    expect(() => loadSearchIndex('not json')).toThrow('rebuild the site');
  });
});

describe('searchRecords', () => {
  it('finds identifiers that only appear in code blocks, and the words inside identifiers', () => {
    expect(urls('useStanValue')).toEqual(['/docs/api/selector#signature']);
    expect(urls('make store')[0]).toMatch(/^\/docs\/api\/store/);
    expect(urls('DEFAULT_STORE')[0]).toBe('/docs/api/store#default_store');
  });

  it('ranks title and heading matches above body text', () => {
    const hits = urls('makeStore');
    expect(hits[0]).toBe('/docs/api/store#makestore');
    expect(urls('selector')[0]).toBe('/docs/api/selector');
  });

  it('matches other forms of a word through its stem', () => {
    expect(urls('derived')).toContain('/docs/api/selector'); // "derives"
    expect(urls('caching')).toContain('/docs/guides/caching'); // "cache", "caches"
    expect(urls('effect')).toContain('/docs/api/atom#effects');
  });

  it('matches the last word as a prefix, and only the last', () => {
    expect(urls('sele')).toContain('/docs/api/selector');
    expect(new Set(urls('derives sele').map((url) => url.split('#')[0]))).toEqual(new Set(['/docs/api/selector']));
    // "sele" before another word must match whole (or within its one typo): nothing does, and neither does zzzz.
    expect(urls('sele zzzz')).toEqual([]);
    expect(urls('zzzz sele')).toContain('/docs/api/selector');
  });

  it('tolerates 1 typo from 4 characters and 2 from 8, none below 4', () => {
    expect(urls('stxry')).not.toContain('/docs/api/store'); // 5 letters, 2 typos: too many
    expect(urls('synchronosly')).toContain('/docs/api/atom#effects'); // 12 letters, 1 typo
    expect(urls('syncronosly')).toContain('/docs/api/atom#effects'); // 2 typos
    expect(urls('atim')).toContain('/docs/api/atom'); // 4 letters, 1 typo
    expect(urls('sto xq')).toEqual(urls('xq')); // 3 letters: no typo budget, and not a prefix before the last word
  });

  it('counts two neighbouring letters swapped as one typo, as the hosted service does', () => {
    expect(urls('atmo')[0]).toBe('/docs/api/atom'); // 4 letters: one typo allowed
    expect(urls('stroe')).toContain('/docs/api/store');
    expect(urls('slectro')).not.toContain('/docs/api/selector'); // 7 letters: a letter dropped and a swap are 2 typos
    expect(urls('sleectro')).toContain('/docs/api/selector'); // 8 letters: two swaps
  });

  it('counts a typo on the first letter as two: only a word of 8 letters or more may hold one (and one more)', () => {
    expect(urls('ztore')).toEqual([]); // changed
    expect(urls('tsore')).toEqual([]); // swapped with the second
    expect(urls('xatom')).toEqual([]); // added before it
    expect(urls('zelector')).toContain('/docs/api/selector'); // 8 letters: 2 typos
    expect(urls('zelectro')).toContain('/docs/api/selector'); // and a swap: 3, as the hosted service allows
    expect(urls('zelectrx')).toEqual([]); // 4
  });

  it('ranks a page holding a word with fewer typos first, though another matches it better otherwise', () => {
    const records = [
      record({ id: 'two', title: 'Abcdefxy', rank: 0 }, 'lvl1', { keywords: 'abcdefxy abcdefxy' }),
      record({ id: 'one', title: 'Other', rank: 1 }, 'lvl1'),
      record({ id: 'one', title: 'Other', rank: 1 }, 'content', { content: 'Text with abcdefgz somewhere in a long sentence of words.' }),
    ];
    const loaded = loadSearchIndex(buildSearchIndex(records));
    expect(pagesOf(loaded, 'abcdefgh')).toEqual(['/docs/one', '/docs/two']);
  });

  it('forgives typos only for a word found nowhere as typed', () => {
    const records = [
      record({ id: 'near', title: 'Stores', rank: 0 }, 'lvl1', { keywords: 'stores stores stores' }),
      record({ id: 'exact', title: 'Shelf', rank: 1 }, 'lvl1'),
      record({ id: 'exact', title: 'Shelf', rank: 1 }, 'content', { content: 'A storey of a building.' }),
    ];
    const loaded = loadSearchIndex(buildSearchIndex(records));
    expect(pagesOf(loaded, 'storey')).toEqual(['/docs/exact']);
    expect(pagesOf(loaded, 'storez').sort()).toEqual(['/docs/exact', '/docs/near']);
  });

  it('finds a page holding all the words across its sections, though no section holds them all', () => {
    // "selector" and "signature": the Selector page's title and one of its headings.
    expect(pagesOf(index(), 'selector signature')).toEqual(['/docs/api/selector']);
    // Pages holding every word come first; without one, pages with more of the words do.
    expect(pagesOf(index(), 'effects zebra')).toEqual(['/docs/api/atom']);
  });

  it('ranks first the page that declares every name asked for', () => {
    const records = [
      record({ id: 'guide', title: 'Working with stores', rank: 0 }, 'lvl1'),
      record({ id: 'guide', title: 'Working with stores', rank: 0 }, 'lvl2', { heading: ['makeStore in tests'], anchor: 'm' }),
      record({ id: 'guide', title: 'Working with stores', rank: 0 }, 'content', { content: 'Call makeStore for each test; makeStore is cheap.' }),
      record({ id: 'store', title: 'Store', rank: 1 }, 'lvl1', { defines: 'Store makeStore' }),
    ];
    const loaded = loadSearchIndex(buildSearchIndex(records));
    expect(pagesOf(loaded, 'makeStore')).toEqual(['/docs/store', '/docs/guide']);
    expect(pagesOf(loaded, 'makeSto')).toEqual(['/docs/store', '/docs/guide']);
    // A name declared for one word of several is no reason to come first.
    expect(pagesOf(loaded, 'makeStore tests')).toEqual(['/docs/guide']);
  });

  it('takes a last word for a name being typed only while it is not a word of the docs itself', () => {
    const records = [
      record({ id: 'caching', title: 'Caching', rank: 1 }, 'lvl1', { content: 'How a cache keeps values, and when a cache forgets.' }),
      record({ id: 'family', title: 'Family', rank: 0 }, 'lvl1', { defines: 'family CachePolicy', content: 'A family may cache members.' }),
    ];
    const loaded = loadSearchIndex(buildSearchIndex(records));
    expect(pagesOf(loaded, 'CachePol')[0]).toBe('/docs/family');
    expect(pagesOf(loaded, 'cache')[0]).toBe('/docs/caching');
  });

  it('answers "what is X" with the page titled X or whose summary says "X is"', () => {
    const records = [
      record({ id: 'intro', title: 'Introduction', rank: 0 }, 'lvl1', { content: 'Stan is a small state library.' }),
      record({ id: 'react', title: 'React', rank: 1 }, 'lvl1', { keywords: 'stan stan stan', code: 'StanProvider useStan' }),
    ];
    const loaded = loadSearchIndex(buildSearchIndex(records));
    expect(pagesOf(loaded, 'what is stan')).toEqual(['/docs/intro', '/docs/react']);
    expect(pagesOf(loaded, 'what is react')[0]).toBe('/docs/react');
  });

  it('counts each word alike: a page strong on one word does not beat a page good on both', () => {
    const records = [
      record({ id: 'one', title: 'Abort', rank: 0 }, 'lvl1', { keywords: 'abort abort', content: 'The abort signal.' }),
      record({ id: 'both', title: 'Signals', rank: 1 }, 'lvl1', { keywords: 'abort signal', content: 'An abort signal fires.' }),
    ];
    expect(pagesOf(loadSearchIndex(buildSearchIndex(records)), 'abort signal')).toEqual(['/docs/both', '/docs/one']);
  });

  it('ignores stop words unless the query has nothing else', () => {
    expect(urls('what is the cache policy')[0]).toBe('/docs/guides/caching#cache-policy');
  });

  describe('a page that compares or lists changes (overview)', () => {
    const upgrading = { id: 'upgrading', title: 'Upgrading from 1.0', rank: 0 };
    const atomPage = { id: 'atom', title: 'Atom', rank: 1 };
    const records = () => [
      record(upgrading, 'lvl1', { keywords: 'upgrade breaking changes', overview: true }),
      record(upgrading, 'lvl3', { heading: ['Atoms', 'Effects'], anchor: 'effects', overview: true }),
      record(upgrading, 'content', {
        heading: ['Atoms', 'Effects'],
        content: 'Effects run once per store now; an effect set is ignored; effects of effects, effects everywhere.',
        overview: true,
      }),
      record(atomPage, 'lvl1', { defines: 'atom AtomEffect' }),
      record(atomPage, 'lvl3', { heading: ['Behaviour', 'Effects'], anchor: 'effects' }),
      record(atomPage, 'content', { heading: ['Behaviour', 'Effects'], content: 'An effect gets init, set and onSet; a set inside it is ignored.' }),
    ];
    const pages = (query: string) => pagesOf(loadSearchIndex(buildSearchIndex(records())), query);

    it('ranks after the page that explains a term it only lists, though it mentions the term more', () => {
      expect(pages('effects')).toEqual(['/docs/atom', '/docs/upgrading']);
      // Several words, one of them a heading of the page that explains them.
      expect(pages('effect set ignored')).toEqual(['/docs/atom', '/docs/upgrading']);
    });

    it('leads for what it is about: its title and keywords', () => {
      expect(pages('breaking changes')).toEqual(['/docs/upgrading']);
      expect(pages('upgrading effects')[0]).toBe('/docs/upgrading');
    });

    it('ranks as any page when no other page explains the words', () => {
      const plain = records().filter((r) => r.url_without_anchor !== '/docs/atom' || r.type !== 'lvl3');
      const loaded = loadSearchIndex(buildSearchIndex(plain.map((r) => (r.type === 'lvl1' && r.url_without_anchor === '/docs/atom' ? { ...r, defines: 'atom' } : r))));
      expect(pagesOf(loaded, 'effects')[0]).toBe('/docs/upgrading');
    });
  });

  it('breaks ties by sidebar order', () => {
    const page = (id: string, rank: number) => ({ id, title: 'Identical', rank });
    const file = buildSearchIndex([record(page('b', 2), 'lvl1'), record(page('a', 1), 'lvl1'), record(page('c', 3), 'lvl1')]);
    expect(searchRecords(loadSearchIndex(file), 'identical').map((h) => h.record.url)).toEqual(['/docs/a', '/docs/b', '/docs/c']);
  });

  it('applies facet filters: AND of entries, OR inside an array, negation', () => {
    expect(urls('cache', ['language:fr'])).toEqual(['/docs/fr/caching']);
    expect(urls('cache', ['language:en'])).not.toContain('/docs/fr/caching');
    expect(urls('cache', ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]).length).toBeGreaterThan(0);
    expect(urls('cache', ['language:en', ['docusaurus_tag:other']])).toEqual([]);
    expect(urls('cache', ['language:-en'])).toEqual(['/docs/fr/caching']);
    expect(urls('cache', 'hierarchy.lvl0:Guides').length).toBeGreaterThan(0);
  });

  it('waits for the second letter of a word typed after others, stop words included', () => {
    expect(urls('atom e')).toEqual(urls('atom'));
    expect(urls('s')).toContain('/docs/api/selector');
    expect(urls('how s')).toEqual(urls('how'));
  });

  it('matches a last word of 1–2 characters as a prefix in titles, headings and keywords only', () => {
    // "Effects" is a heading; "effect" also starts the body text of that section.
    expect(urls('ef')).toEqual(['/docs/api/atom#effects']);
    expect(urls('eff')).toEqual(['/docs/api/atom#effects', '/docs/api/atom#effects']);
    // Body text only: "synchronously".
    expect(urls('sy')).toEqual([]);
    expect(urls('syn')).toEqual(['/docs/api/atom#effects']);
    // A whole two-letter word still matches body text.
    expect(urls('cache en', ['language:fr'])).toEqual(['/docs/fr/caching']);
  });

  it('returns nothing for an empty query', () => {
    expect(urls('')).toEqual([]);
    expect(urls('   ')).toEqual([]);
  });
});

describe('pages holding all the words', () => {
  it('are the pages a MiniSearch AND query over whole pages finds', () => {
    const records = fixtureRecords().filter((r) => r.language === 'en');
    // The reference: one document per page with all its text, searched for every word.
    // Identifiers are split into their words, except in code blocks.
    const byPage = new Map<string, { id: string; text: string; code: string }>();
    for (const r of records) {
      const page = byPage.get(r.url_without_anchor) ?? { id: r.url_without_anchor, text: '', code: '' };
      page.text += ` ${[...Object.values(r.hierarchy).slice(1), r.content, r.keywords, r.defines].filter(Boolean).join(' ')}`;
      page.code += ` ${r.code ?? ''}`;
      byPage.set(page.id, page);
    }
    const whole = new MiniSearch<{ id: string; text: string; code: string }>({
      fields: ['text', 'code'],
      processTerm: (word, field) => [...(wordTerms(word) ?? []), ...((field === 'text' && identifierParts(word)) || [])],
    });
    whole.addAll([...byPage.values()]);
    const loaded = loadSearchIndex(buildSearchIndex(records));
    for (const query of ['store effects', 'selector value', 'atom store', 'cache store', 'effects store atom', 'signature selector']) {
      const reference = whole.search(query, { combineWith: 'AND', processTerm: (t) => wordTerms(t)?.[0] ?? null }).map((r) => r.id);
      expect(pagesOf(loaded, query).sort()).toEqual(reference.sort());
    }
  });
});

describe('searchPage', () => {
  const pages: SearchRecord[] = [];
  for (let i = 0; i < 30; i++) {
    const page = { id: `p${i}`, title: i % 3 === 0 ? 'Widget store' : `Widget ${i}`, rank: (i * 7) % 30 };
    const content = i % 2 ? 'A widget in a store.' : 'Store widgets here.';
    pages.push(record(page, 'lvl1'), record(page, 'content', { heading: ['Usage'], anchor: 'usage', content }));
  }
  const big = loadSearchIndex(buildSearchIndex(pages));

  it('returns the records of one page of searchRecords, in order, and the exact number of matches', () => {
    for (const query of ['widget', 'widget store', 'store', 'stor', 'zzz', 'widget zzz']) {
      const all = searchRecords(big, query);
      for (const [offset, length] of [[0, 20], [0, 7], [7, 7], [56, 7], [0, 0], [100, 20]] as const) {
        const page = searchPage(big, query, undefined, offset, length);
        expect(page.nbHits).toBe(all.length);
        expect(page.hits).toEqual(all.slice(offset, offset + length));
      }
    }
  });

  it('with distinct, pages the site’s pages, each once with its best records, and counts pages', () => {
    const first = searchPage(big, 'widget', undefined, 0, 4, 1);
    const second = searchPage(big, 'widget', undefined, 4, 4, 1);
    expect(first.nbHits).toBe(30);
    const shown = [...first.hits, ...second.hits].map((h) => h.record.url_without_anchor);
    expect(new Set(shown).size).toBe(8);
    const two = searchPage(big, 'widget', undefined, 0, 3, 2).hits.map((h) => h.record.url_without_anchor);
    expect(two).toHaveLength(6);
    expect(new Set(two).size).toBe(3);
  });

  it('with distinct, gives each page records that lead to different places', () => {
    // The Effects heading and the text under it both lead to /docs/api/atom#effects: one place, listed once.
    const onAtom = (hits: ReturnType<typeof searchRecords>) =>
      hits.filter((h) => h.record.url_without_anchor === '/docs/api/atom').map((h) => h.record.url);
    expect(onAtom(searchRecords(index(), 'effect'))).toEqual(['/docs/api/atom#effects', '/docs/api/atom#effects']);
    expect(onAtom(searchPage(index(), 'effect', undefined, 0, 10, 2).hits)).toEqual(['/docs/api/atom#effects']);
    // A page's next best record to another place takes the second row: after the Effects section, the page itself.
    expect(onAtom(searchPage(index(), 'atom effects', undefined, 0, 10, 2).hits)).toEqual(['/docs/api/atom#effects', '/docs/api/atom']);
  });

  it('keeps the sidebar order among equal scores across a page boundary', () => {
    const ranks = searchPage(big, 'widget', undefined, 5, 10).hits.map((h) => h.record.weight.pageRank);
    expect(ranks.length).toBe(10);
    expect(searchRecords(big, 'widget').map((h) => h.record.weight.pageRank).slice(5, 15)).toEqual(ranks);
  });
});

describe('facetFilterPredicate', () => {
  it('accepts everything without filters', () => {
    expect(facetFilterPredicate(undefined)(fixtureRecords()[0]!)).toBe(true);
  });
});
