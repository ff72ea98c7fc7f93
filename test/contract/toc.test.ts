import { tocIds } from '@src/contract/toc';

describe('tocIds', () => {
  it('lists the ids in document order, h3s after their h2', () => {
    expect(
      tocIds([
        { id: 'a', title: 'A', children: [{ id: 'a-1', title: 'A 1' }] },
        { id: 'b', title: 'B' },
      ]),
    ).toEqual(['a', 'a-1', 'b']);
  });
});
