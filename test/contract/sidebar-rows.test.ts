import { fromSidebarRows, toSidebarRows } from '@src/contract/sidebar-rows';
import { category, link } from './sidebar-items';


describe('sidebar rows', () => {
  it('round-trip any depth of categories', () => {
    const tree = [
      link('A', '/a', 'a'),
      category('B', '/b', [link('B1', '/b1', 'b1'), category('C', '/c', [category('D', '/d', [link('D1', '/d1', null)])]), link('B2', '/b2', 'b2')]),
      link('E', '/e', 'e'),
    ];
    const rows = toSidebarRows(tree);
    expect(rows.map((r) => `${r.depth}:${r.label}`)).toEqual(['0:A', '0:B', '1:B1', '1:C', '2:D', '3:D1', '1:B2', '0:E']);
    expect(fromSidebarRows(rows)).toEqual(tree);
  });

  it('rejects a row deeper than a category above it allows', () => {
    expect(() => fromSidebarRows([{ ...toSidebarRows([link('A', '/a', 'a')])[0]!, depth: 1 }])).toThrow(
      /Sidebar row "A" has depth 1 with no category above it at depth 0/,
    );
  });
});
