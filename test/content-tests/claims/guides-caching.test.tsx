import fs from 'fs';
import path from 'path';
import { act, render } from '@testing-library/react';
import * as stan from '@rkrupinski/stan';
import {
  Aborted,
  atom,
  atomFamily,
  makeStore,
  refresh,
  selector,
  selectorFamily,
  type ReadonlyState,
  type Scoped,
  type Store,
  type WritableState,
} from '@rkrupinski/stan';
import { StanProvider, useStan, useStanRefresher, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { installFakeApi } from '../../support/fake-api';
import { boundedSelector, Loop, recordingSelector, versionedFamily } from '../../support/fixtures';
import { runSample } from '../../support/run-sample';
import { codeSamples, CONTENT_DIR } from '../../support/samples';

const claim = claimsOf('guides/caching');

/** What a store holds for the selectors that have run in it (its entries whose key names a selector). */
const selectorValues = (store: Store) => [...store.value.entries()].filter(([key]) => key.startsWith('selector')).map(([, value]) => value as unknown);
/** Whether each selector of a store is evaluated (false once it is marked stale). */
const selectorsEvaluated = (store: Store) => [...store.initialized.entries()].filter(([key]) => key.startsWith('selector')).map(([, value]) => value);
/** A comparator that records every pair it is given, and compares with `===`. */
function recordingComparator() {
  const calls: unknown[][] = [];
  const areValuesEqual = <V,>(a: V, b: V) => {
    calls.push([a, b]);
    return a === b;
  };
  return { calls, areValuesEqual };
}
/** A promise the test settles, for selectors whose requests the test answers. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

claim(
  ['Stores cache values: the current value of every atom and the latest result of every selector that has been read there', 'Atoms keep their value from the first read for the lifetime of the store. There is no eviction'],
  (clause) => {
    const a = atom(0);
    const b = atom('b');
    const n = atom(1);
    const double = selector(({ get }) => get(n) * 2);
    const store = makeStore();
    clause('Stores cache values', () => {
      a(store).get();
      a(store).set(42);
      expect(a(store).get()).toBe(42);
      expect([...store.value.values()]).toEqual([42]);
      expect(a(makeStore()).get()).toBe(0); // another store keeps its own
    });
    clause('the current value of every atom', () => {
      b(store).get();
      b(store).set('current');
      expect([...store.value.values()]).toEqual([42, 'current']);
    });
    clause('the latest result of every selector that has been read there', () => {
      expect(selectorValues(store)).toEqual([]);
      double(store).get();
      expect(selectorValues(store)).toEqual([2]);
      n(store).set(5);
      expect(selectorValues(store)).toEqual([10]);
    });
    clause('Atoms keep their value from the first read for the lifetime of the store', () => {
      const late = atom('initial');
      const fresh = makeStore();
      late(fresh).set('before the first read'); // dropped: the store keeps nothing for the atom yet
      expect(fresh.value.size).toBe(0);
      expect(late(fresh).get()).toBe('initial');
      expect([...fresh.value.values()]).toEqual(['initial']);
    });
    clause('There is no eviction', () => {
      for (let i = 0; i < 1000; i += 1) atom(i)(store).get();
      expect(a(store).get()).toBe(42);
      expect(store.value.size).toBe(1004);
    });
  },
);

claim(
  [
    'Selectors keep their latest result. Reading a selector repeatedly does not run it again; it runs again when a dependency changes or when it is refreshed',
    'For an async selector the cached value is the promise, so every reader shares one request',
  ],
  (clause) => {
    const a = atom(1);
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      return { value: get(a) };
    });
    const store = makeStore();
    const first = s(store).get();
    clause('Selectors keep their latest result', () => {
      expect(s(store).get()).toBe(first);
      a(store).set(2);
      const latest = s(store).get();
      expect(latest).toEqual({ value: 2 });
      expect(s(store).get()).toBe(latest);
    });
    clause('Reading a selector repeatedly does not run it again', () => {
      for (let i = 0; i < 10; i += 1) s(store).get();
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('it runs again when a dependency changes', () => {
      a(store).set(3);
      expect(runs).toHaveBeenCalledTimes(3);
      expect(s(store).get()).toEqual({ value: 3 });
    });
    clause('when it is refreshed', () => {
      refresh(s(store));
      s(store).get();
      expect(runs).toHaveBeenCalledTimes(4);
    });
    const request = jest.fn(async ({ get }: { get: (state: typeof a) => number }) => get(a));
    const remote = selector(request);
    const promise = remote(store).get();
    clause('For an async selector the cached value is the promise', () => {
      expect(promise).toBeInstanceOf(Promise);
      expect(selectorValues(store)).toContain(promise);
      expect(remote(store).get()).toBe(promise);
    });
    clause('every reader shares one request', () => {
      const seen: unknown[] = [];
      const reader = selector(({ get }) => get(remote));
      function Show() {
        seen.push(useStanValue(remote));
        return null;
      }
      render(
        <StanProvider store={store}>
          <Show />
        </StanProvider>,
      );
      expect(reader(store).get()).toBe(promise);
      expect(seen[0]).toBe(promise);
      expect(request).toHaveBeenCalledTimes(1);
    });
  },
);

claim(
  [
    'A selector that throws while `get()` runs it (its first read, or the first read after it was marked stale) stores nothing and runs again on the next read',
    'One whose latest promise rejected is marked stale, so the next read runs it again too',
  ],
  async (clause) => {
    let fail = true;
    const runs = jest.fn(() => {
      if (fail) throw new Error('no');
      return 'ok';
    });
    const s = selector(runs);
    const fresh = makeStore();
    const store = makeStore();
    let before: unknown[] = [];
    clause('A selector that throws while `get()` runs it (its first read', () => {
      expect(() => s(fresh).get()).toThrow('no');
      expect(runs).toHaveBeenCalledTimes(1);
    });
    clause('the first read after it was marked stale', () => {
      fail = false;
      expect(s(store).get()).toBe('ok');
      refresh(s(store)); // no subscribers: marked stale
      fail = true;
      before = [...store.value.entries()];
      expect(() => s(store).get()).toThrow('no');
      expect(runs).toHaveBeenCalledTimes(3);
    });
    clause('stores nothing', () => {
      expect(fresh.value.size).toBe(0);
      expect([...store.value.entries()]).toEqual(before);
    });
    clause('runs again on the next read', () => {
      fail = false;
      expect(s(fresh).get()).toBe('ok');
      expect(s(store).get()).toBe('ok');
      expect(runs).toHaveBeenCalledTimes(5);
    });

    const gate = atom(0);
    const requests: Array<ReturnType<typeof deferred<string>>> = [];
    const remote = selector(({ get }) => {
      get(gate);
      const request = deferred<string>();
      requests.push(request);
      return request.promise;
    });
    const other = makeStore();
    const firstPromise = remote(other).get();
    gate(other).set(1); // a second run: its promise is now the latest
    const latest = remote(other).get();
    await clause('One whose latest promise rejected is marked stale', async () => {
      // The first promise rejecting changes nothing: it is no longer the latest.
      requests[0]?.reject(new Error('old request down'));
      await expect(firstPromise).rejects.toThrow('old request down');
      await flush();
      expect(selectorsEvaluated(other)).toEqual([true]);
      expect(remote(other).get()).toBe(latest);
      requests[1]?.reject(new Error('down'));
      await expect(latest).rejects.toThrow('down');
      await flush();
      expect(selectorsEvaluated(other)).toEqual([false]);
    });
    clause('the next read runs it again too', () => {
      expect(requests).toHaveLength(2);
      const next = remote(other).get();
      expect(requests).toHaveLength(3);
      expect(next).not.toBe(latest);
      requests[2]?.resolve('up');
    });
  },
);

claim(
  [
    'When a selector throws during a re-run caused by a dependency change, the error goes to the `set` call that changed the dependency, and the selector keeps its previous result: `get()` returns that result without running again',
    'The selector only tracks the dependencies it read before the throw, so it runs again when one of those changes or when it is refreshed',
  ],
  (clause) => {
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
    clause('When a selector throws during a re-run caused by a dependency change, the error goes to the `set` call that changed the dependency', () => {
      expect(() => mode(store).set('fail')).toThrow('failed re-run');
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('the selector keeps its previous result', () => {
      expect(selectorValues(store)).toEqual(['result with detail']);
    });
    clause('`get()` returns that result without running again', () => {
      expect(s(store).get()).toBe('result with detail');
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('The selector only tracks the dependencies it read before the throw', () => {
      detail(store).set('other'); // read after the throw in the failed run: no longer followed
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('it runs again when one of those changes', () => {
      mode(store).set('ok'); // read before it: still followed
      expect(runs).toHaveBeenCalledTimes(3);
      expect(s(store).get()).toBe('result with other');
    });
    clause('when it is refreshed', () => {
      expect(() => mode(store).set('fail')).toThrow('failed re-run');
      expect(runs).toHaveBeenCalledTimes(4);
      s(store).subscribe(() => undefined);
      expect(() => refresh(s(store))).toThrow('failed re-run');
      expect(runs).toHaveBeenCalledTimes(5);
    });
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

claim(['Selectors are not memoized by their arguments: they have none', 'Each selector instance caches exactly one result per store, the latest'], (clause) => {
  const n = atom(1);
  const runs = jest.fn();
  const received: string[][] = [];
  const square = selector((options) => {
    received.push(Object.keys(options).sort());
    runs();
    return options.get(n) ** 2;
  });
  const store = makeStore();
  clause('Selectors are not memoized by their arguments', () => {
    square(store).get();
    n(store).set(2);
    n(store).set(1); // back to an earlier input: computed again, not looked up
    expect(square(store).get()).toBe(1);
    expect(runs).toHaveBeenCalledTimes(3);
  });
  clause('they have none', () => {
    // Reading takes no argument, and a run receives only `get` and its signal, nothing a caller passed.
    expect(square(store).get).toHaveLength(0);
    expect(received).toEqual([
      ['get', 'signal'],
      ['get', 'signal'],
      ['get', 'signal'],
    ]);
  });
  clause('Each selector instance caches exactly one result per store, the latest', () => {
    expect(selectorValues(store)).toEqual([1]);
    const other = makeStore();
    square(other).get();
    n(other).set(3);
    expect(selectorValues(other)).toEqual([9]);
    expect(selectorValues(store)).toEqual([1]);
  });
});

claim(
  [
    'A selector re-runs when one of its dependencies notifies it and the new dependency value is not equal to the value the selector last read',
    'Now `cursor(store).set({ x: 0, y: 0 })` with a fresh but identical object does not run `quadrant` again',
  ],
  (clause) => {
    clause('A selector re-runs when one of its dependencies notifies it', () => {
      const n = atom(1);
      const runs = jest.fn();
      const s = selector(({ get }) => (runs(), get(n)));
      const store = makeStore();
      s(store).get();
      n(store).set(2);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('the new dependency value is not equal to the value the selector last read', () => {
      const n = atom(1);
      const runs = jest.fn();
      const { calls, areValuesEqual } = recordingComparator();
      const s = selector(({ get }) => (runs(), get(n)), { areValuesEqual });
      const store = makeStore();
      s(store).get();
      const notified = jest.fn();
      n(store).subscribe(notified);
      n(store).set(2);
      expect(calls[0]).toEqual([1, 2]); // the value it last read, and the new one
      expect(runs).toHaveBeenCalledTimes(2);
      n(store).set(2); // the atom notifies, with a value equal to the one last read
      expect(notified).toHaveBeenCalledTimes(2);
      expect(calls.at(-1)).toEqual([2, 2]);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('Now `cursor(store).set({ x: 0, y: 0 })` with a fresh but identical object does not run `quadrant` again', () => {
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
    });
  },
);

claim(
  [
    'A comparator must say "equal" when it is given the same value twice (this one does, since `JSON.stringify` of `NaN` is `null`)',
    'one that answers "changed" instead makes every write loop like `NaN` does',
    'Equality is `===` by default, which suits primitives and immutable updates, except `NaN`, which never equals itself: a dependency that becomes `NaN` hangs the write',
  ],
  (clause) => {
    clause('A comparator must say "equal" when it is given the same value twice', () => {
      // Stan does give it the same value twice: on the write that made the selector run, once the run has read it.
      const level = atom({ n: 0 });
      const { calls, areValuesEqual } = recordingComparator();
      const s = boundedSelector((get) => get(level), { areValuesEqual });
      const store = makeStore();
      s.state(store).get();
      const next = { n: 1 };
      level(store).set(next);
      expect(calls).toEqual([
        [{ n: 0 }, next],
        [next, next],
      ]);
      expect(calls[1]?.[0]).toBe(calls[1]?.[1]);
      // Answering "changed" to that pair, and only to it, loops.
      const picky = boundedSelector((get) => get(level), { areValuesEqual: <V,>(a: V, b: V) => a !== b && JSON.stringify(a) === JSON.stringify(b) });
      const other = makeStore();
      picky.state(other).get();
      expect(() => level(other).set({ n: 1 })).toThrow(Loop);
    });
    clause('this one does, since `JSON.stringify` of `NaN` is `null`', () => {
      const { cursor, quadrant } = runSample<{
        cursor: Scoped<WritableState<{ x: number; y: number }>>;
        quadrant: Scoped<ReadonlyState<string>>;
      }>('guides/caching', 'quadrant.ts');
      const store = makeStore();
      quadrant(store).get();
      const runs = jest.fn();
      quadrant(store).subscribe(runs);
      cursor(store).set({ x: NaN, y: 0 }); // returns: the sample's comparator calls { x: NaN } equal to itself
      cursor(store).set({ x: NaN, y: 0 });
      expect(runs).toHaveBeenCalledTimes(1);
      expect(JSON.stringify({ x: NaN, y: 0 })).toBe('{"x":null,"y":0}');
    });
    clause('one that answers "changed" instead makes every write loop like `NaN` does', () => {
      const level = atom<unknown>(0);
      for (const value of [1, 'text', { n: 1 }, 0]) {
        const never = boundedSelector((get) => get(level), { areValuesEqual: () => false });
        const store = makeStore();
        never.state(store).get();
        expect(() => level(store).set(value)).toThrow(Loop);
      }
    });
    clause('Equality is `===` by default', () => {
      const point = atom({ x: 0 });
      const s = boundedSelector((get) => get(point));
      const store = makeStore();
      s.state(store).get();
      point(store).set({ x: 0 }); // equal in structure, another object: runs
      expect(s.runs()).toBe(2);
      point(store).set(point(store).get()); // the same object: does not
      expect(s.runs()).toBe(2);
    });
    clause('which suits primitives and immutable updates', () => {
      const count = atom(1);
      const list = atom<number[]>([]);
      const counted = boundedSelector((get) => get(count));
      const listed = boundedSelector((get) => get(list).length);
      const store = makeStore();
      counted.state(store).get();
      listed.state(store).get();
      count(store).set(1); // the same primitive: no run
      expect(counted.runs()).toBe(1);
      list(store).set((items) => [...items, 1]); // an immutable update: a new array, so a run
      expect(listed.state(store).get()).toBe(1);
      list(store).set((items) => (items.push(2), items)); // a mutation in place is the same array: missed
      expect(listed.state(store).get()).toBe(1);
    });
    clause('except `NaN`, which never equals itself', () => {
      const level = atom(0);
      const strict = boundedSelector((get) => get(level));
      const objectIs = boundedSelector((get) => get(level), { areValuesEqual: Object.is });
      const store = makeStore();
      strict.state(store).get();
      expect(() => level(store).set(NaN)).toThrow(Loop);
      const other = makeStore();
      objectIs.state(other).get();
      level(other).set(NaN); // a comparator for which NaN equals itself: the write returns after one run
      expect(objectIs.runs()).toBe(2);
    });
    clause('a dependency that becomes `NaN` hangs the write', () => {
      const level = atom(0);
      const strict = boundedSelector((get) => get(level));
      const store = makeStore();
      strict.state(store).get();
      expect(() => level(store).set(NaN)).toThrow(Loop);
      expect(strict.runs()).toBe(1001); // it would have gone on: stopped by the bound, not by Stan
    });
  },
);

claim(
  [
    'when it does re-run, its subscribers are notified even if the result is unchanged',
    'Downstream selectors then compare that result with their own `areValuesEqual`, so an unchanged primitive stops there',
  ],
  (clause) => {
    const n = atom(1);
    const signRuns = jest.fn();
    const sign = selector(({ get }) => (signRuns(), Math.sign(get(n))));
    const signSeen = jest.fn();
    const downstream = jest.fn();
    const { calls, areValuesEqual } = recordingComparator();
    const label = selector(
      ({ get }) => {
        downstream();
        return `sign ${get(sign)}`;
      },
      { areValuesEqual },
    );
    const store = makeStore();
    label(store).get();
    sign(store).subscribe(signSeen);
    n(store).set(5);
    clause('when it does re-run', () => {
      expect(signRuns).toHaveBeenCalledTimes(2);
    });
    clause('its subscribers are notified even if the result is unchanged', () => {
      expect(signSeen).toHaveBeenCalledTimes(1);
      expect(signSeen).toHaveBeenCalledWith(1);
    });
    clause('Downstream selectors then compare that result with their own `areValuesEqual`', () => {
      expect(calls).toEqual([[1, 1]]);
    });
    clause('an unchanged primitive stops there', () => {
      expect(downstream).toHaveBeenCalledTimes(1);
      n(store).set(-5); // a changed result goes on
      expect(downstream).toHaveBeenCalledTimes(2);
      expect(label(store).get()).toBe('sign -1');
    });
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
  (clause) => {
    clause("`{ type: 'keep-all' }` (the default) keeps a selector for every parameter ever used", () => {
      const byDefault = selectorFamily((n: number) => () => n);
      const keepAll = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'keep-all' } });
      const kept = [byDefault(1), keepAll(1)];
      for (let i = 2; i < 500; i += 1) {
        byDefault(i);
        keepAll(i);
      }
      expect([byDefault(1), keepAll(1)]).toEqual(kept);
      expect(byDefault(1)).toBe(kept[0]);
      expect(keepAll(1)).toBe(kept[1]);
    });
    clause("`{ type: 'most-recent' }` keeps only the selector for the most recently used parameter", () => {
      const recent = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
      const one = recent(1);
      expect(recent(1)).toBe(one);
      const two = recent(2);
      expect(recent(2)).toBe(two);
      expect(recent(1)).not.toBe(one);
      expect(recent(2)).not.toBe(two);
    });
    clause(
      "`{ type: 'lru', maxSize: n }` keeps the `n` most recently used selectors and evicts the least recently used when another parameter arrives",
      () => {
        const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
        const a = lru(1);
        const b = lru(2);
        lru(1); // 2 is now the least recently used
        lru(3);
        expect(lru(1)).toBe(a);
        expect(lru(2)).not.toBe(b);
      },
    );
    clause('Every call of the family function counts as a use', () => {
      const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
      const a = lru(1);
      lru(2);
      lru(1); // no read, no store: just a call
      lru(3);
      expect(lru(1)).toBe(a);
    });
    clause('including calls made while rendering', () => {
      const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
      const a = lru(1);
      const b = lru(2);
      function Show() {
        return <p>{useStanValue(lru(1))}</p>;
      }
      const { unmount } = render(
        <StanProvider store={makeStore()}>
          <Show />
        </StanProvider>,
      );
      unmount();
      lru(3); // the render used 1 after 2, so 2 goes
      expect(lru(1)).toBe(a);
      expect(lru(2)).not.toBe(b);
    });
  },
);

claim(
  "A component calls the family while rendering, so its next render receives a brand-new selector for the same parameter: that render still shows the old result, the one after it shows the new selector's, and the new selector runs again (an async one sends its request again)",
  async (clause) => {
    const api = installFakeApi();
    try {
      let runs = 0;
      const product = selectorFamily(
        (id: number) => async () => {
          runs += 1;
          const response = await fetch(`/api/products/${id}`);
          return (await response.json()) as string;
        },
        { cachePolicy: { type: 'lru', maxSize: 1 } },
      );
      api.answer(200, 'a product');
      const tick = atom(0);
      const store = makeStore();
      const selectors: Array<Scoped<ReadonlyState<Promise<string>>>> = [];
      const values: unknown[] = [];
      function Name({ id }: { id: number }) {
        useStan(tick); // something else re-renders this component
        const state = product(id);
        selectors.push(state);
        values.push(useStanValue(state));
        return null;
      }
      render(
        <StanProvider store={store}>
          <Name id={1} />
        </StanProvider>,
      );
      await act(flush);
      await clause('A component calls the family while rendering', async () => {
        // The hooks take a member, not the family and a parameter: the member comes from a call in the render.
        const errors = await compileErrors(
          "import { selectorFamily } from '@rkrupinski/stan';\nimport { useStanValue } from '@rkrupinski/stan/react';\nconst product = selectorFamily((id: number) => () => id);\nexport const Name = () => useStanValue(product);",
        );
        expect(errors.map((e) => e.code)).toEqual([2345]);
        // That call is a use of the family: the member it returned is the one the family now holds for 1.
        expect(selectors).toHaveLength(1);
        expect(product(1)).toBe(selectors[0]);
      });
      product(2)(store).get(); // another parameter evicts the one on screen
      act(() => tick(store).set(1)); // the component's next render
      await act(flush);
      clause('its next render receives a brand-new selector for the same parameter', () => {
        // Every render after the first gets the new selector.
        expect(selectors.length).toBeGreaterThanOrEqual(2);
        expect(selectors[1]).not.toBe(selectors[0]);
        expect(new Set(selectors.slice(1)).size).toBe(1);
      });
      clause('that render still shows the old result', () => {
        // useStanValue hands back the value it holds until its effect has subscribed to the new selector.
        expect(values[1]).toBe(values[0]);
      });
      clause("the one after it shows the new selector's", () => {
        expect(values).toHaveLength(3);
        expect(values[2]).not.toBe(values[0]);
        expect(values[2]).toBe(selectors[1]?.(store).get());
      });
      clause('the new selector runs again', () => {
        expect(runs).toBe(3);
      });
      clause('an async one sends its request again', () => {
        expect(api.requests).toEqual(['/api/products/1', '/api/products/2', '/api/products/1']);
      });
    } finally {
      api.restore();
    }
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
  (clause) => {
    const { version, runs, family: fam } = versionedFamily(); // most-recent
    const store = makeStore();
    const other = makeStore();
    const third = makeStore();
    const kept = fam(1);
    kept(store).get();
    kept(other).get();
    kept(third).get();
    fam(2); // evicts 1
    const fresh = fam(1);
    clause('When a parameter has been evicted, the next call creates a new selector for it', () => {
      expect(fresh).not.toBe(kept);
    });
    runs.length = 0;
    clause('That selector has no cached results in any store', () => {
      // Reading it in a store where the old one has its result adds a result of its own.
      expect(selectorValues(store)).toEqual(['1@0']);
      fresh(store).get();
      fresh(other).get();
      expect(selectorValues(store)).toEqual(['1@0', '1@0']);
      expect(selectorValues(other)).toEqual(['1@0', '1@0']);
    });
    clause('it runs again when read', () => {
      expect(runs).toEqual(['1@0', '1@0']);
    });
    clause('A cache policy bounds how many selectors the family hands out', () => {
      const three = fam(3);
      expect(fam(3)).toBe(three);
      fam(4);
      expect(fam(3)).not.toBe(three);
    });
    clause('not how much work or memory earlier ones use', () => {
      // In `store`, both selectors for 1 keep a result and both run when the version changes.
      runs.length = 0;
      version(store).set(1);
      expect(runs).toEqual(['1@1', '1@1']);
      expect(selectorValues(store)).toEqual(['1@1', '1@1']);
    });
    clause('Code that kept a reference to the old selector (in a variable, say) keeps working with it', () => {
      expect(kept(store).get()).toBe('1@1');
      const seen = jest.fn();
      const stop = kept(store).subscribe(seen);
      version(store).set(2);
      expect(seen).toHaveBeenCalledWith('1@2');
      stop();
    });
    clause('new calls will not return it', () => {
      expect(fam(1)).not.toBe(kept);
      expect(fam(1)).not.toBe(kept);
    });
    clause('Eviction also does not disconnect the old selector in stores where it has already run', () => {
      // Only the old selector has run in `third`: a change there still reaches it.
      runs.length = 0;
      version(third).set(7);
      expect(runs).toEqual(['1@7']);
    });
    clause('it still re-runs when its dependencies change', () => {
      runs.length = 0;
      version(third).set(8);
      expect(runs).toEqual(['1@8']);
      expect(selectorValues(third)).toEqual(['1@8']);
    });
  },
);

claim('The `CachePolicy` type is not exported. If you need it, for example for a helper that builds families, take it from the options type', async (clause) => {
  const sample = codeSamples(fs.readFileSync(path.join(CONTENT_DIR, 'guides/caching.mdx'), 'utf8'), 'caching.mdx').find((b) => b.title === 'cache-policy.ts')?.code ?? '';
  await clause('The `CachePolicy` type is not exported', async () => {
    expect(Object.keys(stan)).not.toContain('CachePolicy');
    const errors = await compileErrors("import type { CachePolicy } from '@rkrupinski/stan';\nexport type Policy = CachePolicy;");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/has no exported member.*CachePolicy/);
  });
  await clause('If you need it, for example for a helper that builds families, take it from the options type', async () => {
    // The page's sample compiles, and the type it derives accepts the policies and nothing else.
    expect(await compileErrors(sample)).toEqual([]);
    const checked = await compileErrors(
      `${sample}\nexport const all: CachePolicy[] = [{ type: 'keep-all' }, { type: 'most-recent' }, { type: 'lru', maxSize: 3 }];\nexport const wrong: CachePolicy = { type: 'fifo' };`,
    );
    expect(checked.map((e) => e.code)).toEqual([2322]);
    const { wordCount } = runSample<{ wordCount: (text: string) => Scoped<ReadonlyState<number>> }>('guides/caching', 'cache-policy.ts');
    expect(wordCount('one two three')(makeStore()).get()).toBe(3);
    // Its lru policy of 20: the 21st text pushes out the least recently used one.
    const first = wordCount('text 0');
    for (let i = 1; i <= 20; i += 1) wordCount(`text ${i}`);
    expect(wordCount('text 0')).not.toBe(first);
  });
});

claim(
  [
    'Call `refresh` (or the function returned by `useStanRefresher`) to run a selector again, for example after a mutation on the server. If the selector is displayed, it runs immediately and aborts the run before it; if not, it runs on its next read',
    'Every `orders` selector that has been read in that store re-runs when the version changes, whether it is displayed or not, and that includes selectors the LRU policy has already evicted',
  ],
  async (clause) => {
    const api = installFakeApi();
    try {
      await clause('Call `refresh` (or the function returned by `useStanRefresher`) to run a selector again, for example after a mutation on the server', async () => {
        api.answer(200, ['first order']);
        const list = selector(async ({ signal }) => (await (await fetch('/api/orders', { signal })).json()) as string[]);
        const store = makeStore();
        expect(await list(store).get()).toEqual(['first order']);
        api.answer(200, ['first order', 'saved order']); // the server changed
        expect(await list(store).get()).toEqual(['first order']);
        refresh(list(store));
        expect(await list(store).get()).toEqual(['first order', 'saved order']);
        // The hook's function does the same for the component's store.
        let refresher = () => undefined as void;
        function Orders() {
          useStanValue(list);
          refresher = useStanRefresher(list);
          return null;
        }
        const { unmount } = render(
          <StanProvider store={store}>
            <Orders />
          </StanProvider>,
        );
        api.answer(200, ['first order', 'saved order', 'another']);
        act(() => refresher());
        expect(await list(store).get()).toEqual(['first order', 'saved order', 'another']);
        expect(api.requests).toHaveLength(3);
        unmount();
      });
      clause('If the selector is displayed, it runs immediately and aborts the run before it', () => {
        const { selector: counter, signals, runs } = recordingSelector();
        const store = makeStore();
        function Show() {
          return <p>{useStanValue(counter)}</p>;
        }
        const { container, unmount } = render(
          <StanProvider store={store}>
            <Show />
          </StanProvider>,
        );
        expect(runs()).toBe(1);
        act(() => refresh(counter(store)));
        expect(runs()).toBe(2);
        expect(container.textContent).toBe('2');
        expect(signals[0]?.aborted).toBe(true);
        expect(signals[0]?.reason).toBeInstanceOf(Aborted);
        expect(signals[1]?.aborted).toBe(false);
        unmount();
      });
      clause('if not, it runs on its next read', () => {
        const { selector: counter, signals, runs } = recordingSelector();
        const store = makeStore();
        counter(store).get();
        refresh(counter(store));
        expect(runs()).toBe(1);
        expect(counter(store).get()).toBe(2);
        expect(runs()).toBe(2);
        expect(signals).toHaveLength(2);
      });

      api.requests.length = 0;
      api.answer(200, []);
      const { ordersVersion, orders } = runSample<{
        ordersVersion: Scoped<WritableState<number>>;
        orders: (customerId: string) => Scoped<ReadonlyState<Promise<unknown[]>>>;
      }>('guides/caching', 'orders.ts');
      const store = makeStore();
      const alan = orders('alan'); // read, then evicted by the 25 customers used after it
      await alan(store).get();
      orders('never-read'); // created, never read in the store
      function Orders() {
        useStanValue(orders('ada'));
        return null;
      }
      const { unmount } = render(
        <StanProvider store={store}>
          <Orders />
        </StanProvider>,
      );
      const others = Array.from({ length: 23 }, (_, i) => `customer-${i}`);
      for (const id of others) orders(id)(store).get();
      await act(flush);
      api.requests.length = 0;
      act(() => ordersVersion(store).set((v) => v + 1));
      await act(flush);
      const requested = (id: string) => api.requests.includes(`/api/customers/${id}/orders`);
      clause('Every `orders` selector that has been read in that store re-runs when the version changes, whether it is displayed or not', () => {
        expect(requested('ada')).toBe(true); // displayed
        expect(others.every(requested)).toBe(true); // not displayed
        expect(requested('never-read')).toBe(false);
        expect(api.requests).toHaveLength(25);
      });
      clause('that includes selectors the LRU policy has already evicted', () => {
        expect(requested('alan')).toBe(true);
        expect(orders('alan')).not.toBe(alan); // evicted: the family makes a new one
      });
      unmount();
    } finally {
      api.restore();
    }
  },
);

claim(
  ['Make the selector depend on a "version" atom and increase it to invalidate a whole group of selectors at once', '// re-run whenever the version changes'],
  async (clause) => {
    const api = installFakeApi();
    try {
      api.answer(200, [{ id: 1 }]);
      const { ordersVersion, orders } = runSample<{
        ordersVersion: Scoped<WritableState<number>>;
        orders: (customerId: string) => Scoped<ReadonlyState<Promise<unknown[]>>>;
      }>('guides/caching', 'orders.ts');
      const store = makeStore();
      const before = [orders('ada')(store).get(), orders('alan')(store).get()];
      await Promise.all(before);
      ordersVersion(store).set((v) => v + 1);
      await flush();
      clause('Make the selector depend on a "version" atom', () => {
        // The version is what changed, and each selector's value is a new promise.
        expect(orders('ada')(store).get()).not.toBe(before[0]);
        expect(orders('alan')(store).get()).not.toBe(before[1]);
      });
      clause('increase it to invalidate a whole group of selectors at once', () => {
        expect(api.requests).toEqual([
          '/api/customers/ada/orders',
          '/api/customers/alan/orders',
          '/api/customers/ada/orders',
          '/api/customers/alan/orders',
        ]);
      });
      await clause('// re-run whenever the version changes', async () => {
        ordersVersion(store).set(10);
        await flush();
        ordersVersion(store).set(11);
        await flush();
        expect(api.requests).toHaveLength(8);
      });
    } finally {
      api.restore();
    }
  },
);
