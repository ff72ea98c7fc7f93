// Known quirks page: each quirk happens in the installed release as the page says, and each remedy works, with
// the samples run as printed (the hanging sample and the loading of the React bindings: known-quirks-node.test.ts).
import fs from 'fs';
import path from 'path';
import { Component, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Aborted, atom, DEFAULT_STORE, makeStore, refresh, reset, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useSetStanValue, useStan, useStanCtx, useStanRefresher, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { installFakeApi } from '../../support/fake-api';
import { boundedSelector, Loop, refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';
import { REPO_ROOT } from '../../support/samples';

const claim = claimsOf('guides/known-quirks');
const PAGE = 'guides/known-quirks';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: `${error.name}: ${error.message}` };
  }
  override render() {
    return this.state.error === null ? this.props.children : <p role="alert">{this.state.error}</p>;
  }
}

/** Renders inside an error boundary, with React's report of the caught error silenced. */
function renderCaught(element: ReactNode) {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return render(<Boundary>{element}</Boundary>);
  } finally {
    quiet.mockRestore();
  }
}

/** Whether the atom (the one state of its kind in `store`) is initialized there. */
const atomsInitialized = (store: Store) => [...store.initialized].filter(([key]) => key.startsWith('atom')).map(([, on]) => on);

describe('writes before reads', () => {
  claim(
    [
      'Until then, `set` and `reset` on its instance do nothing, and so do the setters that `useSetStanValue` and `useStan` return, since they are the same `set`',
      'Nothing warns you: the write simply never happened',
    ],
    (clause) => {
      const count = atom(1);
      const store = makeStore();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const heard = jest.fn();
      count(store).subscribe(heard);
      let setter: unknown;
      function Writer() {
        const set = useSetStanValue(count);
        setter = set;
        return <button onClick={() => set(5)}>Write</button>;
      }
      let pairSetter: unknown;
      function Pair() {
        pairSetter = useStan(count)[1];
        return null;
      }
      clause('Until then, `set` and `reset` on its instance do nothing', () => {
        count(store).set(7);
        expect(store.value.size).toBe(0);
        reset(count(store));
        expect(store.value.size).toBe(0);
        expect(count(makeStore()).get()).toBe(1);
      });
      clause('so do the setters that `useSetStanValue` and `useStan` return', () => {
        render(
          <StanProvider store={store}>
            <Writer />
          </StanProvider>,
        );
        fireEvent.click(screen.getByRole('button', { name: 'Write' }));
        expect(store.value.size).toBe(0);
      });
      clause('since they are the same `set`', () => {
        expect(setter).toBe(count(store).set);
        const other = makeStore();
        render(
          <StanProvider store={other}>
            <Pair />
          </StanProvider>,
        );
        expect(pairSetter).toBe(count(other).set);
      });
      clause('Nothing warns you', () => {
        expect(warn).not.toHaveBeenCalled();
        expect(error).not.toHaveBeenCalled();
      });
      clause('the write simply never happened', () => {
        expect(heard).not.toHaveBeenCalled();
        expect(count(store).get()).toBe(1);
      });
      warn.mockRestore();
      error.mockRestore();
    },
  );

  claim(['theme(store).set(\'dark\'); // dropped: nothing has read theme in this store', '// applied: the read above initialized it'], (clause) => {
    const printed = printedBy(PAGE, 'seed-first.ts');
    const commented = commentedOutput(PAGE, 'seed-first.ts');
    clause("theme(store).set('dark'); // dropped: nothing has read theme in this store", () => {
      expect(printed[0]).toBe('light');
      expect(commented[0]).toBe('light');
    });
    clause('// applied: the read above initialized it', () => {
      expect(printed[1]).toBe('dark');
      expect(printed).toEqual(commented);
    });
  });

  claim(
    [
      "A selector's `get` counts as a read, so an atom a selector has read takes writes too",
      'in React, make sure a component that reads the atom renders before the first write',
    ],
    (clause) => {
      const size = atom(1);
      const doubled = selector(({ get }) => get(size) * 2);
      const store = makeStore();
      clause("A selector's `get` counts as a read", () => {
        expect(atomsInitialized(store)).toEqual([]);
        doubled(store).get();
        expect(atomsInitialized(store)).toEqual([true]);
      });
      clause('so an atom a selector has read takes writes too', () => {
        size(store).set(4);
        expect(size(store).get()).toBe(4);
        expect(doubled(store).get()).toBe(8);
      });
      clause('in React, make sure a component that reads the atom renders before the first write', () => {
        const label = atom('before');
        function Reader() {
          return <p>{useStanValue(label)}</p>;
        }
        function Writer() {
          const set = useSetStanValue(label);
          return <button onClick={() => set('after')}>Write</button>;
        }
        // The reader first: the write lands.
        const { unmount } = render(
          <StanProvider store={store}>
            <Reader />
            <Writer />
          </StanProvider>,
        );
        fireEvent.click(screen.getByRole('button', { name: 'Write' }));
        expect(screen.getByText('after')).toBeInTheDocument();
        unmount();
        // The write first, the reader later: the write is lost.
        const late = makeStore();
        const { rerender } = render(
          <StanProvider store={late}>
            <Writer />
          </StanProvider>,
        );
        fireEvent.click(screen.getByRole('button', { name: 'Write' }));
        rerender(
          <StanProvider store={late}>
            <Writer />
            <Reader />
          </StanProvider>,
        );
        expect(screen.getByText('before')).toBeInTheDocument();
      });
    },
  );
});

describe('NaN', () => {
  claim(
    [
      '`NaN === NaN` is false, so a `NaN` always looks changed',
      'the notification that is still going on reaches the new subscription in the same pass, which compares `NaN` with `NaN` once more. The `set` that wrote the value never returns',
    ],
    (clause) => {
      const input = atom(Number('not a number'));
      const seen: number[] = [];
      const half = boundedSelector((get) => {
        seen.push(get(input));
        return get(input) / 2;
      });
      const store = makeStore();
      half.state(store).get();
      let thrown: unknown;
      clause('`NaN === NaN` is false', () => {
        try {
          input(store).set(Number('still not a number'));
        } catch (error) {
          thrown = error;
        }
        const [first, second] = seen;
        expect([Number.isNaN(first), Number.isNaN(second), first === second]).toEqual([true, true, false]);
      });
      clause('so a `NaN` always looks changed', () => {
        // Set to NaN when it already held NaN, the selector ran again; an equal number does not run it again.
        expect(half.runs()).toBeGreaterThan(1);
        const calm = boundedSelector((get) => get(input) / 2);
        const other = makeStore();
        input(other).get();
        input(other).set(8);
        calm.state(other).get();
        input(other).set(8);
        expect(calm.runs()).toBe(1);
      });
      clause('the notification that is still going on reaches the new subscription in the same pass, which compares `NaN` with `NaN` once more.', () => {
        // All the runs happened inside the one `set` call, each started by the subscription the run before made.
        expect(thrown).toBeInstanceOf(Loop);
        expect(half.runs()).toBe(1001);
        const watched = atom(1);
        const looping = boundedSelector((get) => get(watched), {}, 5);
        looping.state(store).get();
        const instance = watched(store);
        const original = instance.subscribe;
        let subscriptions = 0;
        instance.subscribe = (callback) => {
          subscriptions += 1;
          return original(callback);
        };
        expect(() => instance.set(NaN)).toThrow(Loop);
        // Runs 2 to 5 each subscribed anew and were each reached by the same notification; run 6 hit the bound.
        expect([looping.runs(), subscriptions]).toEqual([6, 4]);
      });
      clause('The `set` that wrote the value never returns', () => {
        const again = boundedSelector((get) => get(input) / 2);
        const fresh = makeStore();
        again.state(fresh).get();
        expect(() => input(fresh).set(NaN)).toThrow(Loop);
        expect(again.runs()).toBe(1001);
        // Any other value returns after one run.
        const calm = boundedSelector((get) => get(input) / 2);
        const other = makeStore();
        calm.state(other).get();
        input(other).set(8);
        expect(calm.runs()).toBe(2);
      });
    },
  );

  claim(
    [
      'the average of an empty list, or `Number` and `parseFloat` given text that is not a number',
      'Any selector that reads a state whose new value is `NaN` does this',
    ],
    (clause) => {
      const empty: number[] = [];
      /** Whether writing `produced` to a state that a selector reads (directly, or through another selector) hangs. */
      const hangs = (produced: number, through: 'atom' | 'selector') => {
        const value = atom(1);
        const derived = selector(({ get }) => get(value));
        const reader = boundedSelector((get) => (through === 'atom' ? get(value) : get(derived)));
        const store = makeStore();
        reader.state(store).get();
        try {
          value(store).set(produced);
          return false;
        } catch (error) {
          return error instanceof Loop;
        }
      };
      clause('the average of an empty list', () => {
        const average = empty.reduce((a, b) => a + b, 0) / empty.length;
        expect(Number.isNaN(average)).toBe(true);
        expect(hangs(average, 'atom')).toBe(true);
      });
      clause('or `Number` and `parseFloat` given text that is not a number', () => {
        expect([Number('abc'), parseFloat('n/a')].map((n) => hangs(n, 'atom'))).toEqual([true, true]);
        expect([Number('12'), parseFloat('3.5 kg')].map((n) => hangs(n, 'atom'))).toEqual([false, false]);
      });
      clause('Any selector that reads a state whose new value is `NaN` does this', () => {
        // Reading an atom or reading a selector (the loop is then in the reader).
        expect([hangs(NaN, 'atom'), hangs(NaN, 'selector')]).toEqual([true, true]);
      });
    },
  );

  claim('A comparator that answers "changed" for two identical values loops the same way', () => {
    const input = atom('same');
    const never = boundedSelector((get) => get(input), { areValuesEqual: () => false });
    const store = makeStore();
    never.state(store).get();
    expect(() => input(store).set('other')).toThrow(Loop);
  });

  claim('It differs from `===` in two cases only: `NaN` equals itself, and `0` and `-0` differ', (clause) => {
    const notANumber = Number('abc');
    const negativeZero = -1 * 0;
    clause('It differs from `===` in two cases only', () => {
      const shared = {};
      const values: unknown[] = [0, negativeZero, 1, notANumber, '', '0', null, undefined, false, shared, {}, Infinity];
      const differences = values.flatMap((a, i) => values.flatMap((b, j) => (Object.is(a, b) !== (a === b) ? [[i, j]] : [])));
      expect(differences).toEqual([
        [0, 1],
        [1, 0],
        [3, 3],
      ]);
    });
    clause('`NaN` equals itself', () => {
      expect(Object.is(notANumber, notANumber)).toBe(true);
      // With the comparator, NaN written over NaN runs the selector once more (1 -> NaN) and no loop follows.
      const input = atom(1);
      const half = boundedSelector((get) => get(input) / 2, { areValuesEqual: Object.is });
      const store = makeStore();
      half.state(store).get();
      input(store).set(NaN);
      input(store).set(NaN);
      expect(half.runs()).toBe(2);
    });
    clause('and `0` and `-0` differ', () => {
      expect(Object.is(0, negativeZero)).toBe(false);
      // A -0 after a 0 is one more run, and no loop.
      const input = atom(0);
      const sign = boundedSelector((get) => Object.is(get(input), -0), { areValuesEqual: Object.is });
      const store = makeStore();
      sign.state(store).get();
      input(store).set(-0);
      expect(sign.runs()).toBe(2);
      expect(sign.state(store).get()).toBe(true);
    });
  });
});

describe('useStanValue and a write before its effect', () => {
  claim(
    [
      'read the value while the component renders and subscribe to changes later, in an effect',
      "The hooks do not use React's `useSyncExternalStore`",
      'The page shows "Theme: light" while `theme(store).get()` returns `\'dark\'`',
      'the component keeps showing the value it rendered with until the next write to that state',
    ],
    (clause) => {
      const { default: App, theme, store } = runSample<{ default: ComponentType; theme: Scoped<WritableState<string>>; store: Store }>(PAGE, 'LateWrite.tsx');
      clause('read the value while the component renders and subscribe to changes later, in an effect', () => {
        const word = atom('rendered');
        const own = makeStore();
        const subscribe = jest.spyOn(word(own), 'subscribe');
        const subscribedAtRender: number[] = [];
        function Reader() {
          const value = useStanValue(word);
          subscribedAtRender.push(subscribe.mock.calls.length);
          return <p>{value}</p>;
        }
        const element = (
          <StanProvider store={own}>
            <Reader />
          </StanProvider>
        );
        // A server render runs no effects: the value is read, nothing subscribes.
        expect(renderToString(element)).toBe('<p>rendered</p>');
        expect(subscribe).not.toHaveBeenCalled();
        render(element);
        expect(subscribedAtRender).toEqual([0, 0]);
        expect(subscribe).toHaveBeenCalledTimes(1);
      });
      clause("The hooks do not use React's `useSyncExternalStore`", () => {
        const bundle = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
        expect(bundle).toMatch(/useEffect/);
        expect(bundle).not.toContain('useSyncExternalStore');
      });
      const { rerender } = render(<App />);
      clause('The page shows "Theme: light" while `theme(store).get()` returns `\'dark\'`', () => {
        expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: light');
        expect(theme(store).get()).toBe('dark');
      });
      clause('the component keeps showing the value it rendered with until the next write to that state', () => {
        rerender(<App />);
        expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: light');
        act(() => theme(store).set('dark'));
        expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: dark');
      });
    },
  );

  claim(
    [
      "a `useEffect` that React runs before the reader's own (a component earlier in the tree, or a child of the reader)",
      '`useStanValue`, and `useStan` and `useStanValueAsync` with it',
    ],
    async (clause) => {
      const word = atom('old');
      function Writer() {
        const set = useSetStanValue(word);
        useEffect(() => set('new'), [set]);
        return null;
      }
      function ValueReader() {
        return <p>{`value ${useStanValue(word)}`}</p>;
      }
      function PairReader() {
        return <p>{`pair ${useStan(word)[0]}`}</p>;
      }
      function ParentReader() {
        return (
          <div>
            {`parent ${useStanValue(word)}`}
            <Writer />
          </div>
        );
      }
      const earlier = makeStore();
      const child = makeStore();
      clause("a `useEffect` that React runs before the reader's own (a component earlier in the tree", () => {
        render(
          <StanProvider store={earlier}>
            <Writer />
            <ValueReader />
          </StanProvider>,
        );
        expect(screen.getByText(/^value/)).toHaveTextContent('value old');
        expect(word(earlier).get()).toBe('new');
      });
      clause('or a child of the reader)', () => {
        render(
          <StanProvider store={child}>
            <ParentReader />
          </StanProvider>,
        );
        expect(screen.getByText(/^parent/)).toHaveTextContent('parent old');
        expect(word(child).get()).toBe('new');
      });
      await clause('`useStanValue`, and `useStan` and `useStanValueAsync` with it', async () => {
        const third = makeStore();
        render(
          <StanProvider store={third}>
            <Writer />
            <PairReader />
          </StanProvider>,
        );
        expect(screen.getByText(/^pair/)).toHaveTextContent('pair old');
        // useStanValueAsync keeps the promise of a run the write has replaced.
        const trigger = atom(1);
        const loaded = selector(async ({ get }) => `run ${get(trigger)}`);
        function AsyncReader() {
          const result = useStanValueAsync(loaded);
          return <p>{result.type === 'ready' ? result.value : result.type}</p>;
        }
        function Bump() {
          const set = useSetStanValue(trigger);
          useEffect(() => set(2), [set]);
          return null;
        }
        const asyncStore = makeStore();
        render(
          <StanProvider store={asyncStore}>
            <Bump />
            <AsyncReader />
          </StanProvider>,
        );
        expect(await screen.findByText('run 1')).toBeInTheDocument();
        await act(flush);
        expect(screen.queryByText('run 2')).toBeNull();
        await expect(loaded(asyncStore).get()).resolves.toBe('run 2');
      });
    },
  );

  claim(
    [
      'Put values that are known before the first render into the store before it renders, and render with that store',
      'Write from event handlers, or from a `useEffect` (not a layout effect) of a component above the components that read the value',
      "React runs a parent's effects after its children's, so the readers have subscribed by then",
    ],
    (clause) => {
      const { ThemeRoot, ThemeLabel, theme } = runSample<{
        ThemeRoot: ComponentType<{ initial: 'light' | 'dark'; children: ReactNode }>;
        ThemeLabel: ComponentType;
        theme: Scoped<WritableState<'light' | 'dark'>>;
      }>(PAGE, 'ThemeRoot.tsx');
      const rendered: string[] = [];
      let used: Store | undefined;
      function Recorder() {
        rendered.push(useStanValue(theme));
        used = useStanCtx().store;
        return null;
      }
      render(
        <ThemeRoot initial="dark">
          <ThemeLabel />
          <Recorder />
        </ThemeRoot>,
      );
      clause('Put values that are known before the first render into the store before it renders', () => {
        expect(screen.getByText(/^Theme:/)).toHaveTextContent('Theme: dark');
        expect(rendered).toEqual(['dark']); // never "light", not even on the first render
      });
      clause('and render with that store', () => {
        expect(used).not.toBe(DEFAULT_STORE);
        expect(theme(used as Store).get()).toBe('dark');
        expect(theme(DEFAULT_STORE).get()).toBe('light');
      });
      cleanup();

      const word = atom('old');
      function Reader() {
        return <p>{`reader ${useStanValue(word)}`}</p>;
      }
      const order: string[] = [];
      const effectStore = makeStore();
      const subscribe = jest.spyOn(word(effectStore), 'subscribe');
      let subscribedAtWrite: number | undefined;
      function EffectParent() {
        const set = useSetStanValue(word);
        useEffect(() => {
          order.push('parent');
          subscribedAtWrite = subscribe.mock.calls.length;
          set('from effect');
        }, [set]);
        return <EffectChild />;
      }
      function EffectChild() {
        useEffect(() => {
          order.push('child');
        }, []);
        return <Reader />;
      }
      function LayoutParent() {
        const set = useSetStanValue(word);
        useLayoutEffect(() => set('from layout effect'), [set]);
        return <Reader />;
      }
      clause('Write from event handlers', () => {
        function Button() {
          const set = useSetStanValue(word);
          return <button onClick={() => set('from a click')}>Write</button>;
        }
        render(
          <StanProvider>
            <Reader />
            <Button />
          </StanProvider>,
        );
        fireEvent.click(screen.getByRole('button', { name: 'Write' }));
        expect(screen.getByText(/^reader/)).toHaveTextContent('reader from a click');
        cleanup();
      });
      clause('or from a `useEffect` (not a layout effect) of a component above the components that read the value', () => {
        const { unmount } = render(
          <StanProvider store={effectStore}>
            <EffectParent />
          </StanProvider>,
        );
        expect(screen.getByText(/^reader/)).toHaveTextContent('reader from effect');
        unmount();
        render(
          <StanProvider>
            <LayoutParent />
          </StanProvider>,
        );
        expect(screen.getByText(/^reader/)).toHaveTextContent('reader old'); // a layout effect, even above: missed
      });
      clause("React runs a parent's effects after its children's", () => {
        expect(order).toEqual(['child', 'parent']);
      });
      clause('so the readers have subscribed by then', () => {
        expect(subscribedAtWrite).toBe(1); // the reader's subscription, made in its own effect
      });
    },
  );
});

describe('functions as values', () => {
  claim(
    [
      'React treats a function given to `useState` or to its setter as an initializer or an updater and calls it',
      'for an atom whose value is a function, `useStanValue` and `useStan` return what the function returns, not the function',
    ],
    (clause) => {
      clause('React treats a function given to `useState` or to its setter as an initializer or an updater and calls it', () => {
        const initializer = jest.fn(() => 'initial');
        const updater = jest.fn((previous: string) => `${previous}+`);
        let state: string | undefined;
        let setState: ((value: (previous: string) => string) => void) | undefined;
        function Holder() {
          [state, setState] = useState(initializer);
          return null;
        }
        render(<Holder />);
        expect(initializer.mock.calls).toEqual([[]]);
        act(() => setState?.(updater));
        expect(updater.mock.calls).toEqual([['initial']]);
        expect(state).toBe('initial+');
      });
      clause('for an atom whose value is a function, `useStanValue` and `useStan` return what the function returns, not the function', () => {
        const greet = () => 'hello';
        const handler = atom<() => string>(greet);
        const store = makeStore();
        const seen: unknown[] = [];
        function Show() {
          seen.push(useStanValue(handler), useStan(handler)[0]);
          return null;
        }
        render(
          <StanProvider store={store}>
            <Show />
          </StanProvider>,
        );
        expect(seen).toEqual(['hello', 'hello']);
        expect(handler(store).get()).toBe(greet); // the store holds the function
        const bye = () => 'bye';
        seen.length = 0;
        act(() => handler(store).set(() => bye)); // the setter React receives calls it as an updater
        expect(seen.slice(-2)).toEqual(['bye', 'bye']);
      });
    },
  );

  claim(
    [
      'wrap the function in an object',
      'With the function stored directly, React calls `formatPrice()` without an argument, the hook returns the string `"$NaN"`, and `format(cents)` throws a `TypeError`',
    ],
    (clause) => {
      clause('wrap the function in an object', () => {
        const after = runSample<{ Price: ComponentType<{ cents: number }> }>(PAGE, 'Price.tsx');
        render(<after.Price cents={1250} />);
        expect(screen.getByText('$12.50')).toBeInTheDocument();
      });
      const formatPrice = jest.fn((cents: number) => `$${(cents / 100).toFixed(2)}`);
      const probe = atom(formatPrice);
      let shown: unknown;
      function Probe() {
        shown = useStanValue(probe);
        return null;
      }
      clause('With the function stored directly, React calls `formatPrice()` without an argument', () => {
        render(<Probe />);
        expect(formatPrice.mock.calls).toEqual([[]]);
      });
      clause('the hook returns the string `"$NaN"`', () => {
        expect(shown).toBe('$NaN');
      });
      clause('and `format(cents)` throws a `TypeError`', () => {
        const before = runSample<{ Price: ComponentType<{ cents: number }> }>(PAGE, 'Price.tsx', undefined, 'initial');
        renderCaught(<before.Price cents={1250} />);
        expect(screen.getByRole('alert')).toHaveTextContent('TypeError: format is not a function');
      });
    },
  );
});

claim(
  [
    'A refresh of a selector that is not mounted (nothing is subscribed to it in that store) only marks it stale',
    "that run's signal is never aborted, not by the refresh and not by the run that the next read starts",
    'refresh from a component that shows the selector (a mounted selector\'s refresh aborts the run before it)',
  ],
  async (clause) => {
    clause('A refresh of a selector that is not mounted (nothing is subscribed to it in that store) only marks it stale', () => {
      let runs = 0;
      const counted = selector(() => (runs += 1));
      const store = makeStore();
      counted(store).get();
      refresh(counted(store));
      expect(runs).toBe(1); // not run by the refresh
      expect(counted(store).get()).toBe(2); // the next read runs it
    });
    const run = await refreshWhileInFlight();
    clause("that run's signal is never aborted, not by the refresh and not by the run that the next read starts", () => {
      expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
      expect(run.signals[0]?.aborted).toBe(false);
      expect(run.settled[0]).toBe('results for first'); // it ran to the end
    });
    await clause("refresh from a component that shows the selector (a mounted selector's refresh aborts the run before it)", async () => {
      // Run 4 (a refresh while subscribed) aborted run 3.
      expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
      const signals: AbortSignal[] = [];
      const slow = selector(({ signal }) => {
        signals.push(signal);
        return new Promise<string>((resolve) => setTimeout(() => resolve('done'), 0));
      });
      function Shown() {
        const result = useStanValueAsync(slow);
        const again = useStanRefresher(slow);
        return <button onClick={again}>{result.type}</button>;
      }
      render(
        <StanProvider>
          <Shown />
        </StanProvider>,
      );
      fireEvent.click(screen.getByRole('button'));
      expect(signals.map((s) => s.aborted)).toEqual([true, false]);
      await act(flush);
    });
  },
);

claim(
  [
    'the selector has already subscribed to the dependencies it read before the throw',
    'the error comes out of that write, in code that may never read the selector',
    '// "12x": the write itself went through',
  ],
  (clause) => {
    const printed = printedBy(PAGE, 'first-read-threw.ts');
    clause('the selector has already subscribed to the dependencies it read before the throw', () => {
      const text = atom('');
      let runs = 0;
      const parsed = selector(({ get }) => {
        runs += 1;
        const value = get(text);
        if (value === '') throw new Error('empty');
        return value;
      });
      const store = makeStore();
      expect(() => parsed(store).get()).toThrow('empty');
      text(store).set('1'); // nothing reads parsed again
      expect(runs).toBe(2);
      expect(printed[0]).toBe('Not a number: (empty)');
    });
    clause('the error comes out of that write, in code that may never read the selector', () => {
      expect(printed[1]).toBe('Not a number: 12x');
    });
    clause('// "12x": the write itself went through', () => {
      expect(printed[2]).toBe('12x');
      expect(printed).toEqual(commentedOutput(PAGE, 'first-read-threw.ts'));
    });
  },
);

describe('useStanValueAsync and a synchronous throw', () => {
  claim(
    [
      'A selector function that throws before it returns its promise',
      'therefore throws from the hook during render, and only an error boundary catches it',
      'A throw inside an `async` function rejects its promise, so the hook reports it like any other failure',
    ],
    async (clause) => {
      const api = installFakeApi();
      try {
        const before = runSample<{ UserName: ComponentType }>(PAGE, 'UserName.tsx', undefined, 'initial');
        clause('A selector function that throws before it returns its promise', () => {
          renderCaught(
            <StanProvider>
              <before.UserName />
            </StanProvider>,
          );
          expect(screen.getByRole('alert')).toHaveTextContent('Error: No user selected');
          expect(api.requests).toEqual([]);
          cleanup();
        });
        clause('therefore throws from the hook during render', () => {
          // The sample's component called inside another's render: its hook call throws there.
          let thrown: unknown;
          function Calls() {
            try {
              return <>{(before.UserName as () => ReactNode)()}</>;
            } catch (error) {
              thrown = error;
              return <p>caught</p>;
            }
          }
          render(
            <StanProvider>
              <Calls />
            </StanProvider>,
          );
          expect((thrown as Error).message).toBe('No user selected');
          cleanup();
        });
        clause('only an error boundary catches it', () => {
          // The hook never reports it as an error state: the boundary shows it instead of the component.
          renderCaught(
            <StanProvider>
              <before.UserName />
            </StanProvider>,
          );
          expect(screen.queryByText('No user selected')).toBeNull();
          expect(screen.getByRole('alert')).toHaveTextContent('Error: No user selected');
          cleanup();
        });
        await clause('A throw inside an `async` function rejects its promise', async () => {
          const failing = selector(async () => {
            throw new Error('inside');
          });
          const store = makeStore();
          let promise: Promise<unknown> | undefined;
          expect(() => {
            promise = failing(store).get();
          }).not.toThrow();
          await expect(promise).rejects.toThrow('inside');
        });
        await clause('so the hook reports it like any other failure', async () => {
          const after = runSample<{ UserName: ComponentType; userId: Scoped<WritableState<number | null>> }>(PAGE, 'UserName.tsx');
          render(
            <StanProvider>
              <after.UserName />
            </StanProvider>,
          );
          expect(await screen.findByText('No user selected')).toBeInTheDocument();
          // With a user, the same selector fetches as before.
          const store = makeStore();
          after.userId(store).get();
          after.userId(store).set(3);
          api.answer(200, { name: 'Ada' });
          render(
            <StanProvider store={store}>
              <after.UserName />
            </StanProvider>,
          );
          expect(await screen.findByText('Ada')).toBeInTheDocument();
          expect(api.requests).toEqual(['/api/users/3']);
        });
      } finally {
        api.restore();
      }
    },
  );
});

claim(
  [
    'each displayed failure sends one more request straight away',
    'Retry by mounting the component that calls the hook again (a new `key`)',
  ],
  async (clause) => {
    const api = installFakeApi();
    try {
      api.answer(500);
      const remote = selector(async ({ signal }) => {
        const response = await fetch('/api/remote', { signal });
        if (!response.ok) throw new Error(`failed (${response.status})`);
        return 'loaded';
      });
      function Remote() {
        const result = useStanValueAsync(remote);
        return <p>{result.type === 'ready' ? result.value : result.type === 'error' ? result.reason : 'loading'}</p>;
      }
      const { rerender } = render(
        <StanProvider>
          <Remote key={0} />
        </StanProvider>,
      );
      await clause('each displayed failure sends one more request straight away', async () => {
        expect(await screen.findByText('failed (500)')).toBeInTheDocument();
        expect(api.requests).toHaveLength(2);
        await act(flush);
        expect(api.requests).toHaveLength(2);
      });
      await clause('Retry by mounting the component that calls the hook again (a new `key`)', async () => {
        api.answer(200);
        await act(flush);
        rerender(
          <StanProvider>
            <Remote key={1} />
          </StanProvider>,
        );
        expect(await screen.findByText('loaded')).toBeInTheDocument();
      });
    } finally {
      api.restore();
    }
  },
);

claim(
  [
    "so `useStanValueAsync` can report `{ type: 'error', reason: '' }` for a moment: `Aborted` has an empty message",
  ],
  async (clause) => {
    const trigger = atom(0);
    const reasonsOfRuns: unknown[] = [];
    const slow = selector(({ get, signal }) => {
      get(trigger);
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve('done'), 0);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reasonsOfRuns.push(signal.reason);
          reject(signal.reason);
        });
      });
    });
    const reasons: string[] = [];
    const types: string[] = [];
    function Show() {
      const result = useStanValueAsync(slow);
      types.push(result.type);
      if (result.type === 'error') reasons.push(result.reason);
      return <p>{result.type}</p>;
    }
    const store = makeStore();
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    await act(async () => trigger(store).set(1));
    expect(await screen.findByText('ready')).toBeInTheDocument();
    clause("so `useStanValueAsync` can report `{ type: 'error', reason: '' }` for a moment", () => {
      expect(reasons).toEqual(['']);
      expect(types.indexOf('error')).toBeLessThan(types.lastIndexOf('ready'));
    });
    clause('`Aborted` has an empty message', () => {
      expect(new Aborted().message).toBe('');
      expect(reasonsOfRuns).toHaveLength(1);
      expect(reasonsOfRuns[0]).toBeInstanceOf(Aborted);
      expect((reasonsOfRuns[0] as Error).message).toBe('');
    });
  },
);
