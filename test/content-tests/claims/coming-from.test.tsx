// Coming from Recoil or Jotai: what the page says of Stan, run against the package (what it says of Recoil and
// Jotai links to their own documentation), and its writable-selector replacement run as printed.
import fs from 'fs';
import path from 'path';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { atom, atomFamily, DEFAULT_STORE, makeStore, selector, selectorFamily, type ReadonlyState, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStanCtx, useStanValue, useStanValueAsync, type AsyncValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { runSample } from '../../support/run-sample';
import { REPO_ROOT } from '../../support/samples';

const claim = claimsOf('getting-started/coming-from-recoil-or-jotai');
const PAGE = 'getting-started/coming-from-recoil-or-jotai';

claim(
  [
    '| Writable state | `atom({ key, default })` | `atom(initialValue)` | `atom(initialValue)` |',
    '| Persistence and syncing | atom `effects` | `atomWithStorage`, `onMount` | atom `effects` with `init`, `set` and `onSet` |',
    '| reach the store in use | (no store object) | `useStore` | `useStanCtx` |',
  ],
  () => {
    // Every name in the Stan column of both tables is an export of the package or a member of one, and the hooks'
    // table names every hook of the React entry point.
    const source = fs.readFileSync(path.join(REPO_ROOT, 'content/docs', `${PAGE}.mdx`), 'utf8');
    const rows = source.split('\n').filter((line) => /^\| .* \|$/.test(line) && !/^\| (---|What you want|To…) /.test(line));
    expect(rows).toHaveLength(15);
    const lastCells = rows.map((row) => row.split(' | ').at(-1) ?? '');
    const names = new Set(lastCells.flatMap((cell) => [...cell.matchAll(/`<?(\w+)[^`]*`/g)].map((m) => m[1] ?? '')));
    const exported = new Set([...Object.keys(core), ...Object.keys(react)]);
    const members = new Set(['get', 'signal', 'set', 'subscribe', 'effects', 'init', 'onSet', 'tag']);
    expect([...names].filter((name) => !exported.has(name) && !members.has(name))).toEqual([]);
    const hooks = Object.keys(react).filter((name) => name.startsWith('use'));
    expect(hooks.filter((hook) => !names.has(hook))).toEqual([]);
    // The effect functions the table names are the ones an effect receives.
    const received: string[] = [];
    atom(0, { effects: [(param) => void received.push(...Object.keys(param))] })(makeStore()).get();
    expect(received.sort()).toEqual(['init', 'onSet', 'set']);
    const instance = atom(0)(makeStore());
    expect(['get', 'set', 'subscribe'].every((member) => typeof (instance as unknown as Record<string, unknown>)[member] === 'function')).toBe(true);
  },
);

claim(
  [
    "`useStanValueAsync` returns `{ type: 'loading' }`, `{ type: 'ready', value }` or `{ type: 'error', reason }`",
    "Stan's `reason` is the failure's `message`, a string, not the error itself",
  ],
  async () => {
    const failure = new Error('Request failed');
    const failing = selector(() => Promise.reject(failure));
    const working = selector(async () => 42);
    const seen: AsyncValue<unknown>[] = [];
    function Show({ state }: { state: Scoped<ReadonlyState<Promise<unknown>>> }) {
      const result = useStanValueAsync(state);
      seen.push(result);
      return <p>{result.type}</p>;
    }
    render(
      <StanProvider>
        <Show state={failing} />
        <Show state={working} />
      </StanProvider>,
    );
    await act(flush);
    expect(seen).toContainEqual({ type: 'loading' });
    expect(seen).toContainEqual({ type: 'ready', value: 42 });
    const errors = seen.filter((v) => v.type === 'error');
    expect(errors).toEqual([{ type: 'error', reason: 'Request failed' }]);
  },
);

claim(
  [
    'Stan, like Jotai, needs none: the definition object is the identity',
    "Stan's optional `tag` is only a label, and two definitions may share one",
  ],
  () => {
    const label = atom('x', { tag: 'shared' });
    const other = selector(() => 'y', { tag: 'shared' });
    const store = makeStore();
    expect([label(store).get(), other(store).get()]).toEqual(['x', 'y']);
    expect(atom('x')).not.toBe(atom('x'));
  },
);

claim(
  [
    "Jotai's and Stan's also work without a provider: Jotai falls back to a default store, Stan to `DEFAULT_STORE`",
    'A `<StanProvider>` without a `store` prop creates a new, empty store of its own, and in all three libraries separate providers hold separate values',
  ],
  () => {
    const stores: Store[] = [];
    function Probe() {
      stores.push(useStanCtx().store);
      return null;
    }
    render(
      <>
        <Probe />
        <StanProvider>
          <Probe />
        </StanProvider>
        <StanProvider>
          <Probe />
        </StanProvider>
      </>,
    );
    expect(stores[0]).toBe(DEFAULT_STORE);
    expect(new Set(stores).size).toBe(3);
    expect(stores[1]?.value.size).toBe(0);
  },
);

claim("Stan's core entry point does not import React: you read, write and subscribe through state instances", () => {
  const dist = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist');
  fs.readdirSync(dist)
    .filter((f) => f.endsWith('.js') && f !== 'react.js')
    .forEach((f) => expect(fs.readFileSync(path.join(dist, f), 'utf8')).not.toMatch(/["']react["']/));
  const word = atom('a');
  const store = makeStore();
  const seen = jest.fn();
  word(store).get();
  word(store).subscribe(seen);
  word(store).set('b');
  expect(seen).toHaveBeenCalledWith('b');
});

claim(
  [
    'Stan only has the second kind: `useStanValueAsync` never suspends',
    'No hook suspends, so a `<Suspense>` fallback never shows for Stan state and an error boundary never sees an async failure',
  ],
  async () => {
    const pending = selector(() => new Promise<string>(() => undefined));
    const failing = selector(async (): Promise<string> => {
      throw new Error('down');
    });
    function Page() {
      const a = useStanValueAsync(pending);
      const b = useStanValueAsync(failing);
      return <p>{`${a.type} ${b.type}`}</p>;
    }
    const tree = (
      <StanProvider>
        <Suspense fallback={<p>fallback</p>}>
          <Page />
        </Suspense>
      </StanProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain('<p>loading loading</p>');
    expect(html).not.toContain('fallback');
    render(tree);
    expect(screen.queryByText('fallback')).toBeNull();
    expect(await screen.findByText('loading error')).toBeInTheDocument();
  },
);

claim(
  [
    'Stan compares family parameters by their serialized value, as Recoil does',
    "Stan's selector families keep their members by one of three cache policies, `keep-all`, `most-recent` and `lru`",
    "Stan's atom families keep every member",
  ],
  async () => {
    const byFilter = selectorFamily((p: { a: number[]; b: string }) => () => p.a.length);
    expect(byFilter({ a: [1, 2], b: 'x' })).toBe(byFilter(JSON.parse('{"b":"x","a":[1,2]}') as { a: number[]; b: string }));
    const errors = await compileErrors(`import { selectorFamily } from '@rkrupinski/stan';
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'keep-all' } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
selectorFamily((n: number) => () => n, { cachePolicy: { type: 'fifo' } });`);
    expect(errors.map((e) => e.line)).toEqual([5]);
    const members = atomFamily((n: number) => n);
    const first = members(0);
    for (let i = 1; i < 300; i += 1) members(i);
    expect(members(0)).toBe(first);
  },
  60_000,
);

claim(
  [
    'Once a Stan selector has run in a store, a change to one of its dependencies runs it again right away, whether or not anything shows it',
    'a selector that runs again notifies its subscribers even when its result did not change',
    "A selector's `areValuesEqual` compares the values it reads, not the one it returns",
  ],
  () => {
    const n = atom(2);
    const runs = jest.fn();
    const parity = selector(({ get }) => {
      runs();
      return get(n) % 2;
    });
    const store = makeStore();
    parity(store).get();
    n(store).set(4); // nothing subscribed: it runs anyway
    expect(runs).toHaveBeenCalledTimes(2);
    const notified = jest.fn();
    parity(store).subscribe(notified);
    n(store).set(6); // same result, 0: still notified
    expect(notified).toHaveBeenCalledWith(0);
    // A comparator that calls every read equal stops the re-run, and with it the new result.
    let quietRuns = 0;
    const quiet = selector(
      ({ get }) => {
        quietRuns += 1;
        return get(n) % 2;
      },
      { areValuesEqual: () => true },
    );
    quiet(store).get();
    n(store).set(7);
    expect([quietRuns, quiet(store).get()]).toEqual([1, 0]);
  },
);

claim('`set` notifies the atom\'s subscribers even when the new value is the same as the old one', () => {
  const a = atom('same');
  const store = makeStore();
  a(store).get();
  const seen = jest.fn();
  a(store).subscribe(seen);
  a(store).set('same');
  expect(seen).toHaveBeenCalledTimes(1);
});

claim(
  [
    "Stan's selectors are read-only. Write to the atoms a selector reads, from a function or a hook of your own",
    '// a write to an atom nobody has read would be dropped',
    '// ...and as a hook that reads and writes like useStan.',
  ],
  () => {
    const { celsius, fahrenheit, setFahrenheit, useFahrenheit } = runSample<{
      celsius: Scoped<WritableState<number>>;
      fahrenheit: Scoped<ReadonlyState<number>>;
      setFahrenheit: (store: Store, value: number) => void;
      useFahrenheit: () => readonly [number, (next: number) => void];
    }>(PAGE, 'temperature.tsx');
    expect('set' in fahrenheit(makeStore())).toBe(false);
    const fresh = makeStore();
    setFahrenheit(fresh, 212); // a fresh store: the function reads first
    expect([celsius(fresh).get(), fahrenheit(fresh).get()]).toEqual([100, 212]);
    function Thermostat() {
      const [value, setValue] = useFahrenheit();
      return <button onClick={() => setValue(32)}>{`${value} °F`}</button>;
    }
    const store = makeStore();
    render(
      <StanProvider store={store}>
        <Thermostat />
      </StanProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '68 °F' }));
    expect(screen.getByRole('button', { name: '32 °F' })).toBeInTheDocument();
    expect(celsius(store).get()).toBe(0);
  },
);

claim(
  [
    "A store's `value`, `initialized` and `mounted` maps are visible for debugging, but they are not an API",
    'Read an atom in the store, then set it, before the first render',
  ],
  () => {
    const name = atom('guest');
    const store = makeStore();
    expect(Object.keys(store).sort()).toEqual(['initialized', 'mounted', 'value']);
    name(store).get();
    name(store).set('Ada');
    function Show() {
      return <p>{useStanValue(name)}</p>;
    }
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    expect(screen.getByText('Ada')).toBeInTheDocument();
  },
);

claim('take the store from `useStanCtx()` and call `get()` on the states you need inside your handler', () => {
  const count = atom(1);
  const store = makeStore();
  count(store).get();
  const read: number[] = [];
  function Logger() {
    const { store: current } = useStanCtx();
    return <button onClick={() => read.push(count(current).get())}>Log</button>;
  }
  render(
    <StanProvider store={store}>
      <Logger />
    </StanProvider>,
  );
  act(() => count(store).set(5)); // the button never re-rendered, and still reads the current value
  fireEvent.click(screen.getByRole('button', { name: 'Log' }));
  expect(read).toEqual([5]);
});
