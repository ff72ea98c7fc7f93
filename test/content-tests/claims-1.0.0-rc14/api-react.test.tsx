// The 1.0.0-rc14 React bindings page (and the introduction's React sample), rendered with React 19 in jsdom
// against stan-1.0.0-rc14.
import fs from 'fs';
import { Component, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { atom, refresh, selector, type ReadonlyState, type State } from 'stan-1.0.0-rc14';
import { useSetStanValue, useStan, useStanRefresher, useStanValue, useStanValueAsync, type AsyncValue } from 'stan-1.0.0-rc14/react';
import path from 'path';
import { claimsOf } from '../../support/claims';
import { quietly } from '../../support/quietly';
import { compileErrors } from '../../support/compile';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { sampleModulesOf } from '../../support/run-sample';
import { REPO_ROOT } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

const claim = claimsOf('version-1.0.0-rc14/api/react');

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function Show<T>({ state, label = 'value' }: { state: State<T>; label?: string }) {
  return <p aria-label={label}>{String(useStanValue(state))}</p>;
}

function ShowAsync<T>({ state }: { state: ReadonlyState<PromiseLike<T>> }) {
  const result: AsyncValue<T> = useStanValueAsync(state);
  return <p>{result.type === 'ready' ? `ready ${String(result.value)}` : result.type === 'error' ? `error ${result.reason}` : 'loading'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: (error as Error).message };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

claim('There are five hooks and no provider: each hook takes an atom or a selector itself, and every component that uses the same state sees the same value', (clause) => {
  clause('There are five hooks and no provider', () => {
    const entry = jest.requireActual<Record<string, unknown>>('stan-1.0.0-rc14/react');
    expect(Object.keys(entry).filter((key) => key !== '__esModule').sort()).toEqual(['useSetStanValue', 'useStan', 'useStanRefresher', 'useStanValue', 'useStanValueAsync']);
    expect(Object.keys(entry).filter((key) => /provider/i.test(key))).toEqual([]);
  });
  clause('each hook takes an atom or a selector itself', () => {
    const base = atom(3);
    const tripled = selector(({ get }) => get(base) * 3);
    render(
      <>
        <Show state={base} label="atom" />
        <Show state={tripled} label="selector" />
      </>,
    );
    expect([screen.getByLabelText('atom').textContent, screen.getByLabelText('selector').textContent]).toEqual(['3', '9']);
    cleanup();
  });
  clause('and every component that uses the same state sees the same value', () => {
    const count = atom(1);
    function Buttons() {
      const [value, setValue] = useStan(count);
      return <button onClick={() => setValue((n) => n + 1)}>{value}</button>;
    }
    render(
      <>
        <Buttons />
        <Show state={count} />
      </>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('2');
    expect(screen.getByLabelText('value')).toHaveTextContent('2');
  });
});

claim(
  [
    'The hook reads the state with `get()` on every render, so it runs a selector that has not run yet. If that first run throws, the error is thrown from the hook during that render, but React does not give up at once: it renders the component again to recover, and that render reads the `undefined` the selector kept',
    "A selector that throws on its first read throws from the hook once; React's second attempt at the render, and every later render, reads `undefined`. An error boundary therefore sees what the component does with `undefined`, not the selector's error, and a component that only prints the value shows nothing wrong at all",
  ],
  (clause) => {
    clause('The hook reads the state with `get()` on every render', () => {
      const count = atom(1);
      const read = jest.spyOn(count, 'get');
      const view = render(<Show state={count} label="count" />);
      const afterFirst = read.mock.calls.length;
      view.rerender(<Show state={count} label="count" />);
      view.rerender(<Show state={count} label="count" />);
      expect(afterFirst).toBeGreaterThan(0);
      expect(read.mock.calls.length).toBe(afterFirst + 2);
      cleanup();
    });
    clause('so it runs a selector that has not run yet.', () => {
      const run = jest.fn();
      const greeting = selector(() => {
        run();
        return 'hi';
      });
      expect(run).not.toHaveBeenCalled();
      render(<Show state={greeting} />);
      expect(run).toHaveBeenCalledTimes(1);
      expect(screen.getByLabelText('value')).toHaveTextContent('hi');
      cleanup();
    });

    // A component that prints the value: React recovers, and the page shows "undefined". Each read is recorded.
    const recovered: unknown[] = [];
    const reads: string[] = [];
    let attempts = 0;
    const broken = selector((): string => {
      throw new Error('cannot compute');
    });
    const get = broken.get.bind(broken);
    jest.spyOn(broken, 'get').mockImplementation(() => {
      try {
        const value = get();
        reads.push(String(value));
        return value;
      } catch (error) {
        reads.push(`threw ${(error as Error).message}`);
        throw error;
      }
    });
    function Printed() {
      attempts += 1;
      return <p aria-label="printed">{String(useStanValue(broken))}</p>;
    }
    const view = render(
      <Boundary>
        <Printed />
      </Boundary>,
      { onRecoverableError: (error) => recovered.push(error) },
    );
    const firstAttempts = attempts;
    const firstReads = [...reads];
    view.rerender(
      <Boundary>
        <Printed />
      </Boundary>,
    );

    clause('If that first run throws, the error is thrown from the hook during that render', () => {
      expect(firstReads[0]).toBe('threw cannot compute');
      expect((recovered[0] as Error).cause).toEqual(new Error('cannot compute'));
    });
    clause('but React does not give up at once', () => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
    clause('it renders the component again to recover', () => {
      expect(firstAttempts).toBeGreaterThanOrEqual(2);
      expect(firstReads.length).toBeGreaterThanOrEqual(2);
      expect(recovered).toHaveLength(1);
    });
    clause('and that render reads the `undefined` the selector kept', () => {
      expect(firstReads[1]).toBe('undefined');
      expect(screen.getByLabelText('printed')).toHaveTextContent('undefined');
    });
    clause('A selector that throws on its first read throws from the hook once', () => {
      expect(reads.filter((r) => r.startsWith('threw'))).toEqual(['threw cannot compute']);
    });
    clause("React's second attempt at the render", () => {
      expect(reads[1]).toBe('undefined');
    });
    clause('and every later render, reads `undefined`.', () => {
      expect(attempts).toBeGreaterThan(firstAttempts);
      expect(reads.slice(1)).toEqual(reads.slice(1).map(() => 'undefined'));
      expect(reads.length).toBeGreaterThan(2);
    });
    clause("An error boundary therefore sees what the component does with `undefined`, not the selector's error", () => {
      // A component that uses the value: the boundary sees a TypeError, not the selector's error.
      const settings = selector((): { theme: string } => {
        throw new SyntaxError('bad JSON');
      });
      function Theme() {
        return <p>{useStanValue(settings).theme}</p>;
      }
      quietly(() =>
        render(
          <Boundary>
            <Theme />
          </Boundary>,
          { onRecoverableError: () => undefined },
        ),
      );
      expect(screen.getByRole('alert')).toHaveTextContent("Cannot read properties of undefined (reading 'theme')");
      expect(screen.getByRole('alert')).not.toHaveTextContent('bad JSON');
    });
    clause('and a component that only prints the value shows nothing wrong at all', () => {
      expect(screen.getByLabelText('printed')).toHaveTextContent('undefined');
      expect(screen.getAllByRole('alert')).toHaveLength(1); // only the Theme boundary's
    });
  },
);

claim(
  [
    'It subscribes in an effect and unsubscribes when the component unmounts. When the last component showing a selector unmounts, the selector disconnects from its dependencies and keeps its last value',
    'a component that mounts later shows that value until the selector is refreshed',
  ],
  (clause) => {
    clause('It subscribes in an effect and unsubscribes when the component unmounts.', () => {
      const theme = atom('light');
      const order: string[] = [];
      const subscribe = theme.subscribe.bind(theme);
      jest.spyOn(theme, 'subscribe').mockImplementation((callback) => {
        order.push('subscribe');
        const unsubscribe = subscribe(callback);
        return () => {
          order.push('unsubscribe');
          unsubscribe();
        };
      });
      function Reader() {
        order.push('render');
        return <p>{useStanValue(theme)}</p>;
      }
      const view = render(<Reader />);
      expect(order).toEqual(['render', 'subscribe']);
      view.unmount();
      expect(order).toEqual(['render', 'subscribe', 'unsubscribe']);
    });
    const celsius = atom(20);
    let runs = 0;
    const fahrenheit = selector(({ get }) => ((runs += 1), (get(celsius) * 9) / 5 + 32));
    const first = render(<Show state={fahrenheit} label="first" />);
    act(() => celsius.set(30));
    clause(
      'When the last component showing a selector unmounts, the selector disconnects from its dependencies and keeps its last value',
      () => {
        expect(screen.getByLabelText('first')).toHaveTextContent('86');
        const runsBefore = runs;
        first.unmount();
        act(() => celsius.set(40));
        expect(runs).toBe(runsBefore);
        expect(fahrenheit.get()).toBe(86);
      },
    );
    clause('a component that mounts later shows that value until the selector is refreshed', () => {
      render(<Show state={fahrenheit} label="later" />);
      expect(screen.getByLabelText('later')).toHaveTextContent('86');
      act(() => refresh(fahrenheit));
      expect(screen.getByLabelText('later')).toHaveTextContent('104');
    });
  },
);

claim(
  'When the argument changes to another state, for example `todo(id)` with a new `id`, the component renders once more with the previous state\'s value and then shows the new one',
  () => {
    const a = atom('first');
    const b = atom('second');
    const rendered: string[] = [];
    function Reader({ state }: { state: State<string> }) {
      const value = useStanValue(state);
      rendered.push(value);
      return <p>{value}</p>;
    }
    const view = render(<Reader state={a} />);
    rendered.length = 0;
    view.rerender(<Reader state={b} />);
    expect(rendered).toEqual(['first', 'second']);
  },
);

describe('writes the hook can miss', () => {
  claim(
    [
      "It can miss a write. The hook reads the value while the component renders and subscribes later, in an effect, and it does not use React's `useSyncExternalStore`, so nothing looks for a write that lands in between",
      "Two writes land there: one from a `useLayoutEffect` anywhere in the tree that renders with the component, and one from a `useEffect` that React runs before the component's own (that of a component earlier in the tree, or of a child). The atom holds the new value, but the component shows the value it rendered with until the next write to that atom",
      '`useStan` and `useStanValueAsync` read through `useStanValue` and miss it the same way',
      "Set values that are known before the first render before rendering (an atom takes a write at once), and write from event handlers or from a `useEffect` of a component above the ones that show the value: React runs a parent's effects after its children's",
    ],
    async (clause) => {
      /** Renders a reader of `state` beside a writer that writes `value` from `when`, placed before or after it. */
      function lateWrite<T>(state: ReturnType<typeof atom<T>>, value: T, place: 'layout effect' | 'earlier sibling' | 'child' | 'parent') {
        const rendered: string[] = [];
        const Writer = ({ layout }: { layout: boolean }) => {
          const set = useSetStanValue(state);
          (layout ? useLayoutEffect : useEffect)(() => set(value), [set]);
          return null;
        };
        function Reader({ children }: { children?: ReactNode }) {
          const shown = String(useStanValue(state));
          rendered.push(shown);
          return (
            <>
              <p aria-label="shown">{shown}</p>
              {children}
            </>
          );
        }
        function Parent({ children }: { children: ReactNode }) {
          const set = useSetStanValue(state);
          useEffect(() => set(value), [set]);
          return children;
        }
        const tree =
          place === 'layout effect' ? (
            <>
              <Reader />
              <Writer layout />
            </>
          ) : place === 'earlier sibling' ? (
            <>
              <Writer layout={false} />
              <Reader />
            </>
          ) : place === 'child' ? (
            <Reader>
              <Writer layout={false} />
            </Reader>
          ) : (
            <Parent>
              <Reader />
            </Parent>
          );
        const view = render(tree);
        const shown = screen.getByLabelText('shown').textContent;
        view.unmount();
        return { shown, rendered };
      }

      clause("It can miss a write. The hook reads the value while the component renders and subscribes later, in an effect", () => {
        const theme = atom('light');
        const read = jest.spyOn(theme, 'get');
        const subscribe = jest.spyOn(theme, 'subscribe');
        const order: string[] = [];
        read.mockImplementation(() => (order.push('read'), 'light'));
        subscribe.mockImplementation(() => (order.push('subscribe'), () => undefined));
        function Reader() {
          const value = useStanValue(theme);
          order.push('rendered');
          return <p>{value}</p>;
        }
        render(<Reader />);
        expect(order.slice(0, 2)).toEqual(['read', 'rendered']);
        expect(order.at(-1)).toBe('subscribe');
      });
      clause("and it does not use React's `useSyncExternalStore`, so nothing looks for a write that lands in between", () => {
        const source = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/stan-1.0.0-rc14/dist/react.js'), 'utf8');
        expect(source).not.toContain('useSyncExternalStore');
        expect(lateWrite(atom('light'), 'dark', 'layout effect').shown).toBe('light');
      });
      clause('Two writes land there: one from a `useLayoutEffect` anywhere in the tree that renders with the component', () => {
        const theme = atom('light');
        expect(lateWrite(theme, 'dark', 'layout effect')).toEqual({ shown: 'light', rendered: ['light'] });
        expect(theme.get()).toBe('dark');
      });
      clause("and one from a `useEffect` that React runs before the component's own (that of a component earlier in the tree", () => {
        const theme = atom('light');
        expect(lateWrite(theme, 'dark', 'earlier sibling').shown).toBe('light');
        expect(theme.get()).toBe('dark');
      });
      clause('or of a child)', () => {
        const theme = atom('light');
        expect(lateWrite(theme, 'dark', 'child').shown).toBe('light');
        expect(theme.get()).toBe('dark');
      });
      clause('The atom holds the new value, but the component shows the value it rendered with until the next write to that atom', () => {
        const theme = atom('light');
        function Reader() {
          return <p aria-label="shown">{useStanValue(theme)}</p>;
        }
        function Writer() {
          const set = useSetStanValue(theme);
          useLayoutEffect(() => set('dark'), [set]);
          return null;
        }
        render(
          <>
            <Reader />
            <Writer />
          </>,
        );
        expect([screen.getByLabelText('shown').textContent, theme.get()]).toEqual(['light', 'dark']);
        act(() => theme.set('dim'));
        expect(screen.getByLabelText('shown')).toHaveTextContent('dim');
        cleanup();
      });
      await clause('`useStan` and `useStanValueAsync` read through `useStanValue` and miss it the same way', async () => {
        const count = atom(1);
        const doubled = selector(async ({ get }) => get(count) * 2);
        function Readers() {
          const [value] = useStan(count);
          const result = useStanValueAsync(doubled);
          return <p aria-label="both">{`${value} ${result.type === 'ready' ? result.value : result.type}`}</p>;
        }
        function Writer() {
          const set = useSetStanValue(count);
          useLayoutEffect(() => set(5), [set]);
          return null;
        }
        render(
          <>
            <Readers />
            <Writer />
          </>,
        );
        await settle();
        expect(screen.getByLabelText('both')).toHaveTextContent('1 2');
        await expect(doubled.get()).resolves.toBe(10);
      });
      clause('Set values that are known before the first render before rendering (an atom takes a write at once)', () => {
        const theme = atom('light');
        theme.set('dark');
        render(<Show state={theme} label="seeded" />);
        expect(screen.getByLabelText('seeded')).toHaveTextContent('dark');
      });
      clause(
        "and write from event handlers or from a `useEffect` of a component above the ones that show the value: React runs a parent's effects after its children's",
        () => {
          const theme = atom('light');
          expect(lateWrite(theme, 'dark', 'parent')).toEqual({ shown: 'dark', rendered: ['light', 'dark'] });
          const clicked = atom('light');
          function Button() {
            const [value, set] = useStan(clicked);
            return <button onClick={() => set('dark')}>{value}</button>;
          }
          render(<Button />);
          fireEvent.click(screen.getByRole('button'));
          expect(screen.getByRole('button')).toHaveTextContent('dark');
        },
      );
    },
  );

  claim(
    [
      'The value is kept in React state, and React calls a function it is given as a state or an update. So for an atom whose value is a function, `useStanValue` and `useStan` return what the function returns, not the function: React calls it without arguments on the first render, and with the previous result after a write',
      'Store a function inside an object instead, `atom({ format })`',
    ],
    (clause) => {
      const format = jest.fn((cents?: number) => `$${((cents ?? NaN) / 100).toFixed(2)}`);
      const formatter = atom(format);
      const seen: unknown[] = [];
      function Price() {
        const value = useStanValue(formatter);
        const [fromUseStan] = useStan(formatter);
        seen.push(value, fromUseStan);
        return <span>{String(value)}</span>;
      }
      render(<Price />);
      clause('The value is kept in React state, and React calls a function it is given as a state or an update', () => {
        const source = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/stan-1.0.0-rc14/dist/react.js'), 'utf8');
        // useStanValue: useState(state.get()), and the subscription hands each new value to the state setter.
        expect(source).toMatch(/\[s,a\]=r\(e\.get\(\)\)/);
        expect(source).toContain('e.subscribe(a)');
      });
      clause('So for an atom whose value is a function, `useStanValue` and `useStan` return what the function returns, not the function', () => {
        expect(seen.slice(0, 2)).toEqual(['$NaN', '$NaN']);
        expect(formatter.get()).toBe(format);
      });
      clause('React calls it without arguments on the first render', () => {
        expect(format.mock.calls[0]).toEqual([]);
      });
      clause('and with the previous result after a write', () => {
        const next = jest.fn((previous: unknown) => `after ${String(previous)}`);
        act(() => formatter.set(() => next as never));
        expect(next).toHaveBeenCalledWith('$NaN');
        expect(screen.getByText('after $NaN')).toBeInTheDocument();
      });
      clause('Store a function inside an object instead, `atom({ format })`', () => {
        const wrapped = atom({ format });
        function Wrapped() {
          const { format: fn } = useStanValue(wrapped);
          return <span>{fn(1999)}</span>;
        }
        render(<Wrapped />);
        expect(screen.getByText('$19.99')).toBeInTheDocument();
      });
    },
  );
});

claim(
  [
    "Returns the atom's `set` without subscribing, so the component does not render again when the value changes. The returned function is the atom's own `set`, so it is the same on every render. Writes take effect whether or not anything reads the atom",
  ],
  (clause) => {
    const count = atom(0);
    const subscribe = jest.spyOn(count, 'subscribe');
    const renders = jest.fn();
    const setters = new Set<unknown>();
    function Writer() {
      const set = useSetStanValue(count);
      renders();
      setters.add(set);
      return <button onClick={() => set((n) => n + 1)}>add</button>;
    }
    const view = render(<Writer />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('button'));
    clause("Returns the atom's `set` without subscribing", () => {
      expect(subscribe).not.toHaveBeenCalled();
      expect([...setters][0]).toBe(count.set);
    });
    clause('so the component does not render again when the value changes.', () => {
      expect(renders).toHaveBeenCalledTimes(1);
    });
    clause("The returned function is the atom's own `set`", () => {
      expect([...setters]).toHaveLength(1);
      expect([...setters][0]).toBe(count.set);
    });
    clause('so it is the same on every render.', () => {
      view.rerender(<Writer />);
      view.rerender(<Writer />);
      expect(renders).toHaveBeenCalledTimes(3);
      expect(setters.size).toBe(1);
    });
    clause('Writes take effect whether or not anything reads the atom', () => {
      expect(count.get()).toBe(2);
    });
  },
);

claim('`useStan(state)` returns `[value, set]`: `useStanValue` and `useSetStanValue` for one atom', (clause) => {
  const name = atom('a');
  let pair: readonly [string, unknown] | undefined;
  let fromHooks: readonly [string, unknown] | undefined;
  function Probe() {
    pair = useStan(name);
    fromHooks = [useStanValue(name), useSetStanValue(name)];
    return null;
  }
  render(<Probe />);
  clause('`useStan(state)` returns `[value, set]`', () => {
    expect(pair).toHaveLength(2);
    expect(pair?.[0]).toBe('a');
    expect(pair?.[1]).toBe(name.set);
  });
  clause('`useStanValue` and `useSetStanValue` for one atom', () => {
    expect(pair).toEqual(fromHooks);
    act(() => name.set('b'));
    expect(pair?.[0]).toBe('b');
    expect(pair?.[1]).toBe(fromHooks?.[1]);
  });
});

describe('useStanValueAsync', () => {
  claim(
    [
      "`{ type: 'loading' }` whenever the hook receives a promise it has not seen yet. That includes the first render, even if the promise has already settled",
      "`{ type: 'ready', value }` once that promise resolves",
    ],
    async (clause) => {
      const settled = Promise.resolve(7);
      await settled;
      const seven = selector(() => settled);
      const states: string[] = [];
      function Probe() {
        const result = useStanValueAsync(seven);
        states.push(result.type === 'ready' ? `ready ${result.value}` : result.type);
        return null;
      }
      render(<Probe />);
      await settle();
      clause('That includes the first render, even if the promise has already settled', () => {
        expect(states[0]).toBe('loading');
      });
      clause("`{ type: 'ready', value }` once that promise resolves", () => {
        expect(states.at(-1)).toBe('ready 7');
      });
      await clause("`{ type: 'loading' }` whenever the hook receives a promise it has not seen yet.", async () => {
        const id = atom(1);
        const user = selector(({ get }) => Promise.resolve(`user ${get(id)}`));
        const seen: string[] = [];
        function User() {
          const result = useStanValueAsync(user);
          seen.push(result.type === 'ready' ? result.value : result.type);
          return null;
        }
        render(<User />);
        await settle();
        expect(seen.at(-1)).toBe('user 1');
        seen.length = 0;
        act(() => id.set(2));
        await settle();
        expect(seen).toContain('loading');
        expect(seen.indexOf('loading')).toBeLessThan(seen.indexOf('user 2'));
      });
    },
  );

  claim(
    "`reason` is the rejection value's `message` property, or `'unknown'` when it has none (for example when a plain string is thrown)",
    async (clause) => {
      const withMessage = selector(() => Promise.reject(new Error('Quota exceeded')));
      const withString = selector(() => Promise.reject('quota'));
      render(
        <>
          <ShowAsync state={withMessage} />
          <ShowAsync state={withString} />
        </>,
      );
      await clause("`reason` is the rejection value's `message` property", async () => {
        expect(await screen.findByText('error Quota exceeded')).toBeInTheDocument();
      });
      await clause("or `'unknown'` when it has none (for example when a plain string is thrown)", async () => {
        expect(await screen.findByText('error unknown')).toBeInTheDocument();
      });
    },
  );

  claim('Once the component has rendered with a new promise, results of the old one are ignored', async () => {
    const query = atom('slow');
    const s = selector(
      ({ get }) => new Promise<string>((resolve) => setTimeout(() => resolve(get(query)), get(query) === 'slow' ? 30 : 0)),
    );
    render(<ShowAsync state={s} />);
    act(() => query.set('fast'));
    expect(await screen.findByText('ready fast')).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(screen.getByText('ready fast')).toBeInTheDocument();
  });

  claim(['The hook does not use Suspense, and on the server it always renders the loading state', 'never suspends and never throws a rejection'], async (clause) => {
    clause('The hook does not use Suspense', () => {
      // A promise that never settles, and no Suspense boundary: the component still renders, with the loading shape.
      const pending = selector(() => new Promise<string>(() => undefined));
      render(<ShowAsync state={pending} />);
      expect(screen.getByText('loading')).toBeInTheDocument();
      const source = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/stan-1.0.0-rc14/dist/react.js'), 'utf8');
      expect(source).not.toMatch(/Suspense|\buse\b/);
      cleanup();
    });
    await clause('and on the server it always renders the loading state', async () => {
      const ready = selector(() => Promise.resolve('done'));
      await ready.get();
      const failed = selector(() => Promise.reject(new Error('nope')));
      await failed.get().then(undefined, () => undefined);
      expect(renderToString(<ShowAsync state={ready} />)).toBe('<p>loading</p>');
      expect(renderToString(<ShowAsync state={failed} />)).toBe('<p>loading</p>');
    });
    await clause('never suspends and never throws a rejection', async () => {
      const failing = selector(() => Promise.reject(new Error('nope')));
      render(
        <Boundary>
          <ShowAsync state={failing} />
        </Boundary>,
      );
      expect(screen.getByText('loading')).toBeInTheDocument();
      expect(await screen.findByText('error nope')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  claim('The hook accepts only read-only states: an atom that holds a promise is a type error here', async (clause) => {
    const errors = await compileErrors(
      `import { atom, selector } from '@rkrupinski/stan';
import { useStanValueAsync } from '@rkrupinski/stan/react';
const held = atom(Promise.resolve(1));
const derived = selector(() => Promise.resolve(1));
export const fromSelector = () => useStanValueAsync(derived);
export const fromAtom = () => useStanValueAsync(held);`,
      'ts',
      VERSION,
    );
    clause('The hook accepts only read-only states', () => {
      expect(errors.filter((e) => e.line === 5)).toEqual([]);
      expect(errors.length).toBeGreaterThan(0);
    });
    clause('an atom that holds a promise is a type error here', () => {
      expect(errors.map((e) => e.line)).toEqual([6]);
    });
  }, 60_000);

  describe('with a server', () => {
    let api: FakeApi;
    beforeEach(() => {
      api = installFakeApi();
    });
    afterEach(() => api.restore());

    claim(
      'the render that shows an error reads a selector that the rejection has just marked stale, so it starts one more run that the hook does not follow',
      async (clause) => {
        const status = selector(async () => {
          const response = await fetch('/api/status');
          if (!response.ok) throw new Error(`failed (${response.status})`);
          return 'up';
        });
        api.answer(503);
        render(<ShowAsync state={status} />);
        api.answer(200);
        expect(await screen.findByText('error failed (503)')).toBeInTheDocument();
        clause('the render that shows an error reads a selector that the rejection has just marked stale', () => {
          // The read made by the render that shows the error already started a second request.
          expect(api.requests).toHaveLength(2);
        });
        await settle();
        await settle();
        await clause('so it starts one more run that the hook does not follow', async () => {
          expect(api.requests).toHaveLength(2);
          expect(screen.getByText('error failed (503)')).toBeInTheDocument();
          await expect(status.get()).resolves.toBe('up');
        });
      },
    );

    claim(
      [
        'Both buttons refresh the selector from the component that displays it, so it runs again at once and the component shows "Loading…" until the new quote, or the new error, arrives',
        'After an async failure, the refresh is a working retry',
      ],
      async (clause) => {
        const { QuoteOfTheDay } = runLogged<{ QuoteOfTheDay: ComponentType }>('version-1.0.0-rc14/api/react', 'QuoteOfTheDay.tsx').exports;
        api.answer(500);
        render(<QuoteOfTheDay />);
        expect(screen.getByText('Loading…')).toBeInTheDocument();
        expect(await screen.findByText(/Could not load a quote: Server responded with 500/)).toBeInTheDocument();
        await clause('or the new error, arrives', async () => {
          for (let attempt = 0; attempt < 2; attempt += 1) {
            await settle(); // the run the error render started has failed as well
            fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            expect(screen.getByText('Loading…')).toBeInTheDocument();
            expect(await screen.findByText(/Could not load a quote: Server responded with 500/)).toBeInTheDocument();
          }
        });
        await settle();
        await clause('After an async failure, the refresh is a working retry', async () => {
          api.answer(200, { text: 'Simple is better.', author: 'Anon' });
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
          expect(await screen.findByText('Simple is better.')).toBeInTheDocument();
        });
        await settle();
        const before = api.requests.length;
        api.answer(200, { text: 'Less is more.', author: 'Anon' });
        fireEvent.click(screen.getByRole('button', { name: 'Another one' }));
        clause('Both buttons refresh the selector from the component that displays it', () => {
          // "Try again" refreshed above; "Another one" sends a request of its own at once.
          expect(api.requests.length).toBe(before + 1);
        });
        await clause('so it runs again at once and the component shows "Loading…" until the new quote', async () => {
          expect(screen.getByText('Loading…')).toBeInTheDocument();
          expect(await screen.findByText('Less is more.')).toBeInTheDocument();
          expect(screen.queryByText('Loading…')).toBeNull();
        });
      },
    );
  });
});

claim(
  [
    'Returns a callback that calls `refresh` on the selector, the same function on every render for the same selector. The hook itself neither reads nor subscribes to the selector',
    'While some component displays the selector (and is therefore subscribed to it), refreshing runs it again at once and that component gets the new value; otherwise the selector runs again on its next read',
  ],
  (clause) => {
    let runs = 0;
    const counter = selector(() => (runs += 1));
    const subscribe = jest.spyOn(counter, 'subscribe');
    const read = jest.spyOn(counter, 'get');
    const callbacks = new Set<() => void>();
    function Refresher({ state = counter }: { state?: ReadonlyState<number> }) {
      const refreshIt = useStanRefresher(state);
      callbacks.add(refreshIt);
      return <button onClick={refreshIt}>refresh</button>;
    }
    const view = render(<Refresher />);
    view.rerender(<Refresher />);
    clause('Returns a callback that calls `refresh` on the selector, the same function on every render for the same selector.', () => {
      expect(callbacks.size).toBe(1);
      view.rerender(<Refresher state={selector(() => 0)} />);
      expect(callbacks.size).toBe(2);
      view.rerender(<Refresher />);
      callbacks.clear();
      view.rerender(<Refresher />);
      // Calling it marks the selector stale, as refresh does: the next read runs it again.
      expect(counter.get()).toBe(1);
      act(() => [...callbacks][0]?.());
      expect(counter.get()).toBe(2);
      runs = 0;
      read.mockClear();
    });
    clause('The hook itself neither reads nor subscribes to the selector', () => {
      view.rerender(<Refresher />);
      expect(read).not.toHaveBeenCalled();
      expect(subscribe).not.toHaveBeenCalled();
      expect(runs).toBe(0);
    });
    clause('otherwise the selector runs again on its next read', () => {
      fireEvent.click(screen.getByRole('button'));
      expect(runs).toBe(0); // not displayed: only marked stale
      expect(counter.get()).toBe(1);
      expect(runs).toBe(1);
    });
    clause(
      'While some component displays the selector (and is therefore subscribed to it), refreshing runs it again at once and that component gets the new value',
      () => {
        render(<Show state={counter} label="shown" />);
        expect(screen.getByLabelText('shown')).toHaveTextContent('1');
        fireEvent.click(screen.getByRole('button'));
        expect(runs).toBe(2);
        expect(screen.getByLabelText('shown')).toHaveTextContent('2');
      },
    );
  },
);

claim('One value for everyone. Two components, two React roots or two requests rendered on a server by the same process all read the same atom', (clause) => {
  const theme = atom('light');
  const containers = [document.createElement('div'), document.createElement('div')];
  const roots = containers.map((container) => createRoot(container));
  act(() => roots.forEach((root) => root.render(<Show state={theme} />)));
  act(() => theme.set('dark'));
  clause('One value for everyone.', () => {
    // One write, and every place that shows the atom, in every root, shows it.
    expect(containers.map((c) => c.textContent)).toEqual(['dark', 'dark']);
  });
  clause('Two components, two React roots or two requests rendered on a server by the same process all read the same atom', () => {
    render(
      <>
        <Show state={theme} label="one" />
        <Show state={theme} label="two" />
      </>,
    );
    expect([screen.getByLabelText('one').textContent, screen.getByLabelText('two').textContent]).toEqual(['dark', 'dark']);
    expect(containers.map((c) => c.textContent)).toEqual(['dark', 'dark']);
    expect([renderToString(<Show state={theme} />), renderToString(<Show state={theme} />)]).toEqual([
      '<p aria-label="value">dark</p>',
      '<p aria-label="value">dark</p>',
    ]);
  });
  act(() => roots.forEach((root) => root.unmount()));
});

claim('The hooks need React state and effects, so in frameworks with Server Components they belong in Client Components', (clause) => {
  clause('The hooks need React state and effects', () => {
    const source = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/stan-1.0.0-rc14/dist/react.js'), 'utf8');
    const imported = /^import\{([^}]*)\}from"react"/.exec(source)?.[1] ?? '';
    expect(imported).toContain('useState as');
    expect(imported).toContain('useEffect as');
  });
  clause('so in frameworks with Server Components they belong in Client Components', () => {
    // React's server-component build has no useState or useEffect: the hooks cannot run there.
    const reactServer = jest.requireActual<Record<string, unknown>>(
      path.join(REPO_ROOT, 'node_modules/react/cjs/react.react-server.development.js'),
    );
    expect(reactServer.useState).toBeUndefined();
    expect(reactServer.useEffect).toBeUndefined();
    expect(typeof reactServer.createElement).toBe('function');
  });
});

describe('FontSize.tsx', () => {
  claim(
    [
      'const setSize = useSetStanValue(fontSize); // never renders again on changes',
    ],
    (clause) => {
      const stanReact = jest.requireActual<typeof import('stan-1.0.0-rc14/react')>('stan-1.0.0-rc14/react');
      const setterRenders = jest.fn();
      const modules = {
        ...sampleModulesOf(VERSION),
        '@rkrupinski/stan/react': {
          ...stanReact,
          useSetStanValue: (...args: Parameters<typeof stanReact.useSetStanValue>) => {
            setterRenders();
            return stanReact.useSetStanValue(...args);
          },
        },
      };
      const { default: App } = runLogged<{ default: ComponentType }>('version-1.0.0-rc14/api/react', 'FontSize.tsx', modules).exports;
      render(<App />);
      expect(screen.getByText(/This text is 16px/)).toBeInTheDocument();
      clause('const setSize = useSetStanValue(fontSize)', () => {
        fireEvent.click(screen.getByRole('button', { name: 'Bigger' }));
        expect(screen.getByText(/This text is 18px/)).toHaveStyle({ fontSize: '18px' });
        fireEvent.change(screen.getByRole('slider', { name: 'Font size' }), { target: { value: '30' } });
        expect(screen.getByText(/This text is 30px/)).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
        expect(screen.getByText(/This text is 16px/)).toBeInTheDocument();
        expect(screen.getByRole('slider', { name: 'Font size' })).toHaveValue('16');
      });
      clause('// never renders again on changes', () => {
        // The toolbar calls useSetStanValue once per render: three changes later it has rendered once.
        expect(setterRenders).toHaveBeenCalledTimes(1);
      });
    },
  );
});

claimsOf('version-1.0.0-rc14/intro')(
  'In React, the hooks from `@rkrupinski/stan/react` take the state itself. No provider is needed, and every component that reads `name` below sees the same value',
  (clause) => {
    const stan = jest.requireActual<typeof import('stan-1.0.0-rc14')>('stan-1.0.0-rc14');
    const stanReact = jest.requireActual<typeof import('stan-1.0.0-rc14/react')>('stan-1.0.0-rc14/react');
    const atoms: unknown[] = [];
    const hookArguments: unknown[] = [];
    const modules = {
      ...sampleModulesOf(VERSION),
      '@rkrupinski/stan': { ...stan, atom: (...args: Parameters<typeof stan.atom>) => { const made = stan.atom(...args); atoms.push(made); return made; } },
      '@rkrupinski/stan/react': { ...stanReact, useStan: (state: Parameters<typeof stanReact.useStan>[0]) => (hookArguments.push(state), stanReact.useStan(state)) },
    };
    const { default: Greeting } = runLogged<{ default: ComponentType }>('version-1.0.0-rc14/intro', 'Greeting.tsx', modules).exports;
    render(
      <>
        <Greeting />
        <Greeting />
      </>,
    );
    clause('In React, the hooks from `@rkrupinski/stan/react` take the state itself.', () => {
      expect(atoms).toHaveLength(1);
      expect(hookArguments.length).toBeGreaterThan(0);
      expect(hookArguments.every((state) => state === atoms[0])).toBe(true);
    });
    clause('No provider is needed', () => {
      expect(screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value)).toEqual(['world', 'world']);
    });
    clause('and every component that reads `name` below sees the same value', () => {
      const [first, second] = screen.getAllByRole('textbox');
      fireEvent.change(first as HTMLElement, { target: { value: 'Stan' } });
      expect(second).toHaveValue('Stan');
      expect(screen.getAllByText(/Hello, Stan!/)).toHaveLength(2);
    });
  },
);
