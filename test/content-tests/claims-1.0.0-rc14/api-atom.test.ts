// The 1.0.0-rc14 atom and atomFamily pages, run against stan-1.0.0-rc14 (jsdom, for the localStorage sample).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, atomFamily, selector, type AtomEffect, type SetterOrUpdater } from 'stan-1.0.0-rc14';
import { useSetStanValue, useStan, useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { runLogged, VERSION } from './helpers';

describe('api/atom', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/atom');

  claim('In this release `atom` returns the state itself: an object that holds the value and lets you read, change and watch it', (clause) => {
    const count = atom(1);
    clause('In this release `atom` returns the state itself', () => {
      // No function of a store to call first: the object `atom` returns is the state.
      expect(typeof count).toBe('object');
      expect(Object.keys(count).sort()).toEqual(['get', 'set', 'subscribe']);
    });
    clause('an object that holds the value and lets you read, change and watch it', () => {
      expect(count.get()).toBe(1);
      const watcher = jest.fn();
      count.subscribe(watcher);
      count.set(2);
      expect(count.get()).toBe(2);
      expect(watcher).toHaveBeenCalledWith(2);
    });
  });

  claim(['`T` is inferred from it; pass a type argument (`atom<string | null>(null)`)'], async (clause) => {
    await clause('`T` is inferred from it', async () => {
      const errors = await compileErrors(
        "import { atom } from '@rkrupinski/stan';\nconst n = atom(1);\nexport const x: number = n.get();\nn.set('x');\natom(null).set('x');",
        'ts',
        VERSION,
      );
      expect(errors.map((e) => e.line)).toEqual([4, 5]);
    });
    await clause('pass a type argument (`atom<string | null>(null)`)', async () => {
      expect(await compileErrors("import { atom } from '@rkrupinski/stan';\natom<string | null>(null).set('x');", 'ts', VERSION)).toEqual([]);
    });
  }, 60_000);

  claim(
    [
      'The atom holds its value from the moment `atom()` returns',
      'There is nothing to initialize: `set` works before anything has read the atom, and `get` returns what was set',
      'theme.set(\'dark\'); // applied, although nothing has read the atom yet',
    ],
    (clause) => {
      clause('The atom holds its value from the moment `atom()` returns', () => {
        const initial = { theme: 'light' };
        expect(atom(initial).get()).toBe(initial);
      });
      clause('There is nothing to initialize', () => {
        // The atom has no method but get, set and subscribe: no init step, and no store to bind it to.
        expect(Object.keys(atom(0)).sort()).toEqual(['get', 'set', 'subscribe']);
      });
      const subscriber = jest.fn();
      const unread = atom('light');
      clause('`set` works before anything has read the atom', () => {
        unread.subscribe(subscriber);
        unread.set('dark');
        expect(subscriber).toHaveBeenCalledWith('dark');
      });
      clause('`get` returns what was set', () => {
        expect(unread.get()).toBe('dark');
      });
      clause("theme.set('dark'); // applied, although nothing has read the atom yet", () => {
        expect(runLogged('version-1.0.0-rc14/api/atom', 'write-first.ts').logs).toEqual(['dark']);
      });
    },
  );

  claim(
    [
      'Any function passed to `set` is taken as an updater, so to store a function, return it from one: `set(() => myFunction)`',
      '`atom(fn)` stores the function as its value, but `set(fn)` calls it as an updater',
    ],
    (clause) => {
      const first = () => 'first';
      const second = jest.fn((current: unknown) => `second after ${String(current === first)}`);
      clause('Any function passed to `set` is taken as an updater', () => {
        const plain = atom<unknown>(1);
        plain.set(async () => 2); // an async function too: its promise becomes the value
        expect(plain.get()).toBeInstanceOf(Promise);
        plain.set(function* generate() {
          yield 3;
        });
        expect(typeof (plain.get() as Iterator<number>).next).toBe('function');
      });
      const handler = atom(first);
      clause('`atom(fn)` stores the function as its value', () => {
        expect(handler.get()).toBe(first);
      });
      clause('but `set(fn)` calls it as an updater', () => {
        handler.set(second as never);
        expect(second).toHaveBeenCalledWith(first); // called with the current value, its result stored
        expect(handler.get()).toBe('second after true');
      });
      clause('so to store a function, return it from one: `set(() => myFunction)`', () => {
        handler.set(() => first);
        expect(handler.get()).toBe(first);
      });
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
    (clause) => {
      const same = { level: 1 };
      const level = atom(same);
      clause('Every `set` call notifies all subscribers, even when the new value is identical to the old one', () => {
        const subscribers = [jest.fn(), jest.fn()];
        subscribers.forEach((s) => level.subscribe(s));
        level.set(same);
        level.set((current) => current);
        subscribers.forEach((s) => expect(s.mock.calls).toEqual([[same], [same]]));
      });
      clause('so by default they do not run again when the same value is set', () => {
        const byDefault = jest.fn();
        const configured = jest.fn();
        selector(({ get }) => byDefault(get(level))).get();
        selector(({ get }) => configured(get(level)), { areValuesEqual: () => false }).get();
        level.set(same);
        expect(byDefault).toHaveBeenCalledTimes(1);
        expect(configured).toHaveBeenCalledTimes(2); // only the default comparison lets the same value through unnoticed
      });
    },
  );

  claim(
    [
      'Subscribers are called synchronously, before `set` returns, in the order they subscribed',
      'A selector subscribes to an atom the first time it reads it and keeps that place for as long as it stays connected',
    ],
    (clause) => {
      clause('Subscribers are called synchronously, before `set` returns, in the order they subscribed', () => {
        const source = atom(0);
        const order: string[] = [];
        ['a', 'b', 'c'].forEach((name) => source.subscribe(() => order.push(name)));
        source.set(1);
        order.push('set returned');
        expect(order).toEqual(['a', 'b', 'c', 'set returned']);
      });
      clause('A selector subscribes to an atom the first time it reads it and keeps that place for as long as it stays connected', () => {
        const source = atom(0);
        const order: string[] = [];
        source.subscribe(() => order.push('earlier callback'));
        const derived = selector(({ get }) => {
          order.push('selector');
          return get(source);
        });
        source.set(1);
        expect(order).toEqual(['earlier callback']); // not read yet: not subscribed
        derived.get();
        order.length = 0;
        source.subscribe(() => order.push('later callback'));
        source.set(2);
        source.set(3); // the selector has run again, and still has the place it took on its first read
        expect(order).toEqual(['earlier callback', 'selector', 'later callback', 'earlier callback', 'selector', 'later callback']);
      });
    },
  );

  claim(
    [
      'Effects run synchronously inside the `atom()` call, once, in the order they are listed',
      'For an atom declared at the top of a module, that means when the module is first imported',
    ],
    (clause) => {
      clause('Effects run synchronously inside the `atom()` call, once, in the order they are listed', () => {
        const order: string[] = [];
        let returned = false;
        const state = atom(0, { effects: [() => order.push(`first, returned ${returned}`), () => order.push(`second, returned ${returned}`)] });
        returned = true;
        expect(order).toEqual(['first, returned false', 'second, returned false']);
        state.get();
        state.set(1);
        state.subscribe(() => undefined);
        expect(order).toHaveLength(2);
      });
      clause('For an atom declared at the top of a module, that means when the module is first imported', () => {
        /* eslint-disable @typescript-eslint/no-require-imports */
        jest.isolateModules(() => {
          const effect = jest.fn();
          jest.doMock('./fixtures/effect-spy', () => ({ effect }));
          expect(effect).not.toHaveBeenCalled();
          require('./fixtures/atom-with-effect');
          expect(effect).toHaveBeenCalledTimes(1);
          require('./fixtures/atom-with-effect');
          expect(effect).toHaveBeenCalledTimes(1);
        });
        /* eslint-enable @typescript-eslint/no-require-imports */
      });
    },
  );

  claim('`init(value)` replaces the initial value. It only works while the effects are running; if several effects call it, the last call wins', (clause) => {
    let later: ((value: number) => void) | undefined;
    clause('`init(value)` replaces the initial value.', () => {
      expect(atom(0, { effects: [({ init }) => init(1)] }).get()).toBe(1);
    });
    const state = atom(0, {
      effects: [
        ({ init }) => init(1),
        ({ init }) => {
          init(2);
          later = init;
        },
      ],
    });
    clause('It only works while the effects are running', () => {
      later?.(3);
      expect(later).toBeDefined();
      expect(state.get()).toBe(2);
    });
    clause('if several effects call it, the last call wins', () => {
      expect(state.get()).toBe(2);
      expect(atom(0, { effects: [({ init }) => init(2), ({ init }) => init(1)] }).get()).toBe(1);
    });
  });

  claim(
    [
      '`set(valueOrUpdater)` updates the atom like `state.set`, at any time, including synchronously inside the effect',
      'Updates made through it notify subscribers but do not call the `onSet` callbacks',
    ],
    (clause) => {
      let effectSet: SetterOrUpdater<number> | undefined;
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
      const subscriber = jest.fn();
      state.subscribe(subscriber);
      clause('`set(valueOrUpdater)` updates the atom like `state.set`, at any time, including synchronously inside the effect', () => {
        expect(state.get()).toBe(5); // set inside the effect
        effectSet?.(6);
        expect(state.get()).toBe(6);
        effectSet?.((n) => n + 1);
        expect(state.get()).toBe(7);
      });
      clause('Updates made through it notify subscribers but do not call the `onSet` callbacks', () => {
        expect(subscriber.mock.calls).toEqual([[6], [7]]);
        expect(saved).not.toHaveBeenCalled();
        state.set(8); // state.set does call them
        expect(saved).toHaveBeenCalledWith(8);
      });
    },
  );

  claim(
    '`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks\' setters). It runs after the atom\'s subscribers',
    (clause) => {
      const order: string[] = [];
      const state = atom(0, { effects: [({ onSet }) => onSet((value) => order.push(`onSet ${value}`))] });
      state.subscribe((value) => order.push(`subscriber ${value}`));
      clause('`onSet(callback)` registers a callback that runs after every update made with `state.set` (including the hooks\' setters).', () => {
        state.set(1);
        state.set((n) => n + 1);
        const setters: SetterOrUpdater<number>[] = [];
        const Editor = () => {
          setters.push(useStan(state)[1], useSetStanValue(state));
          return null;
        };
        renderToString(createElement(Editor));
        setters[0]?.(3);
        setters[1]?.((n) => n + 1);
        expect(order.filter((line) => line.startsWith('onSet'))).toEqual(['onSet 1', 'onSet 2', 'onSet 3', 'onSet 4']);
      });
      clause("It runs after the atom's subscribers", () => {
        expect(order.slice(0, 4)).toEqual(['subscriber 1', 'onSet 1', 'subscriber 2', 'onSet 2']);
      });
    },
  );

  claim(
    [
      'A throwing effect makes the `atom()` call itself throw, so no atom is created',
      'For an atom at the top of a module, the import of that module fails',
    ],
    (clause) => {
      const broken: AtomEffect<number> = () => {
        throw new Error('effect failed');
      };
      const after = jest.fn();
      let created: unknown;
      clause('A throwing effect makes the `atom()` call itself throw', () => {
        expect(() => {
          created = atom(0, { effects: [broken, after] });
        }).toThrow('effect failed');
      });
      clause('so no atom is created', () => {
        expect(created).toBeUndefined();
        expect(after).not.toHaveBeenCalled(); // the creation stopped at the throw
      });
      clause('For an atom at the top of a module, the import of that module fails', () => {
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
      });
    },
  );

  claim(
    'Mutating the value (for example `state.get().push(x)`) changes it without telling anyone: subscribers and selectors do not run',
    (clause) => {
      const list = atom<number[]>([]);
      const lengthRuns = jest.fn();
      const length = selector(({ get }) => {
        lengthRuns();
        return get(list).length;
      });
      expect(length.get()).toBe(0);
      const subscriber = jest.fn();
      list.subscribe(subscriber);
      const before = list.get();
      list.get().push(1);
      clause('Mutating the value (for example `state.get().push(x)`) changes it without telling anyone', () => {
        expect(list.get()).toBe(before);
        expect(list.get()).toEqual([1]);
      });
      clause('subscribers and selectors do not run', () => {
        expect(subscriber).not.toHaveBeenCalled();
        expect(lengthRuns).toHaveBeenCalledTimes(1);
        expect(length.get()).toBe(0);
      });
    },
  );

  claim(
    'A throwing subscriber interrupts `set`: the atom already holds the new value, the error propagates out of `set`, and the subscribers after it and the `onSet` callbacks are skipped for that update',
    (clause) => {
      const saved = jest.fn();
      const state = atom(0, { effects: [({ onSet }) => onSet(saved)] });
      let failures = 1;
      state.subscribe(() => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('subscriber failed');
        }
      });
      const after = jest.fn();
      state.subscribe(after);
      let thrown: unknown;
      try {
        state.set(1);
      } catch (error) {
        thrown = error;
      }
      clause('A throwing subscriber interrupts `set`', () => {
        expect(thrown).toBeInstanceOf(Error);
      });
      clause('the atom already holds the new value', () => {
        expect(state.get()).toBe(1);
      });
      clause('the error propagates out of `set`', () => {
        expect((thrown as Error).message).toBe('subscriber failed');
      });
      clause('the subscribers after it and the `onSet` callbacks are skipped for that update', () => {
        expect(after).not.toHaveBeenCalled();
        expect(saved).not.toHaveBeenCalled();
        state.set(2); // the next update, without a throw, reaches them
        expect(after).toHaveBeenCalledWith(2);
        expect(saved).toHaveBeenCalledWith(2);
      });
    },
  );

  claim(['counter.set(1); // logs "counter: 1"', 'counter.set(10); // nothing is logged', 'console.log(counter.get()); // 10'], (clause) => {
    const { logs } = runLogged('version-1.0.0-rc14/api/atom', 'counter.ts');
    clause('counter.set(1); // logs "counter: 1"', () => {
      expect(logs[0]).toBe('counter: 1');
    });
    clause('counter.set(10); // nothing is logged', () => {
      expect(logs).toEqual(['counter: 1', 'counter: 2', '10']);
    });
    clause('console.log(counter.get()); // 10', () => {
      expect(logs.at(-1)).toBe('10');
    });
  });

  describe('draft.ts', () => {
    beforeEach(() => localStorage.clear());

    claim(
      [
        '`init` restores the saved text as soon as the module is imported, `onSet` saves every change the app makes',
        'the `storage` listener picks up edits from other tabs through the effect\'s `set`, which does not call `onSet` and so does not save the same value again',
      ],
      (clause) => {
        localStorage.setItem('draft', 'saved earlier');
        const { draft } = runLogged<{ draft: import('stan-1.0.0-rc14').WritableState<string> }>('version-1.0.0-rc14/api/atom', 'draft.ts').exports;
        clause('`init` restores the saved text as soon as the module is imported', () => {
          expect(draft.get()).toBe('saved earlier');
        });
        clause('`onSet` saves every change the app makes', () => {
          draft.set('typed now');
          expect(localStorage.getItem('draft')).toBe('typed now');
          draft.set((text) => `${text}!`);
          expect(localStorage.getItem('draft')).toBe('typed now!');
        });
        const setItem = jest.spyOn(Storage.prototype, 'setItem');
        const subscriber = jest.fn();
        draft.subscribe(subscriber);
        window.dispatchEvent(new StorageEvent('storage', { key: 'draft', newValue: 'from another tab' }));
        clause("the `storage` listener picks up edits from other tabs through the effect's `set`", () => {
          expect(draft.get()).toBe('from another tab');
          expect(subscriber).toHaveBeenCalledWith('from another tab');
        });
        clause('which does not call `onSet` and so does not save the same value again', () => {
          expect(setItem).not.toHaveBeenCalled();
          expect(localStorage.getItem('draft')).toBe('typed now!');
        });
        setItem.mockRestore();
      },
    );
  });
});

describe('api/atomFamily', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/atomFamily');

  claim('It returns a function that maps a parameter to an atom, and the same parameter always gives back the same atom', (clause) => {
    const family = atomFamily((n: number) => n * 10);
    clause('It returns a function that maps a parameter to an atom', () => {
      expect(typeof family).toBe('function');
      const member = family(1);
      expect(Object.keys(member).sort()).toEqual(['get', 'set', 'subscribe']);
      expect(member.get()).toBe(10);
      expect(family(2)).not.toBe(member);
    });
    clause('and the same parameter always gives back the same atom', () => {
      const member = family(1);
      member.set(11);
      family(3);
      expect(family(1)).toBe(member);
      expect(family(1).get()).toBe(11);
    });
  });

  claim(
    [
      'either a value every member starts with, or a function that receives the parameter and returns that member\'s initial value',
      'Any function is taken as such a factory, so a family cannot use a function as a plain initial value',
    ],
    (clause) => {
      clause('either a value every member starts with', () => {
        const start = { text: 'start' };
        const shared = atomFamily<{ text: string }, number>(start);
        expect(shared(1).get()).toBe(start);
        expect(shared(2).get()).toBe(start);
      });
      clause("or a function that receives the parameter and returns that member's initial value", () => {
        const factory = jest.fn((name: string) => `${name}!`);
        const handlers = atomFamily(factory);
        expect(handlers('go').get()).toBe('go!');
        expect(factory).toHaveBeenCalledWith('go');
      });
      const onClick = jest.fn(() => 'clicked');
      clause('Any function is taken as such a factory', () => {
        const fromAsync = atomFamily<unknown, number>(async (n: number) => n);
        expect(fromAsync(1).get()).toBeInstanceOf(Promise);
        const handlers = atomFamily<unknown, string>(onClick);
        expect(handlers('button').get()).toBe('clicked');
        expect(onClick).toHaveBeenCalledWith('button');
      });
      clause('so a family cannot use a function as a plain initial value', () => {
        const handlers = atomFamily<unknown, string>(onClick);
        expect(handlers('link').get()).not.toBe(onClick);
      });
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
    (clause) => {
      const family = atomFamily<number, { a: number; b: number } | { outer: { a: number; b: number } } | number | string>(0);
      clause('Object keys are sorted first, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same atom', () => {
        expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
        expect(family({ outer: { a: 1, b: 2 } })).toBe(family({ outer: { b: 2, a: 1 } })); // at every depth
        expect(family({ a: 1, b: 2 })).not.toBe(family({ a: 2, b: 1 }));
      });
      clause('while `1` and `"1"` do not', () => {
        expect(family(1)).not.toBe(family('1'));
      });
    },
  );

  claim(
    [
      'Members are created on first use and never dropped',
      'it then stays in the family for the lifetime of the page or process',
      'Members are never dropped, so a family keyed by something unbounded, such as free text or timestamps, keeps every member it ever created',
    ],
    (clause) => {
      const factory = jest.fn((n: number) => n);
      const family = atomFamily(factory);
      clause('Members are created on first use', () => {
        expect(factory).not.toHaveBeenCalled();
        family(0);
        expect(factory.mock.calls).toEqual([[0]]);
      });
      const first = family(0);
      first.set(-1);
      first.subscribe(() => undefined)();
      for (let i = 1; i < 500; i += 1) family(i);
      clause('never dropped', () => {
        expect(family(0)).toBe(first);
        expect(factory).toHaveBeenCalledTimes(500);
      });
      clause('it then stays in the family for the lifetime of the page or process', () => {
        expect(family(0).get()).toBe(-1);
        expect(factory.mock.calls.filter(([n]) => n === 0)).toHaveLength(1);
      });
      const byTime = atomFamily<string, number>('');
      const created = Array.from({ length: 1000 }, (_, i) => byTime(1_700_000_000_000 + i));
      clause('Members are never dropped', () => {
        expect(byTime(1_700_000_000_000)).toBe(created[0]);
      });
      clause('so a family keyed by something unbounded, such as free text or timestamps, keeps every member it ever created', () => {
        expect(created.every((member, i) => byTime(1_700_000_000_000 + i) === member)).toBe(true);
        expect(new Set(created).size).toBe(1000);
      });
    },
  );

  claim('it holds one value for the whole runtime, and it can be written before anything reads it', (clause) => {
    const family = atomFamily<string, string>('');
    clause('it holds one value for the whole runtime', () => {
      const seen = jest.fn();
      family('shared').subscribe(seen);
      family('shared').set('one value');
      // Every caller that asks for the parameter reads and watches the same value.
      expect(family('shared').get()).toBe('one value');
      expect(seen).toHaveBeenCalledWith('one value');
    });
    clause('and it can be written before anything reads it', () => {
      family('note').set('written first');
      expect(family('note').get()).toBe('written first');
    });
  });

  claim(
    [
      'A throwing factory or effect makes the family call, `family(param)`, throw. Nothing is kept for that parameter, so the next call with it runs the factory and the effects again',
    ],
    (clause) => {
      let factoryFailures = 1;
      const factory = jest.fn((n: number) => {
        if (factoryFailures > 0) {
          factoryFailures -= 1;
          throw new Error('factory failed');
        }
        return n;
      });
      const okEffect = jest.fn();
      const fromFactory = atomFamily(factory, { effects: [okEffect] });

      let effectFailures = 1;
      const attempts: jest.Mock[] = [];
      const flaky = jest.fn(() => {
        if (effectFailures > 0) {
          effectFailures -= 1;
          throw new Error('effect failed');
        }
      });
      const withEffect = atomFamily<number, number>(0, {
        effects: [
          ({ onSet }) => {
            const saved = jest.fn();
            attempts.push(saved);
            onSet(saved);
          },
          flaky,
        ],
      });
      clause('A throwing factory or effect makes the family call, `family(param)`, throw.', () => {
        expect(() => fromFactory(1)).toThrow('factory failed');
        expect(() => withEffect(1)).toThrow('effect failed');
      });
      clause('Nothing is kept for that parameter', () => {
        const member = withEffect(1);
        member.set(2);
        // The atom the failed call had started (and its onSet callback) is gone: only the new one's callback runs.
        expect(attempts).toHaveLength(2);
        expect(attempts[0]).not.toHaveBeenCalled();
        expect(attempts[1]).toHaveBeenCalledWith(2);
      });
      clause('so the next call with it runs the factory and the effects again', () => {
        expect(fromFactory(1).get()).toBe(1);
        expect(factory).toHaveBeenCalledTimes(2);
        expect(okEffect).toHaveBeenCalledTimes(1); // the effects, which the factory's throw had kept from running
        expect(flaky).toHaveBeenCalledTimes(2);
      });
    },
  );

  claim(
    [
      'it is serialized as `JSON.stringify` would do it: `undefined` properties and functions disappear, and a circular object throws a `TypeError` from the family call',
    ],
    (clause) => {
      const family = atomFamily<number, { id: number }>(0) as unknown as (param: unknown) => import('stan-1.0.0-rc14').WritableState<number>;
      clause('it is serialized as `JSON.stringify` would do it', () => {
        // Values JSON.stringify turns into something else give the member of what it turns them into.
        expect(family(new Date(0))).toBe(family(JSON.parse(JSON.stringify(new Date(0)))));
        expect(family(NaN)).toBe(family(null));
        expect(family([undefined, () => 1])).toBe(family([null, null]));
      });
      clause('`undefined` properties and functions disappear', () => {
        expect(family({ id: 1, extra: undefined, fn: () => 1 })).toBe(family({ id: 1 }));
      });
      clause('and a circular object throws a `TypeError` from the family call', () => {
        const circular: Record<string, unknown> = { id: 1 };
        circular.self = circular;
        expect(() => family(circular)).toThrow(TypeError);
      });
    },
  );

  claim('Deleting an item does not delete its member. If an id can come back, set the member back to its initial value when the item goes', (clause) => {
    const done = atomFamily<boolean, number>(false);
    done(7).set(true);
    clause('Deleting an item does not delete its member.', () => {
      // The item with id 7 is deleted and comes back: its member is still there, with the old value.
      expect(done(7).get()).toBe(true);
    });
    clause('If an id can come back, set the member back to its initial value when the item goes', () => {
      done(7).set(false); // the item goes
      expect(done(7).get()).toBe(done(8).get()); // it comes back as a new item would start
    });
  });

  claim(
    ["console.log(email.get()); // { name: 'email', value: '', touched: false }", 'console.log(field(\'email\') === email); // true'],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/atomFamily', 'field.ts');
      clause("console.log(email.get()); // { name: 'email', value: '', touched: false }", () => {
        expect(logs[0]).toBe('{"name":"email","value":"","touched":false}');
      });
      clause("console.log(field('email') === email); // true", () => {
        expect(logs.slice(1)).toEqual(['true', 'ada@example.com']);
      });
    },
  );
});
