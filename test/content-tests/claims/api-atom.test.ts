/** @jest-environment node */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, makeStore, reset, selector, type AtomEffect } from '@rkrupinski/stan';
import { StanProvider, useSetStanValue, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { hoverTypes } from '../../support/compile';
import { boundedSelector, Loop } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/atom');

claim('`atom` does not hold a value itself: it returns a scoped state, a function you call with a store', (clause) => {
  const count = atom(1);
  clause('`atom` does not hold a value itself', () => {
    expect(Object.keys(count)).toEqual([]);
    const [a, b] = [makeStore(), makeStore()];
    count(a).get();
    count(a).set(5);
    expect(count(b).get()).toBe(1);
  });
  clause('it returns a scoped state, a function you call with a store', () => {
    expect(typeof count).toBe('function');
    expect(typeof count(makeStore()).get).toBe('function');
  });
});

claim(['the value the atom starts with in every store', 'T` is inferred from it'], async (clause) => {
  clause('the value the atom starts with in every store', () => {
    const count = atom(7);
    expect(count(makeStore()).get()).toBe(7);
    expect(count(makeStore()).get()).toBe(7);
  });
  await clause('T` is inferred from it', async () => {
    const types = await hoverTypes("import { atom } from '@rkrupinski/stan';\nexport const count = atom(7);\nexport const name = atom('Ada');");
    expect([types.get('count')?.[0], types.get('name')?.[0]]).toEqual([
      'const count: Scoped<WritableState<number>>',
      'const name: Scoped<WritableState<string>>',
    ]);
  });
}, 60_000);

claim(
  [
    'It is exposed as the `tag` property of the state instance and becomes part of the internal key',
    'Tags do not need to be unique',
  ],
  (clause) => {
    const store = makeStore();
    const a = atom(1, { tag: 'twin' });
    const b = atom(2, { tag: 'twin' });
    clause('It is exposed as the `tag` property of the state instance', () => expect(a(store).tag).toBe('twin'));
    clause('and becomes part of the internal key', () => {
      a(store).get();
      expect([...store.value.keys()].filter((key) => key.includes('twin'))).toHaveLength(1);
      expect(atom(0)(store).tag).toBeUndefined();
    });
    clause('Tags do not need to be unique', () => {
      expect([a(store).get(), b(store).get()]).toEqual([1, 2]);
      expect([...store.value.keys()].filter((key) => key.includes('twin'))).toHaveLength(2);
    });
  },
);

claim('`options.effects` (optional): functions that run when the atom is initialized in a store', () => {
  const effect = jest.fn();
  const a = atom(0, { effects: [effect] });
  const store = makeStore();
  a(store);
  expect(effect).not.toHaveBeenCalled();
  a(store).get();
  expect(effect).toHaveBeenCalledTimes(1);
});

claim(
  ['Calling it with the same store always returns the same instance, which offers `get`, `set`, `subscribe` and `tag`'],
  () => {
    const a = atom(0, { tag: 'x' });
    const store = makeStore();
    expect(a(store)).toBe(a(store));
    expect(a(store)).not.toBe(a(makeStore()));
    const instance = a(store);
    expect([typeof instance.get, typeof instance.set, typeof instance.subscribe, instance.tag]).toEqual([
      'function',
      'function',
      'function',
      'x',
    ]);
  },
);

claim(
  [
    "The value is written into a store the first time `get()` is called on the atom's instance for that store, which initializes the atom there and runs its effects",
    "Reading it through a selector's `get` or a hook counts",
    'In this release, `set` and `reset` before that first read are ignored',
  ],
  (clause) => {
    const effect = jest.fn();
    const theme = atom<'light' | 'dark'>('light', { effects: [effect] });
    const store = makeStore();
    clause('In this release, `set` and `reset` before that first read are ignored', () => {
      theme(store).set('dark');
      reset(theme(store));
      expect(store.value.size).toBe(0);
      expect(theme(store).get()).toBe('light');
    });
    clause(
      "The value is written into a store the first time `get()` is called on the atom's instance for that store, which initializes the atom there and runs its effects",
      () => {
        const fresh = makeStore();
        const runs = jest.fn();
        const counted = atom(1, { effects: [runs] });
        counted(fresh);
        expect([fresh.value.size, runs.mock.calls.length]).toEqual([0, 0]);
        expect(counted(fresh).get()).toBe(1);
        expect([fresh.value.size, [...fresh.initialized.values()], runs.mock.calls.length]).toEqual([1, [true], 1]);
        counted(fresh).set(2);
        expect(counted(fresh).get()).toBe(2);
      },
    );
    clause("Reading it through a selector's `get` or a hook counts", () => {
      const viaSelector = atom(1);
      const reader = selector(({ get }) => get(viaSelector));
      reader(store).get();
      viaSelector(store).set(2);
      expect(reader(store).get()).toBe(2);
      const viaHook = atom(1);
      const hookStore = makeStore();
      const Reader = () => createElement('p', null, useStanValue(viaHook));
      renderToString(createElement(StanProvider, { store: hookStore, children: createElement(Reader) }));
      viaHook(hookStore).set(3);
      expect(viaHook(hookStore).get()).toBe(3);
    });
  },
);

claim(
  [
    '`set(value)` replaces the value; `set((current) => next)` derives the next value from the current one',
    'Any function passed to `set` is treated as an updater, so to store a function, return it from an updater',
  ],
  (clause) => {
    const store = makeStore();
    const n = atom(1);
    n(store).get();
    clause('`set(value)` replaces the value', () => {
      n(store).set(5);
      expect(n(store).get()).toBe(5);
    });
    clause('`set((current) => next)` derives the next value from the current one', () => {
      n(store).set((current) => current * 2);
      expect(n(store).get()).toBe(10);
    });
    const handler = atom<() => string>(() => 'first');
    handler(store).get();
    clause('Any function passed to `set` is treated as an updater', () => {
      const given = jest.fn(() => () => 'made by the updater');
      handler(store).set(given);
      expect(given).toHaveBeenCalledTimes(1);
      expect(handler(store).get()()).toBe('made by the updater');
    });
    clause('so to store a function, return it from an updater', () => {
      const next = () => 'second';
      handler(store).set(() => next);
      expect(handler(store).get()).toBe(next);
    });
  },
);

claim('Every `set` call notifies all subscribers, even when the new value is identical to the old one', () => {
  const store = makeStore();
  const a = atom(1);
  a(store).get();
  const first = jest.fn();
  const second = jest.fn();
  a(store).subscribe(first);
  a(store).subscribe(second);
  a(store).set(1);
  a(store).set(1);
  expect(first.mock.calls).toEqual([[1], [1]]);
  expect(second.mock.calls).toEqual([[1], [1]]);
});

claim(
  'Selectors that depend on the atom compare the old and new value themselves (with `===` unless you configure otherwise), so by default they do not re-run when the same value is set again',
  (clause) => {
    const store = makeStore();
    const a = atom({ v: 1 });
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      return get(a).v;
    });
    s(store).get();
    clause('Selectors that depend on the atom compare the old and new value themselves (with `===`', () => {
      a(store).set({ v: 1 }); // equal, but not ===
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('unless you configure otherwise)', () => {
      const byValue = jest.fn();
      const t = selector(
        ({ get }) => {
          byValue();
          return get(a).v;
        },
        { areValuesEqual: (x, y) => JSON.stringify(x) === JSON.stringify(y) },
      );
      t(store).get();
      a(store).set({ v: 1 });
      expect(byValue).toHaveBeenCalledTimes(1);
    });
    clause('so by default they do not re-run when the same value is set again', () => {
      const before = runs.mock.calls.length;
      a(store).set((same) => same);
      expect(runs).toHaveBeenCalledTimes(before);
    });
  },
);

claim('Setting `NaN` hangs the `set` when a selector reads the atom with the default comparison', () => {
  const level = atom(1);
  const reader = boundedSelector((get) => get(level) + 1);
  const store = makeStore();
  reader.state(store).get();
  expect(() => level(store).set(NaN)).toThrow(Loop);
  expect(reader.runs()).toBe(1001);
});

claim('sets the atom back to `initialValue` and notifies subscribers like any other `set`', () => {
  const store = makeStore();
  const a = atom(3);
  a(store).get();
  a(store).set(9);
  const cb = jest.fn();
  a(store).subscribe(cb);
  reset(a(store));
  expect(a(store).get()).toBe(3);
  expect(cb).toHaveBeenCalledWith(3);
});

claim('Each effect runs once per store, synchronously, during the first `get()` in that store, and receives three functions', (clause) => {
  const received: string[][] = [];
  const runs: string[] = [];
  const effect: AtomEffect<number> = (param) => {
    runs.push('effect');
    received.push(Object.keys(param).sort());
  };
  const n = atom(1, { effects: [effect] });
  const s1 = makeStore();
  runs.push('before');
  n(s1).get();
  runs.push('after');
  clause('Each effect runs once per store', () => {
    n(s1).get();
    n(makeStore()).get();
    expect(runs.filter((r) => r === 'effect')).toHaveLength(2);
  });
  clause('synchronously, during the first `get()` in that store', () => {
    expect(runs.slice(0, 3)).toEqual(['before', 'effect', 'after']);
  });
  clause('and receives three functions', () => {
    expect(received[0]).toEqual(['init', 'onSet', 'set']);
  });
});

claim(
  [
    '`init(value)` replaces the initial value in this store',
    'It only works while the effects are running; if several effects call it, the last call wins',
    '`reset` still goes back to the `initialValue` passed to `atom`, not to the value from `init`',
  ],
  (clause) => {
    let lateInit: ((value: number) => void) | undefined;
    let inits = 0;
    const n = atom(1, {
      effects: [
        ({ init }) => {
          inits += 1;
          if (inits === 1) init(10);
          lateInit = init;
        },
        ({ init }) => {
          if (inits === 1) init(20);
        },
      ],
    });
    const store = makeStore();
    const first = n(store).get();
    clause('`init(value)` replaces the initial value in this store', () => {
      // The effects of the second store call no init: it keeps the atom's own initial value.
      expect([first, n(makeStore()).get()]).toEqual([20, 1]);
    });
    clause('It only works while the effects are running', () => {
      lateInit?.(30);
      expect(n(store).get()).toBe(20);
    });
    clause('if several effects call it, the last call wins', () => expect(first).toBe(20));
    clause('`reset` still goes back to the `initialValue` passed to `atom`, not to the value from `init`', () => {
      reset(n(store));
      expect(n(store).get()).toBe(1);
    });
  },
);

claim(
  [
    '`set(valueOrUpdater)` updates the atom like `state.set`, but only once initialization has finished: calls made synchronously inside the effect are ignored',
    'Updates made through this `set` notify subscribers but do not trigger `onSet` callbacks',
  ],
  (clause) => {
    let effectSet: ((value: number | ((n: number) => number)) => void) | undefined;
    const onSetSeen: number[] = [];
    const n = atom(0, {
      effects: [
        ({ set, onSet }) => {
          set(99);
          effectSet = set;
          onSet((v) => onSetSeen.push(v));
        },
      ],
    });
    const store = makeStore();
    const initial = n(store).get();
    const subscriber = jest.fn();
    n(store).subscribe(subscriber);
    clause('`set(valueOrUpdater)` updates the atom like `state.set`', () => {
      effectSet?.(3);
      effectSet?.((v) => v + 4);
      expect(n(store).get()).toBe(7);
    });
    clause('but only once initialization has finished: calls made synchronously inside the effect are ignored', () => {
      expect(initial).toBe(0);
    });
    clause('Updates made through this `set` notify subscribers', () => expect(subscriber.mock.calls).toEqual([[3], [7]]));
    clause('but do not trigger `onSet` callbacks', () => {
      expect(onSetSeen).toEqual([]);
      n(store).set(1);
      expect(onSetSeen).toEqual([1]);
    });
  },
);

claim(
  [
    '`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks\' setters) and `reset`',
    "It runs after the atom's subscribers",
  ],
  (clause) => {
    const order: string[] = [];
    const n = atom(0, { effects: [({ onSet }) => onSet((v) => order.push(`onSet ${v}`))] });
    const store = makeStore();
    n(store).get();
    n(store).subscribe((v) => order.push(`subscriber ${v}`));
    clause("`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks' setters)", () => {
      n(store).set(3);
      let setter: ((value: number) => void) | undefined;
      const Writer = () => {
        setter = useSetStanValue(n);
        return null;
      };
      renderToString(createElement(StanProvider, { store, children: createElement(Writer) }));
      setter?.(4);
      expect(order).toEqual(['subscriber 3', 'onSet 3', 'subscriber 4', 'onSet 4']);
    });
    clause('and `reset`', () => {
      order.length = 0;
      reset(n(store));
      expect(order).toEqual(['subscriber 0', 'onSet 0']);
    });
    clause("It runs after the atom's subscribers", () => {
      expect(order.indexOf('subscriber 0')).toBeLessThan(order.indexOf('onSet 0'));
    });
  },
);

claim(
  [
    'Initial values are shared, not copied.',
    'mutating it (for example `state.get().push(x)`) changes the starting value of every other store, and subscribers are not told',
  ],
  (clause) => {
    const initial: string[] = [];
    const list = atom<string[]>(initial);
    const a = makeStore();
    const cb = jest.fn();
    list(a).get();
    list(a).subscribe(cb);
    clause('Initial values are shared, not copied.', () => {
      expect(list(a).get()).toBe(initial);
      expect(list(makeStore()).get()).toBe(initial);
    });
    clause('mutating it (for example `state.get().push(x)`) changes the starting value of every other store', () => {
      list(a).get().push('x');
      expect(list(makeStore()).get()).toEqual(['x']);
    });
    clause('and subscribers are not told', () => expect(cb).not.toHaveBeenCalled());
  },
);

claim('`atom(fn)` stores the function as its value, but `set(fn)` calls it as an updater', (clause) => {
  const store = makeStore();
  const fn = jest.fn(() => 'from updater');
  const holder = atom<unknown>(fn);
  clause('`atom(fn)` stores the function as its value', () => {
    expect(holder(store).get()).toBe(fn);
    expect(fn).not.toHaveBeenCalled();
  });
  clause('but `set(fn)` calls it as an updater', () => {
    holder(store).set(fn);
    expect(fn).toHaveBeenCalledWith(fn);
    expect(holder(store).get()).toBe('from updater');
  });
});

claim(
  [
    "`set` calls every subscriber before it returns, in the order of the atom's subscriber list at that moment",
    'A callback passed to `subscribe` keeps its place in that list, but a selector that depends on the atom subscribes again each time it runs, which moves it to the end',
    "So right after a selector's first run, a write calls the selector before a callback subscribed later; once the selector has re-run, the next write calls them the other way round",
  ],
  (clause) => {
    const store = makeStore();
    clause("`set` calls every subscriber before it returns, in the order of the atom's subscriber list at that moment", () => {
      const b = atom(0);
      b(store).get();
      const plain: string[] = [];
      ['first', 'second', 'third'].forEach((name) => b(store).subscribe(() => plain.push(name)));
      b(store).set(1);
      expect(plain).toEqual(['first', 'second', 'third']);
    });
    clause('A callback passed to `subscribe` keeps its place in that list', () => {
      const b = atom(0);
      b(store).get();
      const plain: string[] = [];
      ['first', 'second'].forEach((name) => b(store).subscribe(() => plain.push(name)));
      b(store).set(1);
      b(store).set(2);
      expect(plain).toEqual(['first', 'second', 'first', 'second']);
    });
    const a = atom(0);
    const order: string[] = [];
    const doubled = selector(({ get }) => {
      order.push('selector');
      return get(a) * 2;
    });
    doubled(store).get(); // the selector's first run subscribes it to the atom
    a(store).subscribe(() => order.push('callback'));
    clause("So right after a selector's first run, a write calls the selector before a callback subscribed later", () => {
      order.length = 0;
      a(store).set(1);
      expect(order).toEqual(['selector', 'callback']);
    });
    clause('but a selector that depends on the atom subscribes again each time it runs, which moves it to the end', () => {
      order.length = 0;
      a(store).set(2);
      expect(order).toEqual(['callback', 'selector']);
    });
    clause('once the selector has re-run, the next write calls them the other way round', () => {
      order.length = 0;
      a(store).set(3);
      expect(order).toEqual(['callback', 'selector']);
    });
  },
);

claim(
  [
    'If one of them throws (typically a dependent selector whose re-run fails), the error propagates out of `set` and the subscribers not yet called are skipped for that update, so which ones miss it depends on that order',
  ],
  (clause) => {
    const divisor = atom(1);
    const ratio = selector(({ get }) => {
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return 100 / d;
    });
    const store = makeStore();
    ratio(store).get();
    const seen: number[] = [];
    divisor(store).subscribe((v) => seen.push(v));
    clause('If one of them throws (typically a dependent selector whose re-run fails), the error propagates out of `set`', () => {
      expect(() => divisor(store).set(0)).toThrow('Cannot divide by zero');
    });
    clause('and the subscribers not yet called are skipped for that update', () => {
      // The selector is first in the list: its throw skipped the callback.
      expect(seen).toEqual([]);
      const thrower = atom(0);
      thrower(store).get();
      const after = jest.fn();
      thrower(store).subscribe(() => {
        throw new Error('first subscriber');
      });
      thrower(store).subscribe(after);
      expect(() => thrower(store).set(1)).toThrow('first subscriber');
      expect(after).not.toHaveBeenCalled();
    });
    clause('so which ones miss it depends on that order', () => {
      const other = makeStore();
      ratio(other).get();
      const seenOther: number[] = [];
      divisor(other).subscribe((v) => seenOther.push(v));
      divisor(other).set(2); // the selector re-runs and moves behind the callback
      expect(() => divisor(other).set(0)).toThrow('Cannot divide by zero');
      expect(seenOther).toEqual([2, 0]);
    });
  },
);

claim(
  [
    'A throwing subscriber also skips `onSet`.',
    'The atom already holds the new value when its subscribers run, but the `onSet` callbacks come after them',
  ],
  (clause) => {
    const saved: number[] = [];
    const amount = atom(1, { effects: [({ onSet }) => onSet((v) => saved.push(v))] });
    const inverse = selector(({ get }) => {
      const v = get(amount);
      if (v === 0) throw new Error('Cannot divide by zero');
      return 1 / v;
    });
    const store = makeStore();
    inverse(store).get();
    let heldDuringSubscriber: number | undefined;
    clause('A throwing subscriber also skips `onSet`.', () => {
      expect(() => amount(store).set(0)).toThrow('Cannot divide by zero');
      expect(saved).toEqual([]);
    });
    clause('The atom already holds the new value when its subscribers run', () => {
      expect(amount(store).get()).toBe(0);
      amount(store).subscribe(() => (heldDuringSubscriber = amount(store).get()));
      amount(store).set(4);
      expect(heldDuringSubscriber).toBe(4);
    });
    clause('but the `onSet` callbacks come after them', () => {
      const order: string[] = [];
      const watched = atom(0, { effects: [({ onSet }) => onSet(() => order.push('onSet'))] });
      watched(store).get();
      watched(store).subscribe(() => order.push('subscriber'));
      watched(store).set(1);
      expect(order).toEqual(['subscriber', 'onSet']);
      expect(saved).toEqual([4]);
    });
  },
);

claim(
  [
    'A throwing effect makes the first `get()` throw. The atom stays uninitialized, so the next `get()` starts over and runs every effect again',
    'Callbacks that the failed attempt registered with `onSet` stay registered: after the retry, an effect that registers a new callback each time it runs has its callback called twice per update',
  ],
  (clause) => {
    let attempts = 0;
    const others = jest.fn();
    const calls: string[] = [];
    const fragile = atom(1, {
      effects: [
        others,
        ({ onSet }) => {
          attempts += 1;
          const attempt = attempts;
          onSet((v) => calls.push(`attempt ${attempt}: ${v}`));
          if (attempt === 1) throw new Error('effect failed');
        },
      ],
    });
    const store = makeStore();
    clause('A throwing effect makes the first `get()` throw', () => expect(() => fragile(store).get()).toThrow('effect failed'));
    clause('The atom stays uninitialized', () => {
      expect(store.initialized.size).toBe(0);
      fragile(store).set(5); // uninitialized: ignored
    });
    clause('so the next `get()` starts over and runs every effect again', () => {
      expect(fragile(store).get()).toBe(1);
      expect([attempts, others.mock.calls.length]).toEqual([2, 2]);
    });
    clause('Callbacks that the failed attempt registered with `onSet` stay registered', () => {
      fragile(store).set(2);
      expect(calls).toContain('attempt 1: 2');
    });
    clause('after the retry, an effect that registers a new callback each time it runs has its callback called twice per update', () => {
      expect(calls).toEqual(['attempt 1: 2', 'attempt 2: 2']);
    });
  },
);

claim('Two atoms with the same tag are still two atoms with separate values', () => {
  const store = makeStore();
  const a = atom('a', { tag: 'same' });
  const b = atom('b', { tag: 'same' });
  a(store).get();
  a(store).set('changed');
  expect(b(store).get()).toBe('b');
});

claim(['logs "counter: 1"', 'logs "counter: 2"', 'every store has its own value', 'console.log(state.tag); // "counter"'], () => {
  const printed = printedBy('api/atom', 'counter.ts');
  expect(printed).toEqual(['counter: 1', 'counter: 2', '0', 'counter']);
  expect(printed).toEqual(commentedOutput('api/atom', 'counter.ts'));
});
