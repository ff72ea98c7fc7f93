import { eachPlaceOnce, pageAndSections, rowsUnderPage } from '@src/search/page-hits';
import type { SearchHit } from '@src/search/types';

const hit = (objectID: string, type: SearchHit['type'], url: string): SearchHit => ({ objectID, type, url });
const ids = (hits: SearchHit[]) => hits.map((h) => h.objectID);

describe('eachPlaceOnce', () => {
  it('lists each address once, the best-ranked hit to it staying: a heading and the text under it lead to one place', () => {
    const hits = [
      hit('heading', 'lvl2', '/docs/guides/caching#what-a-store-keeps'),
      hit('text', 'content', '/docs/guides/caching#what-a-store-keeps'),
      hit('other', 'lvl2', '/docs/guides/caching#policies'),
    ];
    expect(ids(eachPlaceOnce(hits))).toEqual(['heading', 'other']);
  });

  it('compares addresses, not how the backend wrote them (the hosted index’s are absolute)', () => {
    const hits = [hit('a', 'lvl2', 'https://stan.example/docs/api/atom#effects'), hit('b', 'content', '/docs/api/atom#effects')];
    expect(ids(eachPlaceOnce(hits))).toEqual(['a']);
  });
});

describe('pageAndSections (/search: the page heads its group)', () => {
  it('takes the page’s own hit wherever it ranked, and its other places in rank order', () => {
    const hits = [hit('reset', 'lvl2', '/docs/api/utils#reset'), hit('page', 'lvl1', '/docs/api/utils'), hit('types', 'lvl2', '/docs/api/utils#types')];
    const { own, sections } = pageAndSections(hits);
    expect([own?.objectID, ids(sections)]).toEqual(['page', ['reset', 'types']]);
  });

  it('leaves out text before the first heading when the page’s own hit is there: both lead to the page', () => {
    const { own, sections } = pageAndSections([hit('intro', 'content', '/docs/api/atom'), hit('page', 'lvl1', '/docs/api/atom')]);
    expect([own?.objectID, ids(sections)]).toEqual(['page', []]);
  });

  it('lists a page without its own hit by its sections alone', () => {
    const { own, sections } = pageAndSections([hit('b', 'lvl3', '/docs/x#b'), hit('a', 'lvl2', '/docs/x#a')]);
    expect([own, ids(sections)]).toEqual([null, ['b', 'a']]);
  });
});

describe('rowsUnderPage (the modal: sections drawn under their page’s row)', () => {
  it('keeps the page’s own hit first with its sections after it', () => {
    const hits = [hit('page', 'lvl1', '/docs/api/store'), hit('store', 'lvl2', '/docs/api/store#store')];
    expect(ids(rowsUnderPage(hits))).toEqual(['page', 'store']);
  });

  it('leaves out a page’s own hit ranked below one of its sections, so no section is drawn above its page', () => {
    const hits = [hit('reset', 'lvl2', '/docs/api/utils#reset'), hit('page', 'lvl1', '/docs/api/utils'), hit('types', 'lvl2', '/docs/api/utils#types')];
    expect(ids(rowsUnderPage(hits))).toEqual(['reset', 'types']);
  });

  it('lists each address once', () => {
    const hits = [hit('page', 'lvl1', '/docs/api/atom'), hit('intro', 'content', '/docs/api/atom'), hit('fx', 'lvl2', '/docs/api/atom#effects'), hit('fx-text', 'content', '/docs/api/atom#effects')];
    expect(ids(rowsUnderPage(hits))).toEqual(['page', 'fx']);
  });
});
