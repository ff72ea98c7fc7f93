/** @jest-environment node */
import * as stan from '@rkrupinski/stan';
import { Aborted, atom, atomFamily, makeStore, refresh, reset, selector, type ReadonlyState, type Scoped } from '@rkrupinski/stan';
import path from 'path';
import { claimsOf } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { declaredNames } from '../../support/package-api';
import { REPO_ROOT } from '../../support/samples';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';
import { recordingSelector, refreshWhileInFlight } from '../../support/fixtures';

const claim = claimsOf('api/utils');

claim('Both functions take a state instance, so call the scoped state with a store first', async (clause) => {
  const s = selector(() => 1);
  const a = atom(1);
  await clause('Both functions take a state instance', async () => {
    // The types ask for the instance; given the scoped state itself, both throw.
    const errors = await compileErrors(
      "import { atom, refresh, reset, selector } from '@rkrupinski/stan';\nrefresh(selector(() => 1));\nreset(atom(1));",
    );
    expect(errors.map((e) => e.code)).toEqual([2345, 2345]);
    expect(() => refresh(s as never)).toThrow(TypeError);
    expect(() => reset(a as never)).toThrow(TypeError);
  });
  clause('so call the scoped state with a store first', () => {
    const store = makeStore();
    a(store).get();
    a(store).set(2);
    expect(() => refresh(s(store))).not.toThrow();
    reset(a(store));
    expect(a(store).get()).toBe(1);
  });
});

claim(
  [
    'Runs a selector again without any of its dependencies having changed, typically to re-fetch data',
    'If the selector has subscribers in that store, it runs immediately, the previous run\'s `signal` is aborted, and subscribers receive the new value',
  ],
  async (clause) => {
    const { selector: s, signals, runs } = recordingSelector();
    const store = makeStore();
    s(store).get();
    const cb = jest.fn();
    s(store).subscribe(cb);
    const returned = refresh(s(store));
    clause('Runs a selector again without any of its dependencies having changed', () => {
      expect(runs()).toBe(2);
      expect(signals).toHaveLength(2);
    });
    await clause('typically to re-fetch data', async () => {
      // A selector that fetches asks again: the refreshed run is a new request.
      const requests: number[] = [];
      const data = selector(async () => {
        requests.push(requests.length + 1);
        return requests.length;
      });
      const other = makeStore();
      await data(other).get();
      const stop = data(other).subscribe(() => undefined);
      refresh(data(other));
      await expect(data(other).get()).resolves.toBe(2);
      expect(requests).toEqual([1, 2]);
      stop();
    });
    clause("If the selector has subscribers in that store, it runs immediately", () => {
      expect(returned).toBeUndefined();
      expect(s(store).get()).toBe(2);
    });
    clause("the previous run's `signal` is aborted", () => {
      expect(signals[0]?.aborted).toBe(true);
      expect(signals[1]?.aborted).toBe(false);
    });
    clause('subscribers receive the new value', () => {
      expect(cb).toHaveBeenCalledWith(2);
    });
  },
);

claim(
  [
    'If it has none, the cached value is only marked as stale: the selector runs on the next `get()`. A run still in flight is not aborted',
  ],
  async (clause) => {
    const { selector: s, signals } = recordingSelector();
    const store = makeStore();
    s(store).get();
    refresh(s(store));
    clause('If it has none, the cached value is only marked as stale', () => {
      expect(signals).toHaveLength(1);
      const key = [...store.initialized.keys()].find((k) => k.startsWith('selector-')) as string;
      expect(store.initialized.get(key)).toBe(false);
    });
    clause('the selector runs on the next `get()`', () => {
      expect(s(store).get()).toBe(2);
      expect(signals).toHaveLength(2);
    });
    await clause('A run still in flight is not aborted', async () => {
      const run = await refreshWhileInFlight();
      expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
      expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
      expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
      expect(run.current).toBe('results for second');
    });
  },
);

claim(
  [
    'Sets an atom back to the initial value it was created with',
    'It behaves like `set(initialValue)`: subscribers are notified and effects\' `onSet` callbacks run',
    'For family members, the initial value is the one computed from the parameter. A value provided by an effect\'s `init` is not restored',
  ],
  (clause) => {
    const onSet = jest.fn();
    const a = atom(5, { effects: [({ init, onSet: register }) => (init(50), register(onSet))] });
    const store = makeStore();
    expect(a(store).get()).toBe(50);
    const cb = jest.fn();
    a(store).subscribe(cb);
    a(store).set(7);
    cb.mockClear();
    onSet.mockClear();
    const returned = reset(a(store));
    clause('Sets an atom back to the initial value it was created with', () => {
      expect(returned).toBeUndefined();
      expect(a(store).get()).toBe(5);
    });
    clause("It behaves like `set(initialValue)`: subscribers are notified and effects' `onSet` callbacks run", () => {
      expect(cb).toHaveBeenCalledTimes(1);
      expect(cb).toHaveBeenCalledWith(5);
      expect(onSet).toHaveBeenCalledWith(5);
    });
    clause('For family members, the initial value is the one computed from the parameter', () => {
      const fam = atomFamily((n: number) => n * 10);
      fam(4)(store).get();
      fam(4)(store).set(1);
      reset(fam(4)(store));
      expect(fam(4)(store).get()).toBe(40);
    });
    clause("A value provided by an effect's `init` is not restored", () => {
      // The store read 50 from `init`; reset went to 5, not back to 50.
      expect(a(store).get()).not.toBe(50);
    });
  },
);

claim("Like `set`, it does nothing before the atom's first read in that store", () => {
  const a = atom(1);
  const store = makeStore();
  reset(a(store));
  expect(store.value.size).toBe(0);
  expect(a(store).get()).toBe(1);
});

claim(
  [
    'The error class used as the abort reason when a newer run of a selector replaces an older one',
    'Inside a selector, `signal.reason instanceof Aborted` tells you the run was superseded',
    'Instances have an empty `message`, and their `name` is the inherited `"Error"`',
  ],
  (clause) => {
    const { selector: s, signals, trigger } = recordingSelector();
    const store = makeStore();
    s(store).get();
    trigger(store).get();
    trigger(store).set(1);
    s(store).get();
    const reason = signals[0]?.reason as Aborted;
    clause('The error class used as the abort reason when a newer run of a selector replaces an older one', () => {
      expect(signals).toHaveLength(2);
      expect(reason).toBeInstanceOf(Aborted);
      expect(reason).toBeInstanceOf(Error);
      expect(signals[1]?.aborted).toBe(false);
    });
    clause('Inside a selector, `signal.reason instanceof Aborted` tells you the run was superseded', () => {
      // Seen from inside the older run, as its signal's abort event fires.
      const seen: boolean[] = [];
      const version = atom(0);
      const watched = selector(({ get, signal }) => {
        get(version);
        signal.addEventListener('abort', () => seen.push(signal.reason instanceof Aborted));
        return get(version);
      });
      const other = makeStore();
      watched(other).get();
      version(other).set(1);
      watched(other).get();
      expect(seen).toEqual([true]);
    });
    clause('Instances have an empty `message`', () => {
      expect(reason.message).toBe('');
      expect(new Aborted().message).toBe('');
    });
    clause('their `name` is the inherited `"Error"`', () => {
      expect(reason.name).toBe('Error');
      expect(Object.prototype.hasOwnProperty.call(Aborted.prototype, 'name')).toBe(false);
    });
  },
);

claim('`fetch`, in Node.js and in current browsers, rejects with the signal\'s reason when it is aborted, so a request cancelled this way rejects with an `Aborted` instance', async (clause) => {
  await clause("`fetch`, in Node.js and in current browsers, rejects with the signal's reason when it is aborted", async () => {
    // Node's own fetch (the browsers' is the same standard); the reason is checked before any connection is made.
    const controller = new AbortController();
    const request = fetch('http://127.0.0.1:9/never', { signal: controller.signal });
    const reason = new Error('any reason');
    controller.abort(reason);
    await expect(request).rejects.toBe(reason);
  });
  await clause('so a request cancelled this way rejects with an `Aborted` instance', async () => {
    const controller = new AbortController();
    const request = fetch('http://127.0.0.1:9/never', { signal: controller.signal });
    controller.abort(new Aborted());
    await expect(request).rejects.toBeInstanceOf(Aborted);
  });
});

claim(
  [
    '`SetterOrUpdater<T>` is the type of `set` on atoms and of the setters returned by `useStan` and `useSetStanValue`. It accepts a value or a function from the current value to the next one',
  ],
  async (clause) => {
    await clause('`SetterOrUpdater<T>` is the type of `set` on atoms', async () => {
      expect(
        await compileErrors(
          "import { atom, makeStore, type SetterOrUpdater, type WritableState } from '@rkrupinski/stan';\n" +
            "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;\n" +
            "export const same: Same<WritableState<number>['set'], SetterOrUpdater<number>> = true;\n" +
            'export const set: SetterOrUpdater<number> = atom(1)(makeStore()).set;',
        ),
      ).toEqual([]);
    });
    await clause('of the setters returned by `useStan` and `useSetStanValue`', async () => {
      expect(
        await compileErrors(
          "import { atom, type SetterOrUpdater } from '@rkrupinski/stan';\nimport { useSetStanValue, useStan } from '@rkrupinski/stan/react';\n" +
            "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;\nconst count = atom(1);\n" +
            'export function Probe() {\n  const [, fromUseStan] = useStan(count);\n  const fromSet = useSetStanValue(count);\n' +
            '  const a: Same<typeof fromUseStan, SetterOrUpdater<number>> = true;\n  const b: Same<typeof fromSet, SetterOrUpdater<number>> = true;\n  return [a, b];\n}',
        ),
      ).toEqual([]);
    });
    clause('It accepts a value or a function from the current value to the next one', () => {
      const a = atom(1);
      const store = makeStore();
      a(store).get();
      const set: stan.SetterOrUpdater<number> = a(store).set;
      set(2);
      expect(a(store).get()).toBe(2);
      set((n) => n + 1);
      expect(a(store).get()).toBe(3);
    });
  },
  60_000,
);

claim(
  'Caching helpers used internally by families (and the `CachePolicy` type) are not exported',
  async () => {
    // Every name the package's cache module declares, values and types alike.
    const names = declaredNames(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist/cache.d.ts'));
    expect(names).toEqual(expect.arrayContaining(['CachePolicy', 'memoize']));
    expect(names.filter((name) => name in stan)).toEqual([]);
    for (const name of names) {
      const errors = await compileErrors(`import type { ${name} } from '@rkrupinski/stan';\nexport type T = typeof ${name};`);
      expect([name, errors.map((e) => e.code).includes(2305)]).toEqual([name, true]);
    }
    // The families use them: a most-recent family forgets the member before the latest.
    const recent = stan.selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const first = recent(1);
    recent(2);
    expect(recent(1)).not.toBe(first);
  },
  60_000,
);

claim('`refresh` on a selector that has never been read in that store does nothing visible: the selector runs on its first read anyway', (clause) => {
  const run = jest.fn(() => 1);
  const s = selector(run);
  const store = makeStore();
  const returned = refresh(s(store));
  clause('`refresh` on a selector that has never been read in that store does nothing visible', () => {
    expect(returned).toBeUndefined();
    expect(run).not.toHaveBeenCalled();
    expect(store.value.size).toBe(0);
  });
  clause('the selector runs on its first read anyway', () => {
    expect(s(store).get()).toBe(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

claim('`refresh` on a selector with subscribers runs it synchronously, so if the selector throws, `refresh` throws and the previous value stays', (clause) => {
  let fail = false;
  let runs = 0;
  const s = selector(() => {
    runs += 1;
    if (fail) throw new Error('refresh failed');
    return 'previous';
  });
  const store = makeStore();
  s(store).get();
  s(store).subscribe(() => undefined);
  clause('`refresh` on a selector with subscribers runs it synchronously', () => {
    refresh(s(store));
    expect(runs).toBe(2);
  });
  fail = true;
  clause('so if the selector throws, `refresh` throws', () => {
    expect(() => refresh(s(store))).toThrow('refresh failed');
  });
  clause('the previous value stays', () => {
    expect(s(store).get()).toBe('previous');
  });
});

claim(
  ['console.log(snapshot(store).get()); // "volume 50, computed 1 time(s)"', '"volume 50, computed 2 time(s)"', 'console.log(volume(store).get()); // 50'],
  (clause) => {
    const printed = printedBy('api/utils', 'refresh-and-reset.ts');
    const commented = commentedOutput('api/utils', 'refresh-and-reset.ts');
    const line = (index: number, text: string) => {
      expect(printed[index]).toBe(text);
      expect(commented[index]).toBe(text);
    };
    clause('console.log(snapshot(store).get()); // "volume 50, computed 1 time(s)"', () => line(0, 'volume 50, computed 1 time(s)'));
    clause('"volume 50, computed 2 time(s)"', () => line(1, 'volume 50, computed 2 time(s)'));
    clause('console.log(volume(store).get()); // 50', () => {
      line(2, '50');
      expect(printed).toHaveLength(3);
    });
  },
);

claim(["console.debug('report request superseded by a newer run')", "console.error('report request failed', error);"], async (clause) => {
  const { report } = runSample<{ report: Scoped<ReadonlyState<Promise<string>>> }>('api/utils', 'report.ts');
  const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const realFetch = globalThis.fetch;
  try {
    // A request that only ends when its signal aborts, as fetch does.
    globalThis.fetch = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    const store = makeStore();
    const first = report(store).get();
    const stop = report(store).subscribe(() => undefined);
    refresh(report(store)); // mounted: the new run aborts the first
    await clause("console.debug('report request superseded by a newer run')", async () => {
      await expect(first).rejects.toBeInstanceOf(Aborted);
      expect(debug).toHaveBeenCalledWith('report request superseded by a newer run');
      expect(error).not.toHaveBeenCalled();
    });
    stop();
    await clause("console.error('report request failed', error);", async () => {
      // A request that fails for another reason is logged as a failure.
      const offline = new TypeError('fetch failed');
      globalThis.fetch = (() => Promise.reject(offline)) as typeof fetch;
      await expect(report(makeStore()).get()).rejects.toBe(offline);
      expect(error).toHaveBeenCalledWith('report request failed', offline);
      expect(debug).toHaveBeenCalledTimes(1);
    });
  } finally {
    globalThis.fetch = realFetch;
    debug.mockRestore();
    error.mockRestore();
  }
});
