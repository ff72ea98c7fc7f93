import { buildSearchIndex, facetFilterPredicate, indexRecords, loadSearchIndex, searchRecords, unpackRecords, SearchIndexFormatError } from '../engine';
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

  it('returns nothing for an empty query', () => {
    expect(urls('')).toEqual([]);
    expect(urls('   ')).toEqual([]);
  });
});

describe('facetFilterPredicate', () => {
  it('accepts everything without filters', () => {
    expect(facetFilterPredicate(undefined)(fixtureRecords()[0]!)).toBe(true);
  });
});
