// Coming from Recoil or Jotai: what the page says of Stan alone, run against the package, and its writable-selector
// replacement run as printed (what it says of Recoil and Jotai beside Stan runs in coming-from-libraries.test.tsx).
import { Component, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { atom, makeStore, selector, type ReadonlyState, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStanCtx, useStanValue, useStanValueAsync, type AsyncValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('getting-started/coming-from-recoil-or-jotai');
const PAGE = 'getting-started/coming-from-recoil-or-jotai';

claim(
  [
    "`useStanValueAsync` returns `{ type: 'loading' }`, `{ type: 'ready', value }` or `{ type: 'error', reason }`",
    "Stan's `reason` is the failure's `message`, a string, not the error itself",
  ],
  async (clause) => {
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
    clause("`useStanValueAsync` returns `{ type: 'loading' }`, `{ type: 'ready', value }` or `{ type: 'error', reason }`", () => {
      expect(seen).toContainEqual({ type: 'loading' });
      expect(seen).toContainEqual({ type: 'ready', value: 42 });
      expect(new Set(seen.map((v) => v.type))).toEqual(new Set(['loading', 'ready', 'error']));
    });
    clause("Stan's `reason` is the failure's `message`, a string, not the error itself", () => {
      const errors = seen.filter((v) => v.type === 'error');
      expect(errors).toEqual([{ type: 'error', reason: 'Request failed' }]);
      expect(typeof (errors[0] as { reason: unknown }).reason).toBe('string');
    });
  },
);

claim(
  ['No hook suspends, so a `<Suspense>` fallback never shows for Stan state and an error boundary never sees an async failure'],
  async (clause) => {
    const pending = selector(() => new Promise<string>(() => undefined));
    const failing = selector(async (): Promise<string> => {
      throw new Error('down');
    });
    function Page() {
      const a = useStanValueAsync(pending);
      const b = useStanValueAsync(failing);
      const c = useStanValue(pending);
      return <p>{`${a.type} ${b.type} ${typeof c.then}`}</p>;
    }
    const caught: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        caught.push(error);
      }
      override render() {
        return this.state.failed ? <p>boundary</p> : this.props.children;
      }
    }
    const tree = (
      <StanProvider>
        <Boundary>
          <Suspense fallback={<p>fallback</p>}>
            <Page />
          </Suspense>
        </Boundary>
      </StanProvider>
    );
    clause('No hook suspends', () => {
      const html = renderToString(tree);
      expect(html).toContain('<p>loading loading function</p>');
    });
    clause('so a `<Suspense>` fallback never shows for Stan state', () => {
      expect(renderToString(tree)).not.toContain('fallback');
      render(tree);
      expect(screen.queryByText('fallback')).toBeNull();
    });
    await clause('and an error boundary never sees an async failure', async () => {
      expect(await screen.findByText('loading error function')).toBeInTheDocument();
      expect([caught, screen.queryByText('boundary')]).toEqual([[], null]);
    });
  },
);

claim(
  [
    'Once a Stan selector has run in a store, a change to one of its dependencies runs it again right away, whether or not anything shows it',
    'a selector that runs again notifies its subscribers even when its result did not change',
    "A selector's `areValuesEqual` compares the values it reads, not the one it returns",
  ],
  (clause) => {
    const n = atom(2);
    const runs = jest.fn();
    const parity = selector(({ get }) => {
      runs();
      return get(n) % 2;
    });
    const store = makeStore();
    clause('Once a Stan selector has run in a store, a change to one of its dependencies runs it again right away', () => {
      n(store).set(4); // before the selector has run: nothing to run again
      expect(runs).not.toHaveBeenCalled();
      parity(store).get();
      n(store).set(6);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('whether or not anything shows it', () => {
      // Nothing subscribed to the selector, and it ran again anyway.
      n(store).set(8);
      expect(runs).toHaveBeenCalledTimes(3);
    });
    clause('a selector that runs again notifies its subscribers even when its result did not change', () => {
      const notified = jest.fn();
      parity(store).subscribe(notified);
      n(store).set(10); // same result, 0: still notified
      expect(notified).toHaveBeenCalledWith(0);
    });
    clause("A selector's `areValuesEqual` compares the values it reads, not the one it returns", () => {
      // A comparator that calls every read equal stops the re-run, and with it the new result.
      const compared: unknown[][] = [];
      let quietRuns = 0;
      const quiet = selector(
        ({ get }) => {
          quietRuns += 1;
          return get(n) % 2;
        },
        {
          areValuesEqual: (a, b) => {
            compared.push([a, b]);
            return true;
          },
        },
      );
      quiet(store).get();
      n(store).set(11);
      expect([quietRuns, quiet(store).get()]).toEqual([1, 0]);
      // It was handed the atom's values (10 and 11), not the selector's results (0 and 1).
      expect(compared).toEqual([[10, 11]]);
    });
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
  (clause) => {
    const { celsius, fahrenheit, setFahrenheit, useFahrenheit } = runSample<{
      celsius: Scoped<WritableState<number>>;
      fahrenheit: Scoped<ReadonlyState<number>>;
      setFahrenheit: (store: Store, value: number) => void;
      useFahrenheit: () => readonly [number, (next: number) => void];
    }>(PAGE, 'temperature.tsx');
    clause("Stan's selectors are read-only", () => expect('set' in fahrenheit(makeStore())).toBe(false));
    clause('Write to the atoms a selector reads, from a function', () => {
      const fresh = makeStore();
      setFahrenheit(fresh, 212); // a fresh store: the function reads first
      expect([celsius(fresh).get(), fahrenheit(fresh).get()]).toEqual([100, 212]);
    });
    clause('// a write to an atom nobody has read would be dropped', () => {
      const fresh = makeStore();
      celsius(fresh).set(100);
      expect(celsius(fresh).get()).toBe(20);
    });
    clause('or a hook of your own', () => {
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
    });
    clause('// ...and as a hook that reads and writes like useStan.', () => {
      let pair: readonly unknown[] = [];
      function Probe() {
        pair = useFahrenheit();
        return null;
      }
      render(<Probe />);
      expect([pair.length, typeof pair[0], typeof pair[1]]).toEqual([2, 'number', 'function']);
    });
  },
);

claim(
  [
    "A store's `value`, `initialized` and `mounted` maps are visible for debugging, but they are not an API",
    'Read an atom in the store, then set it, before the first render',
  ],
  (clause) => {
    const name = atom('guest', { tag: 'name' });
    const store = makeStore();
    clause("A store's `value`, `initialized` and `mounted` maps are visible for debugging", () => {
      name(store).get();
      expect(Object.keys(store).sort()).toEqual(['initialized', 'mounted', 'value']);
      expect([...store.value.values()]).toEqual(['guest']);
    });
    clause('but they are not an API', () => {
      // They are keyed by names the package makes up (a counter), not by anything code holds.
      const [key] = [...store.value.keys()];
      expect(key).toMatch(/^atom-name-\d+$/);
      expect(store.value.has('name')).toBe(false);
    });
    clause('Read an atom in the store, then set it, before the first render', () => {
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
    });
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
