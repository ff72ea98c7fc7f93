import MiniSearch from 'minisearch';
import { packIndex, unpackIndex } from '../index-codec';

/** An index with what the packed form must carry: several fields, record 0, ids past one base-36 digit, frequencies. */
function plainIndex() {
  const mini = new MiniSearch<{ id: number; title: string; body: string }>({ fields: ['title', 'body'] });
  mini.addAll(
    Array.from({ length: 80 }, (_, id) => ({
      id,
      title: id % 9 === 0 ? `store ${id}` : `atom ${id}`,
      body: id % 5 === 0 ? 'store store store atom' : id % 2 ? 'atom effects' : 'selector',
    })),
  );
  return mini.toJSON();
}

describe('index codec', () => {
  it('restores the postings MiniSearch serialised, exactly', () => {
    const plain = plainIndex();
    const packed = JSON.parse(JSON.stringify(packIndex(plain, [1])));
    const unpacked = unpackIndex(packed, (id) => [plain.fieldLength[id]?.[0] ?? 0, 0]);
    expect(unpacked.index).toEqual(plain.index);
    expect(unpacked.fieldLength).toEqual(plain.fieldLength);
    expect(unpacked.documentIds).toEqual(plain.documentIds);
    // Frequencies other than 1 and multi-digit ids are what the single-pass reader must get right.
    const store = unpacked.index.find(([term]) => term === 'store')?.[1];
    expect(store?.['1']?.['0']).toBe(3);
    expect(store?.['0']?.['72']).toBe(1);
  });

  it('loads into a MiniSearch that scores like the original', () => {
    const plain = plainIndex();
    const original = MiniSearch.loadJS(plain, { fields: ['title', 'body'] });
    const packed = packIndex(plain, [0, 1]);
    const loaded = MiniSearch.loadJS(unpackIndex(packed, () => [0, 0]), { fields: ['title', 'body'] });
    for (const query of ['store', 'atom effects', 'sel']) {
      expect(loaded.search(query, { prefix: true })).toEqual(original.search(query, { prefix: true }));
    }
  });
});
