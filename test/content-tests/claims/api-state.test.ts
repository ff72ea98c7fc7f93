/** @jest-environment node */
import * as stan from '@rkrupinski/stan';
import { atom, makeStore, refresh, reset, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/state');

claim('When you call one with a store you get a state instance: the object that reads, writes and watches the value in that store', (clause) => {
  const a = atom(1);
  const store = makeStore();
  const instance = a(store);
  clause('When you call one with a store you get a state instance', () => {
    expect(typeof a).toBe('function');
    expect(Object.keys(instance).sort()).toEqual(['get', 'set', 'subscribe', 'tag']);
    expect(a(store)).toBe(instance);
  });
  const seen = jest.fn();
  clause('the object that reads', () => {
    expect(instance.get()).toBe(1);
  });
  clause('writes', () => {
    instance.set(2);
    expect(instance.get()).toBe(2);
  });
  clause('watches the value', () => {
    instance.subscribe(seen);
    instance.set(3);
    expect(seen).toHaveBeenCalledWith(3);
  });
  clause('in that store', () => {
    expect(a(makeStore()).get()).toBe(1);
  });
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

claim(['It adds `set` and a hidden reset method that `reset` calls', 'The refresh and reset methods are keyed by symbols that the package does not export'], (clause) => {
  const instance = atom(1)(makeStore());
  const readonly = selector(() => 1)(makeStore());
  const symbols = Object.getOwnPropertySymbols(instance);
  clause('It adds `set`', () => {
    expect(typeof instance.set).toBe('function');
    expect('set' in readonly).toBe(false);
  });
  clause('a hidden reset method that `reset` calls', () => {
    expect(symbols).toHaveLength(1);
    expect(Object.keys(instance)).not.toContain(String(symbols[0]));
    const hidden = jest.spyOn(instance as unknown as Record<symbol, () => void>, symbols[0] as symbol);
    reset(instance);
    expect(hidden).toHaveBeenCalledTimes(1);
  });
  clause('The refresh and reset methods are keyed by symbols that the package does not export', () => {
    const refreshKey = Object.getOwnPropertySymbols(readonly)[0];
    expect(typeof refreshKey).toBe('symbol');
    expect(refreshKey).not.toBe(symbols[0]);
    const exported = Object.values(stan);
    expect(exported.some((value) => typeof value === 'symbol')).toBe(false);
  });
});

claim(
  [
    'For an atom, the first call initializes it (and runs its effects). For a selector, the first call runs it; later calls return the cached result until a dependency changes or the selector is refreshed',
  ],
  (clause) => {
    const effect = jest.fn();
    const a = atom(1, { effects: [effect] });
    const run = jest.fn(({ get }: { get: (s: typeof a) => number }) => get(a) * 2);
    const s = selector(run);
    const store = makeStore();
    clause('For an atom, the first call initializes it (and runs its effects)', () => {
      const other = makeStore();
      expect(effect).not.toHaveBeenCalled();
      a(other).get();
      expect(effect).toHaveBeenCalledTimes(1);
      a(other).get();
      expect(effect).toHaveBeenCalledTimes(1);
    });
    clause('For a selector, the first call runs it', () => {
      expect(s(store).get()).toBe(2);
      expect(run).toHaveBeenCalledTimes(1);
    });
    clause('later calls return the cached result', () => {
      s(store).get();
      expect(run).toHaveBeenCalledTimes(1);
    });
    clause('until a dependency changes', () => {
      a(store).set(2);
      expect(s(store).get()).toBe(4);
      expect(run).toHaveBeenCalledTimes(2);
    });
    clause('or the selector is refreshed', () => {
      refresh(s(store));
      s(store).get();
      expect(run).toHaveBeenCalledTimes(3);
    });
  },
);

claim(['Accepts a new value or an updater function that receives the current value, and notifies subscribers on every call', 'before the atom\'s first read in this store, `set` does nothing'], (clause) => {
  const a = atom(1);
  const store = makeStore();
  const cb = jest.fn();
  a(store).subscribe(cb);
  clause("before the atom's first read in this store, `set` does nothing", () => {
    a(store).set(5);
    expect(cb).not.toHaveBeenCalled();
    expect(a(store).get()).toBe(1);
  });
  clause('Accepts a new value', () => {
    a(store).set(2);
    expect(a(store).get()).toBe(2);
  });
  clause('or an updater function that receives the current value', () => {
    const received: number[] = [];
    a(store).set((current) => (received.push(current), current + 1));
    expect(received).toEqual([2]);
    expect(a(store).get()).toBe(3);
  });
  clause('notifies subscribers on every call', () => {
    cb.mockClear();
    a(store).set(3);
    a(store).set(3);
    expect(cb).toHaveBeenCalledTimes(2);
  });
});

claim(
  [
    'Registers a callback that receives the new value after each update and returns a function that removes the callback',
    'For selectors, subscriptions also mark the selector as mounted in that store, which changes how `refresh` behaves',
    'Subscribing does not read the state',
  ],
  (clause) => {
    let runs = 0;
    const s = selector(() => ++runs);
    const store = makeStore();
    const cb = jest.fn();
    const stop = s(store).subscribe(cb);
    clause('Subscribing does not read the state', () => {
      expect(runs).toBe(0);
    });
    s(store).get();
    clause('Registers a callback that receives the new value after each update', () => {
      refresh(s(store));
      expect(cb).toHaveBeenCalledWith(2);
      refresh(s(store));
      expect(cb).toHaveBeenLastCalledWith(3);
    });
    clause('For selectors, subscriptions also mark the selector as mounted in that store, which changes how `refresh` behaves', () => {
      const key = [...store.mounted.keys()].find((k) => k.startsWith('selector-')) as string;
      expect(store.mounted.get(key)).toBe(true);
      // Mounted: refresh ran it at once (above).
      expect(runs).toBe(3);
    });
    clause('returns a function that removes the callback', () => {
      stop();
      refresh(s(store)); // unmounted: only marked stale
      expect(runs).toBe(3);
      s(store).get();
      expect(cb).toHaveBeenCalledTimes(2);
    });
  },
);

claim('The `tag` option given to the atom or selector (or computed by a family\'s tag function), or `undefined` if none was given', (clause) => {
  clause('The `tag` option given to the atom or selector', () => {
    expect(atom(0, { tag: 'a' })(makeStore()).tag).toBe('a');
    expect(selector(() => 0, { tag: 's' })(makeStore()).tag).toBe('s');
  });
  clause("(or computed by a family's tag function)", () => {
    expect(stan.selectorFamily((n: number) => () => n, { tag: (n) => `s${n}` })(4)(makeStore()).tag).toBe('s4');
    expect(stan.atomFamily((n: number) => n, { tag: (n) => `a${n}` })(5)(makeStore()).tag).toBe('a5');
  });
  clause('or `undefined` if none was given', () => {
    expect(atom(0)(makeStore()).tag).toBeUndefined();
    expect(selector(() => 0)(makeStore()).tag).toBeUndefined();
  });
});

claim('Calling an unsubscribe function twice is harmless; the second call does nothing', (clause) => {
  const a = atom(0);
  const store = makeStore();
  a(store).get();
  const first = jest.fn();
  const other = jest.fn();
  const stop = a(store).subscribe(first);
  a(store).subscribe(other);
  stop();
  clause('Calling an unsubscribe function twice is harmless', () => {
    expect(() => stop()).not.toThrow();
  });
  clause('the second call does nothing', () => {
    // The other subscriber is still there, and the removed one stays removed.
    a(store).set(1);
    expect(first).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledWith(1);
  });
});

claim(
  'Subscribing the same function twice registers it once, since an instance keeps its callbacks in a set: the function is called once per update, and calling either of the two unsubscribe functions removes it',
  (clause) => {
    const a = atom(0);
    const store = makeStore();
    a(store).get();
    const cb = jest.fn();
    const first = a(store).subscribe(cb);
    const second = a(store).subscribe(cb);
    clause('Subscribing the same function twice registers it once', () => {
      a(store).set(1);
      expect(cb).toHaveBeenCalledTimes(1);
    });
    clause('since an instance keeps its callbacks in a set', () => {
      // Two different functions that do the same thing are two entries.
      const twice = jest.fn();
      const stops = [a(store).subscribe((v) => twice(v)), a(store).subscribe((v) => twice(v))];
      a(store).set(2);
      expect(twice).toHaveBeenCalledTimes(2);
      stops.forEach((stop) => stop());
      cb.mockClear();
    });
    clause('the function is called once per update', () => {
      a(store).set(3);
      a(store).set(4);
      expect(cb).toHaveBeenCalledTimes(2);
    });
    clause('calling either of the two unsubscribe functions removes it', () => {
      first();
      a(store).set(5);
      expect(cb).toHaveBeenCalledTimes(2);
      // And the other way round: the second one alone removes it too.
      const again = jest.fn();
      a(store).subscribe(again);
      const later = a(store).subscribe(again);
      later();
      a(store).set(6);
      expect(again).not.toHaveBeenCalled();
      second();
    });
  },
);

claim(
  'Subscribing to a selector that was never read registers the callback but computes nothing, and the callback stays silent until something reads the selector and one of its dependencies then changes',
  (clause) => {
    const a = atom(1);
    let runs = 0;
    const s = selector(({ get }) => (runs += 1, get(a) * 10));
    const store = makeStore();
    a(store).get();
    const cb = jest.fn();
    s(store).subscribe(cb);
    clause('Subscribing to a selector that was never read registers the callback but computes nothing', () => {
      expect(runs).toBe(0);
    });
    clause('the callback stays silent', () => {
      a(store).set(2);
      expect(cb).not.toHaveBeenCalled();
      expect(runs).toBe(0);
    });
    clause('until something reads the selector and one of its dependencies then changes', () => {
      expect(s(store).get()).toBe(20);
      expect(cb).not.toHaveBeenCalled();
      a(store).set(3);
      expect(cb).toHaveBeenCalledWith(30);
    });
  },
);

claim('The last unsubscribe unmounts a selector in that store. From then on `refresh` no longer re-runs it right away but marks it stale for the next read', (clause) => {
  let runs = 0;
  const s = selector(() => ++runs, { tag: 'mount' });
  const store = makeStore();
  const other = makeStore();
  s(store).get();
  s(other).get();
  const stopOther = s(other).subscribe(() => undefined);
  const stopA = s(store).subscribe(() => undefined);
  const stopB = s(store).subscribe(() => undefined);
  const mounted = (where: typeof store) => where.mounted.get([...where.mounted.keys()].find((k) => k.startsWith('selector-mount')) ?? '');
  stopA();
  refresh(s(store));
  expect(runs).toBe(3);
  clause('The last unsubscribe unmounts a selector in that store', () => {
    expect(mounted(store)).toBe(true);
    stopB();
    expect(mounted(store)).toBe(false);
    expect(mounted(other)).toBe(true);
  });
  clause('From then on `refresh` no longer re-runs it right away', () => {
    refresh(s(store));
    expect(runs).toBe(3);
  });
  clause('but marks it stale for the next read', () => {
    expect(s(store).get()).toBe(4);
    expect(s(store).get()).toBe(4);
  });
  stopOther();
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

claim('Callbacks run synchronously inside the update, so an exception in a callback propagates to whoever called `set`', (clause) => {
  const a = atom(0);
  const store = makeStore();
  a(store).get();
  clause('Callbacks run synchronously inside the update', () => {
    const order: string[] = [];
    const stop = a(store).subscribe(() => order.push('callback'));
    order.push('before set');
    a(store).set(1);
    order.push('after set');
    expect(order).toEqual(['before set', 'callback', 'after set']);
    stop();
  });
  clause('so an exception in a callback propagates to whoever called `set`', () => {
    let inside = false;
    a(store).subscribe(() => {
      inside = true;
      throw new Error('callback failed');
    });
    expect(() => a(store).set(2)).toThrow('callback failed');
    expect(inside).toBe(true);
  });
});

claim(['console.log(adviceState.get()); // "T-shirt weather"', 'logs "advice: Take a jacket"', 'nothing is logged'], (clause) => {
  const printed = printedBy('api/state', 'advice.ts');
  clause('console.log(adviceState.get()); // "T-shirt weather"', () => {
    expect(printed[0]).toBe('T-shirt weather');
    expect(commentedOutput('api/state', 'advice.ts')).toContain('T-shirt weather');
  });
  clause('logs "advice: Take a jacket"', () => {
    expect(printed[1]).toBe('advice: Take a jacket');
  });
  clause('nothing is logged', () => {
    // After `stop()`, the write that changes the advice back prints nothing: two lines in all.
    expect(printed).toHaveLength(2);
    expect(printed).toEqual(commentedOutput('api/state', 'advice.ts'));
  });
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
