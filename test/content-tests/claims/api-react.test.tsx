import fs from 'fs';
import path from 'path';
import { Component, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  Aborted,
  atom,
  atomFamily,
  DEFAULT_STORE,
  makeStore,
  refresh,
  selector,
  selectorFamily,
  Store as StoreClass,
  type ReadonlyState,
  type Scoped,
  type State,
  type Store,
} from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
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
import { quietly } from '../../support/quietly';
import { compileErrors } from '../../support/compile';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { runSample, SAMPLE_MODULES } from '../../support/run-sample';

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

/** The keys of the selectors a store holds a value or a flag for. */
const selectorKeys = (store: Store) =>
  [...new Set([...store.value.keys(), ...store.initialized.keys(), ...store.mounted.keys()])].filter((key) => key.startsWith('selector-'));

/**
 * An async selector that depends on `trigger` and whose runs the test settles by hand: each run's promise is kept
 * with its resolve, reject and signal; with `rejectOnAbort`, it rejects with the signal's reason when aborted.
 */
function handSettled({ rejectOnAbort }: { rejectOnAbort: boolean }) {
  const trigger = atom(0);
  const runs: { resolve: (value: string) => void; reject: (reason: unknown) => void; signal: AbortSignal }[] = [];
  const state = selector(({ get, signal }) => {
    get(trigger);
    return new Promise<string>((resolve, reject) => {
      runs.push({ resolve, reject, signal });
      if (rejectOnAbort) signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
  return { trigger, runs, state };
}

claim(
  [
    'When it is omitted, the provider creates a new store with `makeStore()` and keeps it while it stays mounted. It does not use `DEFAULT_STORE`',
  ],
  (clause) => {
    const seen: Store[] = [];
    const word = atom('initial');
    function Writer() {
      const set = stanReact.useStan(word)[1];
      return <button onClick={() => set('written')}>write</button>;
    }
    const tree = () => (
      <>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
          <Writer />
        </StanProvider>
        <StanProvider>
          <StoreProbe onStore={(s) => seen.push(s)} />
        </StanProvider>
      </>
    );
    const { rerender, unmount } = render(tree());
    const [first, second] = seen;
    clause('When it is omitted, the provider creates a new store with `makeStore()`', () => {
      // A store like makeStore's, of its own: one per provider, and empty but for what the hooks below read.
      expect(first).toBeInstanceOf(StoreClass);
      expect(second).toBeInstanceOf(StoreClass);
      expect(first).not.toBe(second);
      expect(second?.value.size).toBe(0);
    });
    clause('keeps it while it stays mounted', () => {
      rerender(tree());
      expect(seen[2]).toBe(first);
      expect(seen[3]).toBe(second);
      unmount();
      render(tree());
      expect(seen[4]).not.toBe(first); // mounted again: a new store
    });
    clause('It does not use `DEFAULT_STORE`', () => {
      expect(seen).not.toContain(DEFAULT_STORE);
      fireEvent.click(screen.getByRole('button', { name: 'write' }));
      expect(word(seen[4] as Store).get()).toBe('written');
      expect(word(DEFAULT_STORE).get()).toBe('initial');
    });
  },
);

claim(
  [
    'Passing a different store object switches every hook below to that store',
    'Providers can be nested; a hook always uses the closest one',
    'Every hook takes a scoped state (what `atom`, `selector` or a family returns) and resolves it against the store from the nearest `StanProvider`',
  ],
  async (clause) => {
    const label = atom('empty');
    const a = makeStore();
    const b = makeStore();
    label(b).get();
    label(b).set('from b');
    clause('Passing a different store object switches every hook below to that store', () => {
      let ctxStore: Store | undefined;
      function Hooks() {
        const value = useStanValue(label);
        const [, set] = useStan(label);
        ctxStore = useStanCtx().store;
        return <button onClick={() => set(`${value}!`)}>{value}</button>;
      }
      const { rerender, unmount } = render(
        <StanProvider store={a}>
          <Hooks />
        </StanProvider>,
      );
      expect(screen.getByRole('button')).toHaveTextContent('empty');
      rerender(
        <StanProvider store={b}>
          <Hooks />
        </StanProvider>,
      );
      expect(screen.getByRole('button')).toHaveTextContent('from b');
      expect(ctxStore).toBe(b);
      fireEvent.click(screen.getByRole('button'));
      expect(label(b).get()).toBe('from b!');
      expect(label(a).get()).toBe('empty');
      unmount();
    });
    function Show({ id }: { id: string }) {
      return <p data-testid={id}>{useStanValue(label)}</p>;
    }
    const nested = render(
      <StanProvider store={a}>
        <Show id="outer" />
        <StanProvider store={b}>
          <Show id="inner" />
        </StanProvider>
      </StanProvider>,
    );
    clause('Providers can be nested', () => {
      expect(screen.getByTestId('outer')).toHaveTextContent('empty');
      expect(screen.getByTestId('inner')).toHaveTextContent('from b');
    });
    clause('a hook always uses the closest one', () => {
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
    await clause('Every hook takes a scoped state (what `atom`, `selector` or a family returns)', async () => {
      const n = atom(1);
      const doubled = selector(({ get }) => get(n) * 2);
      const item = atomFamily((id: number) => id * 10);
      const tripled = selectorFamily((k: number) => ({ get }) => get(n) * k);
      function All() {
        return <p data-testid="all">{[useStanValue(n), useStanValue(doubled), useStanValue(item(3)), useStanValue(tripled(3))].join(' ')}</p>;
      }
      render(
        <StanProvider>
          <All />
        </StanProvider>,
      );
      expect(screen.getByTestId('all')).toHaveTextContent('1 2 30 3');
      // A state already resolved against a store is not what they take.
      const errors = await compileErrors(
        "import { atom, makeStore } from '@rkrupinski/stan';\nimport { useStanValue } from '@rkrupinski/stan/react';\nexport function C() { return useStanValue(atom(1)(makeStore())); }",
        'tsx',
      );
      expect(errors.map((e) => e.code)).toEqual([2345]);
    });
    clause('resolves it against the store from the nearest `StanProvider`', () => {
      // The same scoped state, two values: one per store.
      expect(screen.getByTestId('outer')).toHaveTextContent(label(a).get());
      expect(screen.getByTestId('inner')).toHaveTextContent(label(b).get());
      nested.unmount();
    });
  },
);

claim(['Returns `{ store }`, the store hooks in this component use. Outside any provider it returns `DEFAULT_STORE`'], (clause) => {
  clause('Returns `{ store }`, the store hooks in this component use', () => {
    const store = makeStore();
    const word = atom('before');
    let ctx: unknown;
    function Probe() {
      ctx = useStanCtx();
      const [value, set] = useStan(word);
      return <button onClick={() => set('after')}>{value}</button>;
    }
    render(
      <StanProvider store={store}>
        <Probe />
      </StanProvider>,
    );
    // The very store given to the provider (an equal-looking empty store would not do), and nothing else.
    expect(Object.keys(ctx as object)).toEqual(['store']);
    expect((ctx as { store: Store }).store).toBe(store);
    fireEvent.click(screen.getByRole('button', { name: 'before' }));
    expect(word((ctx as { store: Store }).store).get()).toBe('after');
  });
  clause('Outside any provider it returns `DEFAULT_STORE`', () => {
    let outside: Store | undefined;
    render(<StoreProbe onStore={(s) => (outside = s)} />);
    expect(outside).toBe(DEFAULT_STORE);
  });
});

claim(
  [
    'Returns the current value of an atom or selector and re-renders the component when it changes',
    'The value is read with `get()` while rendering, so the hook initializes atoms and runs selectors that have not been read yet',
  ],
  (clause) => {
    const count = atom(1);
    const run = jest.fn(({ get }: { get: (s: typeof count) => number }) => get(count) * 2);
    const doubled = selector(run);
    const store = makeStore();
    let renders = 0;
    function Show() {
      renders += 1;
      return <p>{`${useStanValue(count)} ${useStanValue(doubled)}`}</p>;
    }
    clause('The value is read with `get()` while rendering', () => {
      // On the server only render functions run: the values are there, read by get().
      const other = makeStore();
      const get = jest.spyOn(count(other), 'get');
      expect(renderToString(<StanProvider store={other}><Show /></StanProvider>)).toBe('<p>1 2</p>');
      expect(get).toHaveBeenCalled();
      renders = 0;
      run.mockClear();
    });
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    clause('so the hook initializes atoms', () => {
      expect([...store.initialized.entries()].filter(([key, on]) => key.startsWith('atom-') && on)).toHaveLength(1);
      act(() => count(store).set(4)); // takes effect: the atom was initialized by the hook
      expect(count(store).get()).toBe(4);
    });
    clause('runs selectors that have not been read yet', () => {
      expect(run).toHaveBeenCalledTimes(2); // the render's run, and the re-run after the write
    });
    clause('Returns the current value of an atom or selector', () => {
      expect(screen.getByText('4 8')).toBeInTheDocument();
    });
    clause('re-renders the component when it changes', () => {
      const before = renders;
      act(() => count(store).set(5));
      expect(renders).toBeGreaterThan(before);
      expect(screen.getByText('5 10')).toBeInTheDocument();
    });
  },
);

claim('If a selector throws, the error is thrown from the hook during render, where an error boundary can catch it', (clause) => {
  const failure = new Error('render failure');
  const broken = selector((): string => {
    throw failure;
  });
  function Reader() {
    return <p>{useStanValue(broken)}</p>;
  }
  clause('If a selector throws, the error is thrown from the hook during render', () => {
    // A server render runs render functions only: the selector's own error comes out of it.
    expect(() => renderToString(<StanProvider><Reader /></StanProvider>)).toThrow(failure);
  });
  clause('where an error boundary can catch it', () => {
    quietly(() =>
      render(
        <StanProvider>
          <Boundary>
            <Reader />
          </Boundary>
        </StanProvider>,
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('render failure');
  });
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
  (clause) => {
    const a = atom(0);
    const store = makeStore();
    a(store).get();
    const subscribe = jest.spyOn(a(store), 'subscribe');
    const renders = jest.fn();
    const setters: unknown[] = [];
    function Writer() {
      renders();
      const set = useSetStanValue(a);
      setters.push(set);
      return <button onClick={() => set((n) => n + 1)}>Add</button>;
    }
    const { rerender } = render(
      <StanProvider store={store}>
        <Writer />
      </StanProvider>,
    );
    clause("Returns the atom's `set` function", () => {
      expect(setters[0]).toBe(a(store).set);
    });
    clause('without subscribing', () => {
      expect(subscribe).not.toHaveBeenCalled();
    });
    clause('so the component does not re-render when the value changes', () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
      act(() => a(store).set(5));
      expect(a(store).get()).toBe(5);
      expect(renders).toHaveBeenCalledTimes(1);
    });
    clause('The returned function keeps its identity across renders for the same state and store', () => {
      rerender(
        <StanProvider store={store}>
          <Writer />
        </StanProvider>,
      );
      expect(setters[1]).toBe(setters[0]);
      // Another store, another function.
      rerender(
        <StanProvider store={makeStore()}>
          <Writer />
        </StanProvider>,
      );
      expect(setters[2]).not.toBe(setters[0]);
    });
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

claim(['`useStan(state)` returns `[value, set]`', 'Because it reads the value, writes through its setter always take effect'], (clause) => {
  const name = atom('world');
  const store = makeStore(); // the atom is unread in it until the component renders
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
  clause('`useStan(state)` returns `[value, set]`', () => {
    expect(pair).toHaveLength(2);
    expect(pair[0]).toBe('world');
    expect(pair[1]).toBe(name(store).set);
  });
  clause('Because it reads the value', () => {
    expect([...store.initialized.values()]).toEqual([true]);
  });
  clause('writes through its setter always take effect', () => {
    fireEvent.click(screen.getByRole('button', { name: 'world' }));
    expect(screen.getByRole('button', { name: 'Stan' })).toBeInTheDocument();
    expect(name(store).get()).toBe('Stan');
  });
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
  async (clause) => {
    const n = atom(7);
    const settled = selector(({ get }) => Promise.resolve(get(n)));
    const store = makeStore();
    const already = settled(store).get();
    await settle();
    const log: AsyncValue<number>[] = [];
    render(
      <StanProvider store={store}>
        <Show state={settled} log={log} />
      </StanProvider>,
    );
    clause('This includes the first render', () => {
      expect(log[0]).toEqual({ type: 'loading' });
    });
    await clause('even if the promise has already settled', async () => {
      await expect(already).resolves.toBe(7);
      expect(settled(store).get()).toBe(already); // the promise the hook was given
      expect(log[0]).toEqual({ type: 'loading' });
      expect(await screen.findByText('7')).toBeInTheDocument();
    });
    await clause('and every new run of the selector', async () => {
      log.length = 0;
      act(() => n(store).set(8)); // a dependency change
      expect(log[log.length - 1]).toEqual({ type: 'loading' });
      expect(await screen.findByText('8')).toBeInTheDocument();
      log.length = 0;
      act(() => refresh(settled(store))); // a refresh
      expect(log[log.length - 1]).toEqual({ type: 'loading' });
      expect(await screen.findByText('8')).toBeInTheDocument();
    });
    await clause("`{ type: 'loading' }` whenever the hook receives a promise it has not seen yet", async () => {
      // Also a promise it gets from another state: a different argument hands it a promise it has not seen.
      const other = selector(async () => 'other');
      await other(store).get();
      const seen: AsyncValue<unknown>[] = [];
      const { rerender } = render(
        <StanProvider store={store}>
          <Show state={settled as Scoped<State<PromiseLike<unknown>>>} log={seen} />
        </StanProvider>,
      );
      await settle();
      seen.length = 0;
      rerender(
        <StanProvider store={store}>
          <Show state={other as Scoped<State<PromiseLike<unknown>>>} log={seen} />
        </StanProvider>,
      );
      await settle();
      expect(seen.map((v) => v.type)).toEqual(['ready', 'ready', 'loading', 'ready']);
      expect(seen[seen.length - 1]).toEqual({ type: 'ready', value: 'other' });
    });
    await clause("`{ type: 'ready', value }` once that promise resolves", async () => {
      const { runs, state } = handSettled({ rejectOnAbort: false });
      const seen: AsyncValue<string>[] = [];
      render(
        <StanProvider>
          <Show state={state} log={seen} />
        </StanProvider>,
      );
      await settle();
      expect(seen.every((v) => v.type === 'loading')).toBe(true); // not before
      runs[0]?.resolve('done');
      await settle();
      expect(seen[seen.length - 1]).toEqual({ type: 'ready', value: 'done' });
    });
  },
);

claim(
  "`reason` is the rejection value's `message` property, or `'unknown'` when there is none (for example when a plain string is thrown)",
  async (clause) => {
    const withMessage = selector(() => Promise.reject(new Error('Server said no')));
    const messageOnly = selector(() => Promise.reject({ message: 'not an Error, has a message' }));
    const withString = selector(() => Promise.reject('plain string'));
    const withEmptyObject = selector(() => Promise.reject({ code: 500 }));
    render(
      <StanProvider>
        <Show state={withMessage} log={[]} />
        <Show state={messageOnly} log={[]} />
        <Show state={withString} log={[]} />
        <Show state={withEmptyObject} log={[]} />
      </StanProvider>,
    );
    await settle();
    clause("`reason` is the rejection value's `message` property", () => {
      expect(screen.getByText('error:Server said no')).toBeInTheDocument();
      expect(screen.getByText('error:not an Error, has a message')).toBeInTheDocument();
    });
    clause("or `'unknown'` when there is none (for example when a plain string is thrown)", () => {
      expect(screen.getAllByText('error:unknown')).toHaveLength(2);
    });
  },
);

claim(
  [
    'Once the component has re-rendered with a new promise, results of the old one are ignored',
    "the hook can then report `{ type: 'error', reason: '' }` for a moment (`Aborted` has an empty message) before switching to loading for the new run",
  ],
  async (clause) => {
    await clause('Once the component has re-rendered with a new promise, results of the old one are ignored', async () => {
      // Runs that do not reject on abort: the old promise resolves after the component took the new one.
      const { trigger, runs, state } = handSettled({ rejectOnAbort: false });
      const store = makeStore();
      const log: AsyncValue<string>[] = [];
      const view = render(
        <StanProvider store={store}>
          <Show state={state} log={log} />
        </StanProvider>,
      );
      act(() => trigger(store).set(1));
      runs[0]?.resolve('stale');
      await settle();
      expect(log.some((v) => v.type === 'ready')).toBe(false);
      runs[1]?.resolve('fresh');
      await settle();
      expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'fresh' });
      expect(log.some((v) => v.type === 'ready' && v.value === 'stale')).toBe(false);
      view.unmount();
    });
    // Runs that reject on abort, as fetch does: the rejection arrives before React renders the new promise.
    const { trigger, runs, state } = handSettled({ rejectOnAbort: true });
    const store = makeStore();
    const log: AsyncValue<string>[] = [];
    render(
      <StanProvider store={store}>
        <Show state={state} log={log} />
      </StanProvider>,
    );
    await act(async () => trigger(store).set(1)); // aborts the first run
    await act(async () => runs[1]?.resolve('fresh'));
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    const firstError = log.findIndex((v) => v.type === 'error');
    clause("the hook can then report `{ type: 'error', reason: '' }` for a moment", () => {
      expect(firstError).toBeGreaterThan(0);
      log.filter((v) => v.type === 'error').forEach((e) => expect(e).toEqual({ type: 'error', reason: '' }));
    });
    clause('(`Aborted` has an empty message)', () => {
      expect(runs[0]?.signal.reason).toBeInstanceOf(Aborted);
      expect((runs[0]?.signal.reason as Aborted).message).toBe('');
    });
    clause('before switching to loading for the new run', () => {
      expect(log.slice(firstError).map((v) => v.type).filter((type, i, all) => i === 0 || type !== all[i - 1])).toEqual(['error', 'loading', 'ready']);
      expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'fresh' });
    });
  },
);

claim(
  [
    'The hook does not use Suspense, and on the server it always renders the loading state',
    '`useStanValueAsync` never suspends and never throws a rejection: a promise that rejects becomes the error shape',
  ],
  async (clause) => {
    const data = selector(async () => 'server data');
    const failing = selector(() => Promise.reject(new Error('no')));
    const results: AsyncValue<unknown>[] = [];
    function Page() {
      const value = useStanValueAsync(data);
      const failure = useStanValueAsync(failing);
      results.push(failure);
      return <p>{`${value.type} ${failure.type}`}</p>;
    }
    await clause('on the server it always renders the loading state', async () => {
      const store = makeStore();
      expect(renderToString(<StanProvider store={store}><Page /></StanProvider>)).toBe('<p>loading loading</p>');
      // Even once both promises have settled.
      await data(store).get();
      await expect(failing(store).get()).rejects.toThrow('no');
      expect(renderToString(<StanProvider store={store}><Page /></StanProvider>)).toBe('<p>loading loading</p>');
    });
    results.length = 0;
    const { container } = render(
      <Suspense fallback={<p>suspended</p>}>
        <StanProvider>
          <Page />
        </StanProvider>
      </Suspense>,
    );
    const firstPaint = container.textContent;
    expect(await screen.findByText('ready error')).toBeInTheDocument();
    clause('The hook does not use Suspense', () => {
      expect(firstPaint).toBe('loading loading');
      expect(container.textContent).not.toContain('suspended');
    });
    clause('never throws a rejection', () => {
      // No error boundary around it, and the render that sees the rejection went through.
      expect(screen.getByText('ready error')).toBeInTheDocument();
    });
    clause('a promise that rejects becomes the error shape', () => {
      expect(results[results.length - 1]).toEqual({ type: 'error', reason: 'no' });
    });
    clause('`useStanValueAsync` never suspends', () => {
      // Without any Suspense boundary the first render completes as well.
      const bare = render(
        <StanProvider>
          <Page />
        </StanProvider>,
      );
      expect(bare.container.textContent).toBe('loading loading');
      bare.unmount();
    });
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
  async (clause) => {
    await clause('The hook only takes a new promise when the selector notifies its subscribers (after a refresh or a dependency change)', async () => {
      const { trigger, runs, state } = handSettled({ rejectOnAbort: false });
      const store = makeStore();
      const log: AsyncValue<string>[] = [];
      render(
        <StanProvider store={store}>
          <Show state={state} log={log} />
        </StanProvider>,
      );
      runs[0]?.resolve('first');
      await settle();
      act(() => refresh(state(store))); // notified: taken
      runs[1]?.resolve('refreshed');
      await settle();
      expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'refreshed' });
      act(() => trigger(store).set(1)); // notified: taken
      runs[2]?.resolve('after a change');
      await settle();
      expect(log[log.length - 1]).toEqual({ type: 'ready', value: 'after a change' });
      // A new run that notifies nobody (a refresh without subscribers, then a read elsewhere) is not taken.
      const { runs: quiet, state: quietState } = handSettled({ rejectOnAbort: false });
      const quietLog: AsyncValue<string>[] = [];
      const quietStore = makeStore();
      const view = render(
        <StanProvider store={quietStore}>
          <Show state={quietState} log={quietLog} />
        </StanProvider>,
      );
      quiet[0]?.resolve('first');
      await settle();
      view.unmount();
      refresh(quietState(quietStore)); // unmounted: only marked stale
      const remount = render(
        <StanProvider store={quietStore}>
          <Show state={quietState} log={quietLog} />
        </StanProvider>,
      );
      quiet[1]?.resolve('second');
      await settle();
      expect(quiet).toHaveLength(2);
      expect(quietLog[quietLog.length - 1]).toEqual({ type: 'ready', value: 'second' });
      remount.unmount();
    });
    await clause('when the component mounts', async () => {
      const { runs, state } = handSettled({ rejectOnAbort: false });
      const store = makeStore();
      state(store).get();
      runs[0]?.resolve('before the mount');
      const log: AsyncValue<string>[] = [];
      render(
        <StanProvider store={store}>
          <Show state={state} log={log} />
        </StanProvider>,
      );
      await settle();
      expect(runs).toHaveLength(1);
      expect(log.map((v) => v.type)).toEqual(['loading', 'ready']);
    });
    const api = installFakeApi();
    try {
      api.answer(503);
      const status = selector(async ({ signal }) => {
        const response = await fetch('/api/status', { signal });
        if (!response.ok) throw new Error(`failed (${response.status})`);
        return 'up';
      });
      const store = makeStore();
      render(
        <StanProvider store={store}>
          <NaiveRetry state={status} />
        </StanProvider>,
      );
      expect(await screen.findByText('failed (503)')).toBeInTheDocument();
      await clause('a read of a selector whose latest run failed starts a new run that the hook does not take', async () => {
        // The error render started the second request, and the hook kept the first error.
        expect(api.requests).toHaveLength(2);
        api.answer(200);
        await settle();
        expect(screen.getByText('failed (503)')).toBeInTheDocument();
      });
      await clause('so after a failure a refresh is not a reliable retry', async () => {
        api.answer(503);
        await settle(); // the hidden run has failed too
        api.answer(200);
        fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
        for (let i = 0; i < 5; i += 1) await settle();
        expect(screen.getByText('Loading…')).toBeInTheDocument(); // for ever: the hook holds an aborted run
        await expect(status(store).get()).resolves.toBe('up'); // though the service answers
      });
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
  (clause) => {
    let n = 0;
    const s = selector(() => ++n);
    const store = makeStore();
    const callbacks: unknown[] = [];
    function Button() {
      const refreshIt = useStanRefresher(s);
      callbacks.push(refreshIt);
      return <button onClick={refreshIt}>Refresh</button>;
    }
    const { rerender } = render(
      <StanProvider store={store}>
        <Button />
      </StanProvider>,
    );
    clause('The hook itself neither reads nor subscribes to the selector', () => {
      expect(n).toBe(0);
      expect(selectorKeys(store)).toEqual([]);
    });
    clause('otherwise the selector only runs again on its next read', () => {
      s(store).get(); // run 1, nobody subscribed
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(n).toBe(1);
      expect(s(store).get()).toBe(2);
    });
    function Display() {
      return <p>{`value ${useStanValue(s)}`}</p>;
    }
    rerender(
      <StanProvider store={store}>
        <Button />
        <Display />
      </StanProvider>,
    );
    const listener = jest.fn();
    clause('When some component displays the selector (and is therefore mounted)', () => {
      expect(screen.getByText('value 2')).toBeInTheDocument();
      expect(store.mounted.get(selectorKeys(store)[0] ?? '')).toBe(true);
      s(store).subscribe(listener);
    });
    clause('refreshing runs it again immediately', () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(n).toBe(3); // run by the click itself, before anything reads it
    });
    clause('the subscribers get the new value', () => {
      expect(listener).toHaveBeenCalledWith(3);
      expect(screen.getByText('value 3')).toBeInTheDocument();
    });
    clause('that calls `refresh` on the selector', () => {
      // The same as calling refresh on the selector in this store.
      act(() => refresh(s(store)));
      expect(screen.getByText('value 4')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(screen.getByText('value 5')).toBeInTheDocument();
      expect(listener.mock.calls.map(([v]) => v)).toEqual([3, 4, 5]);
    });
    clause('Returns a stable callback', () => {
      expect(callbacks.length).toBeGreaterThan(1);
      callbacks.forEach((callback) => expect(callback).toBe(callbacks[0]));
    });
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
  async (clause) => {
    await clause('React hooks that only read, such as `useStanValue`, accept any `Scoped<State<T>>`', async () => {
      const header =
        "import type { Scoped, State } from '@rkrupinski/stan';\nimport { useSetStanValue, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';\n";
      expect(
        await compileErrors(
          `${header}export function Read({ s, p }: { s: Scoped<State<number>>; p: Scoped<State<Promise<string>>> }) {\n  return [useStanValue(s), useStanValueAsync(p)];\n}`,
          'tsx',
        ),
      ).toEqual([]);
      // A hook that writes does not: it needs a writable state.
      const writing = await compileErrors(`${header}export function Write({ s }: { s: Scoped<State<number>> }) {\n  return useSetStanValue(s);\n}`, 'tsx');
      expect(writing.map((e) => e.code)).toEqual([2345]);
    });
    clause('so they work with atoms and selectors alike', () => {
      const n = atom(2);
      const squared = selector(({ get }) => get(n) ** 2);
      function Show() {
        return <p>{`${useStanValue(n)} ${useStanValue(squared)}`}</p>;
      }
      render(<StanProvider><Show /></StanProvider>);
      expect(screen.getByText('2 4')).toBeInTheDocument();
    });
  },
);

claimsOf('api/atom')('The React hooks call such a value, though: in components, wrap a function in an object', (clause) => {
  const shout = jest.fn((text = 'hey') => text.toUpperCase());
  const bare = atom(shout);
  const wrapped = atom({ shout });
  const seen: unknown[] = [];
  function Show() {
    seen.push(useStanValue(bare), useStanValue(wrapped).shout);
    return null;
  }
  render(<StanProvider><Show /></StanProvider>);
  clause('The React hooks call such a value, though', () => {
    expect(shout).toHaveBeenCalled();
    expect(seen[0]).toBe('HEY');
  });
  clause('in components, wrap a function in an object', () => {
    expect(seen[1]).toBe(shout);
  });
});

claim(
  [
    'A write that lands between the render and that effect is not shown until the next write',
    'The value is kept in React state, so a function stored in an atom is called by React instead of returned',
  ],
  (clause) => {
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
    clause('A write that lands between the render and that effect is not shown', () => {
      expect(word(store).get()).toBe('new');
      expect(screen.getByText(/^reader/)).toHaveTextContent('reader old');
    });
    clause('until the next write', () => {
      act(() => word(store).set('newer'));
      expect(screen.getByText(/^reader/)).toHaveTextContent('reader newer');
    });
    const calls: unknown[][] = [];
    const greet = (...args: unknown[]) => {
      calls.push(args);
      return 'hello';
    };
    const fn = atom<(...args: unknown[]) => string>(greet);
    const fnStore = makeStore();
    let value: unknown;
    function Fn() {
      value = useStanValue(fn);
      return null;
    }
    render(
      <StanProvider store={fnStore}>
        <Fn />
      </StanProvider>,
    );
    clause('The value is kept in React state', () => {
      // React's own rules for functions: called with no argument as the first state, and with the previous
      // state when one is set.
      expect(calls).toEqual([[]]);
      act(() => fn(fnStore).set(() => (...args: unknown[]) => (calls.push(args), 'updated')));
      expect(calls).toEqual([[], ['hello']]);
      expect(value).toBe('updated');
    });
    clause('so a function stored in an atom is called by React instead of returned', () => {
      expect(typeof fn(fnStore).get()).toBe('function');
      expect(typeof value).toBe('string');
    });
  },
);

claim(
  [
    'A selector that throws before it returns its promise makes the hook throw during render instead; write async selectors as `async` functions',
    'Only a selector that throws before returning its promise makes the hook throw',
  ],
  async (clause) => {
    const early = selector((): Promise<string> => {
      throw new Error('thrown early');
    });
    const late = selector(async (): Promise<string> => {
      throw new Error('thrown early');
    });
    const rejected = selector((): Promise<string> => Promise.reject(new Error('rejected')));
    function Reader({ state }: { state: Scoped<ReadonlyState<Promise<string>>> }) {
      const result = useStanValueAsync(state);
      return <p>{result.type === 'error' ? `value ${result.reason}` : result.type}</p>;
    }
    clause('A selector that throws before it returns its promise makes the hook throw during render instead', () => {
      expect(() => renderToString(<StanProvider><Reader state={early} /></StanProvider>)).toThrow('thrown early');
      quietly(() =>
        render(
          <StanProvider>
            <Boundary>
              <Reader state={early} />
            </Boundary>
          </StanProvider>,
        ),
      );
      expect(screen.getByRole('alert')).toHaveTextContent('thrown early');
    });
    await clause('write async selectors as `async` functions', async () => {
      render(
        <StanProvider>
          <Reader state={late} />
        </StanProvider>,
      );
      expect(await screen.findByText('value thrown early')).toBeInTheDocument();
    });
    await clause('Only a selector that throws before returning its promise makes the hook throw', async () => {
      // A promise that rejects, from a plain function, does not.
      expect(renderToString(<StanProvider><Reader state={rejected} /></StanProvider>)).toBe('<p>loading</p>');
      render(
        <StanProvider>
          <Reader state={rejected} />
        </StanProvider>,
      );
      expect(await screen.findByText('value rejected')).toBeInTheDocument();
    });
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

claim(['This text is {label}.', '// never re-renders on changes'], (clause) => {
  // The sample as printed, with useSetStanValue (which only its Toolbar calls) counting the Toolbar's renders.
  let toolbarRenders = 0;
  const countingReact = {
    ...stanReact,
    useSetStanValue: ((state) => {
      toolbarRenders += 1;
      return stanReact.useSetStanValue(state);
    }) as typeof stanReact.useSetStanValue,
  };
  const { default: App } = runSample<{ default: ComponentType }>('api/react', 'FontSize.tsx', {
    ...SAMPLE_MODULES,
    '@rkrupinski/stan/react': countingReact,
  });
  render(<App />);
  clause('This text is {label}.', () => {
    expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bigger' }));
    expect(screen.getByText('This text is 18px.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '30' } });
    expect(screen.getByText('This text is 30px.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('This text is 16px.')).toBeInTheDocument();
  });
  clause('// never re-renders on changes', () => {
    // Four changes of the size since the first render; the Toolbar rendered once.
    expect(toolbarRenders).toBe(1);
  });
});

describe('QuoteOfTheDay.tsx, as printed on the page', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });
  afterEach(() => api.restore());

  const mount = (store: Store = makeStore()) => {
    const { QuoteOfTheDay } = runSample<{ QuoteOfTheDay: ComponentType }>('api/react', 'QuoteOfTheDay.tsx');
    render(
      <StanProvider store={store}>
        <QuoteOfTheDay />
      </StanProvider>,
    );
    return store;
  };

  claim(
    [
      'Try again does not refresh: after a failure the selector is already stale or running again, and only a newly mounted hook is sure to follow that run',
      'after a failure a refresh is not a reliable retry: mount the component again',
    ],
    async (clause) => {
      api.answer(500);
      mount();
      api.answer(200, { text: 'From the hidden run.', author: 'H' }); // what the request the error render sends gets
      expect(await screen.findByText(/Could not load a quote: Server responded with 500/)).toBeInTheDocument();
      await clause('after a failure the selector is already stale or running again', async () => {
        // Running again: the render that shows the error has sent a second request...
        expect(api.requests).toHaveLength(2);
        // ...and stale once that one has failed too (another store, every request failing).
        api.answer(500);
        const other = mount();
        await settle();
        await settle();
        expect(other.initialized.get(selectorKeys(other)[0] ?? '')).toBe(false);
        api.answer(200, { text: 'From the hidden run.', author: 'H' });
      });
      const quotes = () => screen.getAllByText(/Could not load a quote|From the hidden run|Stay curious|Loading/);
      await clause('Try again does not refresh', async () => {
        // A refresh of the displayed selector would send a request at once; Try again sends none.
        const requests = api.requests.length;
        fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
        expect(api.requests).toHaveLength(requests);
      });
      await clause('only a newly mounted hook is sure to follow that run', async () => {
        // The new Quote follows the run in flight, which succeeds.
        expect(await screen.findByText('From the hidden run.')).toBeInTheDocument();
        expect(quotes()[0]).toHaveTextContent('From the hidden run.');
      });
      await clause('mount the component again', async () => {
        // The other copy, whose selector is stale: a new mount starts a run and follows it.
        api.answer(200, { text: 'Stay curious.', author: 'Ada' });
        const requests = api.requests.length;
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        expect(api.requests).toHaveLength(requests + 1);
        expect(await screen.findByText('Stay curious.')).toBeInTheDocument();
      });
      await clause('after a failure a refresh is not a reliable retry', async () => {
        const status = selector(async ({ signal }) => {
          const response = await fetch('/api/status', { signal });
          if (!response.ok) throw new Error(`failed (${response.status})`);
          return 'up';
        });
        api.answer(503);
        const view = render(
          <StanProvider>
            <NaiveRetry state={status} />
          </StanProvider>,
        );
        expect(await within(view.container).findByText('failed (503)')).toBeInTheDocument();
        await settle(); // the hidden run has failed too
        api.answer(200);
        fireEvent.click(within(view.container).getByRole('button', { name: 'Retry' }));
        for (let i = 0; i < 5; i += 1) await settle();
        expect(view.container).toHaveTextContent('Loading…');
      });
    },
  );

  claim(
    [
      'Another one refreshes the selector from the component that displays it, so the selector runs again at once and aborts the signal of the previous run. In this sample that run has always finished by then, since the button only shows once its quote has arrived',
    ],
    async (clause) => {
      // The sample's requests, with their signals and whether each has been answered.
      const requests: { signal: AbortSignal | undefined; answered: boolean }[] = [];
      const fakeFetch = globalThis.fetch;
      globalThis.fetch = ((input: string, init?: RequestInit) => {
        const request = { signal: init?.signal ?? undefined, answered: false };
        requests.push(request);
        return fakeFetch(input, init).then((response) => ((request.answered = true), response));
      }) as typeof fetch;
      api.answer(200, { text: 'First.', author: 'A' });
      mount();
      clause('since the button only shows once its quote has arrived', () => {
        expect(screen.getByText('Loading…')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Another one' })).toBeNull();
      });
      expect(await screen.findByText('First.')).toBeInTheDocument();
      api.answer(200, { text: 'Second.', author: 'B' });
      const before = requests.length;
      const previous = requests[before - 1];
      clause('In this sample that run has always finished by then', () => {
        expect(requests).toHaveLength(1);
        expect(previous?.answered).toBe(true);
      });
      fireEvent.click(screen.getByRole('button', { name: 'Another one' }));
      clause('so the selector runs again at once', () => {
        expect(requests.length).toBe(before + 1); // at once, not on a later read
      });
      clause('aborts the signal of the previous run', () => {
        expect(previous?.signal?.aborted).toBe(true);
        expect(previous?.signal?.reason).toBeInstanceOf(Aborted);
        expect(requests[before]?.signal?.aborted).toBe(false);
      });
      await clause('Another one refreshes the selector from the component that displays it', async () => {
        expect(screen.getByText('Loading…')).toBeInTheDocument();
        expect(await screen.findByText('Second.')).toBeInTheDocument();
        expect(screen.getByRole('figure')).toHaveTextContent('Second.B');
      });
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
  async (clause) => {
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
    const first = quote(store).get(); // run 1 in flight; the hook does not subscribe
    act(() => refreshQuote());
    clause('otherwise the selector only runs again on its next read', () => {
      expect(runs).toBe(1);
      expect(store.initialized.get(selectorKeys(store)[0] ?? '')).toBe(false);
      const next = quote(store).get(); // the next read runs it again
      expect(runs).toBe(2);
      expect(next).not.toBe(first);
    });
    await clause('the run in flight is not aborted', async () => {
      expect(signals.map((s) => s.aborted)).toEqual([false, false]);
      await act(async () => {
        await first;
      });
      await expect(first).resolves.toBe(2); // it ran to the end
      expect(signals[0]?.aborted).toBe(false);
    });
  },
);
