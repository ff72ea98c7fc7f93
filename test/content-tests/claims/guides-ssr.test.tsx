import { useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render } from '@testing-library/react';
import * as stan from '@rkrupinski/stan';
import { atom, DEFAULT_STORE, makeStore, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanCtx, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { aliveAfterCollection } from '../../support/fixtures';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('guides/ssr');

/** Runs a sample and returns what it printed with console.log. */
function printedBy(title: string): unknown[] {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    runSample('guides/ssr', title);
    return log.mock.calls.map((call) => call[0]);
  } finally {
    log.mockRestore();
  }
}

claim(
  [
    "Stan's hooks work during server rendering: `useStanValue` reads the current value with `get()` while rendering, so the HTML reflects whatever the store contains at that moment",
    'Subscriptions are set up in effects, which only run in the browser',
  ],
  () => {
    const a = atom('initial');
    const store = makeStore();
    a(store).get();
    a(store).set('seeded');
    const subscribe = jest.spyOn(a(store), 'subscribe');
    function Show() {
      return <p>{useStanValue(a)}</p>;
    }
    expect(renderToString(<StanProvider store={store}><Show /></StanProvider>)).toBe('<p>seeded</p>');
    expect(subscribe).not.toHaveBeenCalled();
  },
);

claim(
  [
    '`DEFAULT_STORE` is created once per process, so any value written to it during one request would be visible to the next',
    'Any component that calls a Stan hook outside a `StanProvider` uses `DEFAULT_STORE`',
    '// Request 2 is a different visitor, and sees the same cart.',
  ],
  () => {
    expect(printedBy('leak.tsx')).toEqual(['<span>3 items</span>', '<span>3 items</span>']);
  },
);

claim(
  [
    'The fix is a store per request, given to a `StanProvider`. The marked lines are the change from the code above',
    '// Request 2 is a different visitor, with a store and an empty cart of its own.',
  ],
  () => {
    expect(printedBy('no-leak.tsx')).toEqual(['<span>3 items</span>', '<span>0 items</span>']);
    // The diff starts from leak.tsx as printed: the same code and the same leak.
    const leak = printedBy('leak.tsx');
    const before = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      runSample('guides/ssr', 'no-leak.tsx', undefined, 'initial');
      expect(before.mock.calls.map((call) => call[0])).toEqual(leak);
    } finally {
      before.mockRestore();
    }
  },
);

claim(
  [
    'Render `<StanProvider>` without a `store` prop, which creates a store per provider instance',
    'Create the store inside your root component with `useState(makeStore)`',
    'Definitions created with `atom` and `selector` are safe to share between requests: the values live in the stores, not in the definitions',
  ],
  () => {
    const visits = atom(0);
    function Counter() {
      const [n] = useStan(visits);
      const { store } = useStanCtx();
      visits(store).set(n + 1); // a write during render, only to show each request starts fresh
      return <span>{n}</span>;
    }
    function Root() {
      const [store] = useState(makeStore);
      return (
        <StanProvider store={store}>
          <Counter />
        </StanProvider>
      );
    }
    expect(renderToString(<Root />)).toBe('<span>0</span>');
    expect(renderToString(<Root />)).toBe('<span>0</span>');
    expect(renderToString(<StanProvider><Counter /></StanProvider>)).toBe('<span>0</span>');
    expect(renderToString(<StanProvider><Counter /></StanProvider>)).toBe('<span>0</span>');
    expect(visits(DEFAULT_STORE).get()).toBe(0);
  },
);

claim(
  [
    'Since a write to an atom that was never read in a store is ignored',
    'a seeding helper reads first and then writes',
    'initializes the atom (and runs its effects) in this store',
  ],
  () => {
    const { seed } = runSample<{ seed: <T>(store: Store, scoped: Scoped<WritableState<T>>, value: T) => void }>('guides/ssr', 'seed.ts');
    const effect = jest.fn();
    const user = atom<string | null>(null, { effects: [effect] });
    const store = makeStore();
    seed(store, user, 'Ada');
    expect(effect).toHaveBeenCalledTimes(1);
    expect(user(store).get()).toBe('Ada');
  },
);

claim(['Create a store with `makeStore()` for each request and pass it to `StanProvider`', 'console.log(renderPage(\'Ada\')); // <h1>Welcome back, Ada</h1>', 'console.log(renderPage(null)); // <h1>Welcome, guest</h1>'], () => {
  const before = DEFAULT_STORE.value.size;
  expect(printedBy('render-page.tsx')).toEqual(['<h1>Welcome back, Ada</h1>', '<h1>Welcome, guest</h1>']);
  expect(DEFAULT_STORE.value.size).toBe(before);
});

claim(
  [
    'Stan does not serialize stores, so the browser starts with empty stores',
    'Each request gets its own store on the server, and the browser builds a matching one before it hydrates',
    'Anything that changes the store later, such as a subscription, a timer or a user action, runs in the browser only and does not cause a mismatch',
    'Use the same component on both sides with the same `initial` object',
    'On the server the lazy `useState` initializer runs on every request; in the browser it runs once when the provider mounts, so later changes to `initial` are not applied automatically',
  ],
  async () => {
    const { StoreProvider, currentUser } = runSample<{
      StoreProvider: ComponentType<{ initial: { user: string | null }; children: ReactNode }>;
      currentUser: Scoped<WritableState<string | null>>;
    }>('guides/ssr', 'StoreProvider.tsx');
    let clientStore: Store | undefined;
    function Header() {
      const user = useStanValue(currentUser);
      clientStore = useStanCtx().store;
      return <h1>{user ?? 'guest'}</h1>;
    }
    expect(JSON.stringify(makeStore())).toBe('{"value":{},"mounted":{},"initialized":{}}');
    const html = renderToString(<StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>);
    expect(html).toBe('<h1>Grace</h1>');
    expect(renderToString(<StoreProvider initial={{ user: 'Alan' }}><Header /></StoreProvider>)).toBe('<h1>Alan</h1>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('<h1>Grace</h1>');
    const hydratedStore = clientStore as Store;
    await act(async () => currentUser(hydratedStore).set('Later')); // a change after hydration: no mismatch
    expect(container.innerHTML).toBe('<h1>Later</h1>');
    expect(recoverable).not.toHaveBeenCalled();
    await act(async () => root?.render(<StoreProvider initial={{ user: 'Changed' }}><Header /></StoreProvider>));
    expect(container.innerHTML).toBe('<h1>Later</h1>'); // not 'Changed': the initializer ran once
    expect(clientStore).toBe(hydratedStore);
    act(() => root?.unmount());
  },
);

claim(
  [
    "`useStanValueAsync` has no Suspense integration and starts in `{ type: 'loading' }`, which is also what the server renders",
    'Async selectors that are read during server rendering still start their work on the server, since `get()` runs the selector',
    'The promise is not awaited during server rendering, and the browser runs the selector again when it hydrates',
    'the results of such server-side runs are never sent to the browser',
  ],
  async () => {
    const work = jest.fn(async () => 'data');
    const data = selector(work);
    function Page() {
      return <p>{useStanValueAsync(data).type}</p>;
    }
    const html = renderToString(<StanProvider><Page /></StanProvider>);
    expect(html).toBe('<p>loading</p>');
    expect(work).toHaveBeenCalledTimes(1);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <StanProvider><Page /></StanProvider>);
    });
    expect(work).toHaveBeenCalledTimes(2);
    expect(container.innerHTML).toBe('<p>ready</p>');
    act(() => root?.unmount());
  },
);

claim(
  [
    'Atom and selector definitions cache the state instance they create for each store, and those caches keep the stores themselves reachable',
    'Stan has no API to release a store, so on a server every per-request store that rendered Stan state stays in memory for as long as the definitions it used',
  ],
  () => {
    // Per-request stores, rendered with and then dropped: the ones a definition was used with outlive collection
    // (a weak cache would let them go); a store nothing used is collected, which shows the probe can tell.
    const alive = aliveAfterCollection(`const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const { atom, makeStore, selector } = require('@rkrupinski/stan');
const { StanProvider, useStanValue } = require('@rkrupinski/stan/react');
const user = atom('guest');
const greeting = selector(({ get }) => 'Hello, ' + get(user));
const Page = () => createElement('p', null, useStanValue(greeting));
let request1 = makeStore();
let request2 = makeStore();
let unused = makeStore();
renderToString(createElement(StanProvider, { store: request1 }, createElement(Page)));
renderToString(createElement(StanProvider, { store: request2 }, createElement(Page)));
refs.request1 = new WeakRef(request1);
refs.request2 = new WeakRef(request2);
refs.unused = new WeakRef(unused);
request1 = request2 = unused = null;`);
    expect(alive).toEqual({ request1: true, request2: true, unused: false });
    expect(Object.keys(stan).filter((name) => /release|dispose|destroy|clear/i.test(name))).toEqual([]);
  },
);

claim(
  'Seeding in the initializer, before anything renders, also means no component can miss the write',
  () => {
    const { StoreProvider, currentUser } = runSample<{
      StoreProvider: ComponentType<{ initial: { user: string | null }; children: ReactNode }>;
      currentUser: Scoped<WritableState<string | null>>;
    }>('guides/ssr', 'StoreProvider.tsx');
    function Header() {
      return <h1>{useStanValue(currentUser) ?? 'guest'}</h1>;
    }
    const { container } = render(
      <StoreProvider initial={{ user: 'Grace' }}>
        <Header />
      </StoreProvider>,
    );
    expect(container.innerHTML).toBe('<h1>Grace</h1>');
  },
);
