/** @jest-environment node */
import { generateCorpus, percentile, random, timeQueries, typingQueries } from '../lib/search-bench.mjs';

const real = [
  { type: 'lvl2', hierarchy: { lvl2: 'Effects' }, content: null },
  { type: 'content', hierarchy: {}, content: 'Each effect runs once per store, synchronously.' },
];

describe('search benchmark helpers', () => {
  it('computes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });

  it('generates the same corpus for the same seed, with pages, sections and body text', () => {
    const a = generateCorpus(real, { pages: 20, seed: 7 });
    expect(generateCorpus(real, { pages: 20, seed: 7 })).toEqual(a);
    expect(new Set(a.map((r) => r.url_without_anchor)).size).toBe(20);
    expect(new Set(a.map((r) => r.type))).toEqual(new Set(['lvl1', 'lvl2', 'content']));
    expect(random(1)()).toBe(random(1)());
  });

  it('turns queries into the prefixes a reader types', () => {
    expect(typingQueries(['atom'])).toEqual(['at', 'ato', 'atom']);
    expect(timeQueries(['a', 'b'], () => undefined, { warmup: 1 })).toHaveLength(2);
  });
});
