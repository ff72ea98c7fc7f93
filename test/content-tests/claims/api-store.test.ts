/** @jest-environment node */
import { atom, DEFAULT_STORE, makeStore, refresh, selector, Store } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { aliveAfterCollection } from '../../support/fixtures';

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

claim(['There is no option to create a store with initial values', 'To put a value into a fresh store, read the atom first and then set it'], () => {
  expect(makeStore).toHaveLength(0);
  const a = atom('default');
  const store = makeStore();
  a(store).set('too early');
  expect(a(store).get()).toBe('default');
  a(store).set('seeded');
  expect(a(store).get()).toBe('seeded');
});

claim(
  [
    'Every atom and selector definition keeps the state instance it created for each store it was called with, and that cache holds on to the store',
    'A store that has been used with module-level definitions therefore stays in memory as long as those definitions do, even after your code drops it',
  ],
  () => {
    // Dropped by the code that made them: a store used with an atom and one used with a selector survive
    // collection (a strong cache), while an unused store is collected (so the probe can tell the difference).
    const alive = aliveAfterCollection(`const { atom, makeStore, selector } = require('@rkrupinski/stan');
const count = atom(0);
const doubled = selector(({ get }) => get(count) * 2);
let withAtom = makeStore();
let withSelector = makeStore();
let unused = makeStore();
count(withAtom).get();
doubled(withSelector);
refs.withAtom = new WeakRef(withAtom);
refs.withSelector = new WeakRef(withSelector);
refs.unused = new WeakRef(unused);
withAtom = withSelector = unused = null;`);
    expect(alive).toEqual({ withAtom: true, withSelector: true, unused: false });
  },
);

claim(['console.log(score(left).get()); // 3', 'console.log(score(right).get()); // 0', 'console.log(score(left) === score(left)); // true'], () => {
  const printed = printedBy('api/store', 'stores.ts');
  expect(printed).toEqual(['3', '0', 'true']);
  expect(printed).toEqual(commentedOutput('api/store', 'stores.ts'));
});

