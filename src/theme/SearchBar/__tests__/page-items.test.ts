import { pageItems } from '../page-items';

describe('pageItems (the modal’s transformItems, given one page’s hits)', () => {
  it('puts the page above its sections, lists each place once, with site-relative addresses', () => {
    const items = [
      { objectID: 'reset', type: 'lvl2', url: 'https://stan.example/docs/api/utils#reset' },
      { objectID: 'reset-text', type: 'content', url: 'https://stan.example/docs/api/utils#reset' },
      { objectID: 'page', type: 'lvl1', url: 'https://stan.example/docs/api/utils' },
    ];
    expect(pageItems(items)).toEqual([
      { objectID: 'page', type: 'lvl1', url: '/docs/api/utils' },
      { objectID: 'reset', type: 'lvl2', url: '/docs/api/utils#reset' },
    ]);
  });
});
