// The 1.0.0-rc14 atom and atomFamily pages, run against stan-1.0.0-rc14 (jsdom, for the localStorage sample).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, atomFamily, selector, type AtomEffect } from 'stan-1.0.0-rc14';
import { useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { runLogged, VERSION } from './helpers';

describe('api/atom', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/atom');

  claim('In this release `atom` returns the state itself: an object that holds the value and lets you read, change and watch it', () => {
    const count = atom(1);
    expect(Object.keys(count).sort()).toEqual(['get', 'set', 'subscribe']);
    expect(count.get()).toBe(1);
  });

  claim(['`T` is inferred from it; pass a type argument (`atom<string | null>(null)`)'], async () => {
    expect(await compileErrors("import { atom } from '@rkrupinski/stan';\natom(null).set('x');", 'ts', VERSION)).toHaveLength(1);
    expect(await compileErrors("import { atom } from '@rkrupinski/stan';\natom<string | null>(null).set('x');", 'ts', VERSION)).toEqual([]);
  }, 60_000);

  claim(
    [
      'The atom holds its value from the moment `atom()` returns',
      'There is nothing to initialize: `set` works before anything has read the atom, and `get` returns what was set',
      'theme.set(\'dark\'); // applied, although nothing has read the atom yet',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/atom', 'write-first.ts').logs).toEqual(['dark']);
    },
  );

  claim(
    [
      'Any function passed to `set` is taken as an updater, so to store a function, return it from one: `set(() => myFunction)`',
      '`atom(fn)` stores the function as its value, but `set(fn)` calls it as an updater',
    ],
    () => {
      const first = () => 'first';
      const second = () => 'second';
      const handler = atom(first);
      expect(handler.get()).toBe(first);
      handler.set(second as never);
      expect(handler.get()).toBe('second'); // called with the current value, its result stored
      handler.set(() => second);
      expect(handler.get()).toBe(second);
    },
  );

  claim(
    [
      'The React hooks do not return such a value: React calls the function and `useStanValue` returns its result',
      'To read a function in a component, keep it in an object, `atom({ format })`',
    ],
    (clause) => {
      const format = (cents?: number) => `$${((cents ?? NaN) / 100).toFixed(2)}`;
      clause('The React hooks do not return such a value: React calls the function and `useStanValue` returns its result', () => {
        const formatter = atom(format);
        const Price = () => createElement('span', null, String(useStanValue(formatter)));
        expect(renderToString(createElement(Price))).toBe('<span>$NaN</span>');
        expect(formatter.get()).toBe(format);
      });
      clause('To read a function in a component, keep it in an object, `atom({ format })`', () => {
        const formatter = atom({ format });
        const Price = () => createElement('span', null, useStanValue(formatter).format(1999));
        expect(renderToString(createElement(Price))).toBe('<span>$19.99</span>');
      });
    },
  );

  claim(
    [
      'Every `set` call notifies all subscribers, even when the new value is identical to the old one',
      'so by default they do not run again when the same value is set',
    ],
    () => {
      const level = atom(1);
      const subscriber = jest.fn();
      level.subscribe(subscriber);
      const run = jest.fn();
      const doubled = selector(({ get }) => {
        run();
        return get(level) * 2;
      });
      doubled.get();
      level.set(1);
      expect(subscriber).toHaveBeenCalledTimes(1);
      expect(run).toHaveBeenCalledTimes(1);
    },
  );

  claim(
    [
      'Subscribers are called synchronously, before `set` returns, in the order they subscribed',
      'A selector subscribes to an atom the first time it reads it and keeps that place for as long as it stays connected',
    ],
    () => {
      const source = atom(0);
      const order: string[] = [];
      const derived = selector(({ get }) => {
        order.push('selector');
        return get(source);
      });
      derived.get();
      order.length = 0;
      source.subscribe(() => order.push('later callback'));
      source.set(1);
      source.set(2); // the selector has run again, and is still called first
      expect(order).toEqual(['selector', 'later callback', 'selector', 'later callback']);
    },
  );

  claim(
    [
      'Effects run synchronously inside the `atom()` call, once, in the order they are listed',
      'For an atom declared at the top of a module, that means when the module is first imported',
    ],
    () => {
      const order: string[] = [];
      const state = atom(0, { effects: [() => order.push('first'), () => order.push('second')] });
      expect(order).toEqual(['first', 'second']);
      state.get();
      state.set(1);
      expect(order).toEqual(['first', 'second']);
      /* eslint-disable @typescript-eslint/no-require-imports */
      jest.isolateModules(() => {
        const effect = jest.fn();
        jest.doMock('./fixtures/effect-spy', () => ({ effect }));
        require('./fixtures/atom-with-effect');
        expect(effect).toHaveBeenCalledTimes(1);
      });
      /* eslint-enable @typescript-eslint/no-require-imports */
    },
  );

  claim('`init(value)` replaces the initial value. It only works while the effects are running; if several effects call it, the last call wins', () => {
    let later: ((value: number) => void) | undefined;
    const state = atom(0, {
      effects: [
        ({ init }) => init(1),
        ({ init }) => {
          init(2);
          later = init;
        },
      ],
    });
    expect(state.get()).toBe(2);
    later?.(3);
    expect(state.get()).toBe(2);
  });

  claim(
    [
      '`set(valueOrUpdater)` updates the atom like `state.set`, at any time, including synchronously inside the effect',
      'Updates made through it notify subscribers but do not call the `onSet` callbacks',
    ],
    () => {
      let effectSet: ((value: number) => void) | undefined;
      const saved = jest.fn();
      const state = atom(0, {
        effects: [
          ({ set, onSet }) => {
            set(5);
            effectSet = set;
            onSet(saved);
          },
        ],
      });
      expect(state.get()).toBe(5);
      const subscriber = jest.fn();
      state.subscribe(subscriber);
      effectSet?.(6);
      expect(subscriber).toHaveBeenCalledWith(6);
      expect(saved).not.toHaveBeenCalled();
    },
  );

  claim(
    '`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks\' setters). It runs after the atom\'s subscribers',
    () => {
      const order: string[] = [];
      const state = atom(0, { effects: [({ onSet }) => onSet((value) => order.push(`onSet ${value}`))] });
      state.subscribe((value) => order.push(`subscriber ${value}`));
      state.set(1);
      state.set((n) => n + 1);
      expect(order).toEqual(['subscriber 1', 'onSet 1', 'subscriber 2', 'onSet 2']);
    },
  );

  claim(
    [
      'A throwing effect makes the `atom()` call itself throw, so no atom is created',
      'For an atom at the top of a module, the import of that module fails',
    ],
    () => {
      const broken: AtomEffect<number> = () => {
        throw new Error('effect failed');
      };
      expect(() => atom(0, { effects: [broken] })).toThrow('effect failed');
      /* eslint-disable @typescript-eslint/no-require-imports */
      jest.isolateModules(() => {
        jest.doMock('./fixtures/effect-spy', () => ({
          effect: () => {
            throw new Error('effect failed');
          },
        }));
        expect(() => require('./fixtures/atom-with-effect')).toThrow('effect failed');
      });
      /* eslint-enable @typescript-eslint/no-require-imports */
    },
  );

  claim(
    'Mutating the value (for example `state.get().push(x)`) changes it without telling anyone: subscribers and selectors do not run',
    () => {
      const list = atom<number[]>([]);
      const length = selector(({ get }) => get(list).length);
      expect(length.get()).toBe(0);
      const subscriber = jest.fn();
      list.subscribe(subscriber);
      list.get().push(1);
      expect(list.get()).toEqual([1]);
      expect(subscriber).not.toHaveBeenCalled();
      expect(length.get()).toBe(0);
    },
  );

  claim(
    'A throwing subscriber interrupts `set`: the atom already holds the new value, the error propagates out of `set`, and the subscribers after it and the `onSet` callbacks are skipped for that update',
    () => {
      const saved = jest.fn();
      const state = atom(0, { effects: [({ onSet }) => onSet(saved)] });
      state.subscribe(() => {
        throw new Error('subscriber failed');
      });
      const after = jest.fn();
      state.subscribe(after);
      expect(() => state.set(1)).toThrow('subscriber failed');
      expect(state.get()).toBe(1);
      expect(after).not.toHaveBeenCalled();
      expect(saved).not.toHaveBeenCalled();
    },
  );

  claim(['counter.set(1); // logs "counter: 1"', 'counter.set(10); // nothing is logged', 'console.log(counter.get()); // 10'], () => {
    expect(runLogged('version-1.0.0-rc14/api/atom', 'counter.ts').logs).toEqual(['counter: 1', 'counter: 2', '10']);
  });

  describe('draft.ts', () => {
    beforeEach(() => localStorage.clear());

    claim(
      [
        '`init` restores the saved text as soon as the module is imported, `onSet` saves every change the app makes',
        'the `storage` listener picks up edits from other tabs through the effect\'s `set`, which does not call `onSet` and so does not save the same value again',
      ],
      () => {
        localStorage.setItem('draft', 'saved earlier');
        const { draft } = runLogged<{ draft: import('stan-1.0.0-rc14').WritableState<string> }>('version-1.0.0-rc14/api/atom', 'draft.ts').exports;
        expect(draft.get()).toBe('saved earlier');
        draft.set('typed now');
        expect(localStorage.getItem('draft')).toBe('typed now');
        const setItem = jest.spyOn(Storage.prototype, 'setItem');
        window.dispatchEvent(new StorageEvent('storage', { key: 'draft', newValue: 'from another tab' }));
        expect(draft.get()).toBe('from another tab');
        expect(setItem).not.toHaveBeenCalled();
        setItem.mockRestore();
      },
    );
  });
});

describe('api/atomFamily', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/atomFamily');

  claim('It returns a function that maps a parameter to an atom, and the same parameter always gives back the same atom', () => {
    const family = atomFamily((n: number) => n * 10);
    expect(family(1)).toBe(family(1));
    expect(family(1).get()).toBe(10);
    expect(family(2)).not.toBe(family(1));
  });

  claim(
    [
      'either a value every member starts with, or a function that receives the parameter and returns that member\'s initial value',
      'Any function is taken as such a factory, so a family cannot use a function as a plain initial value',
    ],
    () => {
      const shared = atomFamily<string, number>('start');
      expect([shared(1).get(), shared(2).get()]).toEqual(['start', 'start']);
      const handlers = atomFamily((name: string) => `${name}!`);
      expect(handlers('go').get()).toBe('go!');
    },
  );

  claim('A member runs them once, when the family creates it', () => {
    const effect = jest.fn();
    const family = atomFamily<number, string>(0, { effects: [effect] });
    family('a');
    expect(effect).toHaveBeenCalledTimes(1);
    family('a').get();
    family('a').set(1);
    family('b');
    expect(effect).toHaveBeenCalledTimes(2);
  });

  claim(
    'When the initial value is not a function, TypeScript cannot infer `P` from it and falls back to any JSON value, unless you pass both type arguments',
    async () => {
      const untyped = await compileErrors(
        "import { atomFamily } from '@rkrupinski/stan';\nconst open = atomFamily(false);\nopen({ any: ['json'] });\nopen(new Date());",
        'ts',
        VERSION,
      );
      expect(untyped.map((e) => e.line)).toEqual([4]);
      const typed = await compileErrors(
        "import { atomFamily } from '@rkrupinski/stan';\nconst open = atomFamily<boolean, number>(false);\nopen('1');",
        'ts',
        VERSION,
      );
      expect(typed).toHaveLength(1);
    },
    60_000,
  );

  claim(
    [
      'Object keys are sorted first, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same atom, while `1` and `"1"` do not',
    ],
    () => {
      const family = atomFamily<number, { a: number; b: number } | number | string>(0);
      expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
      expect(family(1)).not.toBe(family('1'));
    },
  );

  claim(
    [
      'Members are created on first use and never dropped',
      'it then stays in the family for the lifetime of the page or process',
      'Members are never dropped, so a family keyed by something unbounded',
    ],
    () => {
      const factory = jest.fn((n: number) => n);
      const family = atomFamily(factory);
      const first = family(0);
      for (let i = 1; i < 500; i += 1) family(i);
      expect(family(0)).toBe(first);
      expect(factory).toHaveBeenCalledTimes(500);
    },
  );

  claim('it holds one value for the whole runtime, and it can be written before anything reads it', () => {
    const family = atomFamily<string, string>('');
    family('note').set('written first');
    expect(family('note').get()).toBe('written first');
  });

  claim(
    [
      'A throwing factory or effect makes the family call, `family(param)`, throw. Nothing is kept for that parameter, so the next call with it runs the factory and the effects again',
    ],
    () => {
      let failures = 1;
      const factory = jest.fn((n: number) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('factory failed');
        }
        return n;
      });
      const family = atomFamily(factory);
      expect(() => family(1)).toThrow('factory failed');
      expect(family(1).get()).toBe(1);
      expect(factory).toHaveBeenCalledTimes(2);

      let effectFailures = 1;
      const effect = jest.fn(() => {
        if (effectFailures > 0) {
          effectFailures -= 1;
          throw new Error('effect failed');
        }
      });
      const withEffect = atomFamily<number, number>(0, { effects: [effect] });
      expect(() => withEffect(1)).toThrow('effect failed');
      expect(withEffect(1).get()).toBe(0);
      expect(effect).toHaveBeenCalledTimes(2);
    },
  );

  claim(
    [
      'it is serialized as `JSON.stringify` would do it: `undefined` properties and functions disappear, and a circular object throws a `TypeError` from the family call',
    ],
    () => {
      const family = atomFamily<number, { id: number }>(0);
      expect(family({ id: 1, extra: undefined, fn: () => 1 } as never)).toBe(family({ id: 1 }));
      const circular: Record<string, unknown> = { id: 1 };
      circular.self = circular;
      expect(() => family(circular as never)).toThrow(TypeError);
    },
  );

  claim('Deleting an item does not delete its member. If an id can come back, set the member back to its initial value when the item goes', () => {
    const done = atomFamily<boolean, number>(false);
    done(7).set(true);
    // The item with id 7 is deleted and comes back: its member is still there, with the old value.
    expect(done(7).get()).toBe(true);
    done(7).set(false);
    expect(done(7).get()).toBe(false);
  });

  claim(
    ["console.log(email.get()); // { name: 'email', value: '', touched: false }", 'console.log(field(\'email\') === email); // true'],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/atomFamily', 'field.ts').logs).toEqual([
        '{"name":"email","value":"","touched":false}',
        'true',
        'ada@example.com',
      ]);
    },
  );
});
