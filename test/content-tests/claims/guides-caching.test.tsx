import { act, render, screen } from '@testing-library/react';
import * as stan from '@rkrupinski/stan';
import { atom, atomFamily, makeStore, refresh, selector, selectorFamily, type ReadonlyState, type Scoped, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { installFakeApi } from '../../support/fake-api';
import { boundedSelector, Loop, versionedFamily } from '../../support/fixtures';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('guides/caching');

claim(['Stores cache values: the current value of every atom and the latest result of every selector that has been read there', 'Atoms keep their value from the first read for the lifetime of the store. There is no eviction'], () => {
  const a = atom(0);
  const store = makeStore();
  a(store).get();
  a(store).set(42);
  for (let i = 0; i < 1000; i += 1) atom(i)(store).get();
  expect(a(store).get()).toBe(42);
});

claim(
  [
    'Selectors keep their latest result. Reading a selector repeatedly does not run it again; it runs again when a dependency changes or when it is refreshed',
    'For an async selector the cached value is the promise, so every reader shares one request',
  ],
  () => {
    const a = atom(1);
    const request = jest.fn(async ({ get }: { get: (s: typeof a) => number }) => get(a));
    const s = selector(request);
    const store = makeStore();
    expect(s(store).get()).toBe(s(store).get());
    expect(request).toHaveBeenCalledTimes(1);
    a(store).set(2);
    expect(request).toHaveBeenCalledTimes(2);
    refresh(s(store));
    s(store).get();
    expect(request).toHaveBeenCalledTimes(3);
  },
);

claim(
  [
    'A selector that throws while `get()` runs it (its first read, or the first read after it was marked stale) stores nothing and runs again on the next read',
    'One whose latest promise rejected is marked stale, so the next read runs it again too',
  ],
  async () => {
    let fail = true;
    const runs = jest.fn(() => {
      if (fail) throw new Error('no');
      return 'ok';
    });
    const s = selector(runs);
    const store = makeStore();
    expect(() => s(store).get()).toThrow('no');
    expect(store.value.size).toBe(0);
    fail = false;
    expect(s(store).get()).toBe('ok');
    fail = true;
    refresh(s(store)); // marked stale
    expect(() => s(store).get()).toThrow('no');
    fail = false;
    expect(s(store).get()).toBe('ok');
    expect(runs).toHaveBeenCalledTimes(4);

    let reject = true;
    const remote = selector(() => (reject ? Promise.reject(new Error('down')) : Promise.resolve('up')));
    await expect(remote(store).get()).rejects.toThrow('down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    reject = false;
    await expect(remote(store).get()).resolves.toBe('up');
  },
);

claim(
  [
    'When a selector throws during a re-run caused by a dependency change, the error goes to the `set` call that changed the dependency, and the selector keeps its previous result: `get()` returns that result without running again',
    'The selector only tracks the dependencies it read before the throw, so it runs again when one of those changes or when it is refreshed',
  ],
  () => {
    const mode = atom<'ok' | 'fail'>('ok');
    const detail = atom('detail');
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      if (get(mode) === 'fail') throw new Error('failed re-run');
      return `result with ${get(detail)}`;
    });
    const store = makeStore();
    expect(s(store).get()).toBe('result with detail');
    expect(() => mode(store).set('fail')).toThrow('failed re-run');
    expect(s(store).get()).toBe('result with detail');
    expect(runs).toHaveBeenCalledTimes(2);
    detail(store).set('other'); // read after the throw in the failed run: dropped
    expect(runs).toHaveBeenCalledTimes(2);
    mode(store).set('ok'); // read before it: still followed
    expect(s(store).get()).toBe('result with other');
    expect(() => {
      mode(store).set('fail');
    }).toThrow();
    s(store).subscribe(() => undefined);
    mode(store).get();
    const before = runs.mock.calls.length;
    expect(() => refresh(s(store))).toThrow('failed re-run');
    expect(runs.mock.calls.length).toBe(before + 1);
  },
);

claim('Once a selector has been read in a store, it stays connected to its dependencies and recomputes when they change, even if no component displays it any more', () => {
  const a = atom(1);
  const runs = jest.fn();
  const s = selector(({ get }) => {
    runs();
    return get(a);
  });
  const store = makeStore();
  function Show() {
    return <p>{useStanValue(s)}</p>;
  }
  const { unmount } = render(
    <StanProvider store={store}>
      <Show />
    </StanProvider>,
  );
  unmount();
  act(() => a(store).set(2));
  expect(runs).toHaveBeenCalledTimes(2);
});

claim(['Selectors are not memoized by their arguments: they have none', 'Each selector instance caches exactly one result per store, the latest'], () => {
  const n = atom(1);
  const runs = jest.fn();
  const square = selector(({ get }) => {
    runs();
    return get(n) ** 2;
  });
  const store = makeStore();
  square(store).get();
  n(store).set(2);
  n(store).set(1); // back to an earlier input: computed again, not looked up
  expect(square(store).get()).toBe(1);
  expect(runs).toHaveBeenCalledTimes(3);
});

claim(
  [
    'A selector re-runs when one of its dependencies notifies it and the new dependency value is not equal to the value the selector last read',
    'Now `cursor(store).set({ x: 0, y: 0 })` with a fresh but identical object does not run `quadrant` again',
  ],
  () => {
    const { cursor, quadrant } = runSample<{
      cursor: Scoped<WritableState<{ x: number; y: number }>>;
      quadrant: Scoped<ReadonlyState<string>>;
    }>('guides/caching', 'quadrant.ts');
    const store = makeStore();
    expect(quadrant(store).get()).toBe('bottom-right');
    const notified = jest.fn(); // a run notifies subscribers even with the same result, so no call means no run
    quadrant(store).subscribe(notified);
    cursor(store).set({ x: 0, y: 0 });
    expect(notified).not.toHaveBeenCalled();
    cursor(store).set({ x: -1, y: -1 });
    expect(notified).toHaveBeenCalledWith('top-left');
  },
);

claim(
  [
    'A comparator must say "equal" when it is given the same value twice (this one does, since `JSON.stringify` of `NaN` is `null`)',
    'one that answers "changed" instead makes every write loop like `NaN` does',
    'Equality is `===` by default, which suits primitives and immutable updates, except `NaN`, which never equals itself: a dependency that becomes `NaN` hangs the write',
  ],
  () => {
    const { cursor, quadrant } = runSample<{
      cursor: Scoped<WritableState<{ x: number; y: number }>>;
      quadrant: Scoped<ReadonlyState<string>>;
    }>('guides/caching', 'quadrant.ts');
    const store = makeStore();
    quadrant(store).get();
    cursor(store).set({ x: NaN, y: 0 });
    cursor(store).set({ x: NaN, y: 0 }); // returns: the sample's comparator calls it equal
    expect(quadrant(store).get()).toBe('bottom-right');
    const level = atom(0);
    const never = boundedSelector((get) => get(level), { areValuesEqual: () => false });
    const strict = boundedSelector((get) => get(level));
    never.state(store).get();
    expect(() => level(store).set(1)).toThrow(Loop);
    const other = makeStore();
    strict.state(other).get();
    expect(() => level(other).set(NaN)).toThrow(Loop);
  },
);

claim(
  [
    'when it does re-run, its subscribers are notified even if the result is unchanged',
    'Downstream selectors then compare that result with their own `areValuesEqual`, so an unchanged primitive stops there',
  ],
  () => {
    const n = atom(1);
    const sign = selector(({ get }) => Math.sign(get(n)));
    const signSeen = jest.fn();
    const downstream = jest.fn();
    const label = selector(({ get }) => {
      downstream();
      return `sign ${get(sign)}`;
    });
    const store = makeStore();
    label(store).get();
    sign(store).subscribe(signSeen);
    n(store).set(5);
    expect(signSeen).toHaveBeenCalledWith(1);
    expect(downstream).toHaveBeenCalledTimes(1);
  },
);

claim('atomFamily always keeps every member', () => {
  const fam = atomFamily((n: number) => n);
  const first = fam(0);
  for (let i = 1; i < 500; i += 1) fam(i);
  expect(fam(0)).toBe(first);
});

claim(
  [
    "`{ type: 'keep-all' }` (the default) keeps a selector for every parameter ever used",
    "`{ type: 'most-recent' }` keeps only the selector for the most recently used parameter",
    "`{ type: 'lru', maxSize: n }` keeps the `n` most recently used selectors and evicts the least recently used when another parameter arrives",
    'Every call of the family function counts as a use, including calls made while rendering',
  ],
  () => {
    const keepAll = selectorFamily((n: number) => () => n);
    const kept = keepAll(1);
    for (let i = 2; i < 100; i += 1) keepAll(i);
    expect(keepAll(1)).toBe(kept);
    const recent = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const one = recent(1);
    recent(2);
    expect(recent(1)).not.toBe(one);
    const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
    const a = lru(1);
    const b = lru(2);
    lru(1);
    lru(3);
    expect(lru(1)).toBe(a);
    expect(lru(2)).not.toBe(b);
  },
);

claim(
  'A component calls the family while rendering, so its next render receives a brand-new selector for the same parameter: the old result is gone, and the new selector runs again (an async one sends its request again)',
  () => {
    const requests: number[] = [];
    const product = selectorFamily((id: number) => async () => (requests.push(id), `product ${id}`), {
      cachePolicy: { type: 'lru', maxSize: 1 },
    });
    const tick = atom(0);
    const store = makeStore();
    function Name({ id }: { id: number }) {
      useStan(tick); // something else re-renders this component
      const value = useStanValue(product(id));
      return <span>{value instanceof Promise ? 'pending' : ''}</span>;
    }
    render(
      <StanProvider store={store}>
        <Name id={1} />
      </StanProvider>,
    );
    expect(requests).toEqual([1]);
    product(2)(store).get(); // another parameter evicts the one on screen
    act(() => tick(store).set(1)); // the component's next render
    expect(requests).toEqual([1, 2, 1]);
    expect(screen.getByText('pending')).toBeInTheDocument();
  },
);

claim(
  [
    'When a parameter has been evicted, the next call creates a new selector for it',
    'That selector has no cached results in any store, so it runs again when read',
    'A cache policy bounds how many selectors the family hands out, not how much work or memory earlier ones use',
    'Code that kept a reference to the old selector (in a variable, say) keeps working with it, but new calls will not return it',
    'Eviction also does not disconnect the old selector in stores where it has already run: it still re-runs when its dependencies change',
  ],
  () => {
    const { version, runs, family: fam } = versionedFamily();
    const store = makeStore();
    const kept = fam(1);
    kept(store).get();
    fam(2);
    expect(fam(1)).not.toBe(kept);
    expect(kept(store).get()).toBe('1@0');
    version(store).set(1);
    expect(runs).toContain('1@1');
    expect(kept(store).get()).toBe('1@1');
  },
);

claim('The `CachePolicy` type is not exported. If you need it, for example for a helper that builds families, take it from the options type', () => {
  expect(Object.keys(stan)).not.toContain('CachePolicy');
  const { wordCount } = runSample<{ wordCount: (text: string) => Scoped<ReadonlyState<number>> }>('guides/caching', 'cache-policy.ts');
  expect(wordCount('one two three')(makeStore()).get()).toBe(3);
  // Its lru policy of 20: the 21st text pushes out the least recently used one.
  const first = wordCount('text 0');
  for (let i = 1; i <= 20; i += 1) wordCount(`text ${i}`);
  expect(wordCount('text 0')).not.toBe(first);
});

claim(
  [
    'Call `refresh` (or the function returned by `useStanRefresher`) to run a selector again, for example after a mutation on the server. If the selector is displayed, it runs immediately and aborts the run before it; if not, it runs on its next read',
    'Every `orders` selector that has been read in that store re-runs when the version changes, whether it is displayed or not, and that includes selectors the LRU policy has already evicted',
  ],
  () => {
    const ordersVersion = atom(0, { tag: 'orders-version' });
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
    runs.length = 0;
    refresh(orders('b')(store)); // not displayed: on its next read
    expect(runs).toEqual([]);
    orders('b')(store).get();
    expect(runs).toEqual(['b']);
  },
);

claim(
  ['Make the selector depend on a "version" atom and increase it to invalidate a whole group of selectors at once', '// re-run whenever the version changes'],
  async () => {
    const api = installFakeApi();
    try {
      api.answer(200, [{ id: 1 }]);
      const { ordersVersion, orders } = runSample<{
        ordersVersion: Scoped<WritableState<number>>;
        orders: (customerId: string) => Scoped<ReadonlyState<Promise<unknown[]>>>;
      }>('guides/caching', 'orders.ts');
      const store = makeStore();
      await orders('ada')(store).get();
      await orders('alan')(store).get();
      ordersVersion(store).set((v) => v + 1);
      await flush();
      expect(api.requests).toEqual([
        '/api/customers/ada/orders',
        '/api/customers/alan/orders',
        '/api/customers/ada/orders',
        '/api/customers/alan/orders',
      ]);
    } finally {
      api.restore();
    }
  },
);
