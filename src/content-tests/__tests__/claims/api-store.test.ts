/** @jest-environment node */
import { atom, DEFAULT_STORE, makeStore, refresh, reset, selector, Store } from '@rkrupinski/stan';
import { claimsOf, flush } from '../../claims';
import { refreshWhileInFlight } from '../../fixtures';

const claim = claimsOf('api/store');

claim(
  [
    'each store keeps its own copy of every value, its own initialization status and its own subscriptions',
    "Two stores never see each other's updates",
  ],
  () => {
    const a = atom(0);
    const left = makeStore();
    const right = makeStore();
    const seen = jest.fn();
    a(left).get();
    a(right).get();
    a(right).subscribe(seen);
    a(left).set(1);
    expect(a(right).get()).toBe(0);
    expect(seen).not.toHaveBeenCalled();
    expect(left.initialized).not.toBe(right.initialized);
  },
);

claim(
  [
    'Creates a new, empty store. It takes no arguments and is equivalent to `new Store()`',
    'every atom starts from its initial value the first time it is read there, and every selector runs on its first read',
  ],
  () => {
    const store = makeStore();
    expect(store).toBeInstanceOf(Store);
    expect(makeStore).toHaveLength(0);
    expect(makeStore()).not.toBe(makeStore());
    expect([store.value.size, store.mounted.size, store.initialized.size]).toEqual([0, 0, 0]);
    expect(new Store()).toEqual(makeStore());
    const a = atom(3);
    const run = jest.fn(() => 'ran');
    const s = selector(run);
    expect(a(store).get()).toBe(3);
    expect(run).not.toHaveBeenCalled();
    s(store).get();
    expect(run).toHaveBeenCalledTimes(1);
  },
);

claim(
  [
    'A store created when the module is loaded',
    'it is shared by everything in the same JavaScript runtime, which on a server means every request',
  ],
  () => {
    jest.isolateModules(() => {
      // A fresh copy of the package, as a server process loads it: the store exists before anything uses it.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const core = require('@rkrupinski/stan') as typeof import('@rkrupinski/stan');
      expect(core.DEFAULT_STORE).toBeInstanceOf(core.Store);
      expect([core.DEFAULT_STORE.value.size, core.DEFAULT_STORE.initialized.size]).toEqual([0, 0]);
      const { useStanValue } = require('@rkrupinski/stan/react') as typeof import('@rkrupinski/stan/react');
      const { createElement } = require('react') as typeof import('react');
      const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const visitor = core.atom('nobody');
      const Greeting = () => createElement('p', null, `Hello, ${useStanValue(visitor)}`);
      // Request one writes through the core entry point; request two renders with the hooks and no provider.
      visitor(core.DEFAULT_STORE).get();
      visitor(core.DEFAULT_STORE).set('Ada');
      expect(renderToString(createElement(Greeting))).toBe('<p>Hello, Ada</p>');
      // A later request still sees it: nothing separates one request from the next.
      expect(renderToString(createElement(Greeting))).toBe('<p>Hello, Ada</p>');
      // Only another copy of the package (this file's own import, like a second bundle) has another store.
      expect(core.DEFAULT_STORE).not.toBe(DEFAULT_STORE);
      expect(visitor(DEFAULT_STORE).get()).toBe('nobody');
    });
  },
);

claim('Its three public maps are the store\'s internal bookkeeping, keyed by the internal ids of atoms and selectors (ids include the `tag`, when there is one, followed by a counter)', () => {
  const store = makeStore();
  atom(1, { tag: 'my-tag' })(store).get();
  atom(2)(store).get();
  selector(() => 3, { tag: 'sel' })(store).get();
  const keys = [...store.value.keys()];
  expect(keys.some((k) => /^atom-my-tag-\d+$/.test(k))).toBe(true);
  expect(keys.some((k) => /^atom-\d+$/.test(k))).toBe(true);
  expect(keys.some((k) => /^selector-sel-\d+$/.test(k))).toBe(true);
  expect([...store.initialized.keys()].sort()).toEqual(keys.sort());
});

claim(
  [
    'An atom is initialized in a store by its first `get()` there, which writes the initial value and runs its effects. Until then, `set` and `reset` on it are ignored',
  ],
  () => {
    const effect = jest.fn();
    const a = atom(1, { effects: [effect] });
    const store = makeStore();
    a(store).set(5);
    reset(a(store));
    expect(store.initialized.size).toBe(0);
    expect(a(store).get()).toBe(1);
    expect(effect).toHaveBeenCalledTimes(1);
    expect([...store.initialized.values()]).toEqual([true]);
  },
);

claim(
  [
    'A selector is initialized once a `get()` has run it, and while it stays initialized, reads return the cached result',
    'It becomes uninitialized (stale) again when it is refreshed without subscribers or when its latest promise rejects, and the next `get()` runs it again',
    'A run that throws on a read leaves it uninitialized',
  ],
  async () => {
    const store = makeStore();
    let n = 0;
    const counter = selector(() => ++n);
    counter(store).get();
    counter(store).get();
    expect(n).toBe(1);
    refresh(counter(store));
    expect(n).toBe(1);
    expect(counter(store).get()).toBe(2);

    let fail = true;
    const remote = selector(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')));
    await expect(remote(store).get()).rejects.toThrow('down');
    await flush();
    fail = false;
    await expect(remote(store).get()).resolves.toBe('up');

    let throws = true;
    const runs = jest.fn(() => {
      if (throws) throw new Error('no');
      return 1;
    });
    const risky = selector(runs);
    expect(() => risky(store).get()).toThrow('no');
    throws = false;
    expect(risky(store).get()).toBe(1);
    expect(runs).toHaveBeenCalledTimes(2);
  },
);

claim(
  [
    'A selector is mounted in a store while it has at least one subscriber there: the first `subscribe` mounts it and the last unsubscribe unmounts it',
    'A refresh runs a mounted selector at once and notifies its subscribers; it only marks an unmounted one stale',
    'Atoms are never mounted: subscribing to an atom changes nothing about it',
  ],
  () => {
    const store = makeStore();
    let n = 0;
    const s = selector(() => ++n, { tag: 'watched' });
    s(store).get();
    const stopA = s(store).subscribe(() => undefined);
    const cb = jest.fn();
    const stopB = s(store).subscribe(cb);
    refresh(s(store));
    expect(n).toBe(2);
    expect(cb).toHaveBeenCalledWith(2);
    stopA();
    refresh(s(store));
    expect(n).toBe(3);
    stopB();
    refresh(s(store));
    expect(n).toBe(3);
    const a = atom(0, { tag: 'plain' });
    a(store).get();
    a(store).subscribe(() => undefined);
    expect([...store.mounted.keys()].every((key) => key.startsWith('selector-watched'))).toBe(true);
  },
);

claim('The `initialized` and `mounted` maps of a `Store` hold these flags under the internal ids of the states', () => {
  const store = makeStore();
  const s = selector(() => 1, { tag: 'flags' });
  s(store).get();
  const key = [...store.value.keys()].find((k) => k.startsWith('selector-flags')) as string;
  expect(store.initialized.get(key)).toBe(true);
  expect(store.mounted.get(key)).toBeUndefined();
  const stop = s(store).subscribe(() => undefined);
  expect(store.mounted.get(key)).toBe(true);
  stop();
  expect(store.mounted.get(key)).toBe(false);
  refresh(s(store));
  expect(store.initialized.get(key)).toBe(false);
});

claim(
  [
    'Calling one with a store returns the instance for that store, created on first use and reused afterwards',
    'Values, subscribers, effects and selector runs are all per store',
  ],
  () => {
    const effect = jest.fn();
    const a = atom(1, { effects: [effect] });
    const run = jest.fn(({ get }: { get: (s: typeof a) => number }) => get(a));
    const s = selector(run);
    const one = makeStore();
    const two = makeStore();
    expect(a(one)).toBe(a(one));
    s(one).get();
    s(two).get();
    expect(effect).toHaveBeenCalledTimes(2);
    expect(run).toHaveBeenCalledTimes(2);
    a(one).set(5);
    expect(run).toHaveBeenCalledTimes(3);
    expect(s(two).get()).toBe(1);
  },
);

claim(['There is no option to create a store with initial values', 'To put a value into a fresh store, read the atom first (which initializes it) and then set it. A write before the first read is ignored'], () => {
  expect(makeStore).toHaveLength(0);
  const a = atom('default');
  const store = makeStore();
  a(store).set('too early');
  expect(a(store).get()).toBe('default');
  a(store).set('seeded');
  expect(a(store).get()).toBe('seeded');
});

claim(
  'Every atom and selector definition keeps the state instance it created for each store it was called with, and that cache holds on to the store',
  () => {
    const a = atom(0);
    const store = makeStore();
    const first = a(store);
    // Many other stores later, the instance for `store` is still the same object: nothing was let go.
    for (let i = 0; i < 1000; i += 1) a(makeStore());
    expect(a(store)).toBe(first);
  },
);

claim('Jest gives every test file a fresh module registry, so each file gets its own `DEFAULT_STORE`, but the tests inside one file share it', () => {
  let fromFirstRegistry: Store | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    fromFirstRegistry = (require('@rkrupinski/stan') as typeof import('@rkrupinski/stan')).DEFAULT_STORE;
  });
  let fromSecondRegistry: Store | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    fromSecondRegistry = (require('@rkrupinski/stan') as typeof import('@rkrupinski/stan')).DEFAULT_STORE;
  });
  expect(fromFirstRegistry).not.toBe(fromSecondRegistry);
  // Within this file's registry there is one, shared by every test here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  expect((require('@rkrupinski/stan') as typeof import('@rkrupinski/stan')).DEFAULT_STORE).toBe(DEFAULT_STORE);
});

claim(['console.log(score(left).get()); // 3', 'console.log(score(right).get()); // 0', 'console.log(score(left) === score(left)); // true'], () => {
  const score = atom(0, { tag: 'score' });
  const left = makeStore();
  const right = makeStore();
  score(left).get();
  score(left).set(3);
  expect(score(left).get()).toBe(3);
  expect(score(right).get()).toBe(0);
  expect(score(left)).toBe(score(left));
});

claim(
  'it only marks an unmounted one stale, and never aborts the run that unmounted selector may still have in flight',
  async () => {
    const run = await refreshWhileInFlight();
    expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
    expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
    expect(run.current).toBe('results for second');
  },
);
