/** @jest-environment node */
// The 1.0.0-rc14 selector, selectorFamily, State and Utilities pages, run against stan-1.0.0-rc14.
import { atom, refresh, selector, selectorFamily } from 'stan-1.0.0-rc14';
import { claimsOf, flush } from '../../support/claims';
import path from 'path';
import { compileErrors } from '../../support/compile';
import { declaredNames } from '../../support/package-api';
import { versionPackageDir } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

describe('api/selector', () => {
  const claim = claimsOf('version-1.0.0-rc14/api/selector');

  claim(
    [
      'When a dependency notifies, the selector compares the value it last read from it with the new one and only runs again if they differ. The default is strict equality (`===`)',
    ],
    () => {
      const point = atom({ x: 1 });
      const strict = jest.fn();
      const byJson = jest.fn();
      selector(({ get }) => strict(get(point))).get();
      selector(({ get }) => byJson(get(point)), {
        areValuesEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
      }).get();
      point.set({ x: 1 });
      expect([strict.mock.calls.length, byJson.mock.calls.length]).toEqual([2, 1]);
    },
  );

  claim('A `ReadonlyState<T>` with `get` and `subscribe`, and no `set`', async () => {
    const plain = selector(() => 1);
    expect(Object.keys(plain).sort()).toEqual(['get', 'subscribe']);
    expect(
      await compileErrors("import { selector } from '@rkrupinski/stan';\nselector(() => 1).set(2);", 'ts', VERSION),
    ).toHaveLength(1);
  }, 60_000);

  claim(
    [
      'First read. Nothing runs until the first `get()`',
      'The result is kept, and later reads return it',
    ],
    () => {
      const run = jest.fn(() => ({}));
      const s = selector(run);
      expect(run).not.toHaveBeenCalled();
      const first = s.get();
      expect(s.get()).toBe(first);
      expect(run).toHaveBeenCalledTimes(1);
    },
  );

  claim(
    [
      'The first time a run reads a state, the selector subscribes to it. From then on, a change of that state runs the selector again, and its subscribers receive the new result, even when it equals the previous one',
      'This happens as soon as the change is made, whether or not anything is subscribed to the selector',
    ],
    () => {
      const n = atom(2);
      const run = jest.fn();
      const parity = selector(({ get }) => {
        run();
        return get(n) % 2;
      });
      parity.get();
      n.set(3);
      expect(run).toHaveBeenCalledTimes(2); // nobody subscribed
      const subscriber = jest.fn();
      parity.subscribe(subscriber);
      n.set(5); // same parity
      expect(subscriber).toHaveBeenCalledWith(1);
    },
  );

  claim(
    'Refresh. With subscribers, `refresh` runs the selector at once and notifies them. Without any, it only marks the kept result as stale, and the next `get()` runs the selector again',
    () => {
      let runs = 0;
      const s = selector(() => (runs += 1));
      s.get();
      refresh(s);
      expect(runs).toBe(1);
      expect(s.get()).toBe(2);
      const subscriber = jest.fn();
      s.subscribe(subscriber);
      refresh(s);
      expect(runs).toBe(3);
      expect(subscriber).toHaveBeenCalledWith(3);
    },
  );

  claim(
    [
      'Setting `discount` runs only `total` again. Setting `cart` runs `subtotal` again, and `total` follows only if the subtotal it reads has changed',
      'console.log(total.get()); // 12.6',
      'console.log(total.get()); // 7',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/selector', 'cart.ts').logs).toEqual(['12.6', '7']);
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
      discount.set(1);
      expect([subtotalRuns.mock.calls.length, totalRuns.mock.calls.length]).toEqual([1, 2]);
      cart.set([2]); // a new array, the same length
      expect([subtotalRuns.mock.calls.length, totalRuns.mock.calls.length]).toEqual([2, 2]);
      cart.set([1, 2]);
      expect([subtotalRuns.mock.calls.length, totalRuns.mock.calls.length]).toEqual([3, 3]);
    },
  );

  claim(
    [
      'A selector subscribes to a state the first time one of its runs reads it, and later runs do not drop that subscription, even if they no longer read the state',
      'console.log(shown.get(), runs); // "Lovelace" 2',
      "first.set('Augusta'); // not read by the latest run, yet still a dependency",
      'console.log(runs); // 3',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/selector', 'conditional.ts').logs).toEqual(['Ada', 'Lovelace 2', '3']);
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
    () => {
      expect(runLogged('version-1.0.0-rc14/api/selector', 'disconnect.ts').logs).toEqual(['68', '86', '86', '104']);
      const celsius = atom(0);
      const fahrenheit = selector(({ get }) => (get(celsius) * 9) / 5 + 32);
      const stop = fahrenheit.subscribe(() => undefined);
      fahrenheit.get();
      stop();
      const late = jest.fn();
      fahrenheit.subscribe(late);
      celsius.set(100);
      expect(late).not.toHaveBeenCalled();
      expect(fahrenheit.get()).toBe(32);
      refresh(fahrenheit); // with a subscriber: runs at once, and follows celsius again
      expect(late).toHaveBeenLastCalledWith(212);
      celsius.set(0);
      expect(late).toHaveBeenLastCalledWith(32);
    },
  );

  claim('A selector that was read but never subscribed to is not affected: it stays connected from its first run on', () => {
    const celsius = atom(0);
    const fahrenheit = selector(({ get }) => (get(celsius) * 9) / 5 + 32);
    fahrenheit.get();
    celsius.set(100);
    expect(fahrenheit.get()).toBe(212);
  });

  claim(
    [
      'A change travels one arrow at a time, depth first, in the order the subscriptions were made. So the selector at the bottom runs once per path, and its first run sees one side already updated and the other not yet',
      'logs "86 °F, 293.15 K": fahrenheit has updated, kelvin not yet',
      'logs "86 °F, 303.15 K"',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/selector', 'diamond.ts').logs).toEqual([
        '68 °F, 293.15 K',
        '86 °F, 293.15 K',
        '86 °F, 303.15 K',
      ]);
    },
  );

  claim(
    [
      'A throw on the first read. If `selectorFn` throws during the first `get()`, that `get()` throws, but the selector counts as evaluated and keeps `undefined` as its result: the next `get()` returns `undefined` without running it again, whatever its type says',
      'It runs again when it is refreshed, or when a dependency it read before the throw changes',
    ],
    () => {
      let fail = true;
      const run = jest.fn();
      const trigger = atom(0);
      const s = selector(({ get }): string => {
        run();
        get(trigger);
        if (fail) throw new Error('not yet');
        return 'ok';
      });
      expect(() => s.get()).toThrow('not yet');
      fail = false;
      expect(s.get()).toBeUndefined();
      expect(run).toHaveBeenCalledTimes(1);
      refresh(s);
      expect(s.get()).toBe('ok');

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
    },
  );

  claim(
    'A throw on a re-run. When a dependency change makes the selector throw, the error propagates out of the `set` call that made the change, and the selector keeps its previous result',
    () => {
      const divisor = atom(1);
      const ratio = selector(({ get }) => {
        const d = get(divisor);
        if (d === 0) throw new Error('zero');
        return 10 / d;
      });
      ratio.get();
      expect(() => divisor.set(0)).toThrow('zero');
      expect(ratio.get()).toBe(10);
    },
  );

  claim(
    'A rejected promise. If a promise the selector returned rejects, the selector is marked stale, so the next `get()` runs it again. This happens for any of its promises, also for one that a newer run has already replaced',
    async () => {
      const query = atom(1);
      const rejecters: ((reason: unknown) => void)[] = [];
      const run = jest.fn();
      const s = selector(({ get }) => {
        get(query);
        run();
        return new Promise<string>((resolve, reject) => rejecters.push(reject));
      });
      s.get();
      query.set(2); // run 2 replaces run 1
      const latest = s.get();
      rejecters[0]?.(new Error('old run failed'));
      await flush();
      expect(s.get()).not.toBe(latest); // run 3
      expect(run).toHaveBeenCalledTimes(3);
      rejecters.slice(1).forEach((reject) => reject(new Error('settled')));
      await flush();
    },
  );

  claim(
    [
      'No cancellation. A run that a newer run replaces is not stopped: its work, a request say, goes on to the end, and its result is simply not used. Selector functions receive no abort signal in this release',
    ],
    async () => {
      const query = atom('a');
      const received: string[] = [];
      const args: string[][] = [];
      const s = selector((arg) => {
        args.push(Object.keys(arg));
        const q = arg.get(query);
        return new Promise<string>((resolve) =>
          setTimeout(() => {
            received.push(q);
            resolve(q);
          }, 0),
        );
      });
      s.get();
      query.set('b');
      await expect(s.get()).resolves.toBe('b');
      await flush();
      expect(received.sort()).toEqual(['a', 'b']);
      expect(args).toEqual([['get'], ['get']]);
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
    () => {
      let fail = false;
      const s = selector(() => {
        if (fail) throw new Error('refresh failed');
        return 'good';
      });
      s.get();
      s.subscribe(() => undefined);
      fail = true;
      expect(() => refresh(s)).toThrow('refresh failed');
      expect(s.get()).toBe('good');
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
    () => {
      const step = atom(0);
      const holder: { self?: import('stan-1.0.0-rc14').ReadonlyState<number> } = {};
      const seenOwnValue: unknown[] = [];
      holder.self = selector(({ get }): number => {
        const own = get(holder.self as import('stan-1.0.0-rc14').ReadonlyState<number>);
        if (seenOwnValue.length === 0) seenOwnValue.push(own);
        return (own ?? 0) + get(step) + 1;
      });
      expect(holder.self.get()).toBe(1);
      expect(seenOwnValue).toEqual([undefined]);
      expect(() => step.set(1)).toThrow(RangeError);
    },
  );

  claim(
    'Every change of `query` starts a new request, and the selector\'s value becomes the new promise, so a slow answer for an old query never replaces the one for the current query. The old request is not cancelled, though',
    async () => {
      const answers: Record<string, number> = { slow: 20, fast: 0 };
      const requests: string[] = [];
      const original = globalThis.fetch;
      globalThis.fetch = ((url: string) => {
        requests.push(url);
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        return new Promise((resolve) =>
          setTimeout(() => resolve({ ok: true, json: async () => [{ id: q, title: q }] } as Response), answers[q] ?? 0),
        );
      }) as typeof fetch;
      try {
        const { query, searchResults } = runLogged<{
          query: import('stan-1.0.0-rc14').WritableState<string>;
          searchResults: import('stan-1.0.0-rc14').ReadonlyState<Promise<{ id: string }[]>>;
        }>('version-1.0.0-rc14/api/selector', 'search.ts').exports;
        await expect(searchResults.get()).resolves.toEqual([]);
        query.set('slow');
        query.set('fast');
        await expect(searchResults.get()).resolves.toEqual([{ id: 'fast', title: 'fast' }]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await expect(searchResults.get()).resolves.toEqual([{ id: 'fast', title: 'fast' }]);
        expect(requests).toEqual(['/api/search?q=slow', '/api/search?q=fast']);
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
    () => {
      const keepAll = selectorFamily((n: number) => () => n);
      const first = keepAll(0);
      for (let i = 1; i < 100; i += 1) keepAll(i);
      expect(keepAll(0)).toBe(first);

      const recent = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
      const one = recent(1);
      expect(recent(1)).toBe(one);
      recent(2);
      expect(recent(1)).not.toBe(one);

      const lru = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
      const a = lru(1);
      const b = lru(2);
      lru(1); // a use: 2 is now the least recently used
      lru(3);
      expect(lru(1)).toBe(a);
      expect(lru(2)).not.toBe(b);
    },
  );

  claim(
    [
      'When a parameter is used again after its selector was dropped, the family creates a new selector for it, which runs again on its first read',
      'The dropped selector is not shut down: if it is connected, it stays subscribed to its dependencies and keeps running when they change',
      'After its selector was dropped, the next call for a parameter calls the family function again, and the new selector computes anew',
    ],
    () => {
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
      family(2);
      source.set(2);
      expect(runs).toEqual([1, 1]); // the dropped one ran again
      expect(dropped.get()).toBe(2);
      const fresh = family(1);
      expect(fresh).not.toBe(dropped);
      expect(fresh.get()).toBe(2);
      expect(familyFn.mock.calls).toEqual([[1], [2], [1]]);
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
    () => {
      let failures = 1;
      const familyFn = jest.fn((n: number) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('family function failed');
        }
        return () => n;
      });
      const family = selectorFamily(familyFn);
      expect(() => family(1)).toThrow('family function failed');
      const member = family(1);
      expect(familyFn).toHaveBeenCalledTimes(2);
      member.get();
      expect(familyFn).toHaveBeenCalledTimes(2);
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

  claim('Up to 50 products stay cached. The 51st distinct product pushes out the one used least recently', () => {
    const { ProductName } = runLogged<{ ProductName: unknown }>('version-1.0.0-rc14/api/selectorFamily', 'ProductName.tsx', undefined).exports;
    expect(typeof ProductName).toBe('function');
    const family = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 50 } });
    const first = family(1);
    for (let id = 2; id <= 50; id += 1) family(id);
    expect(family(1)).toBe(first);
    for (let id = 2; id <= 51; id += 1) family(id);
    expect(family(1)).not.toBe(first);
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
      'Hooks that only read, such as `useStanValue`, accept any `State<T>`, so they work with atoms and selectors alike',
      'Call `refresh` (or the callback of `useStanRefresher`), whose parameter type makes sure only selectors are refreshed',
    ],
    async () => {
      const errors = await compileErrors(
        `import { atom, refresh, selector } from '@rkrupinski/stan';
import { useStanValue } from '@rkrupinski/stan/react';
const a = atom(1);
const s = selector(({ get }) => get(a));
export const read = () => [useStanValue(a), useStanValue(s)];
refresh(s);
refresh(a);`,
        'ts',
        VERSION,
      );
      expect(errors.map((e) => e.line)).toEqual([7]);
    },
    60_000,
  );

  claim('For a selector, the first call runs it; later calls return the kept result, which changes when a dependency changes or the selector is refreshed', () => {
    const n = atom(1);
    let runs = 0;
    const s = selector(({ get }) => {
      runs += 1;
      return get(n);
    });
    expect([s.get(), s.get(), runs]).toEqual([1, 1, 1]);
    n.set(2);
    refresh(s);
    expect([s.get(), runs]).toEqual([2, 3]);
  });

  claim('Subscribing does not read the state', () => {
    const run = jest.fn();
    const s = selector(run);
    s.subscribe(() => undefined);
    expect(run).not.toHaveBeenCalled();
  });

  claim('Calling an unsubscribe function twice is harmless; the second call does nothing', () => {
    const a = atom(0);
    const kept = jest.fn();
    const stop = a.subscribe(() => undefined);
    a.subscribe(kept);
    stop();
    stop();
    a.set(1);
    expect(kept).toHaveBeenCalledTimes(1);
  });

  claim(
    'Subscribing the same function twice registers it once, since a state keeps its callbacks in a set: it is called once per update, and either of the two unsubscribe functions removes it',
    () => {
      const a = atom(0);
      const callback = jest.fn();
      const stop = a.subscribe(callback);
      a.subscribe(callback);
      a.set(1);
      expect(callback).toHaveBeenCalledTimes(1);
      stop();
      a.set(2);
      expect(callback).toHaveBeenCalledTimes(1);
    },
  );

  claim(
    'Subscribing to a selector that was never read registers the callback but computes nothing, and the callback stays silent until something reads the selector and one of its dependencies changes after that',
    () => {
      const n = atom(0);
      const s = selector(({ get }) => get(n) + 1);
      const callback = jest.fn();
      s.subscribe(callback);
      n.set(1);
      expect(callback).not.toHaveBeenCalled();
      expect(s.get()).toBe(2);
      n.set(2);
      expect(callback).toHaveBeenCalledWith(3);
    },
  );

  claim(
    [
      'For a selector, the number of subscribers matters: while it has any, `refresh` runs it at once, and when the last one leaves, the selector stops following its dependencies',
      'temperature.set(12); // logs "advice: Take a jacket"',
      'temperature.set(25); // nothing is logged',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/state', 'advice.ts').logs).toEqual(['T-shirt weather', 'advice: Take a jacket']);
    },
  );

  claim('Callbacks run synchronously inside the update, so an exception in a callback propagates to whoever called `set`', () => {
    const a = atom(0);
    a.subscribe(() => {
      throw new Error('callback failed');
    });
    expect(() => a.set(1)).toThrow('callback failed');
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
    async () => {
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
      refresh(s);
      expect(seen).toHaveLength(1);
      await expect(seen[0]).resolves.toBe(2);
      await first;
      expect(finished).toEqual([1, 2]);
      expect(await s.get()).toBe(2);
    },
  );

  claim(
    [
      'If it has none, the kept result is only marked as stale, and the selector runs on its next `get()`. That run also subscribes the selector to its dependencies again, so a refresh reconnects a selector that had disconnected',
      'refresh(snapshot); // no subscribers: marked stale',
      'console.log(snapshot.get()); // "volume 80, computed 3 time(s)"',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/api/utils', 'refresh.ts').logs).toEqual([
        'volume 50, computed 1 time(s)',
        'volume 50, computed 2 time(s)',
        'volume 80, computed 3 time(s)',
      ]);
      const n = atom(1);
      const s = selector(({ get }) => get(n));
      s.get();
      s.subscribe(() => undefined)(); // the only subscriber leaves: disconnected
      n.set(2);
      expect(s.get()).toBe(1); // disconnected
      refresh(s);
      expect(s.get()).toBe(2);
      n.set(3);
      expect(s.get()).toBe(3); // connected again
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

  claim('`refresh` on a selector that has never been read does nothing visible: the selector runs on its first read anyway', () => {
    const run = jest.fn(() => 1);
    const s = selector(run);
    refresh(s);
    expect(run).not.toHaveBeenCalled();
    expect(s.get()).toBe(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  claim(
    '`refresh` after a failure is a retry: a selector that threw on its first read, or whose promise rejected, runs again',
    async () => {
      let fail = true;
      const sync = selector(() => {
        if (fail) throw new Error('failed');
        return 'ok';
      });
      expect(() => sync.get()).toThrow('failed');
      fail = false;
      refresh(sync);
      expect(sync.get()).toBe('ok');

      let attempts = 0;
      const async = selector(() => ((attempts += 1) === 1 ? Promise.reject(new Error('down')) : Promise.resolve('up')));
      const seen: Promise<string>[] = [];
      async.subscribe((value) => seen.push(value));
      await expect(async.get()).rejects.toThrow('down');
      refresh(async);
      await expect(seen[0]).resolves.toBe('up');
    },
  );
});
