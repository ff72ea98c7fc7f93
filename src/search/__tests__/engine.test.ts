import { buildSearchIndex, facetFilterPredicate, indexRecords, loadSearchIndex, searchPage, searchRecords, unpackRecords, SearchIndexFormatError } from '../engine';
import { queryTerms } from '../text';
import type { SearchRecord } from '../types';
import { fixtureRecords, record } from './fixtures';

const index = () => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(fixtureRecords()))));
const urls = (query: string, filters?: Parameters<typeof searchRecords>[2]) =>
  searchRecords(index(), query, filters).map((h) => h.record.url);

describe('the index file', () => {
  it('round-trips the records (without the index-only fields) through JSON', () => {
    const records = fixtureRecords();
    const file = JSON.parse(JSON.stringify(buildSearchIndex(records)));
    const strip = ({ code: _c, keywords: _k, ...rest }: (typeof records)[number]) => rest;
    expect(unpackRecords(file)).toEqual(records.map(strip));
    expect(loadSearchIndex(file).records).toHaveLength(records.length);
  });

  it('loads into the same index the build made: equal scores for every query', () => {
    const records = fixtureRecords();
    const fresh = indexRecords(records);
    const loaded = index();
    for (const query of ['store', 'makeStore', 'atom effects', 'cache', 'selectr', 'DEFAULT_STORE', 'use']) {
      const scores = (i: typeof fresh) => searchRecords(i, query).map((h) => [h.record.objectID, h.score.toFixed(9)]);
      expect(scores(loaded)).toEqual(scores(fresh));
    }
  });

  it('rejects a file that is not an index', () => {
    expect(() => loadSearchIndex({ version: 2 })).toThrow(SearchIndexFormatError);
    expect(() => loadSearchIndex(null)).toThrow('not a version 1 index');
  });
});

describe('searchRecords', () => {
  it('finds identifiers that only appear in code blocks', () => {
    expect(urls('useStanValue')).toEqual(['/docs/api/selector#signature']);
    expect(urls('DEFAULT_STORE')[0]).toBe('/docs/api/store#default_store');
  });

  it('ranks title and heading matches above body text', () => {
    const hits = urls('makeStore');
    expect(hits[0]).toBe('/docs/api/store#makestore');
    expect(hits.indexOf('/docs/api/store#makestore')).toBeLessThan(hits.indexOf('/docs/api/selector#signature'));
    expect(urls('selector')[0]).toBe('/docs/api/selector');
  });

  it('matches the last word as a prefix, and only the last', () => {
    expect(urls('sele')).toContain('/docs/api/selector');
    expect(urls('derives sele')).toEqual(['/docs/api/selector']);
    // "sele" as a first word must match whole (or within its one typo): nothing does, and neither does zzzz.
    expect(urls('sele zzzz')).toEqual([]);
    expect(urls('zzzz sele')).toContain('/docs/api/selector');
  });

  it('tolerates 1 typo from 4 characters and 2 from 8, none below 4', () => {
    expect(urls('atmo effects')).toContain('/docs/api/atom#effects'); // 4 letters, 1 typo
    expect(urls('synchronosly')).toContain('/docs/api/atom#effects'); // 12 letters, 1 typo
    expect(urls('syncronosly')).toContain('/docs/api/atom#effects'); // 2 typos
    expect(urls('selectro')).toContain('/docs/api/selector'); // 8 letters, 2 typos (transposition)
    expect(urls('stroe')).not.toContain('/docs/api/store'); // 5 letters, 2 typos: too many
    expect(urls('sto xq')).toEqual([]); // 3 letters: no typo budget (and not a prefix: not the last word)
  });

  it('requires every word, then falls back to any word when that finds nothing', () => {
    expect(urls('atom effects')).toEqual(['/docs/api/atom#effects', '/docs/api/atom#effects']);
    expect(urls('effects zebra').length).toBeGreaterThan(0);
  });

  it('ignores stop words unless the query has nothing else', () => {
    expect(urls('what is the cache policy')[0]).toBe('/docs/guides/caching#cache-policy');
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

  it('waits for the second letter of a word typed after others', () => {
    expect(urls('atom e')).toEqual(urls('atom'));
    expect(urls('s').length).toBeGreaterThan(0);
  });

  it('waits for the second letter after stop words too, rather than matching the lone letter', () => {
    expect(urls('s')).toContain('/docs/api/selector');
    expect(urls('how s')).toEqual(urls('how'));
    expect(urls('how s')).not.toContain('/docs/api/selector');
  });

  it('matches a last word of 1–2 characters as a prefix in titles, headings and keywords only', () => {
    // "Effects" is a heading; "effect" also starts the body text of that section.
    expect(urls('ef')).toEqual(['/docs/api/atom#effects']);
    expect(urls('eff')).toEqual(['/docs/api/atom#effects', '/docs/api/atom#effects']);
    // Keywords of the Atom page ("writable state"); the same word in body text waits for a third letter.
    expect(urls('wr')).toEqual(['/docs/api/atom']);
    expect(urls('wri')).toEqual(['/docs/api/atom', '/docs/api/atom']);
    // Identifiers only in code blocks: not from two letters (makeStore the heading is), from three they are.
    expect(urls('ma')).toEqual(['/docs/api/store#makestore']);
    expect(urls('mak')).toContain('/docs/api/selector#signature');
    // Body text only: "synchronously".
    expect(urls('sy')).toEqual([]);
    expect(urls('syn')).toEqual(['/docs/api/atom#effects']);
    // A whole two-letter word still matches body text, and the rule holds for the last of several words.
    expect(urls('cache en', ['language:fr'])).toEqual(['/docs/fr/caching']);
    expect(urls('atom ef')).toEqual(['/docs/api/atom#effects']);
  });

  it('gives the same hits whatever was searched before (the first words of a query are cached)', () => {
    const typed = ['cache', 'cache p', 'cache po', 'cache policy', 'cache policy', 'atom eff', 'atom effects', 'selectors cache', 'cache policy'];
    const shared = index();
    for (const filters of [undefined, ['language:en'], ['language:fr'], ['language:en']]) {
      for (const query of typed) {
        const fresh = searchRecords(index(), query, filters).map((h) => [h.record.objectID, h.score]);
        expect(searchRecords(shared, query, filters).map((h) => [h.record.objectID, h.score])).toEqual(fresh);
      }
    }
    // The first word's records under one filter set are not reused under another.
    expect(searchRecords(shared, 'cache en', ['language:fr']).map((h) => h.record.url)).toEqual(['/docs/fr/caching']);
    expect(searchRecords(shared, 'cache en', ['language:en']).map((h) => h.record.url)).not.toContain('/docs/fr/caching');
  });

  it('returns nothing for an empty query', () => {
    expect(urls('')).toEqual([]);
    expect(urls('   ')).toEqual([]);
  });
});

describe('searchPage', () => {
  const pages: SearchRecord[] = [];
  for (let i = 0; i < 30; i++) {
    const page = { id: `p${i}`, title: i % 3 === 0 ? 'Widget store' : `Widget ${i}`, rank: (i * 7) % 30 };
    pages.push(record(page, 'lvl1'), record(page, 'content', { content: i % 2 ? 'A widget in a store.' : 'Store widgets here.' }));
  }
  const big = loadSearchIndex(buildSearchIndex(pages));

  it('returns the hits of one page of searchRecords, in order, and the exact number of matches', () => {
    for (const query of ['widget', 'widget store', 'store', 'stor', 'zzz', 'widget zzz']) {
      const all = searchRecords(big, query);
      for (const [offset, length] of [[0, 20], [0, 7], [7, 7], [56, 7], [0, 0], [100, 20]] as const) {
        const page = searchPage(big, query, undefined, offset, length);
        expect(page.nbHits).toBe(all.length);
        expect(page.hits).toEqual(all.slice(offset, offset + length));
      }
    }
  });

  it('finds every record matching all the words, as one MiniSearch query over the whole index does', () => {
    for (const query of ['widget store', 'store widget', 'widgets here', 'widget in store', 'store wid', 'widget sto', 'here store widget']) {
      const plain = big.mini.search(queryTerms(query).join(' '), {
        combineWith: 'AND',
        prefix: (_t, i, all) => i === all.length - 1,
        fuzzy: (t) => (t.length >= 4 ? 1 : false),
      });
      const ids = (records: readonly SearchRecord[]) => records.map((r) => r.objectID).sort();
      expect(plain.length).toBeGreaterThan(0);
      expect(ids(searchRecords(big, query).map((h) => h.record))).toEqual(ids(plain.map((r) => pages[r.id as number] as SearchRecord)));
    }
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
