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

claim('Both functions take a state instance, so call the scoped state with a store first', () => {
  const s = selector(() => 1);
  const a = atom(1);
  expect(() => refresh(s as never)).toThrow(TypeError);
  expect(() => reset(a as never)).toThrow(TypeError);
});

claim(
  [
    'Runs a selector again without any of its dependencies having changed, typically to re-fetch data',
    'If the selector has subscribers in that store, it runs immediately, the previous run\'s `signal` is aborted, and subscribers receive the new value',
  ],
  () => {
    const { selector: s, signals } = recordingSelector();
    const store = makeStore();
    s(store).get();
    const cb = jest.fn();
    s(store).subscribe(cb);
    expect(refresh(s(store))).toBeUndefined();
    expect(cb).toHaveBeenCalledWith(2);
    expect(signals[0]?.aborted).toBe(true);
  },
);

claim(
  [
    'If it has none, the cached value is only marked as stale: the selector runs on the next `get()`. A run still in flight is not aborted',
  ],
  async () => {
    const { selector: s, signals } = recordingSelector();
    const store = makeStore();
    s(store).get();
    refresh(s(store));
    expect(signals).toHaveLength(1);
    expect(s(store).get()).toBe(2);
    const run = await refreshWhileInFlight();
    expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
    expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
    expect(run.current).toBe('results for second');
  },
);

claim(
  [
    'Sets an atom back to the initial value it was created with',
    'It behaves like `set(initialValue)`: subscribers are notified and effects\' `onSet` callbacks run',
    'For family members, the initial value is the one computed from the parameter. A value provided by an effect\'s `init` is not restored',
  ],
  () => {
    const onSet = jest.fn();
    const a = atom(5, { effects: [({ init, onSet: register }) => (init(50), register(onSet))] });
    const store = makeStore();
    expect(a(store).get()).toBe(50);
    const cb = jest.fn();
    a(store).subscribe(cb);
    expect(reset(a(store))).toBeUndefined();
    expect(a(store).get()).toBe(5);
    expect(cb).toHaveBeenCalledWith(5);
    expect(onSet).toHaveBeenCalledWith(5);
    const fam = atomFamily((n: number) => n * 10);
    fam(4)(store).get();
    fam(4)(store).set(1);
    reset(fam(4)(store));
    expect(fam(4)(store).get()).toBe(40);
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
  () => {
    const { selector: s, signals, trigger } = recordingSelector();
    const store = makeStore();
    s(store).get();
    trigger(store).set(1);
    const reason = signals[0]?.reason as Aborted;
    expect(reason).toBeInstanceOf(Aborted);
    expect(reason).toBeInstanceOf(Error);
    expect(reason.message).toBe('');
    expect(reason.name).toBe('Error');
  },
);

claim('`fetch`, in Node.js and in current browsers, rejects with the signal\'s reason when it is aborted, so a request cancelled this way rejects with an `Aborted` instance', async () => {
  const controller = new AbortController();
  // Node's own fetch; the reason is checked before any connection is made.
  const request = fetch('http://127.0.0.1:9/never', { signal: controller.signal });
  controller.abort(new Aborted());
  await expect(request).rejects.toBeInstanceOf(Aborted);
});

claim(
  [
    '`SetterOrUpdater<T>` is the type of `set` on atoms and of the setters returned by `useStan` and `useSetStanValue`. It accepts a value or a function from the current value to the next one',
  ],
  () => {
    const a = atom(1);
    const store = makeStore();
    a(store).get();
    const set: stan.SetterOrUpdater<number> = a(store).set;
    set(2);
    set((n) => n + 1);
    expect(a(store).get()).toBe(3);
  },
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

claim('`refresh` on a selector that has never been read in that store does nothing visible: the selector runs on its first read anyway', () => {
  const run = jest.fn(() => 1);
  const s = selector(run);
  const store = makeStore();
  refresh(s(store));
  expect(run).not.toHaveBeenCalled();
  s(store).get();
  expect(run).toHaveBeenCalledTimes(1);
});

claim('`refresh` on a selector with subscribers runs it synchronously, so if the selector throws, `refresh` throws and the previous value stays', () => {
  let fail = false;
  const s = selector(() => {
    if (fail) throw new Error('refresh failed');
    return 'previous';
  });
  const store = makeStore();
  s(store).get();
  s(store).subscribe(() => undefined);
  fail = true;
  expect(() => refresh(s(store))).toThrow('refresh failed');
  expect(s(store).get()).toBe('previous');
});

claim(
  ['console.log(snapshot(store).get()); // "volume 50, computed 1 time(s)"', '"volume 50, computed 2 time(s)"', 'console.log(volume(store).get()); // 50'],
  () => {
    const printed = printedBy('api/utils', 'refresh-and-reset.ts');
    expect(printed).toEqual(['volume 50, computed 1 time(s)', 'volume 50, computed 2 time(s)', '50']);
    expect(printed).toEqual(commentedOutput('api/utils', 'refresh-and-reset.ts'));
  },
);

claim(["console.debug('report request superseded by a newer run')", "console.error('report request failed', error);"], async () => {
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
    await expect(first).rejects.toBeInstanceOf(Aborted);
    expect(debug).toHaveBeenCalledWith('report request superseded by a newer run');
    expect(error).not.toHaveBeenCalled();
    stop();
    // A request that fails for another reason is logged as a failure.
    const offline = new TypeError('fetch failed');
    globalThis.fetch = (() => Promise.reject(offline)) as typeof fetch;
    await expect(report(makeStore()).get()).rejects.toBe(offline);
    expect(error).toHaveBeenCalledWith('report request failed', offline);
  } finally {
    globalThis.fetch = realFetch;
    debug.mockRestore();
    error.mockRestore();
  }
});
