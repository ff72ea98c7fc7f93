// Concepts page: each word as the package behaves, and its two samples run as printed.
import { act, render } from '@testing-library/react';
import { Aborted, atom, DEFAULT_STORE, makeStore, refresh, selector, Store } from '@rkrupinski/stan';
import { StanProvider, useStanCtx, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('getting-started/concepts');

claim(
  [
    'It is a function that takes a store and returns the state instance of that definition in that store',
    'Creating one costs next to nothing: it holds no value, runs nothing and knows no store until it is used with one',
  ],
  () => {
    const run = jest.fn(() => 1);
    const store = makeStore();
    const count = atom(0);
    const derived = selector(run);
    expect(typeof count).toBe('function');
    expect(store.value.size).toBe(0);
    expect(run).not.toHaveBeenCalled();
    const instance = count(store);
    expect(typeof instance.get).toBe('function');
    derived(store);
    expect(run).not.toHaveBeenCalled();
    expect(store.value.size).toBe(0);
  },
);

claim(
  [
    '`subscribe(callback)` calls `callback` with every new value and returns a function that stops it',
    "an atom's instance also has `set`, which takes a value or an updater",
    'Calling a scoped state twice with the same store returns the same instance, and an instance belongs to that one store for good',
  ],
  () => {
    const count = atom(1, { tag: 'count' });
    const store = makeStore();
    const instance = count(store);
    expect(count(store)).toBe(instance);
    expect(instance.tag).toBe('count');
    instance.get();
    const seen = jest.fn();
    const stop = instance.subscribe(seen);
    instance.set(2);
    instance.set((n) => n + 1);
    stop();
    instance.set(10);
    expect(seen.mock.calls).toEqual([[2], [3]]);
    // The instance keeps its store: another store's value is untouched.
    expect(count(makeStore()).get()).toBe(1);
  },
);

claim(
  [
    'For every state used with it, a store keeps the current value, whether the state is initialized there and whether it is mounted there',
    'which the hooks use outside any `StanProvider`',
  ],
  () => {
    const store = makeStore();
    const s = selector(() => 'v', { tag: 'kept' });
    s(store).get();
    s(store).subscribe(() => undefined);
    const key = [...store.value.keys()][0] as string;
    expect([store.value.get(key), store.initialized.get(key), store.mounted.get(key)]).toEqual(['v', true, true]);
    let used: Store | undefined;
    function Probe() {
      used = useStanCtx().store;
      return null;
    }
    render(<Probe />);
    expect(used).toBe(DEFAULT_STORE);
  },
);

claim(['console.log(countHere === count(store)); // true: one instance per store', '// 2: another store, other values'], () => {
  const printed = printedBy('getting-started/concepts', 'concepts.ts');
  expect(printed).toEqual(['true', '2', '10', '2']);
  expect(printed).toEqual(commentedOutput('getting-started/concepts', 'concepts.ts'));
});

claim(
  [
    "An atom is initialized by its first `get()` in a store, which stores the initial value and runs the atom's effects",
    'in this release `set` and `reset` on it do nothing',
    'While it stays initialized, reads return the cached result without running it',
  ],
  () => {
    const effect = jest.fn();
    const a = atom('initial', { effects: [effect] });
    const store = makeStore();
    a(store).set('early');
    expect(store.initialized.size).toBe(0);
    expect(a(store).get()).toBe('initial');
    expect(effect).toHaveBeenCalledTimes(1);
    const run = jest.fn(() => 'cached');
    const s = selector(run);
    s(store).get();
    s(store).get();
    expect(run).toHaveBeenCalledTimes(1);
  },
);

claim(
  'Reading a state initializes it wherever the read happens: in your code, in a hook while a component renders, or through another selector\'s `get`',
  () => {
    const viaSelector = atom(0);
    const reader = selector(({ get }) => get(viaSelector));
    const viaHook = atom(0);
    const store = makeStore();
    reader(store).get();
    function Show() {
      return <p>{useStanValue(viaHook)}</p>;
    }
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    viaSelector(store).set(1);
    act(() => viaHook(store).set(2));
    expect([viaSelector(store).get(), viaHook(store).get()]).toEqual([1, 2]);
  },
);

claim(
  [
    'It becomes stale when it is refreshed while it is not mounted, and when the latest promise of an async selector rejects',
    'A selector whose run throws during a read never becomes initialized in the first place, so the next read tries again as well',
  ],
  async () => {
    const store = makeStore();
    let n = 0;
    const counter = selector(() => (n += 1));
    counter(store).get();
    refresh(counter(store));
    expect(n).toBe(1);
    expect(counter(store).get()).toBe(2);

    let failing = true;
    const remote = selector(() => (failing ? Promise.reject(new Error('down')) : Promise.resolve('up')));
    await expect(remote(store).get()).rejects.toThrow('down');
    await flush();
    failing = false;
    await expect(remote(store).get()).resolves.toBe('up');

    const attempts = jest.fn(() => {
      throw new Error('no');
    });
    const broken = selector(attempts);
    expect(() => broken(store).get()).toThrow('no');
    expect(() => broken(store).get()).toThrow('no');
    expect(attempts).toHaveBeenCalledTimes(2);
  },
);

claim(
  [
    'the first `subscribe` mounts it and the last unsubscribe unmounts it',
    'A component that shows a selector with `useStanValue` or `useStanValueAsync` subscribes to it, so a selector on screen is mounted',
    "Atoms are never mounted; subscribing to one changes nothing about it",
  ],
  () => {
    const store = makeStore();
    const shown = selector(() => 'sync', { tag: 'shown' });
    const pending = selector(async () => 'async', { tag: 'pending' });
    const plain = atom(0, { tag: 'plain' });
    function View() {
      useStanValue(shown);
      useStanValueAsync(pending);
      return null;
    }
    const { unmount } = render(
      <StanProvider store={store}>
        <View />
      </StanProvider>,
    );
    const mounted = () => [...store.mounted].filter(([, on]) => on).map(([key]) => key.replace(/-\d+$/, '')).sort();
    expect(mounted()).toEqual(['selector-pending', 'selector-shown']);
    plain(store).get();
    const stop = plain(store).subscribe(() => undefined);
    expect(mounted()).toEqual(['selector-pending', 'selector-shown']);
    stop();
    unmount();
    expect(mounted()).toEqual([]);
  },
);

claim(
  [
    'Each run records the states it reads through `get`, its dependencies, and starts with an empty list, so a read that happens only sometimes is tracked only when it happens',
    'when a dependency changes to a value the selector does not consider equal to the one it read (`===` unless you pass `areValuesEqual`), whether or not anything is subscribed to the selector',
  ],
  () => {
    const useDetail = atom(true);
    const detail = atom('a');
    const runs = jest.fn();
    const view = selector(({ get }) => {
      runs();
      return get(useDetail) ? get(detail) : 'summary';
    });
    const store = makeStore();
    view(store).get(); // run 1 reads both atoms; nothing subscribes to the selector
    detail(store).set('b'); // run 2
    detail(store).set('b'); // equal: no run
    useDetail(store).set(false); // run 3, which no longer reads detail
    detail(store).set('c'); // not a dependency any more: no run
    expect(runs).toHaveBeenCalledTimes(3);
  },
);

claim(
  [
    'Each run gets its own `AbortSignal`, and a new run aborts the signal of the run before it with an `Aborted` error, whether or not that run had finished',
    'Aborting only signals: your code stops early if it passes the signal to `fetch` or checks it',
  ],
  async () => {
    const trigger = atom(0);
    const signals: AbortSignal[] = [];
    const finished: number[] = [];
    const slow = selector(async ({ get, signal }) => {
      const n = get(trigger);
      signals.push(signal);
      await flush();
      finished.push(n); // ignores its signal: runs to the end even when aborted
      return n;
    });
    const store = makeStore();
    await slow(store).get(); // run 0 has finished
    trigger(store).set(1); // run 1 aborts run 0's signal all the same
    trigger(store).set(2); // run 2 aborts run 1, still in flight
    await flush();
    await flush();
    expect(signals.map((s) => s.aborted)).toEqual([true, true, false]);
    expect(signals[1]?.reason).toBeInstanceOf(Aborted);
    expect(finished).toEqual([0, 1, 2]);
  },
);

claim(
  [
    'One case aborts nothing: a refresh of an unmounted selector lets the run in flight go on',
    'Run 2 did not abort run 1, because the refresh before it let run 1 go; run 3 aborted run 2 and run 4 aborted run 3',
    '// [ false, true, true, false ]',
  ],
  () => {
    const printed = printedBy('getting-started/concepts', 'runs.ts');
    expect(printed).toEqual(['results for stan', 'results for jotai', '[ false, true, true, false ]']);
    expect(printed).toEqual(commentedOutput('getting-started/concepts', 'runs.ts'));
  },
);
