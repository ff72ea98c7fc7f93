/** @jest-environment node */
// What the guides (caching, error handling, param serialization) claim, run against the pinned package.
import { Aborted, atom, atomFamily, makeStore, selector, selectorFamily, type SerializableParam } from '@rkrupinski/stan';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('caching guide', () => {
  it('an async selector caches its promise, so every reader shares one request', () => {
    const request = jest.fn(async () => 'data');
    const s = selector(request);
    const store = makeStore();
    expect(s(store).get()).toBe(s(store).get());
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('skipping needless re-runs: an identical fresh cursor object does not re-run quadrant', () => {
    const cursor = atom({ x: 0, y: 0 });
    const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
    const runs = jest.fn();
    const quadrant = selector(
      ({ get }) => {
        runs();
        const { x, y } = get(cursor);
        return `${y < 0 ? 'top' : 'bottom'}-${x < 0 ? 'left' : 'right'}`;
      },
      { areValuesEqual: sameJson },
    );
    const store = makeStore();
    expect(quadrant(store).get()).toBe('bottom-right');
    cursor(store).set({ x: 0, y: 0 });
    expect(runs).toHaveBeenCalledTimes(1);
    cursor(store).set({ x: -1, y: -1 });
    expect(quadrant(store).get()).toBe('top-left');
  });

  it('an unchanged primitive result stops at the next selector down', () => {
    const n = atom(1);
    const sign = selector(({ get }) => Math.sign(get(n)));
    const downstream = jest.fn();
    const label = selector(({ get }) => {
      downstream();
      return `sign ${get(sign)}`;
    });
    const store = makeStore();
    label(store).get();
    n(store).set(5); // sign re-runs and still returns 1
    expect(downstream).toHaveBeenCalledTimes(1);
  });

  it('a version atom invalidates every member that has run, including evicted ones', () => {
    const ordersVersion = atom(0);
    const runs: string[] = [];
    const orders = selectorFamily(
      (customerId: string) =>
        ({ get }) => {
          get(ordersVersion);
          runs.push(customerId);
          return customerId;
        },
      { cachePolicy: { type: 'lru', maxSize: 1 } },
    );
    const store = makeStore();
    orders('a')(store).get();
    orders('b')(store).get(); // evicts 'a' from the family
    runs.length = 0;
    ordersVersion(store).set((v) => v + 1);
    expect(runs.sort()).toEqual(['a', 'b']);
  });
});

describe('error handling guide', () => {
  it('a throwing re-run escapes set: the atom keeps the new value, the selector its last result, subscribers hear nothing', () => {
    const divisor = atom(1);
    const ratio = selector(({ get }) => {
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return 100 / d;
    });
    const store = makeStore();
    expect(ratio(store).get()).toBe(100);
    const subscriber = jest.fn();
    ratio(store).subscribe(subscriber);
    expect(() => divisor(store).set(0)).toThrow('Cannot divide by zero');
    expect(divisor(store).get()).toBe(0);
    expect(ratio(store).get()).toBe(100);
    expect(subscriber).not.toHaveBeenCalled();
  });

  it('atom subscribers registered after the failing selector are skipped for that update', () => {
    const divisor = atom(1);
    const ratio = selector(({ get }) => {
      if (get(divisor) === 0) throw new Error('boom');
      return 1;
    });
    const store = makeStore();
    ratio(store).get(); // subscribes to divisor first
    const later = jest.fn();
    divisor(store).subscribe(later);
    expect(() => divisor(store).set(0)).toThrow('boom');
    expect(later).not.toHaveBeenCalled();
  });

  it('only the latest rejection marks a selector stale; a superseded rejection is ignored', async () => {
    const trigger = atom(0);
    const rejecters: Array<(e: unknown) => void> = [];
    const runs = jest.fn();
    const s = selector(({ get }) => {
      get(trigger);
      runs();
      return new Promise<string>((_, reject) => {
        rejecters.push(reject);
      });
    });
    const store = makeStore();
    s(store).get();
    trigger(store).set(1); // second run
    const latest = s(store).get();
    rejecters[0]?.(new Aborted());
    await flush();
    expect(s(store).get()).toBe(latest); // still cached: the old rejection does not matter
    rejecters[1]?.(new Error('failed'));
    await flush();
    expect(s(store).get()).not.toBe(latest); // the latest failed, so this read started a new run
    expect(runs).toHaveBeenCalledTimes(3);
  });

  it('a signal-aware request rejects with the Aborted instance when superseded', async () => {
    const trigger = atom(0);
    const s = selector(({ get, signal }) => {
      get(trigger);
      return new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => resolve(1), 50);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(signal.reason);
        });
      });
    });
    const store = makeStore();
    const first = s(store).get();
    trigger(store).set(1);
    await expect(first).rejects.toBeInstanceOf(Aborted);
    await expect(s(store).get()).resolves.toBe(1);
  });

  it('fetch rejects with the signal reason, so an aborted request rejects with Aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Aborted());
    await expect(fetch('data:text/plain,hello', { signal: controller.signal })).rejects.toBeInstanceOf(Aborted);
  });
});

describe('param serialization guide', () => {
  type Query = { search: string; page: number; sort?: 'asc' | 'desc' };

  it('key order is ignored, undefined properties are dropped, other values split the key', () => {
    const results = atomFamily<string[], Query>([]);
    expect(results({ search: 'stan', page: 1 })).toBe(results({ page: 1, search: 'stan' }));
    expect(results({ search: 'stan', page: 1, sort: undefined })).toBe(results({ search: 'stan', page: 1 }));
    expect(results({ search: 'stan', page: 1, sort: 'asc' })).not.toBe(results({ search: 'stan', page: 1 }));
  });

  it('nested key order is ignored too; array order and types matter', () => {
    const fam = atomFamily<number, SerializableParam>(0);
    expect(fam({ a: { x: 1, y: 2 } })).toBe(fam({ a: { y: 2, x: 1 } }));
    expect(fam([1, 2])).not.toBe(fam([2, 1]));
    expect(fam(1)).not.toBe(fam('1'));
    expect(fam(true)).not.toBe(fam('true'));
  });

  it('non-finite numbers share a key with null, and -0 with 0', () => {
    const fam = atomFamily<number, number | null>(0);
    expect(fam(NaN)).toBe(fam(null));
    expect(fam(Infinity)).toBe(fam(null));
    expect(fam(-Infinity)).toBe(fam(null));
    expect(fam(-0)).toBe(fam(0));
  });

  it('circular structures throw a TypeError when the family is called', () => {
    const fam = atomFamily<number, SerializableParam>(0);
    const circular: { [key: string]: SerializableParam } = {};
    circular.self = circular;
    expect(() => fam(circular)).toThrow(TypeError);
  });

  it('what cannot be a parameter: maps, sets, functions, undefined, class instances and dates collide; BigInt throws', () => {
    const fam = atomFamily<number, SerializableParam>(0);
    const loose = (value: unknown) => fam(value as SerializableParam);
    class A {
      x = 1;
    }
    class B {
      x = 1;
    }
    expect(loose(new Map([[1, 2]]))).toBe(loose(new Map()));
    expect(loose(new Set([1]))).toBe(fam({}));
    expect(loose(() => 1)).toBe(loose(undefined));
    expect(loose(new A())).toBe(loose(new B()));
    expect(loose(new A())).toBe(fam({ x: 1 }));
    expect(loose(new Date(0))).toBe(fam('1970-01-01T00:00:00.000Z'));
    expect(() => loose(BigInt(10))).toThrow('Do not know how to serialize a BigInt');
  });

  it('tags from parameters: greeting-pl-Ola and its value', () => {
    const greeting = selectorFamily(
      ({ name, lang }: { name: string; lang: 'en' | 'pl' }) =>
        () =>
          lang === 'pl' ? `Cześć, ${name}!` : `Hello, ${name}!`,
      { tag: ({ name, lang }) => `greeting-${lang}-${name}` },
    );
    const state = greeting({ lang: 'pl', name: 'Ola' })(makeStore());
    expect(state.tag).toBe('greeting-pl-Ola');
    expect(state.get()).toBe('Cześć, Ola!');
  });

  it('tags do not decide identity: equal tags, different parameters, different members', () => {
    const fam = atomFamily<number, number>(0, { tag: 'same' });
    expect(fam(1)).not.toBe(fam(2));
    expect(fam(1)(makeStore()).tag).toBe('same');
  });
});
