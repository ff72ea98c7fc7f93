import { toTocItems } from '../toc';

describe('toTocItems', () => {
  it('keeps h2 → h3 nesting from the MDX table of contents', () => {
    expect(
      toTocItems({
        items: [{ url: '#usage', title: 'Usage', items: [{ url: '#options', title: 'Options' }] }],
      }),
    ).toEqual([{ id: 'usage', title: 'Usage', children: [{ id: 'options', title: 'Options', children: [] }] }]);
  });

  it('drops anything deeper than h3 (levels 2 to 3)', () => {
    const items = toTocItems({
      items: [{ url: '#a', title: 'A', items: [{ url: '#b', title: 'B', items: [{ url: '#c', title: 'C' }] }] }],
    });
    expect(items[0]?.children[0]?.children).toEqual([]);
  });

  it('unwraps entries without a url (a skipped heading level)', () => {
    expect(toTocItems({ items: [{ items: [{ url: '#x', title: 'X' }] }] })).toEqual([
      { id: 'x', title: 'X', children: [] },
    ]);
  });

  it('handles a missing table of contents', () => {
    expect(toTocItems(null)).toEqual([]);
    expect(toTocItems({})).toEqual([]);
  });
});
