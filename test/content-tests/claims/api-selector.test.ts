/** @jest-environment node */
import { Aborted, atom, makeStore, refresh, selector, type ReadonlyState, type Scoped } from '@rkrupinski/stan';
import { claimsOf, flush } from '../../support/claims';
import { boundedSelector, Loop, recordingSelector, refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/selector');

claim(
  [
    'It reads atoms and other selectors through `get`, Stan remembers what it read, and the selector runs again when one of those values changes',
    'A selector can return anything, including a promise',
  ],
  async () => {
    const a = atom(1);
    const double = selector(({ get }) => get(a) * 2);
    const later = selector(async ({ get }) => get(double) + 1);
    const store = makeStore();
    expect(double(store).get()).toBe(2);
    await expect(later(store).get()).resolves.toBe(3);
    a(store).set(5);
    expect(double(store).get()).toBe(10);
    await expect(later(store).get()).resolves.toBe(11);
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
  () => {
    const { selector: s, signals, trigger } = recordingSelector();
    const store = makeStore();
    const other = makeStore();
    s(store).get();
    s(other).get();
    trigger(store).set(1);
    expect(signals).toHaveLength(3);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toBeInstanceOf(Aborted);
    expect(signals[1]?.aborted).toBe(false); // the other store's run
    expect(signals[2]?.aborted).toBe(false);
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
  () => {
    const cursor = atom({ x: 0 });
    const runs = jest.fn();
    const byDefault = selector(({ get }) => {
      runs();
      return get(cursor).x;
    });
    const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
    const compared = jest.fn();
    const custom = selector(
      ({ get }) => {
        compared();
        return get(cursor).x;
      },
      { areValuesEqual: sameJson },
    );
    const store = makeStore();
    byDefault(store).get();
    custom(store).get();
    cursor(store).set({ x: 0 });
    expect(runs).toHaveBeenCalledTimes(2);
    expect(compared).toHaveBeenCalledTimes(1);
    cursor(store).set({ x: 1 });
    expect(compared).toHaveBeenCalledTimes(2);
  },
);

claim('The instance offers `get`, `subscribe` and `tag`; it has no `set`', () => {
  const instance = selector(() => 1, { tag: 't' })(makeStore()) as unknown as Record<string, unknown>;
  expect(typeof instance.get).toBe('function');
  expect(typeof instance.subscribe).toBe('function');
  expect(instance.tag).toBe('t');
  expect(instance.set).toBeUndefined();
});

claim(
  [
    'Nothing runs until `get()` is called in a store (directly, through another selector\'s `get`, or by a hook while rendering). The result is cached in that store',
  ],
  () => {
    const run = jest.fn(() => ({}));
    const s = selector(run);
    const outer = selector(({ get }) => get(s));
    const store = makeStore();
    expect(run).not.toHaveBeenCalled();
    outer(store).get();
    expect(run).toHaveBeenCalledTimes(1);
    expect(s(store).get()).toBe(s(store).get());
    expect(run).toHaveBeenCalledTimes(1);
    s(makeStore()).get();
    expect(run).toHaveBeenCalledTimes(2);
  },
);

claim(
  [
    'Each run records the states it read; the next run starts with an empty list, so conditional reads are handled correctly',
    'Once a selector has run in a store, it re-runs as soon as a dependency changes, whether or not anything is subscribed to it',
  ],
  () => {
    const useB = atom(true);
    const b = atom('b');
    const runs = jest.fn();
    const s = selector(({ get }) => {
      runs();
      return get(useB) ? get(b) : 'none';
    });
    const store = makeStore();
    s(store).get();
    b(store).set('b2'); // no subscriber, still re-runs
    expect(runs).toHaveBeenCalledTimes(2);
    useB(store).set(false);
    expect(runs).toHaveBeenCalledTimes(3);
    b(store).set('b3'); // no longer a dependency
    expect(runs).toHaveBeenCalledTimes(3);
  },
);

claim(
  'If the selector has subscribers in that store, `refresh` runs it immediately and notifies them. Otherwise it marks the cached value as stale, and the next `get()` runs the selector again',
  () => {
    let n = 0;
    const s = selector(() => ++n);
    const store = makeStore();
    s(store).get();
    refresh(s(store));
    expect(n).toBe(1);
    expect(s(store).get()).toBe(2);
    const cb = jest.fn();
    s(store).subscribe(cb);
    refresh(s(store));
    expect(n).toBe(3);
    expect(cb).toHaveBeenCalledWith(3);
  },
);

claim(
  [
    'After a re-run caused by a dependency or by `refresh`, subscribers are notified with the new value even if it equals the previous one',
    'Subscribing does not evaluate a selector',
  ],
  () => {
    const a = atom(1);
    const run = jest.fn();
    const isPositive = selector(({ get }) => {
      run();
      return get(a) > 0;
    });
    const store = makeStore();
    const cb = jest.fn();
    isPositive(store).subscribe(cb);
    expect(run).not.toHaveBeenCalled();
    isPositive(store).get();
    a(store).set(2);
    refresh(isPositive(store));
    expect(cb.mock.calls).toEqual([[true], [true]]);
  },
);

claim(
  [
    'Setting `discount` runs only `total` again. Setting `cart` runs `subtotal` again, and `total` follows only if the subtotal it reads has changed',
    'Both happen in the store where the write happened, as soon as the write happens, whether or not a component is subscribed',
  ],
  () => {
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
    discount(store).set(0.2);
    expect(runs).toEqual(['total']);
    runs.length = 0;
    cart(store).set([{ price: 2, quantity: 4 }]); // same subtotal: 8
    expect(runs).toEqual(['subtotal']);
    runs.length = 0;
    cart(store).set([{ price: 5, quantity: 2 }]);
    expect(runs).toEqual(['subtotal', 'total']);
    expect(total(other).get()).toBeCloseTo(7.2, 10);
  },
);

claim(
  [
    "A change travels one arrow at a time, depth first. From an atom it goes to the atom's subscribers in the order of its subscriber list at that moment",
    'the selector at the bottom of a diamond runs once per path, and the first of those runs sees one side already updated and the other not yet',
    'In this example both sides re-run on every write and so keep their relative order, fahrenheit first',
    'logs "86 °F, 293.15 K": fahrenheit has updated, kelvin not yet',
    'Subscribers receive the mixed intermediate result, and `report` runs twice for a single write',
  ],
  () => {
    // The page's sample as printed: its first read, then the two notifications of one write.
    const printed = printedBy('api/selector', 'diamond.ts');
    expect(printed).toEqual(['68 °F, 293.15 K', '86 °F, 293.15 K', '86 °F, 303.15 K']);
    expect(printed).toEqual(commentedOutput('api/selector', 'diamond.ts'));
    // The same graph, counted: the bottom selector runs once per path, on every later write too.
    const celsius = atom(20);
    const fahrenheit = selector(({ get }) => (get(celsius) * 9) / 5 + 32);
    const kelvin = selector(({ get }) => get(celsius) + 273.15);
    const runs = jest.fn();
    const report = selector(({ get }) => {
      runs();
      return `${get(fahrenheit)} °F, ${get(kelvin)} K`;
    });
    const store = makeStore();
    report(store).get();
    const seen: string[] = [];
    report(store).subscribe((text) => seen.push(text));
    celsius(store).set(30);
    expect(runs).toHaveBeenCalledTimes(3);
    celsius(store).set(40);
    celsius(store).set(50);
    expect(seen.slice(2)).toEqual(['104 °F, 303.15 K', '104 °F, 313.15 K', '122 °F, 313.15 K', '122 °F, 323.15 K']);
  },
);

claim(
  'a selector moves to the end of that list each time it runs (see atom), so that order can differ from one write to the next',
  () => {
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
    order.length = 0;
    celsius(store).set(30); // both re-run, in the order they first read the atom
    expect(order).toEqual(['fahrenheit', 'band']);
    order.length = 0;
    celsius(store).set(31); // only fahrenheit re-runs, and moves behind band
    expect(order).toEqual(['fahrenheit']);
    order.length = 0;
    celsius(store).set(45); // now band comes first
    expect(order).toEqual(['band', 'fahrenheit']);
  },
);

claim(
  [
    'Each run gets a fresh `AbortSignal`. Starting a new run, because a dependency changed or a mounted selector was refreshed, aborts the previous run\'s signal with an instance of `Aborted`',
    'Aborting does not reject the previous promise for you',
    'A refresh of a selector without subscribers aborts nothing',
    'Otherwise it marks the cached value as stale, and the next `get()` runs the selector again',
  ],
  async () => {
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
    expect(signals[0]?.aborted).toBe(false);
    s(store).get();
    a(store).set(2);
    expect(signals[1]?.aborted).toBe(true);
    expect(signals[1]?.reason).toBeInstanceOf(Aborted);
    const stop = s(store).subscribe(() => undefined);
    refresh(s(store));
    expect(signals[2]?.aborted).toBe(true);
    stop();
    // The aborted runs' promises still resolve: nothing rejected them.
    await expect(pending[1]).resolves.toBe(1);
    await expect(pending[2]).resolves.toBe(2);
    // The run in flight at the unmounted refresh was never aborted, through every later run.
    expect(signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    const run = await refreshWhileInFlight();
    expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
    expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
    expect(run.current).toBe('results for second');
  },
);

claim(
  [
    'If `selectorFn` throws while `get()` runs it, `get()` throws the same error and nothing is cached, so the next `get()` tries again',
    'A throw during a re-run caused by a dependency change goes to the `set` call that made the change instead, and the selector keeps its previous result',
  ],
  () => {
    let fail = true;
    const run = jest.fn(() => {
      if (fail) throw new Error('nope');
      return 'ok';
    });
    const s = selector(run);
    const store = makeStore();
    expect(() => s(store).get()).toThrow('nope');
    fail = false;
    expect(s(store).get()).toBe('ok');
    expect(run).toHaveBeenCalledTimes(2);

    const d = atom(1);
    const ratio = selector(({ get }) => {
      const v = get(d);
      if (v === 0) throw new Error('zero');
      return 100 / v;
    });
    expect(ratio(store).get()).toBe(100);
    expect(() => d(store).set(0)).toThrow('zero');
    expect(ratio(store).get()).toBe(100);
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

claim('`get(someAtom)` inside a selector initializes the atom in that store, so later writes to it take effect even if no component reads it directly', () => {
  const a = atom(1);
  const s = selector(({ get }) => get(a));
  const store = makeStore();
  s(store).get();
  a(store).set(2);
  expect(s(store).get()).toBe(2);
});

claim(
  [
    'Dependencies are collected whenever `get` is called, including after an `await`',
    'A superseded run that keeps going can therefore still add dependencies to the selector',
  ],
  async () => {
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
  },
);

claim(
  "Refreshing a selector that has subscribers runs it synchronously; if the run throws, the error propagates out of `refresh` and the selector keeps its previous value",
  () => {
    let fail = false;
    const s = selector(() => {
      if (fail) throw new Error('refresh failed');
      return 1;
    });
    const store = makeStore();
    s(store).get();
    s(store).subscribe(() => undefined);
    fail = true;
    expect(() => refresh(s(store))).toThrow('refresh failed');
    expect(s(store).get()).toBe(1);
  },
);

claim('A promise that never settles stays cached. The selector does not run again until a dependency changes or it is refreshed', () => {
  const a = atom(0);
  const run = jest.fn(({ get }: { get: (state: typeof a) => number }) => {
    get(a);
    return new Promise<never>(() => undefined);
  });
  const s = selector(run);
  const store = makeStore();
  expect(s(store).get()).toBe(s(store).get());
  expect(run).toHaveBeenCalledTimes(1);
  a(store).set(1);
  expect(run).toHaveBeenCalledTimes(2);
  refresh(s(store));
  s(store).get();
  expect(run).toHaveBeenCalledTimes(3);
});

claim(['A selector that reads itself, directly or through other selectors, recurses until the stack overflows', 'Dependencies must form a graph without cycles'], () => {
  const loop: Scoped<ReadonlyState<number>> = selector(({ get }) => get(loop) + 1);
  // Matched by message: the RangeError comes from another realm than Jest's sandbox globals.
  expect(() => loop(makeStore()).get()).toThrow(/Maximum call stack size exceeded/);
  const ping: Scoped<ReadonlyState<number>> = selector(({ get }) => get(pong));
  const pong: Scoped<ReadonlyState<number>> = selector(({ get }) => get(ping));
  expect(() => ping(makeStore()).get()).toThrow(/Maximum call stack size exceeded/);
});

claim(
  [
    '`areValuesEqual` compares the values a selector reads, not the value it returns',
    'To stop a derived object from notifying subscribers, compare it in the next selector down',
  ],
  () => {
    const n = atom(1);
    const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
    const point = selector(({ get }) => ({ x: Math.sign(get(n)) }), { areValuesEqual: sameJson });
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
    expect(pointSeen).toHaveBeenCalledWith({ x: 1 });
    expect(downstream).toHaveBeenCalledTimes(1);
    expect(labelSeen).not.toHaveBeenCalled();
  },
);

claim(['console.log(total(store).get()); // 12.6', 'console.log(total(store).get()); // 7'], () => {
  const printed = printedBy('api/selector', 'cart.ts');
  expect(printed).toEqual(['12.6', '7']);
  expect(printed).toEqual(commentedOutput('api/selector', 'cart.ts'));
});

claim('Every change to `query` starts a new request and aborts the previous one, so a slow response for an old query cannot overwrite the result for the current one', async () => {
  const query = atom('');
  const requests: { q: string; signal: AbortSignal }[] = [];
  const searchResults = selector(async ({ get, signal }) => {
    const q = get(query);
    if (q === '') return [];
    requests.push({ q, signal });
    await new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      setTimeout(resolve, 5);
    });
    return [q];
  });
  const store = makeStore();
  searchResults(store).get();
  query(store).set('st');
  const slow = searchResults(store).get();
  query(store).set('stan');
  expect(requests.map((r) => [r.q, r.signal.aborted])).toEqual([
    ['st', true],
    ['stan', false],
  ]);
  await expect(slow).rejects.toBeInstanceOf(Aborted);
  await expect(searchResults(store).get()).resolves.toEqual(['stan']);
});

// Composing async selectors: the sample's selectors with a fake network.
function composition() {
  type User = { id: number; name: string; teamId: number };
  const requests: { url: string; signal: AbortSignal }[] = [];
  let failUsers = false;
  const respond = <T>(url: string, signal: AbortSignal, body: () => T) =>
    new Promise<T>((resolve, reject) => {
      requests.push({ url, signal });
      setTimeout(() => (failUsers && url.startsWith('/api/users') ? reject(new Error('User request failed (500)')) : resolve(body())), 1);
    });
  const userId = atom(1);
  const user = selector(({ get, signal }) => {
    const id = get(userId);
    return respond(`/api/users/${id}`, signal, (): User => ({ id, name: `user ${id}`, teamId: id * 10 }));
  });
  const settings = selector(({ signal }) => respond('/api/settings', signal, () => ({ theme: 'dark' as const })));
  const team = selector(async ({ get, signal }) => {
    const { teamId } = await get(user);
    return respond(`/api/teams/${teamId}`, signal, () => ({ id: teamId, name: `team ${teamId}` }));
  });
  const header = selector(async ({ get }) => {
    const [who, prefs] = await Promise.all([get(user), get(settings)]);
    return `${who.name} (${prefs.theme} theme)`;
  });
  return { userId, user, team, header, requests, setFailUsers: (fail: boolean) => (failUsers = fail) };
}

claim(
  [
    'An async selector\'s value is its promise, so another selector reads it with `get` and awaits it',
    'Call `get` for everything a run needs before its first `await`: the reads are recorded as dependencies at once, and the requests they start run at the same time',
  ],
  async () => {
    const { team, header, requests } = composition();
    const store = makeStore();
    const pendingHeader = header(store).get();
    // Both requests started before either answered.
    expect(requests.map((r) => r.url)).toEqual(['/api/users/1', '/api/settings']);
    await expect(pendingHeader).resolves.toBe('user 1 (dark theme)');
    await expect(team(store).get()).resolves.toEqual({ id: 10, name: 'team 10' });
  },
);

claim(
  [
    'A change to `userId` runs `user` again. Its new promise is a new value for `team` and `header`, so they run again too, and each aborts its own previous run',
    'Each selector has its own signal. Aborting a run of `team` does not cancel the request of `user` that it was waiting for',
  ],
  async () => {
    const { userId, team, header, requests } = composition();
    const store = makeStore();
    const firstTeam = team(store).get();
    header(store).get();
    await firstTeam;
    userId(store).get();
    userId(store).set(2); // team's second run is in flight
    const teamRun = team(store).get();
    const userRequest = requests.find((r) => r.url === '/api/users/2');
    userId(store).set(3); // supersedes team's second run and the second user run
    expect(userRequest?.signal.aborted).toBe(true); // user's own newer run aborted it
    await expect(team(store).get()).resolves.toEqual({ id: 30, name: 'team 30' });
    await expect(header(store).get()).resolves.toBe('user 3 (dark theme)');
    await teamRun.catch(() => undefined);

    // A newer run of team alone (a refresh) leaves the user request it awaits alone.
    const stop = team(store).subscribe(() => undefined);
    const userBefore = requests.filter((r) => r.url.startsWith('/api/users')).at(-1);
    refresh(team(store));
    expect(userBefore?.signal.aborted).toBe(false);
    stop();
  },
);

claim(
  "If the user request fails, `await get(user)` throws inside `team`, so `team`'s promise rejects as well and both selectors are marked stale: the next read of `team` runs `user` again too",
  async () => {
    const { team, user, requests, setFailUsers } = composition();
    const store = makeStore();
    setFailUsers(true);
    await expect(team(store).get()).rejects.toThrow('User request failed (500)');
    await flush();
    setFailUsers(false);
    const before = requests.length;
    await expect(team(store).get()).resolves.toEqual({ id: 10, name: 'team 10' });
    expect(requests.slice(before).map((r) => r.url)).toEqual(['/api/users/1', '/api/teams/10']);
    await expect(user(store).get()).resolves.toMatchObject({ id: 1 });
  },
);

claim(
  [
    'it must call a value equal to itself: with `===`, a dependency that becomes `NaN` hangs the write',
    '`Object.is` avoids it',
  ],
  () => {
    const ratio = atom(1);
    const strict = boundedSelector((get) => get(ratio));
    const lenient = boundedSelector((get) => get(ratio), { areValuesEqual: Object.is });
    const store = makeStore();
    strict.state(store).get();
    expect(() => ratio(store).set(NaN)).toThrow(Loop);
    const other = makeStore();
    lenient.state(other).get();
    ratio(other).set(NaN);
    ratio(other).set(NaN);
    expect([lenient.runs(), Number.isNaN(lenient.state(other).get())]).toEqual([2, true]);
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
