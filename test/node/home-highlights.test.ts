import { Aborted, DEFAULT_STORE, atom, atomFamily, makeStore, selector, selectorFamily } from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { HOME_SAMPLES } from '@src/node/home-samples';

// Each claim of the home page's highlights, checked against the pinned package.
describe('home page highlights are true of @rkrupinski/stan', () => {
  it('lists six highlights, each a heading linking into the docs and one paragraph', () => {
    const sample = HOME_SAMPLES.find((s) => s.name === 'highlights');
    if (!sample || !('mdx' in sample)) throw new Error('no highlights');
    const list = document.createElement('div');
    list.innerHTML = sample.mdx;
    const items = Array.from(list.querySelectorAll('li'));
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.querySelector('h3 > a')?.getAttribute('href')).toMatch(/^\/docs\//);
      expect(item.querySelectorAll('p')).toHaveLength(1);
    }
  });

  it('a selector re-runs only when a value it read changes', () => {
    const store = makeStore();
    const a = atom(1);
    const unrelated = atom(0);
    let runs = 0;
    const s = selector(({ get }) => {
      runs += 1;
      return get(a) * 10;
    });
    const state = s(store);
    const seen: number[] = [];
    state.subscribe((v) => seen.push(v));
    expect(state.get()).toBe(10);
    unrelated(store).get();
    unrelated(store).set(5);
    expect(runs).toBe(1);
    a(store).set(2);
    expect(runs).toBe(2);
    expect(seen).toEqual([20]);
  });

  it('families give one state per serializable parameter, keyed by stable JSON', () => {
    const fam = atomFamily<number, { a: number; b: number }>(0);
    expect(fam({ a: 1, b: 2 })).toBe(fam({ b: 2, a: 1 }));
    expect(fam({ a: 1, b: 2 })).not.toBe(fam({ a: 2, b: 2 }));
  });

  it('selector families accept keep-all, most-recent and lru cache policies', () => {
    for (const cachePolicy of [
      { type: 'keep-all' as const },
      { type: 'most-recent' as const },
      { type: 'lru' as const, maxSize: 2 },
    ]) {
      const fam = selectorFamily<number, number>((n) => () => n * 2, { cachePolicy });
      expect(fam(3)(makeStore()).get()).toBe(6);
    }
  });

  it('a re-run aborts the previous run’s signal with Aborted', () => {
    const store = makeStore();
    const input = atom(1);
    const signals: AbortSignal[] = [];
    const s = selector(({ get, signal }) => {
      signals.push(signal);
      return Promise.resolve(get(input));
    });
    s(store).subscribe(() => {});
    s(store).get();
    input(store).set(2);
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toBeInstanceOf(Aborted);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('states resolve against a store: DEFAULT_STORE or one from makeStore()', () => {
    const a = atom('x');
    const other = makeStore();
    a(DEFAULT_STORE).get();
    a(other).get();
    a(other).set('y');
    expect(a(DEFAULT_STORE).get()).toBe('x');
    expect(a(other).get()).toBe('y');
  });

  it('the React hooks named on the home page exist in @rkrupinski/stan/react', () => {
    for (const name of ['useStan', 'useStanValue', 'useStanValueAsync', 'useStanRefresher', 'useStanReset'] as const) {
      expect(typeof react[name]).toBe('function');
    }
  });
});
