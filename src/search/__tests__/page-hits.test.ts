import { arrangePageHits } from '../page-hits';
import type { SearchHit } from '../types';

const hit = (objectID: string, type: SearchHit['type'], url: string): SearchHit => ({ objectID, type, url });
const ids = (hits: SearchHit[]) => hits.map((h) => h.objectID);

describe('arrangePageHits', () => {
  it('puts the page’s own hit above its sections, the sections keeping their order', () => {
    const hits = [hit('reset', 'lvl2', '/docs/api/utils#reset'), hit('types', 'lvl2', '/docs/api/utils#types'), hit('page', 'lvl1', '/docs/api/utils')];
    expect(ids(arrangePageHits(hits))).toEqual(['page', 'reset', 'types']);
  });

  it('lists each address once: a heading and the text under it lead to one place', () => {
    const hits = [
      hit('heading', 'lvl2', '/docs/guides/caching#what-a-store-keeps'),
      hit('text', 'content', '/docs/guides/caching#what-a-store-keeps'),
      hit('other', 'lvl2', '/docs/guides/caching#policies'),
    ];
    expect(ids(arrangePageHits(hits))).toEqual(['heading', 'other']);
  });

  it('keeps the page’s own hit over text before the first heading, which leads to the page too', () => {
    const hits = [hit('intro', 'content', '/docs/api/atom'), hit('page', 'lvl1', '/docs/api/atom')];
    expect(ids(arrangePageHits(hits))).toEqual(['page']);
  });

  it('compares addresses, not how the backend wrote them (the hosted index’s are absolute)', () => {
    const hits = [hit('a', 'lvl2', 'https://stan.example/docs/api/atom#effects'), hit('b', 'content', '/docs/api/atom#effects')];
    expect(ids(arrangePageHits(hits))).toEqual(['a']);
  });

  it('leaves a page without its own hit in rank order', () => {
    const hits = [hit('b', 'lvl3', '/docs/x#b'), hit('a', 'lvl2', '/docs/x#a')];
    expect(ids(arrangePageHits(hits))).toEqual(['b', 'a']);
  });
});
