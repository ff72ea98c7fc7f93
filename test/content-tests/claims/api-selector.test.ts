/** @jest-environment node */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Aborted, atom, makeStore, refresh, selector, type ReadonlyState, type Scoped, type Store } from '@rkrupinski/stan';
import { StanProvider, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { boundedSelector, Loop, recordingSelector, refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/selector');

/** Whether each selector of a store is evaluated (false once it is marked stale), in the order they were first read. */
const selectorsEvaluated = (store: Store) => [...store.initialized.entries()].filter(([key]) => key.startsWith('selector')).map(([, value]) => value);
/** A comparator that records every pair it is given, and compares with `===`. */
function recordingComparator() {
  const calls: unknown[][] = [];
  const areValuesEqual = <V>(a: V, b: V) => {
    calls.push([a, b]);
    return a === b;
  };
  return { calls, areValuesEqual };
}

claim(
  [
    'It reads atoms and other selectors through `get`, Stan remembers what it read, and the selector runs again when one of those values changes',
    'A selector can return anything, including a promise',
  ],
  async (clause) => {
    const a = atom(1);
    const unrelated = atom(0);
    const runs = jest.fn();
    const double = selector(({ get }) => (runs(), get(a) * 2));
    const later = selector(async ({ get }) => get(double) + 1);
    const store = makeStore();
    unrelated(store).get();
    await clause('It reads atoms and other selectors through `get`', async () => {
      expect(double(store).get()).toBe(2);
      await expect(later(store).get()).resolves.toBe(3);
    });
    clause('Stan remembers what it read', () => {
      // No new read is needed for a change of `a` to reach it, and a state it never read does not.
      unrelated(store).set(1);
      expect(runs).toHaveBeenCalledTimes(1);
      a(store).set(5);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    await clause('the selector runs again when one of those values changes', async () => {
      expect(double(store).get()).toBe(10);
      await expect(later(store).get()).resolves.toBe(11);
    });
    clause('A selector can return anything, including a promise', () => {
      const values: unknown[] = [undefined, null, 0, 'text', { an: 'object' }, [1, 2], () => 'a function', Symbol('s'), Promise.resolve('a promise')];
      for (const value of values) expect(selector(() => value)(store).get()).toBe(value);
    });
  },
);

claim('`get`: reads another scoped state (atom or selector) in the same store and records it as a dependency', () => {
  const a = atom('a');
  const s = selector(({ get }) => get(a));
  const left = makeStore();
  const right = makeStore();
  a(right).get();
  a(right).set('right only');
  expect(s(left).get()).toBe('a');
  a(left).set('changed');
  expect(s(left).get()).toBe('changed');
});

claim(
  '`signal`: an `AbortSignal` for this run. It is aborted, with an `Aborted` error as its `reason`, when a newer run of the same selector starts in the same store',
  (clause) => {
    const { selector: s, signals, trigger } = recordingSelector();
    const neighbour = recordingSelector();
    const store = makeStore();
    const other = makeStore();
    s(store).get();
    s(other).get();
    neighbour.selector(store).get();
    clause('`signal`: an `AbortSignal` for this run', () => {
      expect(signals).toHaveLength(2);
      expect(signals[0]).toBeInstanceOf(AbortSignal);
      expect(signals[1]).not.toBe(signals[0]);
      expect(signals[0]?.aborted).toBe(false);
    });
    trigger(store).set(1);
    clause('It is aborted, with an `Aborted` error as its `reason`', () => {
      expect(signals).toHaveLength(3);
      expect(signals[0]?.aborted).toBe(true);
      expect(signals[0]?.reason).toBeInstanceOf(Aborted);
    });
    clause('when a newer run of the same selector starts in the same store', () => {
      expect(signals[1]?.aborted).toBe(false); // the other store's run
      expect(signals[2]?.aborted).toBe(false); // the newer run itself
      expect(neighbour.signals[0]?.aborted).toBe(false); // another selector in the same store
    });
  },
);

claim('`options.tag` (optional): a debugging label, exposed as the `tag` property of the state instance', () => {
  expect(selector(() => 1, { tag: 'label' })(makeStore()).tag).toBe('label');
});

claim(
  [
    'When a dependency notifies, the selector compares the value it last read with the new one and only re-runs if they are not equal',
    'The default is strict equality (`===`)',
  ],
  (clause) => {
    const cursor = atom({ x: 0 });
    const store = makeStore();
    clause('When a dependency notifies, the selector compares the value it last read with the new one', () => {
      const { calls, areValuesEqual } = recordingComparator();
      const s = selector(({ get }) => get(cursor).x, { areValuesEqual });
      const before = cursor(store).get();
      s(store).get();
      const next = { x: 1 };
      cursor(store).set(next);
      expect(calls[0]?.[0]).toBe(before);
      expect(calls[0]?.[1]).toBe(next);
    });
    clause('only re-runs if they are not equal', () => {
      const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
      const runs = jest.fn();
      const custom = selector(({ get }) => (runs(), get(cursor).x), { areValuesEqual: sameJson });
      custom(store).get();
      cursor(store).set({ x: 1 }); // equal to the value it read
      expect(runs).toHaveBeenCalledTimes(1);
      cursor(store).set({ x: 2 });
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('The default is strict equality (`===`)', () => {
      const runs = jest.fn();
      const byDefault = selector(({ get }) => (runs(), get(cursor).x));
      byDefault(store).get();
      cursor(store).set({ x: 2 }); // equal in structure, another object: re-runs
      expect(runs).toHaveBeenCalledTimes(2);
      cursor(store).set(cursor(store).get()); // the same object: does not
      expect(runs).toHaveBeenCalledTimes(2);
    });
  },
);

claim('The instance offers `get`, `subscribe` and `tag`; it has no `set`', async (clause) => {
  const instance = selector(() => 1, { tag: 't' })(makeStore()) as unknown as Record<string, unknown>;
  clause('The instance offers `get`, `subscribe` and `tag`', () => {
    expect(Object.keys(instance).sort()).toEqual(['get', 'subscribe', 'tag']);
    expect(typeof instance.get).toBe('function');
    expect(typeof instance.subscribe).toBe('function');
    expect(instance.tag).toBe('t');
  });
  await clause('it has no `set`', async () => {
    expect('set' in instance).toBe(false);
    const errors = await compileErrors("import { makeStore, selector } from '@rkrupinski/stan';\nselector(() => 1)(makeStore()).set(2);");
    expect(errors.map((e) => e.code)).toEqual([2339]);
  });
});

claim(
  [
    'Nothing runs until `get()` is called in a store (directly, through another selector\'s `get`, or by a hook while rendering). The result is cached in that store',
  ],
  (clause) => {
    const run = jest.fn(() => ({}));
    const s = selector(run);
    const outer = selector(({ get }) => get(s));
    clause('Nothing runs until `get()` is called in a store', () => {
      const store = makeStore();
      s(store).subscribe(() => undefined);
      outer(store).subscribe(() => undefined);
      expect(run).not.toHaveBeenCalled();
      expect(store.value.size).toBe(0);
    });
    const direct = makeStore();
    clause('directly', () => {
      s(direct).get();
      expect(run).toHaveBeenCalledTimes(1);
    });
    clause("through another selector's `get`", () => {
      outer(makeStore()).get();
      expect(run).toHaveBeenCalledTimes(2);
    });
    clause('by a hook while rendering', () => {
      function Show() {
        useStanValue(s);
        return null;
      }
      renderToString(createElement(StanProvider, { store: makeStore(), children: createElement(Show) }));
      expect(run).toHaveBeenCalledTimes(3);
    });
    clause('The result is cached in that store', () => {
      const first = s(direct).get();
      expect(s(direct).get()).toBe(first);
      expect(run).toHaveBeenCalledTimes(3);
      expect([...direct.value.values()]).toEqual([first]);
    });
  },
);

claim(
  [
    'Each run records the states it read; the next run starts with an empty list, so conditional reads are handled correctly',
    'Once a selector has run in a store, it re-runs as soon as a dependency changes, whether or not anything is subscribed to it',
  ],
  (clause) => {
    const useB = atom(true);
    const b = atom('b');
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      return get(useB) ? get(b) : 'none';
    });
    const store = makeStore();
    s(store).get();
    clause('Each run records the states it read', () => {
      b(store).set('b2');
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('the next run starts with an empty list', () => {
      useB(store).set(false);
      expect(runs).toHaveBeenCalledTimes(3);
      b(store).set('b3'); // the latest run did not read it
      expect(runs).toHaveBeenCalledTimes(3);
    });
    clause('so conditional reads are handled correctly', () => {
      expect(s(store).get()).toBe('none');
      useB(store).set(true);
      expect(s(store).get()).toBe('b3');
      b(store).set('b4'); // read again, followed again
      expect(s(store).get()).toBe('b4');
    });
    clause('Once a selector has run in a store, it re-runs as soon as a dependency changes', () => {
      const before = runs.mock.calls.length;
      b(store).set('b5');
      expect(runs).toHaveBeenCalledTimes(before + 1); // during the set, before any read
      const other = makeStore();
      b(other).get();
      b(other).set('elsewhere'); // a store where it has not run
      expect(runs).toHaveBeenCalledTimes(before + 1);
    });
    clause('whether or not anything is subscribed to it', () => {
      // The runs above had no subscriber; with one, the same.
      const before = runs.mock.calls.length;
      const seen = jest.fn();
      s(store).subscribe(seen);
      b(store).set('b6');
      expect(runs).toHaveBeenCalledTimes(before + 1);
      expect(seen).toHaveBeenCalledWith('b6');
    });
  },
);

claim(
  'If the selector has subscribers in that store, `refresh` runs it immediately and notifies them. Otherwise it marks the cached value as stale, and the next `get()` runs the selector again',
  (clause) => {
    let n = 0;
    const s = selector(() => ++n);
    const store = makeStore();
    const other = makeStore();
    s(store).get();
    s(other).get();
    s(other).subscribe(() => undefined); // subscribers in another store do not count
    clause('Otherwise it marks the cached value as stale', () => {
      refresh(s(store));
      expect(n).toBe(2);
      expect(selectorsEvaluated(store)).toEqual([false]);
    });
    clause('the next `get()` runs the selector again', () => {
      expect(s(store).get()).toBe(3);
      expect(selectorsEvaluated(store)).toEqual([true]);
    });
    clause('If the selector has subscribers in that store, `refresh` runs it immediately and notifies them', () => {
      const cb = jest.fn();
      s(store).subscribe(cb);
      refresh(s(store));
      expect(n).toBe(4);
      expect(cb).toHaveBeenCalledWith(4);
    });
  },
);

claim(
  [
    'After a re-run caused by a dependency or by `refresh`, subscribers are notified with the new value even if it equals the previous one',
    'Subscribing does not evaluate a selector',
  ],
  (clause) => {
    const a = atom(1);
    const run = jest.fn();
    const isPositive = selector(({ get }) => {
      run();
      return get(a) > 0;
    });
    const store = makeStore();
    const cb = jest.fn();
    isPositive(store).subscribe(cb);
    clause('Subscribing does not evaluate a selector', () => {
      expect(run).not.toHaveBeenCalled();
      expect(store.value.size).toBe(0);
    });
    isPositive(store).get();
    clause('After a re-run caused by a dependency', () => {
      a(store).set(2);
      expect(run).toHaveBeenCalledTimes(2);
      expect(cb.mock.calls).toEqual([[true]]);
    });
    clause('by `refresh`', () => {
      refresh(isPositive(store));
      expect(run).toHaveBeenCalledTimes(3);
      expect(cb).toHaveBeenCalledTimes(2);
    });
    clause('subscribers are notified with the new value even if it equals the previous one', () => {
      expect(cb.mock.calls).toEqual([[true], [true]]);
    });
  },
);

claim(
  [
    'Setting `discount` runs only `total` again. Setting `cart` runs `subtotal` again, and `total` follows only if the subtotal it reads has changed',
    'Both happen in the store where the write happened, as soon as the write happens, whether or not a component is subscribed',
  ],
  (clause) => {
    const cart = atom([{ price: 4, quantity: 2 }]);
    const discount = atom(0.1);
    const runs: string[] = [];
    const subtotal = selector(({ get }) => {
      runs.push('subtotal');
      return get(cart).reduce((sum, item) => sum + item.price * item.quantity, 0);
    });
    const total = selector(({ get }) => {
      runs.push('total');
      return get(subtotal) * (1 - get(discount));
    });
    const store = makeStore();
    const other = makeStore();
    total(store).get();
    total(other).get();
    runs.length = 0;
    clause('Setting `discount` runs only `total` again', () => {
      discount(store).set(0.2);
      expect(runs).toEqual(['total']);
    });
    clause('Setting `cart` runs `subtotal` again', () => {
      runs.length = 0;
      cart(store).set([{ price: 2, quantity: 4 }]); // same subtotal: 8
      expect(runs).toEqual(['subtotal']);
    });
    clause('`total` follows only if the subtotal it reads has changed', () => {
      runs.length = 0;
      cart(store).set([{ price: 5, quantity: 2 }]);
      expect(runs).toEqual(['subtotal', 'total']);
    });
    clause('Both happen in the store where the write happened', () => {
      // The other store still has its first results, and reading them runs nothing.
      runs.length = 0;
      expect(total(other).get()).toBeCloseTo(7.2, 10);
      expect(runs).toEqual([]);
    });
    clause('as soon as the write happens', () => {
      runs.length = 0;
      discount(store).set(0.5);
      expect(runs).toEqual(['total']); // before anything reads total
    });
    clause('whether or not a component is subscribed', () => {
      // Nothing was subscribed above; with a subscriber, the same runs.
      const seen = jest.fn();
      total(store).subscribe(seen);
      runs.length = 0;
      discount(store).set(0);
      expect(runs).toEqual(['total']);
      expect(seen).toHaveBeenCalledWith(10);
    });
  },
);

/** The diamond of the page's sample, with every run logged by name; `celsius` also has a plain subscriber. */
function loggedDiamond() {
  const log: string[] = [];
  const celsius = atom(20);
  const fahrenheit = selector(({ get }) => (log.push('fahrenheit'), (get(celsius) * 9) / 5 + 32));
  const kelvin = selector(({ get }) => (log.push('kelvin'), get(celsius) + 273.15));
  const report = selector(({ get }) => (log.push('report'), `${get(fahrenheit)} °F, ${get(kelvin)} K`));
  const store = makeStore();
  report(store).get();
  celsius(store).subscribe(() => log.push('subscriber of celsius'));
  const seen: string[] = [];
  report(store).subscribe((text) => seen.push(text));
  log.length = 0;
  return { log, celsius, store, seen };
}

claim(
  [
    "A change travels one arrow at a time, depth first. From an atom it goes to the atom's subscribers in the order of its subscriber list at that moment",
    'the selector at the bottom of a diamond runs once per path, and the first of those runs sees one side already updated and the other not yet',
    'In this example both sides re-run on every write and so keep their relative order, fahrenheit first',
    'logs "86 °F, 293.15 K": fahrenheit has updated, kelvin not yet',
    'Subscribers receive the mixed intermediate result, and `report` runs twice for a single write',
  ],
  (clause) => {
    // The page's sample as printed: its first read, then the two notifications of one write.
    const printed = printedBy('api/selector', 'diamond.ts');
    const { log, celsius, store, seen } = loggedDiamond();
    celsius(store).set(30);
    clause('A change travels one arrow at a time, depth first', () => {
      // report runs after fahrenheit, before kelvin has run: each branch is followed to its end first.
      expect(log).toEqual(['fahrenheit', 'report', 'kelvin', 'report', 'subscriber of celsius']);
    });
    clause("From an atom it goes to the atom's subscribers in the order of its subscriber list at that moment", () => {
      // fahrenheit and kelvin subscribed on report's first run, in that order, and the plain callback after them.
      expect(log.filter((entry) => entry !== 'report')).toEqual(['fahrenheit', 'kelvin', 'subscriber of celsius']);
    });
    clause('the selector at the bottom of a diamond runs once per path', () => {
      expect(log.filter((entry) => entry === 'report')).toHaveLength(2);
    });
    clause('the first of those runs sees one side already updated and the other not yet', () => {
      expect(seen[0]).toBe(`${(30 * 9) / 5 + 32} °F, ${20 + 273.15} K`);
      expect(seen[1]).toBe(`${(30 * 9) / 5 + 32} °F, ${30 + 273.15} K`);
    });
    clause('In this example both sides re-run on every write', () => {
      for (const value of [40, 50]) {
        log.length = 0;
        celsius(store).set(value);
        expect(log.filter((entry) => entry === 'fahrenheit' || entry === 'kelvin')).toEqual(['fahrenheit', 'kelvin']);
      }
    });
    clause('so keep their relative order, fahrenheit first', () => {
      expect(seen.slice(2)).toEqual(['104 °F, 303.15 K', '104 °F, 313.15 K', '122 °F, 313.15 K', '122 °F, 323.15 K']);
    });
    clause('logs "86 °F, 293.15 K"', () => {
      expect(printed[1]).toBe('86 °F, 293.15 K');
      expect(printed).toEqual(commentedOutput('api/selector', 'diamond.ts'));
    });
    clause('fahrenheit has updated, kelvin not yet', () => {
      // 86 °F is 30 °C; 293.15 K is still 20 °C.
      expect(printed[1]).toBe(`${(30 * 9) / 5 + 32} °F, ${20 + 273.15} K`);
    });
    clause('Subscribers receive the mixed intermediate result', () => {
      expect(printed).toEqual(['68 °F, 293.15 K', '86 °F, 293.15 K', '86 °F, 303.15 K']);
    });
    clause('`report` runs twice for a single write', () => {
      log.length = 0;
      celsius(store).set(60);
      expect(log.filter((entry) => entry === 'report')).toHaveLength(2);
    });
  },
);

claim(
  'a selector moves to the end of that list each time it runs (see atom), so that order can differ from one write to the next',
  (clause) => {
    const celsius = atom(20);
    const order: string[] = [];
    const fahrenheit = selector(({ get }) => {
      order.push('fahrenheit');
      return (get(celsius) * 9) / 5 + 32;
    });
    // Re-runs only when the temperature leaves its band of ten degrees.
    const band = selector(
      ({ get }) => {
        order.push('band');
        return Math.floor(get(celsius) / 10);
      },
      { areValuesEqual: (a, b) => Math.floor(Number(a) / 10) === Math.floor(Number(b) / 10) },
    );
    const store = makeStore();
    fahrenheit(store).get();
    band(store).get();
    celsius(store).subscribe(() => order.push('callback')); // a plain callback never runs, so never moves
    const writes: string[][] = [];
    for (const value of [30, 31, 45]) {
      order.length = 0;
      celsius(store).set(value);
      writes.push([...order]);
    }
    clause('a selector moves to the end of that list each time it runs (see atom)', () => {
      // Subscribed in the order fahrenheit, band, callback; after both ran, the callback comes first,
      // and after fahrenheit alone ran, it comes after band.
      expect(writes[0]).toEqual(['fahrenheit', 'band', 'callback']);
      expect(writes[1]).toEqual(['callback', 'fahrenheit']);
      expect(writes[2]).toEqual(['callback', 'band', 'fahrenheit']);
    });
    clause('so that order can differ from one write to the next', () => {
      const selectorsOnly = writes.map((w) => w.filter((entry) => entry !== 'callback'));
      expect(selectorsOnly[0]).toEqual(['fahrenheit', 'band']);
      expect(selectorsOnly[2]).toEqual(['band', 'fahrenheit']);
    });
  },
);

claim(
  [
    'Each run gets a fresh `AbortSignal`. Starting a new run, because a dependency changed or a mounted selector was refreshed, aborts the previous run\'s signal with an instance of `Aborted`',
    'Aborting does not reject the previous promise for you',
    'A refresh of a selector without subscribers aborts nothing',
    'Otherwise it marks the cached value as stale, and the next `get()` runs the selector again',
  ],
  async (clause) => {
    const a = atom(1);
    const signals: AbortSignal[] = [];
    const pending: Promise<number>[] = [];
    const s = selector(({ get, signal }) => {
      signals.push(signal);
      const value = get(a);
      const promise = new Promise<number>((resolve) => setTimeout(() => resolve(value), 0));
      pending.push(promise);
      return promise;
    });
    const store = makeStore();
    s(store).get();
    refresh(s(store)); // no subscribers
    const abortedAtRefresh = signals[0]?.aborted;
    clause('Otherwise it marks the cached value as stale', () => {
      expect(signals).toHaveLength(1);
      expect(selectorsEvaluated(store)).toEqual([false]);
    });
    clause('the next `get()` runs the selector again', () => {
      s(store).get();
      expect(signals).toHaveLength(2);
    });
    clause('Each run gets a fresh `AbortSignal`', () => {
      expect(signals[1]).toBeInstanceOf(AbortSignal);
      expect(signals[1]).not.toBe(signals[0]);
      expect(signals[1]?.aborted).toBe(false);
    });
    clause('Starting a new run, because a dependency changed', () => {
      a(store).set(2);
      expect(signals).toHaveLength(3);
      expect(signals[1]?.aborted).toBe(true);
    });
    clause('a mounted selector was refreshed', () => {
      const stop = s(store).subscribe(() => undefined);
      refresh(s(store));
      expect(signals).toHaveLength(4);
      expect(signals[2]?.aborted).toBe(true);
      stop();
    });
    clause("aborts the previous run's signal with an instance of `Aborted`", () => {
      expect(signals[1]?.reason).toBeInstanceOf(Aborted);
      expect(signals[2]?.reason).toBeInstanceOf(Aborted);
      expect(signals[3]?.aborted).toBe(false);
    });
    await clause('Aborting does not reject the previous promise for you', async () => {
      // The aborted runs' promises still resolve: nothing rejected them.
      await expect(pending[1]).resolves.toBe(1);
      await expect(pending[2]).resolves.toBe(2);
    });
    await clause('A refresh of a selector without subscribers aborts nothing', async () => {
      expect(abortedAtRefresh).toBe(false);
      // The run in flight at the unmounted refresh was never aborted, through every later run.
      expect(signals.map((signal) => signal.aborted)).toEqual([false, true, true, false]);
      const run = await refreshWhileInFlight();
      expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
      expect(run.signals.map((signal) => signal.aborted)).toEqual([false, true, true, false]);
      expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
      expect(run.current).toBe('results for second');
    });
  },
);

claim(
  [
    'If `selectorFn` throws while `get()` runs it, `get()` throws the same error and nothing is cached, so the next `get()` tries again',
    'A throw during a re-run caused by a dependency change goes to the `set` call that made the change instead, and the selector keeps its previous result',
  ],
  (clause) => {
    let fail = true;
    const error = new Error('nope');
    const run = jest.fn(() => {
      if (fail) throw error;
      return 'ok';
    });
    const s = selector(run);
    const store = makeStore();
    clause('If `selectorFn` throws while `get()` runs it, `get()` throws the same error', () => {
      let thrown: unknown;
      try {
        s(store).get();
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBe(error);
    });
    clause('nothing is cached', () => {
      expect(store.value.size).toBe(0);
    });
    clause('so the next `get()` tries again', () => {
      fail = false;
      expect(s(store).get()).toBe('ok');
      expect(run).toHaveBeenCalledTimes(2);
    });

    const d = atom(1);
    const ratioRuns = jest.fn();
    const ratio = selector(({ get }) => {
      ratioRuns();
      const v = get(d);
      if (v === 0) throw new Error('zero');
      return 100 / v;
    });
    expect(ratio(store).get()).toBe(100);
    clause('A throw during a re-run caused by a dependency change goes to the `set` call that made the change instead', () => {
      expect(() => d(store).set(0)).toThrow('zero');
      expect(ratioRuns).toHaveBeenCalledTimes(2);
    });
    clause('the selector keeps its previous result', () => {
      expect(ratio(store).get()).toBe(100);
      expect(ratioRuns).toHaveBeenCalledTimes(2); // returned without running
    });
  },
);

claim('If `selectorFn` returns a promise that rejects, the rejected promise stays in the store until the next read, which starts a new run', async () => {
  let calls = 0;
  const s = selector(() => {
    calls += 1;
    return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve('up');
  });
  const store = makeStore();
  const first = s(store).get();
  await expect(first).rejects.toThrow('down');
  await flush();
  expect(calls).toBe(1);
  const second = s(store).get();
  expect(second).not.toBe(first);
  await expect(second).resolves.toBe('up');
  expect(s(store).get()).toBe(second);
});

claim('`get(someAtom)` inside a selector initializes the atom in that store, so later writes to it take effect even if no component reads it directly', (clause) => {
  const init = jest.fn();
  const a = atom(1, { effects: [init] });
  const s = selector(({ get }) => get(a));
  const store = makeStore();
  const other = makeStore();
  clause('`get(someAtom)` inside a selector initializes the atom in that store', () => {
    s(store).get();
    expect(init).toHaveBeenCalledTimes(1); // the atom's effects run on its initialization
    expect([...store.initialized.entries()].filter(([key]) => key.startsWith('atom'))).toEqual([[expect.any(String), true]]);
    expect(other.initialized.size).toBe(0);
  });
  clause('later writes to it take effect even if no component reads it directly', () => {
    a(store).set(2);
    expect(s(store).get()).toBe(2);
    expect(a(store).get()).toBe(2);
    // Where nothing read it, the same write is dropped.
    a(other).set(2);
    expect(a(other).get()).toBe(1);
  });
});

claim(
  [
    'Dependencies are collected whenever `get` is called, including after an `await`',
    'A superseded run that keeps going can therefore still add dependencies to the selector',
  ],
  async (clause) => {
    await clause('Dependencies are collected whenever `get` is called', async () => {
      const early = atom(0);
      const runs = jest.fn();
      const s = selector(async ({ get }) => (runs(), get(early)));
      const store = makeStore();
      await s(store).get();
      early(store).set(1);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    await clause('including after an `await`', async () => {
      const after = atom('a');
      const runs = jest.fn();
      const s = selector(async ({ get }) => {
        runs();
        await null;
        return get(after);
      });
      const store = makeStore();
      after(store).get();
      await s(store).get();
      after(store).set('b');
      expect(runs).toHaveBeenCalledTimes(2);
    });
    await clause('A superseded run that keeps going can therefore still add dependencies to the selector', async () => {
      const trigger = atom(0);
      const late = atom('late');
      const runs = jest.fn();
      const s = selector(async ({ get }) => {
        runs();
        const n = get(trigger);
        await null;
        return n === 0 ? get(late) : 'second run';
      });
      const store = makeStore();
      late(store).get();
      const first = s(store).get();
      trigger(store).set(1); // a second run supersedes the first before it reads `late`
      await first;
      await flush();
      expect(runs).toHaveBeenCalledTimes(2);
      late(store).set('changed'); // recorded by the superseded run: runs the selector again
      expect(runs).toHaveBeenCalledTimes(3);
    });
  },
);

claim(
  'Refreshing a selector that has subscribers runs it synchronously; if the run throws, the error propagates out of `refresh` and the selector keeps its previous value',
  (clause) => {
    let fail = false;
    const run = jest.fn(() => {
      if (fail) throw new Error('refresh failed');
      return 1;
    });
    const s = selector(run);
    const store = makeStore();
    s(store).get();
    s(store).subscribe(() => undefined);
    clause('Refreshing a selector that has subscribers runs it synchronously', () => {
      refresh(s(store));
      expect(run).toHaveBeenCalledTimes(2); // already, when refresh returns
    });
    clause('if the run throws, the error propagates out of `refresh`', () => {
      fail = true;
      expect(() => refresh(s(store))).toThrow('refresh failed');
      expect(run).toHaveBeenCalledTimes(3);
    });
    clause('the selector keeps its previous value', () => {
      expect(s(store).get()).toBe(1);
      expect(run).toHaveBeenCalledTimes(3);
    });
  },
);

claim('A promise that never settles stays cached. The selector does not run again until a dependency changes or it is refreshed', async (clause) => {
  const a = atom(0);
  const run = jest.fn(({ get }: { get: (state: typeof a) => number }) => {
    get(a);
    return new Promise<never>(() => undefined);
  });
  const s = selector(run);
  const store = makeStore();
  const first = s(store).get();
  await clause('A promise that never settles stays cached', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s(store).get()).toBe(first);
  });
  clause('The selector does not run again until a dependency changes', () => {
    expect(run).toHaveBeenCalledTimes(1);
    a(store).set(1);
    expect(run).toHaveBeenCalledTimes(2);
  });
  clause('it is refreshed', () => {
    refresh(s(store));
    s(store).get();
    expect(run).toHaveBeenCalledTimes(3);
  });
});

claim(['A selector that reads itself, directly or through other selectors, recurses until the stack overflows', 'Dependencies must form a graph without cycles'], (clause) => {
  let loopRuns = 0;
  const loop: Scoped<ReadonlyState<number>> = selector(({ get }) => {
    loopRuns += 1;
    return get(loop) + 1;
  });
  const store = makeStore();
  // Matched by message: the RangeError comes from another realm than Jest's sandbox globals.
  clause('A selector that reads itself, directly', () => {
    expect(() => loop(store).get()).toThrow(/Maximum call stack size exceeded/);
  });
  clause('through other selectors', () => {
    const ping: Scoped<ReadonlyState<number>> = selector(({ get }) => get(pong));
    const pong: Scoped<ReadonlyState<number>> = selector(({ get }) => get(ping));
    expect(() => ping(makeStore()).get()).toThrow(/Maximum call stack size exceeded/);
  });
  clause('recurses until the stack overflows', () => {
    // Not an error on the second read: the selector ran again and again, each run inside the last.
    expect(loopRuns).toBeGreaterThan(100);
  });
  clause('Dependencies must form a graph without cycles', () => {
    // Nothing detects the cycle or keeps a result: every read overflows again.
    const before = loopRuns;
    expect(() => loop(store).get()).toThrow(/Maximum call stack size exceeded/);
    expect(loopRuns).toBeGreaterThan(before + 100);
  });
});

claim(
  [
    '`areValuesEqual` compares the values a selector reads, not the value it returns',
    'To stop a derived object from notifying subscribers, compare it in the next selector down',
  ],
  (clause) => {
    const n = atom(1);
    const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
    const calls: unknown[][] = [];
    const point = selector(({ get }) => ({ x: Math.sign(get(n)) }), {
      areValuesEqual: <V>(a: V, b: V) => (calls.push([a, b]), sameJson(a, b)),
    });
    const pointSeen = jest.fn();
    const downstream = jest.fn();
    const label = selector(
      ({ get }) => {
        downstream();
        return `x=${get(point).x}`;
      },
      { areValuesEqual: sameJson },
    );
    const store = makeStore();
    label(store).get();
    point(store).subscribe(pointSeen);
    const labelSeen = jest.fn();
    label(store).subscribe(labelSeen);
    n(store).set(5); // point re-runs: a new but equal object
    clause('`areValuesEqual` compares the values a selector reads', () => {
      expect(calls[0]).toEqual([1, 5]);
    });
    clause('not the value it returns', () => {
      expect(calls.flat().every((value) => typeof value === 'number')).toBe(true);
      expect(pointSeen).toHaveBeenCalledWith({ x: 1 });
    });
    clause('To stop a derived object from notifying subscribers, compare it in the next selector down', () => {
      expect(downstream).toHaveBeenCalledTimes(1);
      expect(labelSeen).not.toHaveBeenCalled();
    });
  },
);

claim(['console.log(total(store).get()); // 12.6', 'console.log(total(store).get()); // 7'], () => {
  const printed = printedBy('api/selector', 'cart.ts');
  expect(printed).toEqual(['12.6', '7']);
  expect(printed).toEqual(commentedOutput('api/selector', 'cart.ts'));
});

claim('Every change to `query` starts a new request and aborts the previous one, so a slow response for an old query cannot overwrite the result for the current one', async (clause) => {
  const query = atom('');
  const requests: { q: string; signal: AbortSignal }[] = [];
  const searchResults = selector(async ({ get, signal }) => {
    const q = get(query);
    if (q === '') return [];
    requests.push({ q, signal });
    // The older query is the slower one to answer.
    await new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      setTimeout(resolve, q === 'st' ? 30 : 5);
    });
    return [q];
  });
  const store = makeStore();
  searchResults(store).get();
  query(store).set('st');
  const slow = searchResults(store).get();
  query(store).set('stan');
  clause('Every change to `query` starts a new request', () => {
    expect(requests.map((r) => r.q)).toEqual(['st', 'stan']);
  });
  await clause('aborts the previous one', async () => {
    expect(requests.map((r) => r.signal.aborted)).toEqual([true, false]);
    await expect(slow).rejects.toBeInstanceOf(Aborted);
  });
  await clause('a slow response for an old query cannot overwrite the result for the current one', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50)); // past the time the old answer would have come
    await expect(searchResults(store).get()).resolves.toEqual(['stan']);
  });
});

// Composing async selectors: the sample's selectors with a fake network, each run's signal recorded by selector.
function composition() {
  type User = { id: number; name: string; teamId: number };
  const requests: { url: string; signal: AbortSignal }[] = [];
  const signals: Record<'user' | 'settings' | 'team' | 'header', AbortSignal[]> = { user: [], settings: [], team: [], header: [] };
  let failUsers = false;
  const respond = <T>(url: string, signal: AbortSignal, body: () => T) =>
    new Promise<T>((resolve, reject) => {
      requests.push({ url, signal });
      setTimeout(() => (failUsers && url.startsWith('/api/users') ? reject(new Error('User request failed (500)')) : resolve(body())), 1);
    });
  const userId = atom(1);
  const user = selector(({ get, signal }) => {
    signals.user.push(signal);
    const id = get(userId);
    return respond(`/api/users/${id}`, signal, (): User => ({ id, name: `user ${id}`, teamId: id * 10 }));
  });
  const settings = selector(({ signal }) => {
    signals.settings.push(signal);
    return respond('/api/settings', signal, () => ({ theme: 'dark' as const }));
  });
  const team = selector(async ({ get, signal }) => {
    signals.team.push(signal);
    const { teamId } = await get(user);
    return respond(`/api/teams/${teamId}`, signal, () => ({ id: teamId, name: `team ${teamId}` }));
  });
  const header = selector(async ({ get, signal }) => {
    signals.header.push(signal);
    const [who, prefs] = await Promise.all([get(user), get(settings)]);
    return `${who.name} (${prefs.theme} theme)`;
  });
  return { userId, user, settings, team, header, requests, signals, setFailUsers: (fail: boolean) => (failUsers = fail) };
}

claim(
  [
    'An async selector\'s value is its promise, so another selector reads it with `get` and awaits it',
    'Call `get` for everything a run needs before its first `await`: the reads are recorded as dependencies at once, and the requests they start run at the same time',
  ],
  async (clause) => {
    const { user, team, header, requests } = composition();
    const store = makeStore();
    const pendingHeader = header(store).get();
    const startedAtOnce = requests.map((r) => r.url);
    clause('the reads are recorded as dependencies at once', () => {
      // Before either request answered, a change of the user already runs header again.
      const changed = composition();
      const other = makeStore();
      void changed.header(other).get().catch(() => undefined);
      changed.userId(other).set(2);
      expect(changed.signals.header).toHaveLength(2);
    });
    clause('the requests they start run at the same time', () => {
      expect(startedAtOnce).toEqual(['/api/users/1', '/api/settings']);
    });
    await clause('Call `get` for everything a run needs before its first `await`', async () => {
      // Awaiting the user before reading the settings puts the settings request after the user's answer.
      const { user: sequentialUser, settings, requests: sequentialRequests } = composition();
      const sequential = selector(async ({ get }) => {
        const who = await get(sequentialUser);
        const prefs = await get(settings);
        return `${who.name} (${prefs.theme} theme)`;
      });
      const pending = sequential(makeStore()).get();
      expect(sequentialRequests.map((r) => r.url)).toEqual(['/api/users/1']);
      await pending;
      expect(sequentialRequests.map((r) => r.url)).toEqual(['/api/users/1', '/api/settings']);
    });
    clause("An async selector's value is its promise", () => {
      const value = user(store).get();
      expect(value).toBeInstanceOf(Promise);
      expect(user(store).get()).toBe(value);
    });
    await clause('another selector reads it with `get` and awaits it', async () => {
      await expect(pendingHeader).resolves.toBe('user 1 (dark theme)');
      await expect(team(store).get()).resolves.toEqual({ id: 10, name: 'team 10' });
    });
  },
);

claim(
  [
    'A change to `userId` runs `user` again. Its new promise is a new value for `team` and `header`, so they run again too, and each aborts its own previous run',
    'Each selector has its own signal. Aborting a run of `team` does not cancel the request of `user` that it was waiting for',
  ],
  async (clause) => {
    const { userId, user, team, header, requests, signals } = composition();
    const store = makeStore();
    const firstTeam = team(store).get();
    header(store).get();
    await firstTeam;
    const firstUser = user(store).get();
    userId(store).set(2);
    clause('A change to `userId` runs `user` again', () => {
      expect(signals.user).toHaveLength(2);
    });
    clause('Its new promise is a new value for `team` and `header`', () => {
      expect(user(store).get()).not.toBe(firstUser);
    });
    clause('so they run again too', () => {
      expect(signals.team).toHaveLength(2);
      expect(signals.header).toHaveLength(2);
    });
    clause('each aborts its own previous run', () => {
      expect(signals.team[0]?.aborted).toBe(true);
      expect(signals.header[0]?.aborted).toBe(true);
      expect(signals.team[0]?.reason).toBeInstanceOf(Aborted);
      expect(signals.team[1]?.aborted).toBe(false);
      expect(signals.header[1]?.aborted).toBe(false);
    });
    const teamRun = team(store).get();
    userId(store).set(3);
    await expect(team(store).get()).resolves.toEqual({ id: 30, name: 'team 30' });
    await expect(header(store).get()).resolves.toBe('user 3 (dark theme)');
    await teamRun.catch(() => undefined);
    clause('Each selector has its own signal', () => {
      const latest = [signals.user.at(-1), signals.team.at(-1), signals.header.at(-1)];
      expect(new Set(latest).size).toBe(3);
    });
    clause('Aborting a run of `team` does not cancel the request of `user` that it was waiting for', () => {
      // A newer run of team alone (a refresh while mounted) aborts team's run, and leaves the user request alone.
      const stop = team(store).subscribe(() => undefined);
      const teamBefore = signals.team.at(-1);
      const userBefore = requests.filter((r) => r.url.startsWith('/api/users')).at(-1);
      refresh(team(store));
      expect(teamBefore?.aborted).toBe(true);
      expect(userBefore?.signal.aborted).toBe(false);
      stop();
    });
  },
);

claim(
  "If the user request fails, `await get(user)` throws inside `team`, so `team`'s promise rejects as well and both selectors are marked stale: the next read of `team` runs `user` again too",
  async (clause) => {
    const { team, user, requests, setFailUsers } = composition();
    const store = makeStore();
    setFailUsers(true);
    const failed = team(store).get();
    await clause("If the user request fails, `await get(user)` throws inside `team`", async () => {
      await expect(user(store).get()).rejects.toThrow('User request failed (500)');
      await failed.catch(() => undefined);
      // team stopped at that line: it never asked for a team.
      expect(requests.map((r) => r.url)).toEqual(['/api/users/1']);
    });
    await clause("so `team`'s promise rejects as well", async () => {
      await expect(failed).rejects.toThrow('User request failed (500)');
    });
    await flush();
    clause('both selectors are marked stale', () => {
      expect(selectorsEvaluated(store)).toEqual([false, false]);
    });
    await clause('the next read of `team` runs `user` again too', async () => {
      setFailUsers(false);
      const before = requests.length;
      await expect(team(store).get()).resolves.toEqual({ id: 10, name: 'team 10' });
      expect(requests.slice(before).map((r) => r.url)).toEqual(['/api/users/1', '/api/teams/10']);
      await expect(user(store).get()).resolves.toMatchObject({ id: 1 });
    });
  },
);

claim(
  [
    'it must call a value equal to itself: with `===`, a dependency that becomes `NaN` hangs the write',
    '`Object.is` avoids it',
  ],
  (clause) => {
    const ratio = atom(1);
    clause('it must call a value equal to itself', () => {
      // It is given the same value twice on every write that runs the selector; answering "changed" loops.
      const { calls, areValuesEqual } = recordingComparator();
      const recorded = boundedSelector((get) => get(ratio), { areValuesEqual });
      const store = makeStore();
      recorded.state(store).get();
      ratio(store).set(2);
      expect(calls).toEqual([
        [1, 2],
        [2, 2],
      ]);
      const never = boundedSelector((get) => get(ratio), { areValuesEqual: () => false });
      const other = makeStore();
      never.state(other).get();
      expect(() => ratio(other).set(2)).toThrow(Loop);
    });
    clause('with `===`, a dependency that becomes `NaN` hangs the write', () => {
      const strict = boundedSelector((get) => get(ratio));
      const store = makeStore();
      strict.state(store).get();
      expect(() => ratio(store).set(NaN)).toThrow(Loop);
      expect(strict.runs()).toBe(1001);
    });
    clause('`Object.is` avoids it', () => {
      const lenient = boundedSelector((get) => get(ratio), { areValuesEqual: Object.is });
      const other = makeStore();
      lenient.state(other).get();
      ratio(other).set(NaN);
      ratio(other).set(NaN);
      expect([lenient.runs(), Number.isNaN(lenient.state(other).get())]).toEqual([2, true]);
    });
  },
);

claim('The selector does keep listening to what it read before the throw', () => {
  const input = atom('');
  const runs = jest.fn();
  const parsed = selector(({ get }) => {
    runs();
    const text = get(input);
    if (text === '') throw new Error('empty');
    return text.length;
  });
  const store = makeStore();
  expect(() => parsed(store).get()).toThrow('empty');
  input(store).set('abc'); // nothing reads parsed any more, yet it runs
  expect(runs).toHaveBeenCalledTimes(2);
});
