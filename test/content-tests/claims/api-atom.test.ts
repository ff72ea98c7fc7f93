/** @jest-environment node */
import { atom, makeStore, reset, selector, type AtomEffect } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { boundedSelector, Loop } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/atom');

claim('`atom` does not hold a value itself: it returns a scoped state, a function you call with a store', () => {
  const count = atom(1);
  expect(typeof count).toBe('function');
  expect(Object.keys(count)).toEqual([]);
  expect(typeof count(makeStore()).get).toBe('function');
});

claim(['the value the atom starts with in every store', 'T` is inferred from it'], () => {
  const count = atom(7);
  expect(count(makeStore()).get()).toBe(7);
  expect(count(makeStore()).get()).toBe(7);
});

claim(
  [
    'It is exposed as the `tag` property of the state instance and becomes part of the internal key',
    'Tags do not need to be unique',
  ],
  () => {
    const store = makeStore();
    const a = atom(1, { tag: 'twin' });
    const b = atom(2, { tag: 'twin' });
    expect(a(store).tag).toBe('twin');
    expect(a(store).get()).toBe(1);
    expect(b(store).get()).toBe(2);
    expect([...store.value.keys()].filter((key) => key.includes('twin'))).toHaveLength(2);
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
  () => {
    const effect = jest.fn();
    const theme = atom<'light' | 'dark'>('light', { effects: [effect] });
    const store = makeStore();
    theme(store).set('dark');
    reset(theme(store));
    expect(store.value.size).toBe(0);
    expect(effect).not.toHaveBeenCalled();
    expect(theme(store).get()).toBe('light');
    expect(effect).toHaveBeenCalledTimes(1);
    theme(store).set('dark');
    expect(theme(store).get()).toBe('dark');
    // A selector's read initializes it too.
    const viaSelector = atom(1);
    const reader = selector(({ get }) => get(viaSelector));
    reader(store).get();
    viaSelector(store).set(2);
    expect(reader(store).get()).toBe(2);
  },
);

claim(
  [
    '`set(value)` replaces the value; `set((current) => next)` derives the next value from the current one',
    'Any function passed to `set` is treated as an updater, so to store a function, return it from an updater',
  ],
  () => {
    const store = makeStore();
    const n = atom(1);
    n(store).get();
    n(store).set(5);
    n(store).set((current) => current * 2);
    expect(n(store).get()).toBe(10);
    const handler = atom<() => string>(() => 'first');
    handler(store).get();
    const next = () => 'second';
    handler(store).set(() => next);
    expect(handler(store).get()).toBe(next);
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
  () => {
    const store = makeStore();
    const a = atom({ v: 1 });
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      return get(a).v;
    });
    s(store).get();
    a(store).set((same) => same);
    expect(runs).toHaveBeenCalledTimes(1);
    a(store).set({ v: 1 }); // equal, but not ===
    expect(runs).toHaveBeenCalledTimes(2);
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

claim('Each effect runs once per store, synchronously, during the first `get()` in that store, and receives three functions', () => {
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
  n(s1).get();
  n(makeStore()).get();
  expect(runs).toEqual(['before', 'effect', 'after', 'effect']);
  expect(received[0]).toEqual(['init', 'onSet', 'set']);
});

claim(
  [
    '`init(value)` replaces the initial value in this store',
    'It only works while the effects are running; if several effects call it, the last call wins',
    '`reset` still goes back to the `initialValue` passed to `atom`, not to the value from `init`',
  ],
  () => {
    let lateInit: ((value: number) => void) | undefined;
    const n = atom(1, {
      effects: [
        ({ init }) => {
          init(10);
          lateInit = init;
        },
        ({ init }) => init(20),
      ],
    });
    const store = makeStore();
    expect(n(store).get()).toBe(20);
    lateInit?.(30);
    expect(n(store).get()).toBe(20);
    expect(n(makeStore()).get()).toBe(20);
    reset(n(store));
    expect(n(store).get()).toBe(1);
  },
);

claim(
  [
    '`set(valueOrUpdater)` updates the atom like `state.set`, but only once initialization has finished: calls made synchronously inside the effect are ignored',
    'Updates made through this `set` notify subscribers but do not trigger `onSet` callbacks',
  ],
  () => {
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
    expect(n(store).get()).toBe(0);
    const subscriber = jest.fn();
    n(store).subscribe(subscriber);
    effectSet?.((v) => v + 7);
    expect(n(store).get()).toBe(7);
    expect(subscriber).toHaveBeenCalledWith(7);
    expect(onSetSeen).toEqual([]);
  },
);

claim(
  [
    '`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks\' setters) and `reset`',
    "It runs after the atom's subscribers",
  ],
  () => {
    const order: string[] = [];
    const n = atom(0, { effects: [({ onSet }) => onSet((v) => order.push(`onSet ${v}`))] });
    const store = makeStore();
    n(store).get();
    n(store).subscribe((v) => order.push(`subscriber ${v}`));
    n(store).set(3);
    reset(n(store));
    expect(order).toEqual(['subscriber 3', 'onSet 3', 'subscriber 0', 'onSet 0']);
  },
);

claim(
  [
    'Initial values are shared, not copied.',
    'mutating it (for example `state.get().push(x)`) changes the starting value of every other store, and subscribers are not told',
  ],
  () => {
    const list = atom<string[]>([]);
    const a = makeStore();
    const cb = jest.fn();
    list(a).get();
    list(a).subscribe(cb);
    list(a).get().push('x');
    expect(list(makeStore()).get()).toEqual(['x']);
    expect(cb).not.toHaveBeenCalled();
  },
);

claim('`atom(fn)` stores the function as its value, but `set(fn)` calls it as an updater', () => {
  const store = makeStore();
  const fn = jest.fn(() => 'from updater');
  const holder = atom<unknown>(fn);
  expect(holder(store).get()).toBe(fn);
  holder(store).set(fn);
  expect(fn).toHaveBeenCalledWith(fn);
  expect(holder(store).get()).toBe('from updater');
});

claim(
  [
    "`set` calls every subscriber before it returns, in the order of the atom's subscriber list at that moment",
    'A callback passed to `subscribe` keeps its place in that list, but a selector that depends on the atom subscribes again each time it runs, which moves it to the end',
    "So right after a selector's first run, a write calls the selector before a callback subscribed later; once the selector has re-run, the next write calls them the other way round",
  ],
  () => {
    const store = makeStore();
    const a = atom(0);
    const order: string[] = [];
    const doubled = selector(({ get }) => {
      order.push('selector');
      return get(a) * 2;
    });
    doubled(store).get(); // the selector's first run subscribes it to the atom
    a(store).subscribe(() => order.push('callback'));
    order.length = 0;
    a(store).set(1);
    expect(order).toEqual(['selector', 'callback']);
    order.length = 0;
    a(store).set(2);
    expect(order).toEqual(['callback', 'selector']);
    order.length = 0;
    a(store).set(3);
    expect(order).toEqual(['callback', 'selector']);
    // Plain callbacks alone keep their places.
    const b = atom(0);
    b(store).get();
    const plain: string[] = [];
    ['first', 'second', 'third'].forEach((name) => b(store).subscribe(() => plain.push(name)));
    b(store).set(1);
    b(store).set(2);
    expect(plain).toEqual(['first', 'second', 'third', 'first', 'second', 'third']);
  },
);

claim(
  [
    'If one of them throws (typically a dependent selector whose re-run fails), the error propagates out of `set` and the subscribers not yet called are skipped for that update, so which ones miss it depends on that order',
  ],
  () => {
    const store = makeStore();
    const divisor = atom(1);
    const ratio = selector(({ get }) => {
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return 100 / d;
    });
    ratio(store).get();
    const seen: number[] = [];
    divisor(store).subscribe((v) => seen.push(v));
    // The selector is first in the list: its throw skips the callback.
    expect(() => divisor(store).set(0)).toThrow('Cannot divide by zero');
    expect(seen).toEqual([]);

    const other = makeStore();
    ratio(other).get();
    const seenOther: number[] = [];
    divisor(other).subscribe((v) => seenOther.push(v));
    divisor(other).set(2); // the selector re-runs and moves behind the callback
    expect(() => divisor(other).set(0)).toThrow('Cannot divide by zero');
    expect(seenOther).toEqual([2, 0]);
  },
);

claim(
  [
    'A throwing subscriber also skips `onSet`.',
    'The atom already holds the new value when its subscribers run, but the `onSet` callbacks come after them',
  ],
  () => {
    const saved: number[] = [];
    const amount = atom(1, { effects: [({ onSet }) => onSet((v) => saved.push(v))] });
    const inverse = selector(({ get }) => {
      const v = get(amount);
      if (v === 0) throw new Error('Cannot divide by zero');
      return 1 / v;
    });
    const store = makeStore();
    inverse(store).get();
    expect(() => amount(store).set(0)).toThrow('Cannot divide by zero');
    expect(amount(store).get()).toBe(0);
    expect(saved).toEqual([]);
    amount(store).set(4);
    expect(saved).toEqual([4]);
  },
);

claim(
  [
    'A throwing effect makes the first `get()` throw. The atom stays uninitialized, so the next `get()` starts over and runs every effect again',
    'Callbacks that the failed attempt registered with `onSet` stay registered: after the retry, an effect that registers a new callback each time it runs has its callback called twice per update',
  ],
  () => {
    let attempts = 0;
    const calls: string[] = [];
    const fragile = atom(1, {
      effects: [
        ({ onSet }) => {
          attempts += 1;
          const attempt = attempts;
          onSet((v) => calls.push(`attempt ${attempt}: ${v}`));
          if (attempt === 1) throw new Error('effect failed');
        },
      ],
    });
    const store = makeStore();
    expect(() => fragile(store).get()).toThrow('effect failed');
    fragile(store).set(5); // uninitialized: ignored
    expect(fragile(store).get()).toBe(1);
    expect(attempts).toBe(2);
    fragile(store).set(2);
    expect(calls).toEqual(['attempt 1: 2', 'attempt 2: 2']);
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
