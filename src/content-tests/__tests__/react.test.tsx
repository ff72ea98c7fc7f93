// What the React bindings page, the frameworks page and the SSR guide claim, run against the pinned package.
import { Component, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { atom, atomFamily, DEFAULT_STORE, makeStore, reset, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
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

function StoreProbe({ onStore }: { onStore: (store: Store) => void }) {
  onStore(useStanCtx().store);
  return null;
}

describe('react bindings: which store', () => {
  it('outside any provider, hooks use DEFAULT_STORE', () => {
    let seen: Store | undefined;
    render(<StoreProbe onStore={(s) => (seen = s)} />);
    expect(seen).toBe(DEFAULT_STORE);
  });

  it('StanProvider without a store creates its own (not DEFAULT_STORE), one per provider instance', () => {
    const seen: Store[] = [];
    const { rerender } = render(
      <>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
      </>,
    );
    const [first, second] = seen;
    expect(first).not.toBe(DEFAULT_STORE);
    expect(first).not.toBe(second);
    rerender(
      <>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
      </>,
    );
    expect(seen[2]).toBe(first); // kept while mounted
  });

  it('the nearest provider wins', () => {
    const outer = makeStore();
    const inner = makeStore();
    let seen: Store | undefined;
    render(
      <StanProvider store={outer}>
        <StanProvider store={inner}>
          <StoreProbe onStore={(s) => (seen = s)} />
        </StanProvider>
      </StanProvider>,
    );
    expect(seen).toBe(inner);
  });
});

describe('react bindings: reading and writing', () => {
  it('useStan, useStanValue, useSetStanValue and useStanReset (the font-size example)', () => {
    const fontSize = atom(16);
    const fontSizeLabel = selector(({ get }) => `${get(fontSize)}px`);
    const toolbarRenders = jest.fn();
    function Preview() {
      return <p>This text is {useStanValue(fontSizeLabel)}.</p>;
    }
    function Slider() {
      const [size, setSize] = useStan(fontSize);
      return <input aria-label="Size" type="range" min={10} max={32} value={size} onChange={(e) => setSize(Number(e.target.value))} />;
    }
    function Toolbar() {
      toolbarRenders();
      const setSize = useSetStanValue(fontSize);
      const reset = useStanReset(fontSize);
      return (
        <>
          <button onClick={() => setSize((s) => s + 2)}>Bigger</button>
          <button onClick={reset}>Reset</button>
        </>
      );
    }
    render(
      <StanProvider>
        <Preview />
        <Slider />
        <Toolbar />
      </StanProvider>,
    );
    expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bigger' }));
    expect(screen.getByText('This text is 18px.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '30' } });
    expect(screen.getByText('This text is 30px.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
    expect(toolbarRenders).toHaveBeenCalledTimes(1); // useSetStanValue does not subscribe
  });

  it('a tree that only writes to an unread atom changes nothing', () => {
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
  });

  it('useSetStanValue, useStanRefresher and useStanReset return stable functions', () => {
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

  it('a selector that throws while rendering reaches the error boundary through useStanValue', () => {
    const broken = selector((): string => {
      throw new Error('render failure');
    });
    function Reader() {
      return <p>{useStanValue(broken)}</p>;
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
});

describe('error handling guide: error boundaries', () => {
  // The Settings sample of the guide, trimmed to what it claims.
  const rawSettings = atom('{"theme":"dark"}');
  const settings = selector(({ get }) => JSON.parse(get(rawSettings)) as { theme: string });
  class SettingsBoundary extends Component<{ children: ReactNode; onReset: () => void }, { message: string | null }> {
    override state = { message: null as string | null };
    static getDerivedStateFromError(error: unknown) {
      return { message: error instanceof Error ? error.message : 'Unknown error' };
    }
    override render() {
      if (this.state.message === null) return this.props.children;
      return (
        <div role="alert">
          <p>The settings could not be read: {this.state.message}</p>
          <button
            onClick={() => {
              this.props.onReset();
              this.setState({ message: null });
            }}
          >
            Restore defaults
          </button>
        </div>
      );
    }
  }
  function Theme() {
    return <p>Theme: {useStanValue(settings).theme}</p>;
  }

  it('a parse error on the first read reaches the boundary; restoring the atom renders the selector afresh', () => {
    const store = makeStore();
    rawSettings(store).get();
    rawSettings(store).set('{broken');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <StanProvider store={store}>
        <SettingsBoundary onReset={() => reset(rawSettings(store))}>
          <Theme />
        </SettingsBoundary>
      </StanProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The settings could not be read');
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(screen.getByText('Theme: dark')).toBeInTheDocument();
    spy.mockRestore();
  });

  it('a failing re-run triggered by set throws from set, and the boundary is not involved', () => {
    const store = makeStore();
    render(
      <StanProvider store={store}>
        <SettingsBoundary onReset={() => undefined}>
          <Theme />
        </SettingsBoundary>
      </StanProvider>,
    );
    expect(() => act(() => rawSettings(store).set('{broken'))).toThrow(SyntaxError);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Theme: dark')).toBeInTheDocument();
  });
});

describe('react bindings: edge cases', () => {
  it('useStanValue with a new state renders once with the previous value, then the new one', () => {
    const todo = atomFamily((id: number) => `todo ${id}`);
    const rendered: string[] = [];
    function Title({ id }: { id: number }) {
      const title = useStanValue(todo(id));
      rendered.push(title);
      return <p>{title}</p>;
    }
    const { rerender } = render(
      <StanProvider>
        <Title id={1} />
      </StanProvider>,
    );
    rerender(
      <StanProvider>
        <Title id={2} />
      </StanProvider>,
    );
    expect(rendered).toEqual(['todo 1', 'todo 1', 'todo 2']);
    expect(screen.getByText('todo 2')).toBeInTheDocument();
  });

  it('a new store prop switches the hooks below to that store', () => {
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
  });
});

describe('react bindings: useStanValueAsync', () => {
  const deferred = <T,>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  function Show<T>({ state, log }: { state: Scoped<import('@rkrupinski/stan').State<PromiseLike<T>>>; log: AsyncValue<T>[] }) {
    const value = useStanValueAsync(state);
    log.push(value);
    return <p>{value.type === 'ready' ? String(value.value) : value.type === 'error' ? `error:${value.reason}` : 'loading'}</p>;
  }

  it('starts as loading even for a settled promise, then becomes ready', async () => {
    const settled = selector(() => Promise.resolve(7));
    const log: AsyncValue<number>[] = [];
    render(<StanProvider><Show state={settled} log={log} /></StanProvider>);
    expect(log[0]).toEqual({ type: 'loading' });
    expect(await screen.findByText('7')).toBeInTheDocument();
  });

  it("error reason is the rejection's message, or 'unknown' without one", async () => {
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
  });

  it('refresh from a subscribed component: loading, then the new value; the aborted run is the only empty-reason error', async () => {
    const runs = [deferred<string>(), deferred<string>()];
    let n = 0;
    const data = selector(({ signal }) => {
      const d = runs[n++]!;
      signal.addEventListener('abort', () => d.reject(signal.reason));
      return d.promise;
    });
    const log: AsyncValue<string>[] = [];
    function Card() {
      const refresh = useStanRefresher(data);
      return (
        <>
          <Show state={data} log={log} />
          <button onClick={refresh}>Reload</button>
        </>
      );
    }
    render(<StanProvider><Card /></StanProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' })); // aborts run 1
    await act(async () => {
      runs[1]!.resolve('fresh');
    });
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    const errors = log.filter((v) => v.type === 'error');
    errors.forEach((e) => expect(e).toEqual({ type: 'error', reason: '' }));
    expect(log.slice(1).some((v) => v.type === 'loading')).toBe(true);
    expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'fresh' });
    expect(n).toBe(2);
  });

  it('on the server it renders the loading state', () => {
    const data = selector(async () => 'server data');
    function Page() {
      const v = useStanValueAsync(data);
      return <p>{v.type}</p>;
    }
    expect(renderToString(<StanProvider><Page /></StanProvider>)).toBe('<p>loading</p>');
  });
});

describe('SSR guide', () => {
  function seed<T>(store: Store, scoped: Scoped<WritableState<T>>, value: T): void {
    scoped(store).get();
    scoped(store).set(value);
  }
  const currentUser = atom<string | null>(null, { tag: 'current-user' });
  const welcome = selector(({ get }) => {
    const user = get(currentUser);
    return user === null ? 'Welcome, guest' : `Welcome back, ${user}`;
  });
  function Header() {
    return <h1>{useStanValue(welcome)}</h1>;
  }
  function renderPage(user: string | null): string {
    const store = makeStore();
    seed(store, currentUser, user);
    return renderToString(
      <StanProvider store={store}>
        <Header />
      </StanProvider>,
    );
  }

  it('a store per request: two requests render their own data, and DEFAULT_STORE stays untouched', () => {
    const before = DEFAULT_STORE.value.size;
    expect(renderPage('Ada')).toBe('<h1>Welcome back, Ada</h1>');
    expect(renderPage(null)).toBe('<h1>Welcome, guest</h1>');
    expect(DEFAULT_STORE.value.size).toBe(before);
  });

  it('how a leak happens: without a provider, a second request sees the first one\'s cart', () => {
    const cartSize = atom(0, { tag: 'cart-size' });
    function CartBadge() {
      return <span>{`${useStanValue(cartSize)} items`}</span>;
    }
    cartSize(DEFAULT_STORE).get();
    cartSize(DEFAULT_STORE).set(3);
    expect(renderToString(<CartBadge />)).toBe('<span>3 items</span>');
    expect(renderToString(<CartBadge />)).toBe('<span>3 items</span>');
  });

  it('a store created in the root with useState(makeStore) is fresh per render on the server', () => {
    const visits = atom(0);
    function Root() {
      const [store] = useState(makeStore);
      return (
        <StanProvider store={store}>
          <Counter />
        </StanProvider>
      );
    }
    function Counter() {
      const [n] = useStan(visits);
      const { store } = useStanCtx();
      visits(store).set(n + 1); // a write during render, only to prove isolation
      return <span>{n}</span>;
    }
    expect(renderToString(<Root />)).toBe('<span>0</span>');
    expect(renderToString(<Root />)).toBe('<span>0</span>');
  });

  it('matching the client: a provider seeded from initial data renders the same on both sides', () => {
    function StoreProvider({ initial, children }: { initial: { user: string | null }; children: ReactNode }) {
      const [store] = useState(() => {
        const s = makeStore();
        currentUser(s).get();
        currentUser(s).set(initial.user);
        return s;
      });
      return <StanProvider store={store}>{children}</StanProvider>;
    }
    const html = renderToString(<StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>);
    const { container } = render(<StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>);
    expect(container.innerHTML).toBe(html);
  });
});
