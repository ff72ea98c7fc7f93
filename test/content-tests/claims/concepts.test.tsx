// Concepts page: each word as the package behaves, and its two samples run as printed.
import { act, render } from '@testing-library/react';
import { Aborted, atom, DEFAULT_STORE, makeStore, refresh, reset, selector, Store } from '@rkrupinski/stan';
import { StanProvider, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { StoreProbe } from '../../support/store-probe';
import { commentedOutput, printedBy } from '../../support/printed';
import { refreshWhileInFlight } from '../../support/fixtures';

const claim = claimsOf('getting-started/concepts');

claim(
  [
    'It is a function that takes a store and returns the state instance of that definition in that store',
    'Creating one costs next to nothing: it holds no value, runs nothing and knows no store until it is used with one',
  ],
  (clause) => {
    const run = jest.fn(() => 1);
    const effect = jest.fn();
    const store = makeStore();
    const count = atom(0, { effects: [effect] });
    const derived = selector(run);
    clause('It is a function that takes a store and returns the state instance of that definition in that store', () => {
      expect(typeof count).toBe('function');
      const instance = count(store);
      expect(typeof instance.get).toBe('function');
      expect(count(store)).toBe(instance);
      expect(count(makeStore())).not.toBe(instance);
    });
    clause('Creating one costs next to nothing', () => {
      // Ten thousand definitions touch no store and run no code of theirs.
      const before = DEFAULT_STORE.value.size;
      const body = jest.fn(() => 0);
      for (let i = 0; i < 10_000; i += 1) {
        atom(i, { effects: [body] });
        selector(body);
      }
      expect(body).not.toHaveBeenCalled();
      expect(DEFAULT_STORE.value.size).toBe(before);
    });
    clause('it holds no value', () => {
      expect(Object.keys(atom(5))).toEqual([]);
    });
    clause('runs nothing', () => {
      expect(run).not.toHaveBeenCalled();
      expect(effect).not.toHaveBeenCalled();
    });
    clause('knows no store until it is used with one', () => {
      const fresh = makeStore();
      derived(fresh);
      expect(run).not.toHaveBeenCalled();
      expect(fresh.value.size).toBe(0);
      derived(fresh).get();
      expect(fresh.value.size).toBe(1);
    });
  },
);

claim(
  [
    '`subscribe(callback)` calls `callback` with every new value and returns a function that stops it',
    "an atom's instance also has `set`, which takes a value or an updater",
    'Calling a scoped state twice with the same store returns the same instance, and an instance belongs to that one store for good',
  ],
  (clause) => {
    const count = atom(1, { tag: 'count' });
    const store = makeStore();
    const instance = count(store);
    instance.get();
    const seen = jest.fn();
    const stop = instance.subscribe(seen);
    clause("an atom's instance also has `set`, which takes a value or an updater", () => {
      instance.set(2);
      instance.set((n) => n + 1);
      expect(instance.get()).toBe(3);
    });
    clause('`subscribe(callback)` calls `callback` with every new value', () => {
      expect(seen.mock.calls).toEqual([[2], [3]]);
    });
    clause('returns a function that stops it', () => {
      stop();
      instance.set(10);
      expect(seen).toHaveBeenCalledTimes(2);
    });
    clause('Calling a scoped state twice with the same store returns the same instance', () => {
      expect(count(store)).toBe(instance);
    });
    clause('an instance belongs to that one store for good', () => {
      // The instance keeps its store: another store's value is untouched, and the instance never reads another.
      const other = makeStore();
      expect(count(other).get()).toBe(1);
      count(other).set(99);
      expect(instance.get()).toBe(10);
    });
  },
);

claim(
  [
    'For every state used with it, a store keeps the current value, whether the state is initialized there and whether it is mounted there',
    'which the hooks use outside any `StanProvider`',
  ],
  (clause) => {
    const store = makeStore();
    const s = selector(() => 'v', { tag: 'kept' });
    s(store).get();
    s(store).subscribe(() => undefined);
    const key = [...store.value.keys()][0] as string;
    clause('For every state used with it, a store keeps the current value', () => {
      expect(store.value.get(key)).toBe('v');
    });
    clause('whether the state is initialized there', () => {
      expect(store.initialized.get(key)).toBe(true);
    });
    clause('whether it is mounted there', () => {
      expect(store.mounted.get(key)).toBe(true);
    });
    clause('which the hooks use outside any `StanProvider`', () => {
      const used: Store[] = [];
      render(<StoreProbe seen={used} />);
      expect(used).toEqual([DEFAULT_STORE]);
    });
  },
);

claim(['console.log(countHere === count(store)); // true: one instance per store', '// 2: another store, other values'], (clause) => {
  const printed = printedBy('getting-started/concepts', 'concepts.ts');
  expect(printed).toEqual(commentedOutput('getting-started/concepts', 'concepts.ts'));
  clause('console.log(countHere === count(store)); // true', () => {
    expect(printed[0]).toBe('true');
  });
  clause('one instance per store', () => {
    // The same in a store, another in another store.
    const count = atom(1);
    const store = makeStore();
    expect(count(store)).toBe(count(store));
    expect(count(makeStore())).not.toBe(count(store));
  });
  clause('// 2: another store, other values', () => {
    expect(printed[3]).toBe('2');
    expect(printed).toHaveLength(4);
  });
});

claim(
  [
    "An atom is initialized by its first `get()` in a store, which stores the initial value and runs the atom's effects",
    'in this release `set` and `reset` on it do nothing',
    'While it stays initialized, reads return the cached result without running it',
  ],
  (clause) => {
    const effect = jest.fn();
    const a = atom('initial', { effects: [effect], tag: 'init' });
    const store = makeStore();
    clause('in this release `set` and `reset` on it do nothing', () => {
      a(store).set('early');
      reset(a(store));
      expect(store.initialized.size).toBe(0);
      expect(effect).not.toHaveBeenCalled();
    });
    clause('An atom is initialized by its first `get()` in a store', () => {
      expect(a(store).get()).toBe('initial');
      const key = [...store.initialized.keys()].find((k) => k.startsWith('atom-init')) as string;
      expect(store.initialized.get(key)).toBe(true);
    });
    clause('which stores the initial value', () => {
      const key = [...store.value.keys()].find((k) => k.startsWith('atom-init')) as string;
      expect(store.value.get(key)).toBe('initial');
    });
    clause("runs the atom's effects", () => {
      expect(effect).toHaveBeenCalledTimes(1);
      a(store).get();
      expect(effect).toHaveBeenCalledTimes(1);
    });
    clause('While it stays initialized, reads return the cached result without running it', () => {
      const run = jest.fn(() => 'cached');
      const s = selector(run);
      s(store).get();
      s(store).get();
      expect(run).toHaveBeenCalledTimes(1);
    });
  },
);

claim(
  'Reading a state initializes it wherever the read happens: in your code, in a hook while a component renders, or through another selector\'s `get`',
  (clause) => {
    const viaCode = atom(0, { tag: 'code' });
    const viaSelector = atom(0, { tag: 'selector' });
    const reader = selector(({ get }) => get(viaSelector));
    const viaHook = atom(0, { tag: 'hook' });
    const store = makeStore();
    const initialized = (tag: string) => store.initialized.get([...store.initialized.keys()].find((k) => k.startsWith(`atom-${tag}`)) ?? '');
    clause('Reading a state initializes it wherever the read happens', () => {
      // Written before any read, a write is dropped: each atom below takes its write only once read.
      expect(store.initialized.size).toBe(0);
    });
    clause('in your code', () => {
      viaCode(store).get();
      expect(initialized('code')).toBe(true);
    });
    clause('in a hook while a component renders', () => {
      function Show() {
        return <p>{useStanValue(viaHook)}</p>;
      }
      render(
        <StanProvider store={store}>
          <Show />
        </StanProvider>,
      );
      expect(initialized('hook')).toBe(true);
      act(() => viaHook(store).set(2));
      expect(viaHook(store).get()).toBe(2);
    });
    clause("or through another selector's `get`", () => {
      reader(store).get();
      expect(initialized('selector')).toBe(true);
      viaSelector(store).set(1);
      expect(viaSelector(store).get()).toBe(1);
    });
  },
);

claim(
  [
    'It becomes stale when it is refreshed while it is not mounted, and when the latest promise of an async selector rejects',
    'A selector whose run throws during a read never becomes initialized in the first place, so the next read tries again as well',
  ],
  async (clause) => {
    const store = makeStore();
    clause('It becomes stale when it is refreshed while it is not mounted', () => {
      let n = 0;
      const counter = selector(() => (n += 1));
      counter(store).get();
      refresh(counter(store));
      expect(n).toBe(1);
      expect(counter(store).get()).toBe(2);
    });
    await clause('when the latest promise of an async selector rejects', async () => {
      let failing = true;
      const remote = selector(() => (failing ? Promise.reject(new Error('down')) : Promise.resolve('up')));
      await expect(remote(store).get()).rejects.toThrow('down');
      await flush();
      failing = false;
      await expect(remote(store).get()).resolves.toBe('up');
    });
    const attempts = jest.fn(() => {
      throw new Error('no');
    });
    const broken = selector(attempts, { tag: 'broken' });
    clause('A selector whose run throws during a read never becomes initialized in the first place', () => {
      expect(() => broken(store).get()).toThrow('no');
      expect([...store.initialized].filter(([key, on]) => key.startsWith('selector-broken') && on)).toEqual([]);
    });
    clause('so the next read tries again as well', () => {
      expect(() => broken(store).get()).toThrow('no');
      expect(attempts).toHaveBeenCalledTimes(2);
    });
  },
);

claim(
  [
    'the first `subscribe` mounts it and the last unsubscribe unmounts it',
    'A component that shows a selector with `useStanValue` or `useStanValueAsync` subscribes to it, so a selector on screen is mounted',
    "Atoms are never mounted; subscribing to one changes nothing about it",
  ],
  (clause) => {
    const store = makeStore();
    const shown = selector(() => 'sync', { tag: 'shown' });
    const pending = selector(async () => 'async', { tag: 'pending' });
    const plain = atom(0, { tag: 'plain' });
    const mounted = () => [...store.mounted].filter(([, on]) => on).map(([key]) => key.replace(/-\d+$/, '')).sort();
    clause('the first `subscribe` mounts it and the last unsubscribe unmounts it', () => {
      const tracked = selector(() => 1, { tag: 'tracked' });
      tracked(store).get();
      const first = tracked(store).subscribe(() => undefined);
      const second = tracked(store).subscribe(() => undefined);
      expect(mounted()).toEqual(['selector-tracked']);
      first();
      expect(mounted()).toEqual(['selector-tracked']);
      second();
      expect(mounted()).toEqual([]);
    });
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
    clause('A component that shows a selector with `useStanValue` or `useStanValueAsync` subscribes to it', () => {
      expect(mounted()).toEqual(['selector-pending', 'selector-shown']);
    });
    clause('so a selector on screen is mounted', () => {
      unmount();
      expect(mounted()).toEqual([]);
    });
    clause('Atoms are never mounted', () => {
      plain(store).get();
      expect([...store.mounted.keys()].some((k) => k.startsWith('atom-plain'))).toBe(false);
    });
    clause('subscribing to one changes nothing about it', () => {
      const stop = plain(store).subscribe(() => undefined);
      expect([...store.mounted.keys()].some((k) => k.startsWith('atom-plain'))).toBe(false);
      expect(mounted()).toEqual([]);
      stop();
    });
  },
);

claim(
  [
    'Each run records the states it reads through `get`, its dependencies, and starts with an empty list, so a read that happens only sometimes is tracked only when it happens',
    'when a dependency changes to a value the selector does not consider equal to the one it read (`===` unless you pass `areValuesEqual`), whether or not anything is subscribed to the selector',
  ],
  (clause) => {
    const useDetail = atom(true);
    const detail = atom('a');
    const runs = jest.fn();
    const view = selector(({ get }) => {
      runs();
      return get(useDetail) ? get(detail) : 'summary';
    });
    const store = makeStore();
    view(store).get(); // run 1 reads both atoms; nothing subscribes to the selector
    clause('Each run records the states it reads through `get`, its dependencies', () => {
      detail(store).set('b'); // run 2
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('when a dependency changes to a value the selector does not consider equal to the one it read', () => {
      detail(store).set('c');
      expect(runs).toHaveBeenCalledTimes(3);
    });
    clause('(`===` unless you pass `areValuesEqual`)', () => {
      detail(store).set('c'); // === to what it read: no run
      expect(runs).toHaveBeenCalledTimes(3);
      const box = atom({ n: 1 });
      const boxRuns = jest.fn();
      const sameN = selector(({ get }) => (boxRuns(), get(box).n), { areValuesEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b) });
      sameN(store).get();
      box(store).set({ n: 1 }); // a new object, equal by the comparator: no run
      expect(boxRuns).toHaveBeenCalledTimes(1);
    });
    clause('whether or not anything is subscribed to the selector', () => {
      expect(store.mounted.size).toBe(0);
    });
    useDetail(store).set(false); // run 4 (useDetail is a dependency too), which no longer reads detail
    clause('starts with an empty list', () => {
      expect(runs).toHaveBeenCalledTimes(4);
      detail(store).set('d'); // not a dependency any more: no run
      expect(runs).toHaveBeenCalledTimes(4);
    });
    clause('so a read that happens only sometimes is tracked only when it happens', () => {
      useDetail(store).set(true); // run 5 reads detail again
      detail(store).set('e'); // run 6
      expect(runs).toHaveBeenCalledTimes(6);
    });
  },
);

claim(
  [
    'Each run gets its own `AbortSignal`, and a new run aborts the signal of the run before it with an `Aborted` error, whether or not that run had finished',
    'Aborting only signals: your code stops early if it passes the signal to `fetch` or checks it',
  ],
  async (clause) => {
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
    trigger(store).get();
    clause('Each run gets its own `AbortSignal`', () => {
      trigger(store).set(1);
      expect(signals).toHaveLength(2);
      expect(signals[1]).not.toBe(signals[0]);
    });
    clause('whether or not that run had finished', () => {
      // Run 0 had finished; run 1 aborted its signal all the same.
      expect(finished).toEqual([0]);
      expect(signals[0]?.aborted).toBe(true);
    });
    clause('a new run aborts the signal of the run before it with an `Aborted` error', () => {
      trigger(store).set(2); // run 2 aborts run 1, still in flight
      expect(signals.map((s) => s.aborted)).toEqual([true, true, false]);
      expect(signals[1]?.reason).toBeInstanceOf(Aborted);
    });
    await flush();
    await flush();
    clause('Aborting only signals', () => {
      // The aborted run that ignored its signal ran to its end.
      expect(finished).toEqual([0, 1, 2]);
    });
    await clause('your code stops early if it passes the signal to `fetch` or checks it', async () => {
      const checked: string[] = [];
      const careful = selector(async ({ get, signal }) => {
        const n = get(trigger);
        await flush();
        if (signal.aborted) return checked.push(`${n} stopped`);
        return checked.push(`${n} done`);
      });
      const other = makeStore();
      void careful(other).get().catch(() => undefined);
      trigger(other).get();
      trigger(other).set(5);
      await flush();
      await flush();
      expect(checked).toEqual(['0 stopped', '5 done']);
    });
  },
);

claim(
  [
    'One case aborts nothing: a refresh of an unmounted selector lets the run in flight go on',
    'Run 2 did not abort run 1, because the refresh before it let run 1 go; run 3 aborted run 2 and run 4 aborted run 3',
    '// [ false, true, true, false ]',
  ],
  async (clause) => {
    const printed = printedBy('getting-started/concepts', 'runs.ts');
    expect(printed).toEqual(commentedOutput('getting-started/concepts', 'runs.ts'));
    await clause('One case aborts nothing: a refresh of an unmounted selector lets the run in flight go on', async () => {
      const run = await refreshWhileInFlight();
      expect(run.abortedAtRefresh).toBe(false);
    });
    clause('Run 2 did not abort run 1, because the refresh before it let run 1 go', () => {
      expect(printed[2]).toMatch(/^\[ false,/);
    });
    clause('run 3 aborted run 2 and run 4 aborted run 3', () => {
      expect(printed[2]).toMatch(/^\[ false, true, true, /);
    });
    clause('// [ false, true, true, false ]', () => {
      expect(printed).toEqual(['results for stan', 'results for jotai', '[ false, true, true, false ]']);
    });
  },
);
