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
  (clause) => {
    const a = atom(0);
    const left = makeStore();
    const right = makeStore();
    clause('each store keeps its own copy of every value', () => {
      // Read first: a write to an atom a store has not read yet is dropped (the page says so under makeStore).
      a(left).get();
      a(right).get();
      a(left).set(1);
      a(right).set(2);
      expect([a(left).get(), a(right).get()]).toEqual([1, 2]);
    });
    clause('its own initialization status', () => {
      const lazy = selector(() => 'ran', { tag: 'status' });
      lazy(left).get();
      const key = [...left.initialized.keys()].find((k) => k.startsWith('selector-status')) as string;
      expect(left.initialized.get(key)).toBe(true);
      expect(right.initialized.has(key)).toBe(false);
      expect(left.initialized).not.toBe(right.initialized);
    });
    clause('its own subscriptions', () => {
      const seenLeft = jest.fn();
      const seenRight = jest.fn();
      a(left).subscribe(seenLeft);
      a(right).subscribe(seenRight);
      a(right).set(3);
      expect(seenRight).toHaveBeenCalledTimes(1);
      expect(seenLeft).not.toHaveBeenCalled();
    });
    clause("Two stores never see each other's updates", () => {
      const seen = jest.fn();
      a(right).subscribe(seen);
      a(left).set(10);
      expect(a(right).get()).toBe(3);
      expect(seen).not.toHaveBeenCalled();
    });
  },
);

claim(
  [
    'Creates a new, empty store. It takes no arguments and is equivalent to `new Store()`',
    'every atom starts from its initial value the first time it is read there, and every selector runs on its first read',
  ],
  (clause) => {
    const store = makeStore();
    clause('Creates a new, empty store', () => {
      expect(store).toBeInstanceOf(Store);
      expect(makeStore()).not.toBe(makeStore());
      expect([store.value.size, store.mounted.size, store.initialized.size]).toEqual([0, 0, 0]);
    });
    clause('It takes no arguments', () => {
      expect(makeStore).toHaveLength(0);
    });
    clause('is equivalent to `new Store()`', () => {
      expect(new Store()).toEqual(makeStore());
      expect(Object.getPrototypeOf(new Store())).toBe(Object.getPrototypeOf(store));
    });
    clause('every atom starts from its initial value the first time it is read there', () => {
      const a = atom(3);
      a(makeStore()).set(4);
      expect(a(store).get()).toBe(3);
    });
    clause('every selector runs on its first read', () => {
      const run = jest.fn(() => 'ran');
      const s = selector(run);
      s(store);
      expect(run).not.toHaveBeenCalled();
      s(store).get();
      expect(run).toHaveBeenCalledTimes(1);
    });
  },
);

claim(
  [
    'A store created when the module is loaded',
    'it is shared by everything in the same JavaScript runtime, which on a server means every request',
  ],
  (clause) => {
    jest.isolateModules(() => {
      // A fresh copy of the package, as a server process loads it: the store exists before anything uses it.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const core = require('@rkrupinski/stan') as typeof import('@rkrupinski/stan');
      clause('A store created when the module is loaded', () => {
        expect(core.DEFAULT_STORE).toBeInstanceOf(core.Store);
        expect([core.DEFAULT_STORE.value.size, core.DEFAULT_STORE.initialized.size]).toEqual([0, 0]);
      });
      const { useStanValue } = require('@rkrupinski/stan/react') as typeof import('@rkrupinski/stan/react');
      const { createElement } = require('react') as typeof import('react');
      const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const visitor = core.atom('nobody');
      const Greeting = () => createElement('p', null, `Hello, ${useStanValue(visitor)}`);
      clause('it is shared by everything in the same JavaScript runtime', () => {
        // The core entry point writes; the hooks, with no provider, read the same store.
        visitor(core.DEFAULT_STORE).get();
        visitor(core.DEFAULT_STORE).set('Ada');
        expect(renderToString(createElement(Greeting))).toBe('<p>Hello, Ada</p>');
        // Only another copy of the package (this file's own import, like a second bundle) has another store.
        expect(core.DEFAULT_STORE).not.toBe(DEFAULT_STORE);
        expect(visitor(DEFAULT_STORE).get()).toBe('nobody');
      });
      clause('which on a server means every request', () => {
        // A later render, as for the next request, still sees the first one's write: nothing separates them.
        expect(renderToString(createElement(Greeting))).toBe('<p>Hello, Ada</p>');
      });
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
  (clause) => {
    const effect = jest.fn();
    const a = atom(1, { effects: [effect] });
    const run = jest.fn(({ get }: { get: (s: typeof a) => number }) => get(a));
    const s = selector(run);
    const one = makeStore();
    const two = makeStore();
    clause('Calling one with a store returns the instance for that store', () => {
      expect(a(one)).not.toBe(a(two));
      a(one).get();
      a(one).set(2);
      expect(a(two).get()).toBe(1);
    });
    clause('created on first use', () => {
      // A store the definition never saw gets a new instance, starting from the initial value.
      const before = [a(one), a(two)];
      const three = makeStore();
      const made = a(three);
      expect(before).not.toContain(made);
      expect(made.get()).toBe(1);
    });
    clause('reused afterwards', () => {
      expect(a(one)).toBe(a(one));
      expect(s(two)).toBe(s(two));
    });
    clause('Values, subscribers, effects and selector runs are all per store', () => {
      a(one).set(5);
      expect([a(one).get(), a(two).get()]).toEqual([5, 1]);
      const seen = jest.fn();
      a(two).subscribe(seen);
      a(one).set(6);
      expect(seen).not.toHaveBeenCalled();
      // One effect run per store the atom was read in (one, two and the third above).
      expect(effect).toHaveBeenCalledTimes(3);
      run.mockClear();
      s(one).get();
      s(two).get();
      expect(run).toHaveBeenCalledTimes(2);
      a(one).set(7);
      s(one).get();
      expect(run).toHaveBeenCalledTimes(3);
      expect(s(two).get()).toBe(1);
    });
  },
);

claim(['There is no option to create a store with initial values', 'To put a value into a fresh store, read the atom first and then set it'], (clause) => {
  clause('There is no option to create a store with initial values', () => {
    expect(makeStore).toHaveLength(0);
    expect(Store).toHaveLength(0);
    // An argument is ignored: the store is as empty as any other.
    const store = (makeStore as (...args: unknown[]) => Store)({ value: new Map([['atom-1', 'x']]) });
    expect(store.value.size).toBe(0);
  });
  clause('To put a value into a fresh store, read the atom first and then set it', () => {
    const a = atom('default');
    const store = makeStore();
    // Set before the first read, the value is lost.
    a(store).set('too early');
    expect(a(store).get()).toBe('default');
    a(store).set('seeded');
    expect(a(store).get()).toBe('seeded');
  });
});

claim(
  [
    'Every atom and selector definition keeps the state instance it created for each store it was called with, and that cache holds on to the store',
    'A store that has been used with module-level definitions therefore stays in memory as long as those definitions do, even after your code drops it',
  ],
  (clause) => {
    clause('Every atom and selector definition keeps the state instance it created for each store it was called with', () => {
      const count = atom(0);
      const doubled = selector(({ get }) => get(count) * 2);
      const store = makeStore();
      expect(count(store)).toBe(count(store));
      expect(doubled(store)).toBe(doubled(store));
      expect(count(store)).not.toBe(count(makeStore()));
    });
    // Dropped by the code that made them: a store used with an atom and one used with a selector survive
    // collection (a strong cache), while an unused store is collected (so the probe can tell the difference).
    const kept = `const { atom, makeStore, selector } = require('@rkrupinski/stan');
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
withAtom = withSelector = unused = null;`;
    const alive = aliveAfterCollection(kept);
    clause('that cache holds on to the store', () => {
      expect(alive).toEqual({ withAtom: true, withSelector: true, unused: false });
    });
    clause('A store that has been used with module-level definitions therefore stays in memory', () => {
      expect(alive.withAtom && alive.withSelector).toBe(true);
    });
    clause('as long as those definitions do', () => {
      // The same, then the definitions dropped as well (a module unloaded): the stores go with them.
      const gone = aliveAfterCollection(`${kept.replace(/^const (count|doubled) =/gm, 'let $1 =')}\ncount = doubled = null;`);
      expect(gone).toEqual({ withAtom: false, withSelector: false, unused: false });
    });
    clause('even after your code drops it', () => {
      // The probe dropped all three stores: the one no definition saw was collected, the used one was not.
      expect([alive.withAtom, alive.unused]).toEqual([true, false]);
    });
  },
);

claim(['console.log(score(left).get()); // 3', 'console.log(score(right).get()); // 0', 'console.log(score(left) === score(left)); // true'], () => {
  const printed = printedBy('api/store', 'stores.ts');
  expect(printed).toEqual(['3', '0', 'true']);
  expect(printed).toEqual(commentedOutput('api/store', 'stores.ts'));
});

