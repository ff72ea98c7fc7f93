import fs from 'fs';
import path from 'path';
import { Component, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { atom, atomFamily, DEFAULT_STORE, makeStore, selector, type ReadonlyState, type Scoped, type State, type Store } from '@rkrupinski/stan';
import {
  StanProvider,
  useSetStanValue,
  useStan,
  useStanCtx,
  useStanRefresher,
  useStanReset,
  useStanValue,
  useStanValueAsync,
  type AsyncValue,
} from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/react');

function StoreProbe({ onStore }: { onStore: (store: Store) => void }) {
  onStore(useStanCtx().store);
  return null;
}

class Boundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

/** Lets pending promise callbacks and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

claim(
  [
    'When it is omitted, the provider creates a new store with `makeStore()` and keeps it while it stays mounted. It does not use `DEFAULT_STORE`',
  ],
  () => {
    const seen: Store[] = [];
    const tree = () => (
      <>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
      </>
    );
    const { rerender } = render(tree());
    const [first, second] = seen;
    expect(first).not.toBe(DEFAULT_STORE);
    expect(first).not.toBe(second);
    rerender(tree());
    expect(seen[2]).toBe(first);
  },
);

claim(['Passing a different store object switches every hook below to that store', 'Providers can be nested; a hook always uses the closest one', 'Every hook takes a scoped state (what `atom`, `selector` or a family returns) and resolves it against the store from the nearest `StanProvider`'], () => {
  const label = atom('empty');
  const a = makeStore();
  const b = makeStore();
  label(b).get();
  label(b).set('from b');
  function Show() {
    return <p>{useStanValue(label)}</p>;
  }
  const { rerender } = render(
    <StanProvider store={a}>
      <Show />
    </StanProvider>,
  );
  expect(screen.getByText('empty')).toBeInTheDocument();
  rerender(
    <StanProvider store={b}>
      <Show />
    </StanProvider>,
  );
  expect(screen.getByText('from b')).toBeInTheDocument();
  let seen: Store | undefined;
  render(
    <StanProvider store={a}>
      <StanProvider store={b}>
        <StoreProbe onStore={(s) => (seen = s)} />
      </StanProvider>
    </StanProvider>,
  );
  expect(seen).toBe(b);
});

claim(['Returns `{ store }`, the store hooks in this component use. Outside any provider it returns `DEFAULT_STORE`'], () => {
  let outside: Store | undefined;
  render(<StoreProbe onStore={(s) => (outside = s)} />);
  expect(outside).toBe(DEFAULT_STORE);
  const store = makeStore();
  let ctx: unknown;
  function Probe() {
    ctx = useStanCtx();
    return null;
  }
  render(
    <StanProvider store={store}>
      <Probe />
    </StanProvider>,
  );
  // The very store given to the provider (an equal-looking empty store would not do), and nothing else.
  expect(Object.keys(ctx as object)).toEqual(['store']);
  expect((ctx as { store: Store }).store).toBe(store);
});

claim(
  [
    'Returns the current value of an atom or selector and re-renders the component when it changes',
    'The value is read with `get()` while rendering, so the hook initializes atoms and runs selectors that have not been read yet',
  ],
  () => {
    const count = atom(1);
    const run = jest.fn(({ get }: { get: (s: typeof count) => number }) => get(count) * 2);
    const doubled = selector(run);
    const store = makeStore();
    function Show() {
      return <p>{`${useStanValue(count)} ${useStanValue(doubled)}`}</p>;
    }
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.getByText('1 2')).toBeInTheDocument();
    act(() => count(store).set(4)); // works: the hook initialized the atom
    expect(screen.getByText('4 8')).toBeInTheDocument();
  },
);

claim('If a selector throws, the error is thrown from the hook during render, where an error boundary can catch it', () => {
  const broken = selector((): string => {
    throw new Error('render failure');
  });
  function Reader() {
    return <p>{useStanValue(broken)}</p>;
  }
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <StanProvider>
      <Boundary>
        <Reader />
      </Boundary>
    </StanProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('render failure');
  spy.mockRestore();
});

claim('The hook subscribes in an effect and unsubscribes on unmount', () => {
  const a = atom(0);
  const store = makeStore();
  const instance = a(store);
  const subscribe = instance.subscribe.bind(instance);
  const unsubscribed = jest.fn();
  const subscribed = jest.spyOn(instance, 'subscribe').mockImplementation((callback) => {
    const stop = subscribe(callback);
    return () => {
      unsubscribed();
      stop();
    };
  });
  function Show() {
    return <p>{useStanValue(a)}</p>;
  }
  const tree = (
    <StanProvider store={store}>
      <Show />
    </StanProvider>
  );
  expect(renderToString(tree)).toBe('<p>0</p>');
  expect(subscribed).not.toHaveBeenCalled(); // effects do not run on the server
  const { unmount } = render(tree);
  expect(subscribed).toHaveBeenCalledTimes(1);
  expect(unsubscribed).not.toHaveBeenCalled();
  unmount();
  expect(unsubscribed).toHaveBeenCalledTimes(1);
});

claim(
  [
    "When the argument changes to a different state, for example `todo(id)` with a new `id`, the component renders once more with the previous state's value and then shows the new one",
    'When a hook receives a different state (for example `todo(id)` after `id` changed, or the same atom under a new `store`), the component renders once more with the previous value before the effect picks up the new state',
  ],
  (clause) => {
    const todo = atomFamily((id: number) => `todo ${id}`);
    const rendered: string[] = [];
    function Title({ id }: { id: number }) {
      const title = useStanValue(todo(id));
      rendered.push(title);
      return <p>{title}</p>;
    }
    const renderIds = () => {
      rendered.length = 0;
      const { rerender, unmount } = render(
        <StanProvider>
          <Title id={1} />
        </StanProvider>,
      );
      rerender(
        <StanProvider>
          <Title id={2} />
        </StanProvider>,
      );
      unmount();
      return [...rendered];
    };
    clause(
      "When the argument changes to a different state, for example `todo(id)` with a new `id`, the component renders once more with the previous state's value and then shows the new one",
      () => expect(renderIds()).toEqual(['todo 1', 'todo 1', 'todo 2']),
    );
    clause('When a hook receives a different state (for example `todo(id)` after `id` changed', () => {
      expect(renderIds()).toEqual(['todo 1', 'todo 1', 'todo 2']);
    });
    clause(
      'or the same atom under a new `store`), the component renders once more with the previous value before the effect picks up the new state',
      () => {
        const theme = atom('light');
        const [first, second] = [makeStore(), makeStore()];
        theme(second).get();
        theme(second).set('dark');
        const seen: string[] = [];
        function Theme() {
          const value = useStanValue(theme);
          seen.push(value);
          return <p>{value}</p>;
        }
        const { rerender, unmount } = render(
          <StanProvider store={first}>
            <Theme />
          </StanProvider>,
        );
        rerender(
          <StanProvider store={second}>
            <Theme />
          </StanProvider>,
        );
        expect(seen).toEqual(['light', 'light', 'dark']);
        expect(screen.getByText('dark')).toBeInTheDocument();
        unmount();
      },
    );
  },
);

claim(
  [
    "Returns the atom's `set` function without subscribing, so the component does not re-render when the value changes",
    'The returned function keeps its identity across renders for the same state and store',
  ],
  () => {
    const a = atom(0);
    const store = makeStore();
    const renders = jest.fn();
    const setters: unknown[] = [];
    function Writer() {
      renders();
      const set = useSetStanValue(a);
      setters.push(set);
      return <button onClick={() => set((n) => n + 1)}>Add</button>;
    }
    function Reader() {
      return <p>{useStanValue(a)}</p>;
    }
    const { rerender } = render(
      <StanProvider store={store}>
        <Writer />
        <Reader />
      </StanProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(renders).toHaveBeenCalledTimes(1);
    rerender(
      <StanProvider store={store}>
        <Writer />
        <Reader />
      </StanProvider>,
    );
    expect(setters[1]).toBe(setters[0]);
    expect(setters[0]).toBe(a(store).set);
  },
);

claim(
  ['Like `set`, it does nothing while the atom is unread in the store'],
  () => {
    const secret = atom('initial');
    const store = makeStore();
    function Writer() {
      const set = useSetStanValue(secret);
      return <button onClick={() => set('changed')}>Write</button>;
    }
    render(
      <StanProvider store={store}>
        <Writer />
      </StanProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(secret(store).get()).toBe('initial');
  },
);

claim(['`useStan(state)` returns `[value, set]`', 'Because it reads the value, writes through its setter always take effect'], () => {
  const name = atom('world');
  const store = makeStore();
  let pair: readonly unknown[] = [];
  function Greeting() {
    const result = useStan(name);
    pair = result;
    const [value, setValue] = result;
    return <button onClick={() => setValue('Stan')}>{value}</button>;
  }
  render(
    <StanProvider store={store}>
      <Greeting />
    </StanProvider>,
  );
  expect(pair).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'world' }));
  expect(screen.getByRole('button', { name: 'Stan' })).toBeInTheDocument();
});

function Show<T>({ state, log }: { state: Scoped<State<PromiseLike<T>>>; log: AsyncValue<T>[] }) {
  const value = useStanValueAsync(state);
  log.push(value);
  return <p>{value.type === 'ready' ? String(value.value) : value.type === 'error' ? `error:${value.reason}` : 'loading'}</p>;
}

claim(
  [
    "`{ type: 'loading' }` whenever the hook receives a promise it has not seen yet. This includes the first render, even if the promise has already settled, and every new run of the selector",
    "`{ type: 'ready', value }` once that promise resolves",
  ],
  async () => {
    const n = atom(7);
    const settled = selector(({ get }) => Promise.resolve(get(n)));
    const store = makeStore();
    settled(store).get();
    await settle();
    const log: AsyncValue<number>[] = [];
    render(
      <StanProvider store={store}>
        <Show state={settled} log={log} />
      </StanProvider>,
    );
    expect(log[0]).toEqual({ type: 'loading' });
    expect(await screen.findByText('7')).toBeInTheDocument();
    log.length = 0;
    act(() => n(store).set(8));
    expect(log[log.length - 1]).toEqual({ type: 'loading' });
    expect(await screen.findByText('8')).toBeInTheDocument();
  },
);

claim(
  "`reason` is the rejection value's `message` property, or `'unknown'` when there is none (for example when a plain string is thrown)",
  async () => {
    const withMessage = selector(() => Promise.reject(new Error('Server said no')));
    const withString = selector(() => Promise.reject('plain string'));
    render(
      <StanProvider>
        <Show state={withMessage} log={[]} />
        <Show state={withString} log={[]} />
      </StanProvider>,
    );
    expect(await screen.findByText('error:Server said no')).toBeInTheDocument();
    expect(await screen.findByText('error:unknown')).toBeInTheDocument();
  },
);

claim(
  [
    'Once the component has re-rendered with a new promise, results of the old one are ignored',
    "the hook can then report `{ type: 'error', reason: '' }` for a moment (`Aborted` has an empty message) before switching to loading for the new run",
  ],
  async () => {
    const resolvers: ((value: string) => void)[] = [];
    const trigger = atom(0);
    const data = selector(({ get, signal }) => {
      get(trigger);
      return new Promise<string>((resolve, reject) => {
        resolvers.push(resolve);
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    });
    const store = makeStore();
    const log: AsyncValue<string>[] = [];
    render(
      <StanProvider store={store}>
        <Show state={data} log={log} />
      </StanProvider>,
    );
    const resolveFirst = resolvers[0];
    await act(async () => trigger(store).set(1)); // aborts the first run
    resolveFirst?.('stale'); // too late: its promise already rejected
    await act(async () => resolvers[1]?.('fresh'));
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    // The aborted first run did surface, as an empty reason, and nothing else did.
    const errors = log.filter((v) => v.type === 'error');
    expect(errors.length).toBeGreaterThan(0);
    errors.forEach((e) => expect(e).toEqual({ type: 'error', reason: '' }));
    expect(log.some((v) => v.type === 'ready' && v.value === 'stale')).toBe(false);
    expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'fresh' });
  },
);

claim(
  [
    'The hook does not use Suspense, and on the server it always renders the loading state',
    '`useStanValueAsync` never suspends and never throws a rejection: a promise that rejects becomes the error shape',
  ],
  async () => {
    const data = selector(async () => 'server data');
    const failing = selector(() => Promise.reject(new Error('no')));
    function Page() {
      return <p>{`${useStanValueAsync(data).type} ${useStanValueAsync(failing).type}`}</p>;
    }
    expect(renderToString(<StanProvider><Page /></StanProvider>)).toBe('<p>loading loading</p>');
    // No Suspense boundary and no error boundary are needed on the client either.
    render(<StanProvider><Page /></StanProvider>);
    expect(await screen.findByText('ready error')).toBeInTheDocument();
  },
);

// The limitation, shown with the refresh-based retry the guide warns against.
function NaiveRetry({ state }: { state: Scoped<ReadonlyState<Promise<string>>> }) {
  const result = useStanValueAsync(state);
  const refresh = useStanRefresher(state);
  const loading = result.type === 'loading' || (result.type === 'error' && result.reason === '');
  return (
    <p>
      {loading ? 'Loading…' : result.type === 'error' ? result.reason : result.value}
      <button onClick={refresh}>Retry</button>
    </p>
  );
}

claim(
  [
    'The hook only takes a new promise when the selector notifies its subscribers (after a refresh or a dependency change) or when the component mounts',
    'a read of a selector whose latest run failed starts a new run that the hook does not take, so after a failure a refresh is not a reliable retry',
  ],
  async () => {
    const api = installFakeApi();
    try {
      api.answer(503);
      const status = selector(async ({ signal }) => {
        const response = await fetch('/api/status', { signal });
        if (!response.ok) throw new Error(`failed (${response.status})`);
        return 'up';
      });
      render(
        <StanProvider>
          <NaiveRetry state={status} />
        </StanProvider>,
      );
      expect(await screen.findByText('failed (503)')).toBeInTheDocument();
      await settle();
      // The error render started the second request, and the hook kept the first error.
      expect(api.requests).toHaveLength(2);
      api.answer(200);
      await settle();
      expect(screen.getByText('failed (503)')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      for (let i = 0; i < 5; i += 1) await settle();
      expect(screen.getByText('Loading…')).toBeInTheDocument(); // for ever: the hook holds an aborted run
      expect(api.requests.length).toBeGreaterThan(2);
    } finally {
      api.restore();
    }
  },
);

claim(
  [
    'Returns a stable callback that calls `refresh` on the selector. The hook itself neither reads nor subscribes to the selector',
    'When some component displays the selector (and is therefore mounted), refreshing runs it again immediately and the subscribers get the new value; otherwise the selector only runs again on its next read',
  ],
  () => {
    let n = 0;
    const s = selector(() => ++n);
    const store = makeStore();
    const callbacks: unknown[] = [];
    function Button() {
      const refresh = useStanRefresher(s);
      callbacks.push(refresh);
      return <button onClick={refresh}>Refresh</button>;
    }
    const { rerender } = render(
      <StanProvider store={store}>
        <Button />
      </StanProvider>,
    );
    expect(n).toBe(0);
    expect(store.mounted.size).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(n).toBe(0);
    function Display() {
      return <p>{`value ${useStanValue(s)}`}</p>;
    }
    rerender(
      <StanProvider store={store}>
        <Button />
        <Display />
      </StanProvider>,
    );
    expect(screen.getByText('value 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('value 2')).toBeInTheDocument();
    expect(callbacks[1]).toBe(callbacks[0]);
  },
);

claim('Returns a stable callback that calls `reset` on the atom, setting it back to its initial value', () => {
  const size = atom(16);
  const store = makeStore();
  const callbacks: unknown[] = [];
  function Controls() {
    const [value, setValue] = useStan(size);
    const reset = useStanReset(size);
    callbacks.push(reset);
    return (
      <>
        <button onClick={() => setValue(20)}>{`size ${value}`}</button>
        <button onClick={reset}>Reset</button>
      </>
    );
  }
  render(
    <StanProvider store={store}>
      <Controls />
    </StanProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'size 16' }));
  fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
  expect(screen.getByRole('button', { name: 'size 16' })).toBeInTheDocument();
  expect(callbacks.every((c) => c === callbacks[0])).toBe(true);
});

claim('The hooks and the provider need React state, context and effects', () => {
  const bundle = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
  for (const api of ['createContext', 'useContext', 'useState', 'useEffect']) expect(bundle).toMatch(new RegExp(`${api} as \\w+`));
  expect(bundle).not.toMatch(/^\s*["']use client["']/);
});

claimsOf('api/state')(
  'React hooks that only read, such as `useStanValue`, accept any `Scoped<State<T>>`, so they work with atoms and selectors alike',
  () => {
    const n = atom(2);
    const squared = selector(({ get }) => get(n) ** 2);
    function Show() {
      return <p>{`${useStanValue(n)} ${useStanValue(squared)}`}</p>;
    }
    render(<StanProvider><Show /></StanProvider>);
    expect(screen.getByText('2 4')).toBeInTheDocument();
  },
);

claimsOf('api/atom')('The React hooks call such a value, though: in components, wrap a function in an object', () => {
  const shout = (text = 'hey') => text.toUpperCase();
  const bare = atom(shout);
  const wrapped = atom({ shout });
  const seen: unknown[] = [];
  function Show() {
    seen.push(useStanValue(bare), useStanValue(wrapped).shout);
    return null;
  }
  render(<StanProvider><Show /></StanProvider>);
  expect(seen).toEqual(['HEY', shout]);
});

claim(
  [
    'A write that lands between the render and that effect is not shown until the next write',
    'The value is kept in React state, so a function stored in an atom is called by React instead of returned',
  ],
  () => {
    const word = atom('old');
    const store = makeStore();
    function Reader() {
      return <p>{`reader ${useStanValue(word)}`}</p>;
    }
    function EarlyWriter() {
      const set = useSetStanValue(word);
      useLayoutEffect(() => set('new'), [set]);
      return null;
    }
    render(
      <StanProvider store={store}>
        <Reader />
        <EarlyWriter />
      </StanProvider>,
    );
    expect(screen.getByText(/^reader/)).toHaveTextContent('reader old');
    act(() => word(store).set('newer'));
    expect(screen.getByText(/^reader/)).toHaveTextContent('reader newer');
    const greet = () => 'hello';
    const fn = atom(greet);
    let value: unknown;
    function Fn() {
      value = useStanValue(fn);
      return null;
    }
    render(<StanProvider><Fn /></StanProvider>);
    expect(value).toBe('hello');
  },
);

claim(
  [
    'A selector that throws before it returns its promise makes the hook throw during render instead; write async selectors as `async` functions',
    'Only a selector that throws before returning its promise makes the hook throw',
  ],
  async () => {
    const early = selector((): Promise<string> => {
      throw new Error('thrown early');
    });
    const late = selector(async (): Promise<string> => {
      throw new Error('thrown early');
    });
    function Reader({ state }: { state: Scoped<ReadonlyState<Promise<string>>> }) {
      const result = useStanValueAsync(state);
      return <p>{result.type === 'error' ? `value ${result.reason}` : result.type}</p>;
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <StanProvider>
        <Boundary>
          <Reader state={early} />
        </Boundary>
      </StanProvider>,
    );
    spy.mockRestore();
    expect(screen.getByRole('alert')).toHaveTextContent('thrown early');
    render(
      <StanProvider>
        <Reader state={late} />
      </StanProvider>,
    );
    expect(await screen.findByText('value thrown early')).toBeInTheDocument();
  },
);

claim("`StanProvider` in this release is compiled with React 19's JSX runtime", () => {
  const bundle = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
  // React 19's element marker; React 18 does not know it and refuses such elements.
  expect(bundle).toContain('Symbol.for("react.transitional.element")');
});

claim('`useStanValue`, `useStan` and `useStanValueAsync` call `get()` while rendering', () => {
  const a = atom(1);
  const store = makeStore();
  const get = jest.spyOn(a(store), 'get');
  const p = selector(async () => 1);
  const getAsync = jest.spyOn(p(store), 'get');
  function Reader() {
    useStanValue(a);
    useStan(a);
    useStanValueAsync(p);
    return null;
  }
  renderToString(
    <StanProvider store={store}>
      <Reader />
    </StanProvider>,
  );
  expect(get.mock.calls.length).toBeGreaterThanOrEqual(2);
  expect(getAsync).toHaveBeenCalled();
});

claim(['This text is {label}.', '// never re-renders on changes'], () => {
  const { default: App } = runSample<{ default: ComponentType }>('api/react', 'FontSize.tsx');
  render(<App />);
  expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Bigger' }));
  expect(screen.getByText('This text is 18px.')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('slider'), { target: { value: '30' } });
  expect(screen.getByText('This text is 30px.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
  expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
});

describe('QuoteOfTheDay.tsx, as printed on the page', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });
  afterEach(() => api.restore());

  const mount = () => {
    const { QuoteOfTheDay } = runSample<{ QuoteOfTheDay: ComponentType }>('api/react', 'QuoteOfTheDay.tsx');
    render(
      <StanProvider>
        <QuoteOfTheDay />
      </StanProvider>,
    );
  };

  claim(
    [
      'Try again does not refresh: after a failure the selector is already stale or running again, and only a newly mounted hook is sure to follow that run',
      'after a failure a refresh is not a reliable retry: mount the component again',
    ],
    async () => {
      api.answer(500);
      mount();
      expect(await screen.findByText(/Could not load a quote: Server responded with 500/)).toBeInTheDocument();
      await settle();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText(/Server responded with 500/)).toBeInTheDocument();
        await settle();
      }
      api.answer(200, { text: 'Stay curious.', author: 'Ada' });
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Stay curious.')).toBeInTheDocument();
    },
  );

  claim(
    'Another one refreshes the selector from the component that displays it, so the selector runs again at once and aborts a request that is still in flight',
    async () => {
      api.answer(200, { text: 'First.', author: 'A' });
      mount();
      expect(await screen.findByText('First.')).toBeInTheDocument();
      api.answer(200, { text: 'Second.', author: 'B' });
      const before = api.requests.length;
      fireEvent.click(screen.getByRole('button', { name: 'Another one' }));
      expect(api.requests.length).toBe(before + 1); // at once, not on a later read
      expect(await screen.findByText('Second.')).toBeInTheDocument();
    },
  );
});

// Stable identity of every hook's function, across renders caused by the store.
claim('The returned function keeps its identity across renders for the same state and store', () => {
  const a = atom(0);
  const s = selector(({ get }) => get(a));
  const seen: unknown[][] = [];
  function Probe() {
    const [value] = useStan(a);
    seen.push([useSetStanValue(a), useStanRefresher(s), useStanReset(a)]);
    return <span>{value}</span>;
  }
  const store = makeStore();
  render(
    <StanProvider store={store}>
      <Probe />
    </StanProvider>,
  );
  act(() => a(store).set(1));
  expect(seen.length).toBeGreaterThan(1);
  seen.slice(1).forEach((fns) => fns.forEach((fn, i) => expect(fn).toBe(seen[0]?.[i])));
});


claim(
  'otherwise the selector only runs again on its next read, and the run in flight is not aborted',
  async () => {
    const signals: AbortSignal[] = [];
    let runs = 0;
    const quote = selector(({ signal }) => {
      signals.push(signal);
      runs += 1;
      return new Promise<number>((resolve) => setTimeout(() => resolve(runs), 0));
    });
    const store = makeStore();
    let refreshQuote = () => {};
    function RefreshButton() {
      refreshQuote = useStanRefresher(quote);
      return null;
    }
    render(
      <StanProvider store={store}>
        <RefreshButton />
      </StanProvider>,
    );
    quote(store).get(); // run 1 in flight; the hook does not subscribe
    act(() => refreshQuote());
    expect(runs).toBe(1);
    const next = quote(store).get(); // the next read runs it again
    expect(runs).toBe(2);
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    await act(async () => {
      await next;
    });
    expect(signals[0]?.aborted).toBe(false);
  },
);
