/** @jest-environment node */
import * as stan from '@rkrupinski/stan';
import { Aborted, atom, atomFamily, makeStore, refresh, reset, selector } from '@rkrupinski/stan';
import { claimsOf } from '../../claims';
import { recordingSelector, refreshWhileInFlight } from '../../fixtures';

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
    'If it has none, the cached value is only marked as stale: the selector runs on the next `get()`',
    'A run still in flight at that moment is never aborted: not by the refresh, and not by the run the next `get()` starts. Its signal stays unaborted, so a request passed that signal runs to the end, and its result is simply not used',
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

claim(['Like `set`, it does nothing if the atom has not been read in that store yet', '`reset` on an atom that has never been read in that store is ignored, exactly like `set`'], () => {
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

claim('Caching helpers used internally by families (and the `CachePolicy` type) are not exported', () => {
  expect(Object.keys(stan)).not.toEqual(expect.arrayContaining(['memoize']));
  expect('memoize' in stan).toBe(false);
});

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
    const store = makeStore();
    let calls = 0;
    const volume = atom(50);
    const snapshot = selector(({ get }) => `volume ${get(volume)}, computed ${++calls} time(s)`);
    expect(snapshot(store).get()).toBe('volume 50, computed 1 time(s)');
    refresh(snapshot(store));
    expect(snapshot(store).get()).toBe('volume 50, computed 2 time(s)');
    volume(store).set(80);
    reset(volume(store));
    expect(volume(store).get()).toBe(50);
  },
);

claim("console.debug('report request superseded by a newer run')", async () => {
  const trigger = atom(0);
  const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const report = selector(async ({ get, signal }) => {
    get(trigger);
    try {
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return 'never';
    } catch (caught) {
      if (caught instanceof Aborted) console.debug('report request superseded by a newer run');
      else console.error('report request failed', caught);
      throw caught;
    }
  });
  const store = makeStore();
  const first = report(store).get();
  trigger(store).set(1);
  await expect(first).rejects.toBeInstanceOf(Aborted);
  expect(debug).toHaveBeenCalledWith('report request superseded by a newer run');
  expect(error).not.toHaveBeenCalled();
  debug.mockRestore();
  error.mockRestore();
});
