/** @jest-environment node */
import * as stan from '@rkrupinski/stan';
import { atom, makeStore, refresh, reset, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/state');

claim('When you call one with a store you get a state instance: the object that reads, writes and watches the value in that store', () => {
  const a = atom(1);
  const store = makeStore();
  const instance = a(store);
  instance.get();
  const seen = jest.fn();
  instance.subscribe(seen);
  instance.set(2);
  expect(seen).toHaveBeenCalledWith(2);
  expect(a(makeStore()).get()).toBe(1);
});

claim('Calling it twice with the same store returns the same instance', () => {
  const a = atom(0);
  const s = selector(() => 1);
  const store = makeStore();
  expect(a(store)).toBe(a(store));
  expect(s(store)).toBe(s(store));
});

claim('Its hidden refresh method is what `refresh` calls', () => {
  const instance = selector(() => 1)(makeStore());
  const symbols = Object.getOwnPropertySymbols(instance);
  expect(symbols).toHaveLength(1);
  const hidden = jest.spyOn(instance as unknown as Record<symbol, () => void>, symbols[0] as symbol);
  refresh(instance);
  expect(hidden).toHaveBeenCalledTimes(1);
});

claim(['It adds `set` and a hidden reset method that `reset` calls', 'The refresh and reset methods are keyed by symbols that the package does not export'], () => {
  const instance = atom(1)(makeStore());
  const symbols = Object.getOwnPropertySymbols(instance);
  expect(symbols).toHaveLength(1);
  const hidden = jest.spyOn(instance as unknown as Record<symbol, () => void>, symbols[0] as symbol);
  reset(instance);
  expect(hidden).toHaveBeenCalledTimes(1);
  const exported = Object.values(stan);
  expect(exported.some((value) => typeof value === 'symbol')).toBe(false);
});

claim(
  [
    'For an atom, the first call initializes it (and runs its effects). For a selector, the first call runs it; later calls return the cached result until a dependency changes or the selector is refreshed',
  ],
  () => {
    const effect = jest.fn();
    const a = atom(1, { effects: [effect] });
    const run = jest.fn(({ get }: { get: (s: typeof a) => number }) => get(a) * 2);
    const s = selector(run);
    const store = makeStore();
    expect(s(store).get()).toBe(2);
    expect(effect).toHaveBeenCalledTimes(1);
    s(store).get();
    expect(run).toHaveBeenCalledTimes(1);
    a(store).set(2);
    expect(run).toHaveBeenCalledTimes(2);
    refresh(s(store));
    s(store).get();
    expect(run).toHaveBeenCalledTimes(3);
  },
);

claim(['Accepts a new value or an updater function that receives the current value, and notifies subscribers on every call', 'before the atom\'s first read in this store, `set` does nothing'], () => {
  const a = atom(1);
  const store = makeStore();
  const cb = jest.fn();
  a(store).subscribe(cb);
  a(store).set(5);
  expect(cb).not.toHaveBeenCalled();
  expect(a(store).get()).toBe(1);
  a(store).set(1);
  a(store).set(1);
  expect(cb).toHaveBeenCalledTimes(2);
});

claim(
  [
    'Registers a callback that receives the new value after each update and returns a function that removes the callback',
    'For selectors, subscriptions also mark the selector as mounted in that store, which changes how `refresh` behaves',
    'Subscribing does not read the state',
  ],
  () => {
    let runs = 0;
    const s = selector(() => ++runs);
    const store = makeStore();
    const cb = jest.fn();
    const stop = s(store).subscribe(cb);
    expect(runs).toBe(0);
    s(store).get();
    refresh(s(store)); // mounted: runs now
    expect(runs).toBe(2);
    expect(cb).toHaveBeenCalledWith(2);
    stop();
    refresh(s(store)); // unmounted: only marked stale
    expect(runs).toBe(2);
  },
);

claim('The `tag` option given to the atom or selector (or computed by a family\'s tag function), or `undefined` if none was given', () => {
  expect(atom(0)(makeStore()).tag).toBeUndefined();
  expect(selector(() => 0)(makeStore()).tag).toBeUndefined();
  expect(atom(0, { tag: 'a' })(makeStore()).tag).toBe('a');
  expect(stan.selectorFamily((n: number) => () => n, { tag: (n) => `s${n}` })(4)(makeStore()).tag).toBe('s4');
});

claim('Calling an unsubscribe function twice is harmless; the second call does nothing', () => {
  const a = atom(0);
  const store = makeStore();
  a(store).get();
  const first = jest.fn();
  const other = jest.fn();
  const stop = a(store).subscribe(first);
  a(store).subscribe(other);
  stop();
  expect(() => stop()).not.toThrow();
  a(store).set(1);
  expect(first).not.toHaveBeenCalled();
  expect(other).toHaveBeenCalledWith(1);
});

claim(
  'Subscribing the same function twice registers it once, since an instance keeps its callbacks in a set: the function is called once per update, and calling either of the two unsubscribe functions removes it',
  () => {
    const a = atom(0);
    const store = makeStore();
    a(store).get();
    const cb = jest.fn();
    const first = a(store).subscribe(cb);
    a(store).subscribe(cb);
    a(store).set(1);
    expect(cb).toHaveBeenCalledTimes(1);
    first();
    a(store).set(2);
    expect(cb).toHaveBeenCalledTimes(1);
    const twice = jest.fn();
    a(store).subscribe((v) => twice(v));
    a(store).subscribe((v) => twice(v));
    a(store).set(3);
    expect(twice).toHaveBeenCalledTimes(2);
  },
);

claim(
  'Subscribing to a selector that was never read registers the callback but computes nothing, and the callback stays silent until something reads the selector and one of its dependencies then changes',
  () => {
    const a = atom(1);
    const s = selector(({ get }) => get(a) * 10);
    const store = makeStore();
    a(store).get();
    const cb = jest.fn();
    s(store).subscribe(cb);
    a(store).set(2);
    expect(cb).not.toHaveBeenCalled();
    expect(s(store).get()).toBe(20);
    a(store).set(3);
    expect(cb).toHaveBeenCalledWith(30);
  },
);

claim('The last unsubscribe unmounts a selector in that store. From then on `refresh` no longer re-runs it right away but marks it stale for the next read', () => {
  let runs = 0;
  const s = selector(() => ++runs);
  const store = makeStore();
  s(store).get();
  const stopA = s(store).subscribe(() => undefined);
  const stopB = s(store).subscribe(() => undefined);
  stopA();
  refresh(s(store));
  expect(runs).toBe(2);
  stopB();
  refresh(s(store));
  expect(runs).toBe(2);
  expect(s(store).get()).toBe(3);
});

claim('an instance held across a store switch keeps reading the old store', () => {
  const a = atom('initial');
  const oldStore = makeStore();
  const held = a(oldStore);
  held.get();
  const newStore: Store = makeStore();
  a(newStore).get();
  a(newStore).set('new store');
  expect(held.get()).toBe('initial');
});

claim('Callbacks run synchronously inside the update, so an exception in a callback propagates to whoever called `set`', () => {
  const a = atom(0);
  const store = makeStore();
  a(store).get();
  let inside = false;
  a(store).subscribe(() => {
    inside = true;
    throw new Error('callback failed');
  });
  expect(() => a(store).set(1)).toThrow('callback failed');
  expect(inside).toBe(true);
});

claim(['console.log(adviceState.get()); // "T-shirt weather"', 'logs "advice: Take a jacket"', 'nothing is logged'], () => {
  const printed = printedBy('api/state', 'advice.ts');
  expect(printed).toEqual(['T-shirt weather', 'advice: Take a jacket']);
  expect(printed).toEqual(commentedOutput('api/state', 'advice.ts'));
});

claim(['console.log(menuOpen(store).get()); // true', '// make sure the atom is initialized before writing'], () => {
  const printed = printedBy('api/state', 'toggle.ts');
  expect(printed).toEqual(['true']);
  expect(printed).toEqual(commentedOutput('api/state', 'toggle.ts'));
  // The helper itself: it works on a store nothing has read the atom in.
  const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const { toggle } = runSample<{ toggle: (scoped: Scoped<WritableState<boolean>>, store: Store) => void }>('api/state', 'toggle.ts');
  quiet.mockRestore();
  const flag = atom(true);
  const store = makeStore();
  toggle(flag, store);
  toggle(flag, store);
  toggle(flag, store);
  expect(flag(store).get()).toBe(false);
});
