/** @jest-environment node */
import { atom, makeStore, refresh, selectorFamily } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { versionedFamily } from '../../support/fixtures';

const claim = claimsOf('api/selectorFamily');

claim('It returns a function from the parameter to a selector', () => {
  const double = selectorFamily((n: number) => () => n * 2);
  expect(double(21)(makeStore()).get()).toBe(42);
});

claim('receives the parameter and returns a selector function, which in turn receives `get` and `signal` exactly as in selector', () => {
  const base = atom(10);
  const received: string[][] = [];
  const plus = selectorFamily((n: number) => (arg) => {
    received.push(Object.keys(arg).sort());
    expect(arg.signal).toBeInstanceOf(AbortSignal);
    return arg.get(base) + n;
  });
  expect(plus(5)(makeStore()).get()).toBe(15);
  expect(received).toEqual([['get', 'signal']]);
});

claim(['a fixed string or a function of the parameter', 'passed to every selector of the family'], () => {
  const fixed = selectorFamily((n: number) => () => n, { tag: 'fixed' });
  const perParam = selectorFamily((n: number) => () => n, { tag: (n) => `n-${n}` });
  expect(fixed(1)(makeStore()).tag).toBe('fixed');
  expect(perParam(2)(makeStore()).tag).toBe('n-2');
  const cursor = atom({ x: 0 });
  const runs = jest.fn();
  const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
  const fam = selectorFamily(
    (n: number) =>
      ({ get }) => {
        runs(n);
        return get(cursor).x + n;
      },
    { areValuesEqual: sameJson },
  );
  const store = makeStore();
  fam(1)(store).get();
  fam(2)(store).get();
  cursor(store).set({ x: 0 });
  expect(runs).toHaveBeenCalledTimes(2);
});

claim(['Defaults to `{ type: \'keep-all\' }`', '`keep-all` keeps every selector ever created'], () => {
  const fam = selectorFamily((n: number) => () => n);
  const first = fam(1);
  for (let i = 2; i < 300; i += 1) fam(i);
  expect(fam(1)).toBe(first);
});

claim('Calls with equal parameters return the same scoped selector for as long as the family keeps it', () => {
  const fam = selectorFamily((filter: { owner: string; done: boolean }) => () => filter.owner);
  expect(fam({ owner: 'ada', done: false })).toBe(fam({ done: false, owner: 'ada' }));
});

claim('using the same stable serialization as atomFamily', () => {
  const fam = selectorFamily((p: { a: number; b?: number } | string | number) => () => p);
  expect(fam({ a: 1, b: undefined })).toBe(fam({ a: 1 }));
  expect(fam(1)).not.toBe(fam('1'));
});

claim('The cache policy applies to the family, not to a store.', () => {
  const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
  const one = fam(1);
  one(makeStore()).get();
  fam(2)(makeStore()).get(); // another store, same family
  expect(fam(1)).not.toBe(one);
});

claim('`most-recent` keeps only the selector for the last parameter used', () => {
  const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
  const one = fam(1);
  expect(fam(1)).toBe(one);
  fam(2);
  expect(fam(1)).not.toBe(one);
});

claim(
  '`lru` keeps up to `maxSize` selectors and evicts the least recently used one when a new parameter arrives. Calling the family with a parameter counts as a use',
  () => {
    const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
    const one = fam(1);
    const two = fam(2);
    fam(1); // 1 is now the most recently used
    fam(3); // evicts 2
    expect(fam(1)).toBe(one);
    expect(fam(2)).not.toBe(two);
  },
);

claim(
  [
    'When an evicted parameter is used again, the family creates a brand-new selector for it, which runs again on its next read in each store',
    'The evicted selector is not torn down: where it has already run, it stays subscribed to its dependencies and keeps re-running when they change',
  ],
  () => {
    const { version, runs, family: fam } = versionedFamily();
    const store = makeStore();
    const old = fam(1);
    old(store).get();
    fam(2)(store).get();
    const fresh = fam(1);
    expect(fresh).not.toBe(old);
    expect(fresh(store).get()).toBe('1@0');
    expect(runs).toEqual(['1@0', '2@0', '1@0']);
    version(store).set(1);
    expect(runs.filter((r) => r === '1@1')).toHaveLength(2); // the old and the new selector for 1
    expect(old(store).get()).toBe('1@1');
  },
);

claim(
  [
    'it runs lazily, tracks dependencies, aborts superseded runs and can be refreshed',
    'Selectors for different parameters are independent, so switching from one parameter to another never aborts anything',
  ],
  () => {
    const a = atom(0);
    const signals: AbortSignal[] = [];
    const fam = selectorFamily((n: number) => ({ get, signal }) => {
      signals.push(signal);
      return get(a) + n;
    });
    const store = makeStore();
    const one = fam(1);
    expect(signals).toHaveLength(0);
    one(store).get();
    fam(2)(store).get();
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    a(store).set(1);
    expect(signals.slice(0, 2).map((s) => s.aborted)).toEqual([true, true]);
    refresh(one(store));
    expect(one(store).get()).toBe(2);
  },
);

claim(
  [
    '`selectorFamilyFn(param)` and the `tag` function are called when `family(param)` creates a member, not when the selector is read',
    'If either throws, the family call throws and nothing is cached for that parameter',
  ],
  () => {
    const familyFn = jest.fn((n: number) => () => n);
    let failTag = true;
    const tag = jest.fn((n: number) => {
      if (failTag) throw new Error('tag failed');
      return `n-${n}`;
    });
    const fam = selectorFamily(familyFn, { tag });
    expect(() => fam(1)).toThrow('tag failed');
    failTag = false;
    const member = fam(1);
    const calls = familyFn.mock.calls.length;
    member(makeStore()).get();
    expect(familyFn).toHaveBeenCalledTimes(calls);
    expect(tag).toHaveBeenCalledTimes(2);
  },
);

claim(
  'After an eviction, the next call for that parameter creates a new selector: the family function and the tag function run again, and the new selector computes from scratch in every store',
  () => {
    const familyFn = jest.fn((n: number) => () => n);
    const tag = jest.fn((n: number) => `n-${n}`);
    const fam = selectorFamily(familyFn, { tag, cachePolicy: { type: 'most-recent' } });
    fam(1);
    fam(2);
    fam(1);
    expect(familyFn).toHaveBeenCalledTimes(3);
    expect(tag).toHaveBeenCalledTimes(3);
  },
);

claim('A `maxSize` of 0 or less still keeps one selector, so it behaves like `most-recent`', () => {
  for (const maxSize of [0, -3]) {
    const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize } });
    const one = fam(1);
    expect(fam(1)).toBe(one);
    fam(2);
    expect(fam(1)).not.toBe(one);
  }
});

claim(
  'It keeps working in every store where it ran, but nothing else refers to it, so components that call the family again get a different selector with its own cached value',
  () => {
    let calls = 0;
    const fam = selectorFamily((n: number) => () => `${n}:${++calls}`, { cachePolicy: { type: 'most-recent' } });
    const store = makeStore();
    const held = fam(1);
    expect(held(store).get()).toBe('1:1');
    fam(2);
    expect(held(store).get()).toBe('1:1');
    expect(fam(1)(store).get()).toBe('1:2');
  },
);

claim('Cache policies count calls, and components call the family on every render', () => {
  const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
  const one = fam(1);
  fam(2);
  fam(1); // a render calling the family for 1 again keeps it
  fam(3);
  expect(fam(1)).toBe(one);
});

claim(['console.log(tasksBy({ owner: \'ada\', done: false })(store).get().length); // 1', '// true'], () => {
  const printed = printedBy('api/selectorFamily', 'tasks.ts');
  expect(printed).toEqual(['1', 'true']);
  expect(printed).toEqual(commentedOutput('api/selectorFamily', 'tasks.ts'));
});

claim('Up to 50 products stay cached. Visiting the 51st distinct product evicts the one used least recently, and viewing that one again fetches it anew', () => {
  const fetches: number[] = [];
  const product = selectorFamily((id: number) => () => fetches.push(id), { cachePolicy: { type: 'lru', maxSize: 50 } });
  const store = makeStore();
  for (let id = 1; id <= 50; id += 1) product(id)(store).get();
  product(1)(store).get(); // cached
  expect(fetches).toHaveLength(50);
  product(51)(store).get(); // evicts 2, the least recently used
  product(2)(store).get();
  expect(fetches.slice(50)).toEqual([51, 2]);
});
