import { buildSearchIndex, loadSearchIndex } from '@src/search/engine';
import { answer } from '@src/search/local-client';
import { HITS_PER_PAGE, SNIPPET_WORDS } from '@src/contract/constants';
import type { SearchRecord } from '@src/search/types';
import { fixtureRecords, record } from './fixtures';

const loaded = () => loadSearchIndex(buildSearchIndex(fixtureRecords()));

/** What DocSearch 3.9 sends (flat parameters, as the v5 clients take them). */
const docSearchRequest = (query: string) => ({
  query,
  indexName: 'stan-docs',
  attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', `content:${SNIPPET_WORDS}`],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: HITS_PER_PAGE,
  clickAnalytics: false,
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
});

describe('answer', () => {
  it('returns the hosted service response shape', () => {
    const response = answer(loaded(), docSearchRequest('effects'));
    expect(response).toEqual({
      hits: expect.any(Array),
      nbHits: 2,
      page: 0,
      nbPages: 1,
      hitsPerPage: 20,
      query: 'effects',
      params: expect.stringContaining('query=effects'),
      index: 'stan-docs',
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
      processingTimeMS: expect.any(Number),
      exhaustiveNbHits: true,
    });
  });

  it('returns only the attributes asked for, plus objectID and the highlight and snippet results', () => {
    const [hit] = answer(loaded(), docSearchRequest('effects')).hits;
    expect(Object.keys(hit ?? {}).sort()).toEqual(['_highlightResult', '_snippetResult', 'content', 'hierarchy', 'objectID', 'type', 'url']);
    expect(hit).toMatchObject({
      objectID: 'api/atom-2',
      type: 'lvl2',
      url: '/docs/api/atom#effects',
      hierarchy: { lvl0: 'API', lvl1: 'Atom', lvl2: 'Effects', lvl3: null },
      _highlightResult: {
        hierarchy: {
          lvl2: { value: '<mark>Effects</mark>', matchLevel: 'full', matchedWords: ['effects'], fullyHighlighted: true },
          lvl1: { value: 'Atom', matchLevel: 'none', matchedWords: [] },
        },
      },
      _snippetResult: { hierarchy: { lvl2: { value: '<mark>Effects</mark>', matchLevel: 'full' } } },
    });
  });

  it('snippets body text to the asked number of words around the first match, with the ellipsis', () => {
    const hits = answer(loaded(), docSearchRequest('synchronously')).hits;
    const content = hits.find((h) => h.type === 'content');
    expect(content?._snippetResult?.content?.value).toBe(
      '…once per store, <mark>synchronously</mark>, during the first read of the…',
    );
    const short = answer(loaded(), { ...docSearchRequest('synchronously'), attributesToSnippet: ['content:5'] }).hits[0];
    expect(short?._snippetResult?.content?.value).toBe('…store, <mark>synchronously</mark>, during the first…');
  });

  it('escapes record text, so highlights never carry markup from the docs', () => {
    const [hit] = answer(loaded(), docSearchRequest('stays text')).hits;
    expect(hit?._highlightResult?.content?.value).toBe(
      'Selectors cache their values per store; &#60;script&#62;alert(1)&#60;/script&#62; <mark>stays</mark> <mark>text</mark>.',
    );
  });

  it('highlights prefixes and typo matches, and reports partial matches', () => {
    const hit = answer(loaded(), docSearchRequest('atom efects')).hits.find((h) => h.type === 'lvl2');
    expect(hit?._highlightResult?.hierarchy?.lvl2).toMatchObject({ value: '<mark>Effects</mark>', matchLevel: 'partial', matchedWords: ['efects'] });
    expect(hit?._highlightResult?.hierarchy?.lvl1).toMatchObject({ value: '<mark>Atom</mark>', matchLevel: 'partial' });
  });

  it('groups by page with distinct: at most that many records per page, pages paged and counted', () => {
    const response = answer(loaded(), { ...docSearchRequest('store'), distinct: 1 });
    const pages = response.hits.map((h) => (h.url ?? '').split('#')[0]);
    expect(new Set(pages).size).toBe(pages.length);
    expect(response.nbHits).toBe(pages.length);
    const two = answer(loaded(), { ...docSearchRequest('store'), distinct: 2, hitsPerPage: 1 });
    expect(two.hits.length).toBe(2);
    expect(new Set(two.hits.map((h) => (h.url ?? '').split('#')[0])).size).toBe(1);
    expect(two.nbPages).toBe(response.nbHits);
  });

  it('pages through the hits with hitsPerPage and page', () => {
    const many: SearchRecord[] = Array.from({ length: 45 }, (_, i) => record({ id: `p${i}`, title: `Widget ${i}`, rank: i }, 'lvl1'));
    const index = loadSearchIndex(buildSearchIndex(many));
    const first = answer(index, { indexName: 'x', query: 'widget' });
    expect([first.nbHits, first.nbPages, first.hitsPerPage, first.hits.length]).toEqual([45, 3, HITS_PER_PAGE, 20]);
    const last = answer(index, { indexName: 'x', query: 'widget', page: 2 });
    expect(last.hits.map((h) => h.objectID)).toEqual(Array.from({ length: 5 }, (_, i) => `p${40 + i}-0`));
    const nested = answer(index, { indexName: 'x', params: { query: 'widget', hitsPerPage: 7, page: 1 } });
    expect([nested.hits.length, nested.nbPages, nested.page, nested.hits[0]?.objectID]).toEqual([7, 7, 1, 'p7-0']);
    expect(answer(index, { indexName: 'x', query: 'widget', page: 9 }).hits).toEqual([]);
  });

  it('honours facet filters', () => {
    expect(answer(loaded(), { ...docSearchRequest('cache'), facetFilters: ['language:fr'] }).hits.map((h) => h.url)).toEqual([
      '/docs/fr/caching',
    ]);
    expect(answer(loaded(), docSearchRequest('cache')).hits.map((h) => h.url)).not.toContain('/docs/fr/caching');
  });

  it('answers an empty query with no hits', () => {
    expect(answer(loaded(), docSearchRequest(''))).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
  });
});
