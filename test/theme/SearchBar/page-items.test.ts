import { pageItems } from '@src/theme/SearchBar/page-items';

describe('pageItems (the modal’s transformItems, given one page’s hits)', () => {
  it('keeps the best hit first, leaves out the page ranked below its section and a second hit to one place', () => {
    const items = [
      { objectID: 'reset', type: 'lvl2', url: 'https://stan.example/docs/api/utils#reset' },
      { objectID: 'reset-text', type: 'content', url: 'https://stan.example/docs/api/utils#reset' },
      { objectID: 'page', type: 'lvl1', url: 'https://stan.example/docs/api/utils' },
    ];
    expect(pageItems(items)).toEqual([{ objectID: 'reset', type: 'lvl2', url: '/docs/api/utils#reset' }]);
  });

  it('keeps a page ranked first above its sections, with site-relative addresses', () => {
    const items = [
      { objectID: 'page', type: 'lvl1', url: 'https://stan.example/docs/api/store' },
      { objectID: 'store', type: 'lvl2', url: 'https://stan.example/docs/api/store#store' },
    ];
    expect(pageItems(items).map((item) => item.url)).toEqual(['/docs/api/store', '/docs/api/store#store']);
  });
});
