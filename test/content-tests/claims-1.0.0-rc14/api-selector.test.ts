/** @jest-environment node */
// The 1.0.0-rc14 selector, selectorFamily, State and Utilities pages, run against stan-1.0.0-rc14.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, refresh, selector, selectorFamily, type ReadonlyState, type State, type WritableState } from 'stan-1.0.0-rc14';
import { useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf, flush } from '../../support/claims';
import path from 'path';
import { compileErrors } from '../../support/compile';
import { declaredNames } from '../../support/package-api';
import { versionPackageDir } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

/** Counts the subscriptions made to a state and the ones removed, by wrapping its `subscribe`. */
function watchSubscriptions(state: State<unknown>) {
  const counts = { made: 0, removed: 0 };
  const original = state.subscribe.bind(state);
  jest.spyOn(state, 'subscribe').mockImplementation((callback) => {
    counts.made += 1;
    const unsubscribe = original(callback);
    return () => {
      counts.removed += 1;
      unsubscribe();
    };
  });
  return counts;
}

describe('api/selector', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/selector');

  claim(
    [
      'When a dependency notifies, the selector compares the new value with the one it noted for that dependency and only runs again if they differ. It notes the value when it first reads the dependency and again at each notification that makes it run, not on later reads. The default is strict equality (`===`)',
    ],
    (clause) => {
      clause('When a dependency notifies, the selector compares the new value with the one it noted for that dependency and only runs again if they differ.', () => {
        const point = atom({ x: 1 });
        const compared: unknown[][] = [];
        const run = jest.fn();
        const s = selector(
          ({ get }) => run(get(point)),
          {
            areValuesEqual: <T,>(a: T, b: T) => {
              compared.push([a, b]);
              return JSON.stringify(a) === JSON.stringify(b);
            },
          },
        );
        s.get();
        const first = point.get();
        point.set({ x: 1 });
        expect(compared).toEqual([[first, { x: 1 }]]);
        expect(run).toHaveBeenCalledTimes(1);
        point.set({ x: 2 });
        expect(run).toHaveBeenCalledTimes(2);
      });
      clause('It notes the value when it first reads the dependency and again at each notification that makes it run, not on later reads.', () => {
        const a = atom(0);
        const b = atom(0);
        a.subscribe((value) => b.set(value)); // subscribed before the selector: b changes first
        const reads: number[][] = [];
        const s = selector(({ get }) => reads.push([get(b), get(a)]));
        s.get();
        a.set(1);
        // The run that b's change caused already read a = 1, yet a's notification still compares with the noted 0.
        expect(reads).toEqual([[0, 0], [1, 1], [1, 1]]);
        a.set(1);
        expect(reads).toHaveLength(3); // 1 was noted at the notification that made it run
      });
      clause('The default is strict equality (`===`)', () => {
        const point = atom({ x: 1 });
        const strict = jest.fn();
        selector(({ get }) => strict(get(point))).get();
        point.set({ x: 1 });
        expect(strict).toHaveBeenCalledTimes(2);
        point.set(point.get());
        expect(strict).toHaveBeenCalledTimes(2);
      });
    },
  );

  claim('A `ReadonlyState<T>` with `get` and `subscribe`, and no `set`', async (clause) => {
    const plain = selector(() => 1);
    clause('A `ReadonlyState<T>` with `get` and `subscribe`', () => {
      expect(Object.keys(plain).sort()).toEqual(['get', 'subscribe']);
      expect(plain.get()).toBe(1);
    });
    await clause('and no `set`', async () => {
      expect('set' in plain).toBe(false);
      expect(await compileErrors("import { selector } from '@rkrupinski/stan';\nselector(() => 1).set(2);", 'ts', VERSION)).toHaveLength(1);
    });
  }, 60_000);

  claim(
    [
      'First read. Nothing runs until the first `get()`',
      'The result is kept, and later reads return it',
    ],
    (clause) => {
      const run = jest.fn(() => ({}));
      const s = selector(run);
      s.subscribe(() => undefined);
      let first: unknown;
      clause('First read. Nothing runs until the first `get()`', () => {
        expect(run).not.toHaveBeenCalled(); // not on creation, nor on subscribe
        first = s.get();
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('The result is kept', () => {
        expect(s.get()).toBe(first);
      });
      clause('later reads return it', () => {
        s.get();
        s.get();
        expect(run).toHaveBeenCalledTimes(1);
      });
    },
  );

  claim(
    [
      'The first time a run reads a state, the selector subscribes to it. From then on, a change of that state runs the selector again, and its subscribers receive the new result, even when it equals the previous one',
      'This happens as soon as the change is made, whether or not anything is subscribed to the selector',
    ],
    (clause) => {
      const n = atom(2);
      const subscriptions = watchSubscriptions(n);
      const run = jest.fn();
      const parity = selector(({ get }) => {
        run();
        return get(n) % 2;
      });
      clause('The first time a run reads a state, the selector subscribes to it.', () => {
        expect(subscriptions.made).toBe(0);
        parity.get();
        expect(subscriptions.made).toBe(1);
        refresh(parity);
        parity.get(); // a later run reads it again: no new subscription
        expect(subscriptions.made).toBe(1);
      });
      clause('From then on, a change of that state runs the selector again', () => {
        n.set(3);
        expect(run).toHaveBeenCalledTimes(3);
        expect(parity.get()).toBe(1);
      });
      clause('and its subscribers receive the new result, even when it equals the previous one', () => {
        const subscriber = jest.fn();
        parity.subscribe(subscriber);
        n.set(5); // same parity
        expect(subscriber).toHaveBeenCalledWith(1);
      });
      clause('This happens as soon as the change is made, whether or not anything is subscribed to the selector', () => {
        const m = atom(0);
        const unwatched = jest.fn();
        selector(({ get }) => unwatched(get(m))).get();
        m.set(1);
        expect(unwatched).toHaveBeenCalledTimes(2); // nobody subscribed, and before anything reads it again
      });
    },
  );

  claim(
    'Refresh. With subscribers, `refresh` runs the selector at once and notifies them. Without any, it only marks the kept result as stale, and the next `get()` runs the selector again',
    (clause) => {
      let runs = 0;
      const lonely = selector(() => (runs += 1));
      lonely.get();
      clause('Refresh. With subscribers, `refresh` runs the selector at once and notifies them.', () => {
        let watchedRuns = 0;
        const watched = selector(() => (watchedRuns += 1));
        watched.get();
        const subscriber = jest.fn();
        watched.subscribe(subscriber);
        refresh(watched);
        expect(watchedRuns).toBe(2);
        expect(subscriber).toHaveBeenCalledWith(2);
      });
      clause('Without any, it only marks the kept result as stale', () => {
        refresh(lonely);
        expect(runs).toBe(1);
      });
      clause('and the next `get()` runs the selector again', () => {
        expect(lonely.get()).toBe(2);
        expect(lonely.get()).toBe(2);
      });
    },
  );

  claim(
    [
      'Setting `discount` runs only `total` again. Setting `cart` runs `subtotal` again, and `total` follows only if the subtotal it reads has changed',
      'console.log(total.get()); // 12.6',
      'console.log(total.get()); // 7',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/selector', 'cart.ts');
      const cart = atom([1]);
      const discount = atom(0);
      const subtotalRuns = jest.fn();
      const totalRuns = jest.fn();
      const subtotal = selector(({ get }) => {
        subtotalRuns();
        return get(cart).length;
      });
      const total = selector(({ get }) => {
        totalRuns();
        return get(subtotal) - get(discount);
      });
      total.get();
      const runs = () => [subtotalRuns.mock.calls.length, totalRuns.mock.calls.length];
      clause('Setting `discount` runs only `total` again.', () => {
        discount.set(1);
        expect(runs()).toEqual([1, 2]);
      });
      clause('Setting `cart` runs `subtotal` again', () => {
        cart.set([2]); // a new array, the same length
        expect(runs()).toEqual([2, 2]);
      });
      clause('and `total` follows only if the subtotal it reads has changed', () => {
        expect(total.get()).toBe(0); // not followed: the subtotal was still 1
        cart.set([1, 2]);
        expect(runs()).toEqual([3, 3]);
        expect(total.get()).toBe(1);
      });
      clause('console.log(total.get()); // 12.6', () => {
        expect(logs[0]).toBe('12.6');
      });
      clause('console.log(total.get()); // 7', () => {
        expect(logs).toEqual(['12.6', '7']);
      });
    },
  );

  claim(
    [
      'A selector subscribes to a state the first time one of its runs reads it, and later runs do not drop that subscription, even if they no longer read the state',
      'console.log(shown.get(), runs); // "Lovelace" 2',
      "first.set('Augusta'); // not read by the latest run, yet still a dependency",
      'console.log(runs); // 3',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/selector', 'conditional.ts');
      const showFirst = atom(true);
      const first = atom('a');
      const last = atom('b');
      const toLast = watchSubscriptions(last);
      const toFirst = watchSubscriptions(first);
      const run = jest.fn();
      const shown = selector(({ get }) => {
        run();
        return get(showFirst) ? get(first) : get(last);
      });
      clause('A selector subscribes to a state the first time one of its runs reads it', () => {
        shown.get();
        expect([toFirst.made, toLast.made]).toEqual([1, 0]);
        showFirst.set(false);
        expect([toFirst.made, toLast.made]).toEqual([1, 1]);
      });
      clause('and later runs do not drop that subscription, even if they no longer read the state', () => {
        expect(toFirst.removed).toBe(0);
        first.set('c');
        expect(run).toHaveBeenCalledTimes(3);
      });
      clause('console.log(shown.get(), runs); // "Lovelace" 2', () => {
        expect(logs[1]).toBe('Lovelace 2');
      });
      clause("first.set('Augusta'); // not read by the latest run, yet still a dependency", () => {
        expect(logs).toEqual(['Ada', 'Lovelace 2', '3']);
      });
      clause('console.log(runs); // 3', () => {
        expect(logs[2]).toBe('3');
      });
    },
  );

  claim('they stop when the selector disconnects', () => {
    const showFirst = atom(true);
    const first = atom('a');
    const last = atom('b');
    const run = jest.fn();
    const shown = selector(({ get }) => {
      run();
      return get(showFirst) ? get(first) : get(last);
    });
    const stop = shown.subscribe(() => undefined);
    shown.get();
    showFirst.set(false);
    stop();
    first.set('c');
    showFirst.set(true);
    expect(run).toHaveBeenCalledTimes(2);
  });

  claim(
    [
      'When its last subscriber unsubscribes, the selector drops its subscriptions to its dependencies, and it keeps its last result: from then on, `get()` returns that result however the dependencies change, and a new subscriber receives nothing either. Only `refresh` runs it again and connects it anew',
      'console.log(fahrenheit.get()); // 86: stale',
      'console.log(fahrenheit.get()); // 104',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/selector', 'disconnect.ts');
      const celsius = atom(0);
      const subscriptions = watchSubscriptions(celsius);
      const run = jest.fn();
      const fahrenheit = selector(({ get }) => {
        run();
        return (get(celsius) * 9) / 5 + 32;
      });
      const stopFirst = fahrenheit.subscribe(() => undefined);
      const stopLast = fahrenheit.subscribe(() => undefined);
      fahrenheit.get();
      clause('When its last subscriber unsubscribes, the selector drops its subscriptions to its dependencies', () => {
        stopFirst();
        expect(subscriptions.removed).toBe(0); // not the last one
        stopLast();
        expect(subscriptions).toEqual({ made: 1, removed: 1 });
      });
      clause('and it keeps its last result', () => {
        expect(fahrenheit.get()).toBe(32);
      });
      const late = jest.fn();
      clause('from then on, `get()` returns that result however the dependencies change', () => {
        celsius.set(100);
        celsius.set(50);
        expect(fahrenheit.get()).toBe(32);
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('and a new subscriber receives nothing either.', () => {
        fahrenheit.subscribe(late);
        celsius.set(100);
        expect(late).not.toHaveBeenCalled();
        expect(fahrenheit.get()).toBe(32);
      });
      clause('Only `refresh` runs it again and connects it anew', () => {
        expect(run).toHaveBeenCalledTimes(1); // reads, writes and a subscriber did not
        refresh(fahrenheit); // with a subscriber: runs at once, and follows celsius again
        expect(late).toHaveBeenLastCalledWith(212);
        celsius.set(0);
        expect(late).toHaveBeenLastCalledWith(32);
      });
      clause('console.log(fahrenheit.get()); // 86: stale', () => {
        expect(logs.slice(1, 3)).toEqual(['86', '86']);
      });
      clause('console.log(fahrenheit.get()); // 104', () => {
        expect(logs).toEqual(['68', '86', '86', '104']);
      });
    },
  );

  claim('A selector that was read but never subscribed to is not affected: it stays connected from its first run on', (clause) => {
    const celsius = atom(0);
    const run = jest.fn();
    const fahrenheit = selector(({ get }) => {
      run();
      return (get(celsius) * 9) / 5 + 32;
    });
    clause('A selector that was read but never subscribed to is not affected', () => {
      fahrenheit.get();
      const other = selector(({ get }) => get(celsius));
      other.subscribe(() => undefined)(); // another selector disconnecting changes nothing for it
      celsius.set(100);
      expect(fahrenheit.get()).toBe(212);
    });
    clause('it stays connected from its first run on', () => {
      for (let c = 1; c <= 5; c += 1) celsius.set(c);
      expect(run).toHaveBeenCalledTimes(7); // the first run, then one per change, without any read in between
    });
  });

  claim(
    [
      'A change travels one arrow at a time, depth first, in the order the subscriptions were made. So the selector at the bottom runs once per path, and its first run sees one side already updated and the other not yet',
      'logs "86 °F, 293.15 K": fahrenheit has updated, kelvin not yet',
      'logs "86 °F, 303.15 K"',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/selector', 'diamond.ts');
      const diamond = (leftFirst: boolean) => {
        const order: string[] = [];
        const source = atom(0);
        const left = selector(({ get }) => {
          order.push('left');
          return get(source);
        });
        const right = selector(({ get }) => {
          order.push('right');
          return get(source) * 10;
        });
        const bottom = selector(({ get }) => {
          const values = leftFirst ? [get(left), get(right)] : [get(right), get(left)];
          order.push(`bottom ${values.join(' ')}`);
          return values;
        });
        bottom.get();
        order.length = 0;
        source.set(1);
        return order;
      };
      clause('A change travels one arrow at a time, depth first, in the order the subscriptions were made.', () => {
        expect(diamond(true)).toEqual(['left', 'bottom 1 0', 'right', 'bottom 1 10']);
        expect(diamond(false)).toEqual(['right', 'bottom 10 0', 'left', 'bottom 10 1']);
      });
      clause('So the selector at the bottom runs once per path', () => {
        expect(diamond(true).filter((step) => step.startsWith('bottom'))).toHaveLength(2);
      });
      clause('and its first run sees one side already updated and the other not yet', () => {
        expect(diamond(true)[1]).toBe('bottom 1 0');
      });
      clause('logs "86 °F, 293.15 K": fahrenheit has updated, kelvin not yet', () => {
        expect(logs.slice(0, 2)).toEqual(['68 °F, 293.15 K', '86 °F, 293.15 K']);
      });
      clause('logs "86 °F, 303.15 K"', () => {
        expect(logs).toEqual(['68 °F, 293.15 K', '86 °F, 293.15 K', '86 °F, 303.15 K']);
      });
    },
  );

  claim(
    [
      'A throw on the first read. If `selectorFn` throws during the first `get()`, that `get()` throws, but the selector counts as evaluated and keeps `undefined` as its result: the next `get()` returns `undefined` without running it again, whatever its type says',
      'It runs again when it is refreshed, or when a dependency it read before the throw changes',
    ],
    (clause) => {
      let fail = true;
      const run = jest.fn();
      const trigger = atom(0);
      const s = selector(({ get }): string => {
        run();
        get(trigger);
        if (fail) throw new Error('not yet');
        return 'ok';
      });
      clause('A throw on the first read. If `selectorFn` throws during the first `get()`, that `get()` throws', () => {
        expect(() => s.get()).toThrow('not yet');
      });
      clause('but the selector counts as evaluated and keeps `undefined` as its result', () => {
        fail = false;
        expect(s.get()).toBeUndefined();
      });
      clause('the next `get()` returns `undefined` without running it again, whatever its type says', () => {
        const value: string = s.get(); // typed string, yet undefined
        expect(value).toBeUndefined();
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('It runs again when it is refreshed', () => {
        refresh(s);
        expect(s.get()).toBe('ok');
        expect(run).toHaveBeenCalledTimes(2);
      });
      clause('or when a dependency it read before the throw changes', () => {
        fail = true;
        const again = selector(({ get }): string => {
          get(trigger);
          if (fail) throw new Error('not yet');
          return 'ok';
        });
        expect(() => again.get()).toThrow('not yet');
        fail = false;
        trigger.set(1);
        expect(again.get()).toBe('ok');
      });
    },
  );

  claim(
    'A throw on a re-run. When a dependency change makes the selector throw, the error propagates out of the `set` call that made the change, and the selector keeps its previous result',
    (clause) => {
      const divisor = atom(1);
      const ratio = selector(({ get }) => {
        const d = get(divisor);
        if (d === 0) throw new Error('zero');
        return 10 / d;
      });
      ratio.get();
      clause('A throw on a re-run. When a dependency change makes the selector throw, the error propagates out of the `set` call that made the change', () => {
        expect(() => divisor.set(0)).toThrow('zero');
        expect(divisor.get()).toBe(0);
      });
      clause('and the selector keeps its previous result', () => {
        expect(ratio.get()).toBe(10);
      });
    },
  );

  claim(
    'A rejected promise. If a promise the selector returned rejects, the selector is marked stale, so the next `get()` runs it again. This happens for any of its promises, also for one that a newer run has already replaced',
    async (clause) => {
      const query = atom(1);
      const rejecters: ((reason: unknown) => void)[] = [];
      const run = jest.fn();
      const s = selector(({ get }) => {
        get(query);
        run();
        return new Promise<string>((resolve, reject) => rejecters.push(reject));
      });
      const firstPromise = s.get();
      rejecters[0]?.(new Error('failed'));
      await flush();
      await firstPromise.catch(() => undefined);
      clause('A rejected promise. If a promise the selector returned rejects, the selector is marked stale', () => {
        expect(run).toHaveBeenCalledTimes(1); // marked, not run at once
      });
      clause('so the next `get()` runs it again.', () => {
        expect(s.get()).not.toBe(firstPromise);
        expect(run).toHaveBeenCalledTimes(2);
      });
      await clause('This happens for any of its promises, also for one that a newer run has already replaced', async () => {
        query.set(2); // run 3 replaces run 2
        const latest = s.get();
        rejecters[1]?.(new Error('old run failed'));
        await flush();
        expect(s.get()).not.toBe(latest); // run 4
        expect(run).toHaveBeenCalledTimes(4);
      });
      rejecters.slice(2).forEach((reject) => reject(new Error('settled')));
      await flush();
    },
  );

  claim(
    [
      'No cancellation. A run that a newer run replaces is not stopped: its work, a request say, goes on to the end, and its result is simply not used. Selector functions receive no abort signal in this release',
    ],
    async (clause) => {
      const query = atom('a');
      const steps: string[] = [];
      const args: string[][] = [];
      const s = selector((arg) => {
        args.push(Object.keys(arg));
        const q = arg.get(query);
        return (async () => {
          steps.push(`${q} started`);
          await new Promise((resolve) => setTimeout(resolve, 0));
          steps.push(`${q} halfway`);
          await new Promise((resolve) => setTimeout(resolve, 0));
          steps.push(`${q} done`);
          return q;
        })();
      });
      const seen = jest.fn();
      s.subscribe(seen);
      const replaced = s.get();
      query.set('b');
      const current = s.get();
      await current;
      const replacedResult = await replaced;
      await flush();
      clause('No cancellation. A run that a newer run replaces is not stopped', () => {
        expect(steps).toContain('a halfway');
      });
      clause('its work, a request say, goes on to the end', () => {
        expect(steps).toContain('a done');
        expect(replacedResult).toBe('a');
      });
      clause('and its result is simply not used.', () => {
        expect(s.get()).toBe(current);
        expect(seen.mock.calls).toEqual([[current]]); // its settling notifies nobody
      });
      clause('Selector functions receive no abort signal in this release', () => {
        expect(args).toEqual([['get'], ['get']]);
      });
    },
  );

  claim('Reads after an `await` still subscribe. `get` subscribes whenever it is called, also after an `await`', async () => {
    const first = atom(1);
    const late = atom('x');
    const run = jest.fn();
    const s = selector(async ({ get }) => {
      run();
      get(first);
      await Promise.resolve();
      return get(late);
    });
    await s.get();
    late.set('y');
    expect(run).toHaveBeenCalledTimes(2);
  });

  claim(
    'Refreshing a selector that has subscribers runs it at once; if the run throws, the error propagates out of `refresh` and the selector keeps its previous result',
    (clause) => {
      let fail = false;
      const run = jest.fn();
      const s = selector(() => {
        run();
        if (fail) throw new Error('refresh failed');
        return 'good';
      });
      s.get();
      const subscriber = jest.fn();
      s.subscribe(subscriber);
      clause('Refreshing a selector that has subscribers runs it at once', () => {
        refresh(s);
        expect(run).toHaveBeenCalledTimes(2);
        expect(subscriber).toHaveBeenCalledWith('good');
      });
      clause('if the run throws, the error propagates out of `refresh` and the selector keeps its previous result', () => {
        fail = true;
        expect(() => refresh(s)).toThrow('refresh failed');
        expect(run).toHaveBeenCalledTimes(3);
        expect(s.get()).toBe('good');
      });
    },
  );

  claim('A promise that never settles stays the selector\'s value until a dependency changes or it is refreshed', async () => {
    const run = jest.fn(() => new Promise<never>(() => undefined));
    const s = selector(run);
    const pending = s.get();
    await flush();
    expect(s.get()).toBe(pending);
    refresh(s);
    expect(s.get()).not.toBe(pending);
    expect(run).toHaveBeenCalledTimes(2);
  });

  claim(
    'A selector that reads itself, directly or through other selectors, gets `undefined` for its own value during its first run instead of an error, and ends up subscribed to itself: a later change can then run it again and again until the stack overflows',
    (clause) => {
      clause('A selector that reads itself, directly or through other selectors, gets `undefined` for its own value during its first run instead of an error', () => {
        const holder: { self?: ReadonlyState<number> } = {};
        const seenOwnValue: unknown[] = [];
        holder.self = selector(({ get }): number => {
          seenOwnValue.push(get(holder.self as ReadonlyState<number>));
          return 1;
        });
        expect(holder.self.get()).toBe(1);
        expect(seenOwnValue).toEqual([undefined]);

        const pair: { a?: ReadonlyState<number>; b?: ReadonlyState<number> } = {};
        const seenThroughB: unknown[] = [];
        pair.a = selector(({ get }) => get(pair.b as ReadonlyState<number>) + 1);
        pair.b = selector(({ get }) => {
          const a = get(pair.a as ReadonlyState<number>);
          seenThroughB.push(a);
          return a ?? 0;
        });
        expect(pair.a.get()).toBe(1);
        expect(seenThroughB).toEqual([undefined]);
      });
      clause('and ends up subscribed to itself', () => {
        const step = atom(0);
        const holder: { self?: ReadonlyState<number> } = {};
        const run = jest.fn();
        holder.self = selector(({ get }): number => {
          run();
          get(holder.self as ReadonlyState<number>);
          return get(step);
        });
        holder.self.get();
        step.set(1);
        // One run for the change, and one more because its own new value notified it (noted as undefined, now 1).
        expect(run).toHaveBeenCalledTimes(3);
      });
      clause('a later change can then run it again and again until the stack overflows', () => {
        const step = atom(0);
        const holder: { self?: ReadonlyState<number> } = {};
        holder.self = selector(({ get }): number => (get(holder.self as ReadonlyState<number>) ?? 0) + get(step) + 1);
        expect(holder.self.get()).toBe(1);
        expect(() => step.set(1)).toThrow(RangeError);
      });
    },
  );

  claim(
    'Every change of `query` starts a new request, and the selector\'s value becomes the new promise, so a slow answer for an old query never replaces the one for the current query. The old request is not cancelled, though',
    async (clause) => {
      const answers: Record<string, number> = { slow: 20, fast: 0 };
      const requests: unknown[][] = [];
      const answered: string[] = [];
      const original = globalThis.fetch;
      globalThis.fetch = ((...args: [string]) => {
        requests.push(args);
        const q = new URL(args[0], 'http://x').searchParams.get('q') ?? '';
        return new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({
                ok: true,
                json: async () => {
                  answered.push(q);
                  return [{ id: q, title: q }];
                },
              } as Response),
            answers[q] ?? 0,
          ),
        );
      }) as typeof fetch;
      try {
        const { query, searchResults } = runLogged<{
          query: WritableState<string>;
          searchResults: ReadonlyState<Promise<{ id: string }[]>>;
        }>('version-1.0.0-rc14/api/selector', 'search.ts').exports;
        await expect(searchResults.get()).resolves.toEqual([]);
        const values: unknown[] = [];
        clause('Every change of `query` starts a new request', () => {
          query.set('slow');
          values.push(searchResults.get());
          query.set('fast');
          values.push(searchResults.get());
          expect(requests.map(([url]) => url)).toEqual(['/api/search?q=slow', '/api/search?q=fast']);
        });
        await clause("and the selector's value becomes the new promise", async () => {
          expect(values[0]).toBeInstanceOf(Promise);
          expect(values[1]).not.toBe(values[0]);
          await expect(values[1]).resolves.toEqual([{ id: 'fast', title: 'fast' }]);
        });
        await clause('so a slow answer for an old query never replaces the one for the current query.', async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          expect(searchResults.get()).toBe(values[1]);
          await expect(searchResults.get()).resolves.toEqual([{ id: 'fast', title: 'fast' }]);
        });
        clause('The old request is not cancelled, though', () => {
          expect(requests[0]).toHaveLength(1); // no options, so no abort signal
          expect(answered).toEqual(['fast', 'slow']); // the slow answer was still read to the end
        });
      } finally {
        globalThis.fetch = original;
      }
    },
  );
});

describe('api/selectorFamily', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/selectorFamily');

  claim(
    [
      'Parameters are compared by value',
      'console.log(tasksBy({ owner: \'ada\', done: false }).get().length); // 1',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/selectorFamily', 'tasks.ts').logs).toEqual(['1', 'true']);
    },
  );

  claim(
    [
      '`keep-all` keeps every selector it created',
      '`most-recent` keeps only the selector of the last parameter used',
      '`lru` keeps up to `maxSize` selectors and forgets the least recently used one when a new parameter arrives. Calling the family with a parameter counts as a use',
      'The default is `{ type: \'keep-all\' }`',
    ],
    (clause) => {
      const keepsAll = (family: (n: number) => ReadonlyState<number>) => {
        const created = Array.from({ length: 200 }, (_, i) => family(i));
        return created.every((member, i) => family(i) === member);
      };
      clause('`keep-all` keeps every selector it created', () => {
        expect(keepsAll(selectorFamily((n: number) => () => n, { cachePolicy: { type: 'keep-all' } }))).toBe(true);
      });
      clause('`most-recent` keeps only the selector of the last parameter used', () => {
        const recent = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
        const one = recent(1);
        expect(recent(1)).toBe(one);
        const two = recent(2);
        expect(recent(2)).toBe(two);
        expect(recent(1)).not.toBe(one);
      });
      const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
      const a = lru(1);
      const b = lru(2);
      clause('`lru` keeps up to `maxSize` selectors and forgets the least recently used one when a new parameter arrives.', () => {
        expect([lru(2), lru(1)]).toEqual([b, a]); // two kept; 2 is now the least recently used
        lru(3);
        expect(lru(1)).toBe(a);
        expect(lru(2)).not.toBe(b);
      });
      clause('Calling the family with a parameter counts as a use', () => {
        const family = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
        const first = family(1);
        const second = family(2);
        first.get(); // reading the selector is not a use
        family(2); // calling the family is
        family(3);
        expect(family(2)).toBe(second);
        expect(family(1)).not.toBe(first);
      });
      clause("The default is `{ type: 'keep-all' }`", () => {
        expect(keepsAll(selectorFamily((n: number) => () => n))).toBe(true);
      });
    },
  );

  claim(
    [
      'When a parameter is used again after its selector was dropped, the family creates a new selector for it, which runs again on its first read',
      'The dropped selector is not shut down: if it is connected, it stays subscribed to its dependencies and keeps running when they change',
      'After its selector was dropped, the next call for a parameter calls the family function again, and the new selector computes anew',
    ],
    (clause) => {
      const source = atom(1);
      const familyFn = jest.fn();
      const runs: number[] = [];
      const family = selectorFamily(
        (n: number) => {
          familyFn(n);
          return ({ get }) => {
            runs.push(n);
            return get(source) * n;
          };
        },
        { cachePolicy: { type: 'most-recent' } },
      );
      const dropped = family(1);
      dropped.get();
      const watcher = jest.fn();
      dropped.subscribe(watcher);
      family(2);
      clause('The dropped selector is not shut down', () => {
        expect(dropped.get()).toBe(1);
        refresh(dropped);
        expect(watcher).toHaveBeenCalledWith(1);
      });
      clause('if it is connected, it stays subscribed to its dependencies and keeps running when they change', () => {
        source.set(2);
        expect(runs).toEqual([1, 1, 1]); // the dropped one ran again
        expect(watcher).toHaveBeenLastCalledWith(2);
      });
      let fresh: ReadonlyState<number> | undefined;
      clause('When a parameter is used again after its selector was dropped, the family creates a new selector for it', () => {
        fresh = family(1);
        expect(fresh).not.toBe(dropped);
      });
      clause('which runs again on its first read', () => {
        expect(runs).toHaveLength(3);
        expect(fresh?.get()).toBe(2);
        expect(runs).toHaveLength(4);
      });
      clause('After its selector was dropped, the next call for a parameter calls the family function again', () => {
        expect(familyFn.mock.calls).toEqual([[1], [2], [1]]);
      });
      clause('and the new selector computes anew', () => {
        source.set(3);
        expect(fresh?.get()).toBe(3);
        expect(fresh?.subscribe).not.toBe(dropped.subscribe); // its own state, not the dropped one's
      });
    },
  );

  claim('Selectors of different parameters are independent', () => {
    const source = atom(1);
    const family = selectorFamily((n: number) => ({ get }) => get(source) + n);
    expect([family(1).get(), family(2).get()]).toEqual([2, 3]);
    refresh(family(1));
    expect(family(2).get()).toBe(3);
  });

  claim(
    '`selectorFamilyFn(param)` is called by `family(param)`, not when the selector is read. If it throws, the family call throws and nothing is kept for that parameter',
    (clause) => {
      clause('`selectorFamilyFn(param)` is called by `family(param)`, not when the selector is read.', () => {
        const familyFn = jest.fn((n: number) => () => n);
        const family = selectorFamily(familyFn);
        const member = family(1);
        expect(familyFn).toHaveBeenCalledWith(1);
        member.get();
        refresh(member);
        member.get();
        expect(familyFn).toHaveBeenCalledTimes(1);
      });
      let failures = 1;
      const familyFn = jest.fn((n: number) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('family function failed');
        }
        return () => n;
      });
      const family = selectorFamily(familyFn);
      clause('If it throws, the family call throws', () => {
        expect(() => family(1)).toThrow('family function failed');
      });
      clause('nothing is kept for that parameter', () => {
        const member = family(1);
        expect(familyFn).toHaveBeenCalledTimes(2);
        expect(member.get()).toBe(1);
        expect(family(1)).toBe(member);
      });
    },
  );

  claim('A `maxSize` of 0 or less still keeps one selector, like `most-recent`', () => {
    for (const maxSize of [0, -3]) {
      const family = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize } });
      const one = family(1);
      expect(family(1)).toBe(one);
      family(2);
      expect(family(1)).not.toBe(one);
    }
  });

  claim('Up to 50 products stay cached. The 51st distinct product pushes out the one used least recently', (clause) => {
    const requested: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      requested.push(url);
      return new Promise<never>(() => undefined);
    }) as typeof fetch;
    try {
      const { ProductName } = runLogged<{ ProductName: (props: { id: number }) => unknown }>('version-1.0.0-rc14/api/selectorFamily', 'ProductName.tsx').exports;
      // Each render calls the family and reads the selector: a product not cached runs it, which requests the product.
      const show = (id: number) => renderToString(createElement(ProductName as (props: { id: number }) => null, { id }));
      const requestsFor = (id: number) => requested.filter((url) => url === `/api/products/${id}`).length;
      for (let id = 1; id <= 50; id += 1) show(id);
      clause('Up to 50 products stay cached.', () => {
        for (let id = 1; id <= 50; id += 1) show(id);
        expect(requested).toHaveLength(50);
      });
      clause('The 51st distinct product pushes out the one used least recently', () => {
        show(1); // 1 is used again: 2 is now the least recently used
        show(51);
        expect(requested).toHaveLength(51);
        show(1);
        show(3);
        expect(requested).toHaveLength(51);
        show(2);
        expect(requestsFor(2)).toBe(2);
      });
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('api/state', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/state');

  claim('All four types are exported from `@rkrupinski/stan`', async () => {
    expect(
      await compileErrors(
        "import type { State, ReadonlyState, WritableState, SetterOrUpdater } from '@rkrupinski/stan';\nexport type All = [State<1>, ReadonlyState<1>, WritableState<1>, SetterOrUpdater<1>];",
        'ts',
        VERSION,
      ),
    ).toEqual([]);
  }, 60_000);

  claim(
    [
      '`useStanValue` accepts any `State<T>`, so it works with atoms and selectors alike. `useStanValueAsync` is stricter: it takes a `ReadonlyState` of a promise, so it accepts selectors but not an atom that holds a promise',
      'Call `refresh` (or the callback of `useStanRefresher`), whose parameter type makes sure only selectors are refreshed',
    ],
    async (clause) => {
      await clause('`useStanValue` accepts any `State<T>`', async () => {
        const errors = await compileErrors(
          `import type { State } from '@rkrupinski/stan';
import { useStanValue } from '@rkrupinski/stan/react';
const custom: State<number> = { get: () => 1, subscribe: () => () => undefined };
export const read = (): number => useStanValue(custom);`,
          'ts',
          VERSION,
        );
        expect(errors).toEqual([]);
      });
      clause('so it works with atoms and selectors alike.', () => {
        const a = atom(2);
        const s = selector(({ get }) => get(a) * 10);
        const Both = () => createElement('p', null, `${useStanValue(a)} ${useStanValue(s)}`);
        expect(renderToString(createElement(Both))).toBe('<p>2 20</p>');
      });
      await clause('`useStanValueAsync` is stricter', async () => {
        const errors = await compileErrors(
          `import { atom, selector } from '@rkrupinski/stan';
import { useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
const held = atom(Promise.resolve(1));
export const plain = () => useStanValue(held);
export const async = () => useStanValueAsync(held);
export const derived = () => useStanValueAsync(selector(() => Promise.resolve(1)));`,
          'ts',
          VERSION,
        );
        expect(errors.map((e) => e.line)).toEqual([5]);
      });
      await clause('it takes a `ReadonlyState` of a promise, so it accepts selectors but not an atom that holds a promise', async () => {
        const errors = await compileErrors(
          `import { atom, selector } from '@rkrupinski/stan';
import { useStanValueAsync } from '@rkrupinski/stan/react';
export const ok = () => useStanValueAsync(selector(() => Promise.resolve('x')));
export const notAPromise = () => useStanValueAsync(selector(() => 'x'));
export const anAtom = () => useStanValueAsync(atom(Promise.resolve('x')));`,
          'ts',
          VERSION,
        );
        expect(errors.map((e) => e.line)).toEqual([4, 5]);
        expect(errors[1]?.message).toContain("'ReadonlyState<PromiseLike<");
      });
      await clause('Call `refresh` (or the callback of `useStanRefresher`), whose parameter type makes sure only selectors are refreshed', async () => {
        const errors = await compileErrors(
          `import { atom, refresh, selector } from '@rkrupinski/stan';
import { useStanRefresher } from '@rkrupinski/stan/react';
const a = atom(1);
const s = selector(({ get }) => get(a));
refresh(s);
export const again = () => useStanRefresher(s);
refresh(a);
export const wrong = () => useStanRefresher(a);`,
          'ts',
          VERSION,
        );
        expect(errors.map((e) => e.line)).toEqual([7, 8]);
      });
    },
    60_000,
  );

  claim('For a selector, the first call runs it; later calls return the kept result, which changes when a dependency changes or the selector is refreshed', (clause) => {
    const n = atom(1);
    let runs = 0;
    const s = selector(({ get }) => {
      runs += 1;
      return get(n);
    });
    clause('For a selector, the first call runs it', () => {
      expect(runs).toBe(0);
      expect(s.get()).toBe(1);
      expect(runs).toBe(1);
    });
    clause('later calls return the kept result, which changes when a dependency changes or the selector is refreshed', () => {
      expect([s.get(), s.get(), runs]).toEqual([1, 1, 1]);
      n.set(2);
      expect([s.get(), runs]).toEqual([2, 2]);
      refresh(s);
      expect([s.get(), runs]).toEqual([2, 3]);
    });
  });

  claim('Subscribing does not read the state', () => {
    const run = jest.fn();
    const s = selector(run);
    s.subscribe(() => undefined);
    expect(run).not.toHaveBeenCalled();
  });

  claim(
    "Calling an unsubscribe function twice usually does nothing the second time. Each call removes its callback from the state's set, so if the same function was subscribed again in between, the second call removes it again. On a selector with no subscribers left, each call also disconnects it, so calling an old unsubscribe function after a refresh has reconnected the selector makes it stop following its dependencies",
    (clause) => {
      clause('Calling an unsubscribe function twice usually does nothing the second time.', () => {
        const a = atom(0);
        const kept = jest.fn();
        const stop = a.subscribe(() => undefined);
        a.subscribe(kept);
        stop();
        stop();
        a.set(1);
        expect(kept).toHaveBeenCalledTimes(1);
        const n = atom(0);
        const s = selector(({ get }) => get(n));
        const stopOne = s.subscribe(() => undefined);
        const alsoKept = jest.fn();
        s.subscribe(alsoKept);
        s.get();
        stopOne();
        stopOne();
        n.set(1);
        expect(alsoKept).toHaveBeenCalledWith(1); // a selector with another subscriber stays connected
      });
      clause("Each call removes its callback from the state's set", () => {
        const a = atom(0);
        const callback = jest.fn();
        const stop = a.subscribe(callback);
        stop();
        a.set(1);
        expect(callback).not.toHaveBeenCalled();
      });
      clause('so if the same function was subscribed again in between, the second call removes it again.', () => {
        const a = atom(0);
        const callback = jest.fn();
        const stop = a.subscribe(callback);
        stop();
        a.subscribe(callback); // the same callback again, with a new unsubscribe function
        stop();
        a.set(1);
        expect(callback).not.toHaveBeenCalled();
      });
      const n = atom(0);
      const s = selector(({ get }) => get(n));
      const stop = s.subscribe(() => undefined);
      s.get();
      stop(); // the last subscriber leaves: disconnected
      clause('On a selector with no subscribers left, each call also disconnects it', () => {
        refresh(s);
        s.get(); // reconnected
        n.set(1);
        expect(s.get()).toBe(1);
        stop();
        n.set(2);
        expect(s.get()).toBe(1);
      });
      clause('so calling an old unsubscribe function after a refresh has reconnected the selector makes it stop following its dependencies', () => {
        const subscriptions = watchSubscriptions(n);
        refresh(s);
        expect(s.get()).toBe(2);
        expect(subscriptions).toEqual({ made: 1, removed: 0 });
        stop();
        expect(subscriptions).toEqual({ made: 1, removed: 1 });
      });
    },
  );

  claim(
    'Subscribing the same function twice registers it once, since a state keeps its callbacks in a set: it is called once per update, and either of the two unsubscribe functions removes it',
    (clause) => {
      clause('Subscribing the same function twice registers it once, since a state keeps its callbacks in a set', () => {
        const n = atom(0);
        const s = selector(({ get }) => get(n));
        s.get();
        const callback = jest.fn();
        const stop = s.subscribe(callback);
        s.subscribe(callback);
        stop();
        n.set(1); // one removal left no subscriber: the selector disconnected
        expect(callback).not.toHaveBeenCalled();
        expect(s.get()).toBe(0);
      });
      clause('it is called once per update', () => {
        const a = atom(0);
        const callback = jest.fn();
        a.subscribe(callback);
        a.subscribe(callback);
        a.set(1);
        a.set(2);
        expect(callback.mock.calls).toEqual([[1], [2]]);
      });
      clause('either of the two unsubscribe functions removes it', () => {
        for (const which of [0, 1]) {
          const a = atom(0);
          const callback = jest.fn();
          const stops = [a.subscribe(callback), a.subscribe(callback)];
          stops[which]?.();
          a.set(1);
          expect(callback).not.toHaveBeenCalled();
        }
      });
    },
  );

  claim(
    'Subscribing to a selector that was never read registers the callback but computes nothing, and the callback stays silent until something reads the selector and one of its dependencies changes after that, or until the selector is refreshed, which runs it at once and notifies the callback',
    (clause) => {
      const n = atom(0);
      const run = jest.fn();
      const s = selector(({ get }) => {
        run();
        return get(n) + 1;
      });
      const callback = jest.fn();
      s.subscribe(callback);
      clause('Subscribing to a selector that was never read registers the callback but computes nothing', () => {
        expect(run).not.toHaveBeenCalled();
      });
      clause('and the callback stays silent until something reads the selector and one of its dependencies changes after that', () => {
        n.set(1);
        expect(callback).not.toHaveBeenCalled();
        expect(s.get()).toBe(2);
        expect(callback).not.toHaveBeenCalled();
        n.set(2);
        expect(callback).toHaveBeenCalledWith(3);
      });
      clause('or until the selector is refreshed, which runs it at once and notifies the callback', () => {
        const other = jest.fn(() => 'ran');
        const unread = selector(other);
        const heard = jest.fn();
        unread.subscribe(heard);
        refresh(unread);
        expect(other).toHaveBeenCalledTimes(1);
        expect(heard).toHaveBeenCalledWith('ran');
      });
    },
  );

  claim(
    [
      'For a selector, the number of subscribers matters: while it has any, `refresh` runs it at once, and when the last one leaves, the selector stops following its dependencies',
      'temperature.set(12); // logs "advice: Take a jacket"',
      'temperature.set(25); // nothing is logged',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/state', 'advice.ts');
      const n = atom(0);
      const run = jest.fn();
      const s = selector(({ get }) => {
        run();
        return get(n);
      });
      s.get();
      clause('For a selector, the number of subscribers matters', () => {
        refresh(s); // none: only marked stale
        expect(run).toHaveBeenCalledTimes(1);
        const stop = s.subscribe(() => undefined);
        refresh(s); // one: runs at once
        expect(run).toHaveBeenCalledTimes(2);
        stop();
      });
      clause('while it has any, `refresh` runs it at once', () => {
        const stops = [s.subscribe(() => undefined), s.subscribe(() => undefined)];
        s.get();
        const before = run.mock.calls.length;
        stops[0]?.();
        refresh(s);
        expect(run).toHaveBeenCalledTimes(before + 1);
        stops[1]?.();
      });
      clause('and when the last one leaves, the selector stops following its dependencies', () => {
        const before = run.mock.calls.length;
        n.set(5);
        expect(run).toHaveBeenCalledTimes(before);
        expect(s.get()).not.toBe(5);
      });
      clause('temperature.set(12); // logs "advice: Take a jacket"', () => {
        expect(logs[1]).toBe('advice: Take a jacket');
      });
      clause('temperature.set(25); // nothing is logged', () => {
        expect(logs).toEqual(['T-shirt weather', 'advice: Take a jacket']);
      });
    },
  );

  claim('Callbacks run synchronously inside the update, so an exception in a callback propagates to whoever called `set`', (clause) => {
    clause('Callbacks run synchronously inside the update', () => {
      const a = atom(0);
      const order: string[] = [];
      a.subscribe((value) => order.push(`callback ${value}`));
      a.set(1);
      order.push('set returned');
      expect(order).toEqual(['callback 1', 'set returned']);
    });
    clause('so an exception in a callback propagates to whoever called `set`', () => {
      const a = atom(0);
      a.subscribe(() => {
        throw new Error('callback failed');
      });
      expect(() => a.set(1)).toThrow('callback failed');
      const b = atom(0);
      const t = selector(({ get }) => get(b));
      t.get();
      t.subscribe(() => {
        throw new Error('selector callback failed');
      });
      expect(() => b.set(1)).toThrow('selector callback failed'); // also through a selector
    });
  });

  claim('console.log(menuOpen.get()); // true', () => {
    expect(runLogged('version-1.0.0-rc14/api/state', 'toggle.ts').logs).toEqual(['true']);
  });
});

describe('api/utils', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/utils');

  claim('Passing an atom is a type error', async () => {
    expect(
      await compileErrors("import { atom, refresh } from '@rkrupinski/stan';\nrefresh(atom(1));", 'ts', VERSION),
    ).toHaveLength(1);
  }, 60_000);

  claim(
    'If the selector has subscribers, it runs at once, and the subscribers receive the new value. A run still in flight is not stopped; its result is ignored',
    async (clause) => {
      const finished: number[] = [];
      let runs = 0;
      const s = selector(() => {
        const run = (runs += 1);
        return new Promise<number>((resolve) =>
          setTimeout(() => {
            finished.push(run);
            resolve(run);
          }, 0),
        );
      });
      const seen: Promise<number>[] = [];
      s.subscribe((value) => seen.push(value));
      const first = s.get();
      clause('If the selector has subscribers, it runs at once', () => {
        refresh(s);
        expect(runs).toBe(2);
      });
      await clause('and the subscribers receive the new value.', async () => {
        expect(seen).toHaveLength(1);
        expect(seen[0]).toBe(s.get());
        await expect(seen[0]).resolves.toBe(2);
      });
      await first;
      await flush();
      clause('A run still in flight is not stopped', () => {
        expect(finished).toEqual([1, 2]);
      });
      await clause('its result is ignored', async () => {
        expect(seen).toHaveLength(1); // its settling notifies nobody
        expect(await s.get()).toBe(2);
      });
    },
  );

  claim(
    [
      'If it has none, the kept result is only marked as stale, and the selector runs on its next `get()`. That run also subscribes the selector to its dependencies again, so a refresh reconnects a selector that had disconnected',
      'refresh(snapshot); // no subscribers: marked stale',
      'console.log(snapshot.get()); // "volume 80, computed 3 time(s)"',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/api/utils', 'refresh.ts');
      const n = atom(1);
      const subscriptions = watchSubscriptions(n);
      const run = jest.fn();
      const s = selector(({ get }) => {
        run();
        return get(n);
      });
      s.get();
      s.subscribe(() => undefined)(); // the only subscriber leaves: disconnected
      clause('If it has none, the kept result is only marked as stale', () => {
        refresh(s);
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('and the selector runs on its next `get()`.', () => {
        n.set(2);
        expect(s.get()).toBe(2);
        expect(run).toHaveBeenCalledTimes(2);
      });
      clause('That run also subscribes the selector to its dependencies again', () => {
        expect(subscriptions).toEqual({ made: 2, removed: 1 });
      });
      clause('so a refresh reconnects a selector that had disconnected', () => {
        n.set(3);
        expect(run).toHaveBeenCalledTimes(3);
        expect(s.get()).toBe(3); // connected again
      });
      clause('refresh(snapshot); // no subscribers: marked stale', () => {
        expect(logs.slice(0, 2)).toEqual(['volume 50, computed 1 time(s)', 'volume 50, computed 2 time(s)']);
      });
      clause('console.log(snapshot.get()); // "volume 80, computed 3 time(s)"', () => {
        expect(logs[2]).toBe('volume 80, computed 3 time(s)');
      });
    },
  );

  claim('`SetterOrUpdater<T>` is the type of `set` on atoms and of the setters `useStan` and `useSetStanValue` return', async () => {
    expect(
      await compileErrors(
        `import { atom, type SetterOrUpdater } from '@rkrupinski/stan';
import { useSetStanValue, useStan } from '@rkrupinski/stan/react';
const a = atom(1);
export const setters = (): SetterOrUpdater<number>[] => [a.set, useStan(a)[1], useSetStanValue(a)];`,
        'ts',
        VERSION,
      ),
    ).toEqual([]);
  }, 60_000);

  claim('The cache classes behind selector families and the `CachePolicy` type are not exported', async () => {
    // Every name the release's cache module declares: the classes, the interface, the factory and the policy type.
    const names = declaredNames(path.join(versionPackageDir(VERSION), 'dist/cache.d.ts'));
    expect(names).toEqual(expect.arrayContaining(['CachePolicy', 'LRUCache', 'SimpleCache']));
    const exported = Object.keys(await import('stan-1.0.0-rc14'));
    expect(names.filter((name) => exported.includes(name))).toEqual([]);
    for (const name of names) {
      const errors = await compileErrors(`import type { ${name} } from '@rkrupinski/stan';\nexport type T = typeof ${name};`, 'ts', VERSION);
      expect([name, errors.map((e) => e.code).includes(2305)]).toEqual([name, true]);
    }
  }, 60_000);

  claim(
    '`refresh` on a selector that has never been read and has no subscribers does nothing visible: the selector runs on its first read anyway. If it has subscribers, `refresh` runs it at once and notifies them, and its first read then runs it again',
    (clause) => {
      clause('`refresh` on a selector that has never been read and has no subscribers does nothing visible', () => {
        const run = jest.fn(() => 1);
        const s = selector(run);
        refresh(s);
        expect(run).not.toHaveBeenCalled();
      });
      clause('the selector runs on its first read anyway.', () => {
        const run = jest.fn(() => 1);
        const s = selector(run);
        refresh(s);
        expect(s.get()).toBe(1);
        expect(run).toHaveBeenCalledTimes(1);
      });
      let runs = 0;
      const watched = selector(() => (runs += 1));
      const subscriber = jest.fn();
      watched.subscribe(subscriber);
      clause('If it has subscribers, `refresh` runs it at once and notifies them', () => {
        refresh(watched);
        expect(runs).toBe(1);
        expect(subscriber).toHaveBeenCalledWith(1);
      });
      clause('and its first read then runs it again', () => {
        expect(watched.get()).toBe(2);
        expect(watched.get()).toBe(2);
      });
    },
  );

  claim(
    '`refresh` after a failure is a retry: a selector that threw on its first read, or whose promise rejected, runs again',
    async (clause) => {
      let fail = true;
      const sync = selector(() => {
        if (fail) throw new Error('failed');
        return 'ok';
      });
      expect(() => sync.get()).toThrow('failed');
      fail = false;
      let attempts = 0;
      const async = selector(() => ((attempts += 1) === 1 ? Promise.reject(new Error('down')) : Promise.resolve('up')));
      const seen: Promise<string>[] = [];
      async.subscribe((value) => seen.push(value));
      await expect(async.get()).rejects.toThrow('down');
      clause('`refresh` after a failure is a retry', () => {
        expect(sync.get()).toBeUndefined(); // without it, the failed selector is not run again
        refresh(sync);
        expect(sync.get()).toBe('ok');
      });
      clause('a selector that threw on its first read', () => {
        let firstReadFails = true;
        const run = jest.fn(() => {
          if (firstReadFails) throw new Error('first read');
          return 'second';
        });
        const s = selector(run);
        expect(() => s.get()).toThrow('first read');
        firstReadFails = false;
        refresh(s);
        expect(s.get()).toBe('second');
        expect(run).toHaveBeenCalledTimes(2);
      });
      await clause('or whose promise rejected, runs again', async () => {
        refresh(async);
        expect(attempts).toBe(2);
        await expect(seen[0]).resolves.toBe('up');
      });
    },
  );
});
