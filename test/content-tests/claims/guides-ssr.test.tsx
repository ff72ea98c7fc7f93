import { useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render } from '@testing-library/react';
import * as stan from '@rkrupinski/stan';
import { atom, DEFAULT_STORE, makeStore, selector, type Scoped, type Store, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanCtx, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { aliveAfterCollection } from '../../support/fixtures';
import { StoreProbe } from '../../support/store-probe';
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
  (clause) => {
    const a = atom('initial');
    const store = makeStore();
    a(store).get();
    a(store).set('seeded');
    const subscribe = jest.spyOn(a(store), 'subscribe');
    const get = jest.spyOn(a(store), 'get');
    function Show() {
      return <p>{useStanValue(a)}</p>;
    }
    const html = renderToString(<StanProvider store={store}><Show /></StanProvider>);
    clause("Stan's hooks work during server rendering", () => {
      expect(html).toBe('<p>seeded</p>');
    });
    clause('`useStanValue` reads the current value with `get()` while rendering', () => {
      expect(get).toHaveBeenCalled();
    });
    clause('so the HTML reflects whatever the store contains at that moment', () => {
      a(store).set('later');
      expect(renderToString(<StanProvider store={store}><Show /></StanProvider>)).toBe('<p>later</p>');
    });
    clause('Subscriptions are set up in effects, which only run in the browser', () => {
      expect(subscribe).not.toHaveBeenCalled();
      // In the browser, the same component subscribes once it is committed.
      const { unmount } = render(<StanProvider store={store}><Show /></StanProvider>);
      expect(subscribe).toHaveBeenCalled();
      unmount();
    });
  },
);

claim(
  [
    '`DEFAULT_STORE` is created once per process, so any value written to it during one request would be visible to the next',
    'Any component that calls a Stan hook outside a `StanProvider` uses `DEFAULT_STORE`',
    '// Request 2 is a different visitor, and sees the same cart.',
  ],
  (clause) => {
    const printed = printedBy('leak.tsx');
    clause('`DEFAULT_STORE` is created once per process', () => {
      // The same object wherever the package is imported in this process.
      expect(stan.DEFAULT_STORE).toBe(DEFAULT_STORE);
      expect(DEFAULT_STORE).toBeInstanceOf(stan.Store);
    });
    clause('so any value written to it during one request would be visible to the next', () => {
      expect(printed).toEqual(['<span>3 items</span>', '<span>3 items</span>']);
    });
    clause('Any component that calls a Stan hook outside a `StanProvider` uses `DEFAULT_STORE`', () => {
      const used: Store[] = [];
      renderToString(<StoreProbe seen={used} />);
      expect(used).toEqual([DEFAULT_STORE]);
    });
    clause('// Request 2 is a different visitor, and sees the same cart.', () => {
      expect(printed[1]).toBe(printed[0]);
    });
  },
);

claim(
  [
    'The fix is a store per request, given to a `StanProvider`. The marked lines are the change from the code above',
    '// Request 2 is a different visitor, with a store and an empty cart of its own.',
  ],
  (clause) => {
    const printed = printedBy('no-leak.tsx');
    clause('The fix is a store per request, given to a `StanProvider`', () => {
      expect(printed).toEqual(['<span>3 items</span>', '<span>0 items</span>']);
    });
    clause('The marked lines are the change from the code above', () => {
      // The diff starts from leak.tsx as printed: the same code and the same leak.
      const leak = printedBy('leak.tsx');
      const before = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        runSample('guides/ssr', 'no-leak.tsx', undefined, 'initial');
        expect(before.mock.calls.map((call) => call[0])).toEqual(leak);
      } finally {
        before.mockRestore();
      }
    });
    clause('// Request 2 is a different visitor, with a store and an empty cart of its own.', () => {
      expect(printed[1]).toBe('<span>0 items</span>');
    });
  },
);

claim(
  [
    'Render `<StanProvider>` without a `store` prop, which creates a store per provider instance',
    'Create the store inside your root component with `useState(makeStore)`',
    'Definitions created with `atom` and `selector` are safe to share between requests: the values live in the stores, not in the definitions',
  ],
  (clause) => {
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
    clause('Render `<StanProvider>` without a `store` prop, which creates a store per provider instance', () => {
      expect(renderToString(<StanProvider><Counter /></StanProvider>)).toBe('<span>0</span>');
      expect(renderToString(<StanProvider><Counter /></StanProvider>)).toBe('<span>0</span>');
    });
    clause('Create the store inside your root component with `useState(makeStore)`', () => {
      expect(renderToString(<Root />)).toBe('<span>0</span>');
      expect(renderToString(<Root />)).toBe('<span>0</span>');
    });
    clause('Definitions created with `atom` and `selector` are safe to share between requests', () => {
      // One `visits` definition served all four renders above, and no request saw another's write.
      expect(visits(DEFAULT_STORE).get()).toBe(0);
    });
    clause('the values live in the stores, not in the definitions', () => {
      const one = makeStore();
      const two = makeStore();
      visits(one).get();
      visits(one).set(7);
      expect([visits(one).get(), visits(two).get()]).toEqual([7, 0]);
      expect(Object.keys(visits)).toEqual([]);
    });
  },
);

claim(
  [
    'Since a write to an atom that was never read in a store is ignored',
    'a seeding helper reads first and then writes',
    'initializes the atom (and runs its effects) in this store',
  ],
  (clause) => {
    const { seed } = runSample<{ seed: <T>(store: Store, scoped: Scoped<WritableState<T>>, value: T) => void }>('guides/ssr', 'seed.ts');
    const effect = jest.fn();
    const user = atom<string | null>(null, { effects: [effect] });
    const store = makeStore();
    clause('Since a write to an atom that was never read in a store is ignored', () => {
      const other = makeStore();
      user(other).set('ignored');
      expect(user(other).get()).toBeNull();
      effect.mockClear();
    });
    seed(store, user, 'Ada');
    clause('a seeding helper reads first and then writes', () => {
      expect(user(store).get()).toBe('Ada');
    });
    clause('initializes the atom (and runs its effects) in this store', () => {
      expect(effect).toHaveBeenCalledTimes(1);
      expect([...store.initialized.values()]).toContain(true);
    });
  },
);

claim(['Create a store with `makeStore()` for each request and pass it to `StanProvider`', 'console.log(renderPage(\'Ada\')); // <h1>Welcome back, Ada</h1>', 'console.log(renderPage(null)); // <h1>Welcome, guest</h1>'], (clause) => {
  const before = DEFAULT_STORE.value.size;
  const printed = printedBy('render-page.tsx');
  clause('Create a store with `makeStore()` for each request and pass it to `StanProvider`', () => {
    // The sample's renders never touched the default store.
    expect(DEFAULT_STORE.value.size).toBe(before);
  });
  clause("console.log(renderPage('Ada')); // <h1>Welcome back, Ada</h1>", () => {
    expect(printed[0]).toBe('<h1>Welcome back, Ada</h1>');
  });
  clause('console.log(renderPage(null)); // <h1>Welcome, guest</h1>', () => {
    expect(printed).toEqual(['<h1>Welcome back, Ada</h1>', '<h1>Welcome, guest</h1>']);
  });
});

claim(
  [
    'Stan does not serialize stores, so the browser starts with empty stores',
    'Each request gets its own store on the server, and the browser builds a matching one before it hydrates',
    'Anything that changes the store later, such as a subscription, a timer or a user action, runs in the browser only and does not cause a mismatch',
    'Use the same component on both sides with the same `initial` object',
    'On the server the lazy `useState` initializer runs on every request; in the browser it runs once when the provider mounts, so later changes to `initial` are not applied automatically',
  ],
  async (clause) => {
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
    clause('Stan does not serialize stores', () => {
      // A store has nothing to send: its maps turn into empty objects.
      const full = makeStore();
      currentUser(full).get();
      currentUser(full).set('Grace');
      expect(JSON.stringify(full)).toBe('{"value":{},"mounted":{},"initialized":{}}');
    });
    clause('so the browser starts with empty stores', () => {
      expect(makeStore().value.size).toBe(0);
    });
    const html = renderToString(<StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>);
    const serverStore = clientStore;
    clause('Each request gets its own store on the server', () => {
      expect(html).toBe('<h1>Grace</h1>');
      expect(renderToString(<StoreProvider initial={{ user: 'Alan' }}><Header /></StoreProvider>)).toBe('<h1>Alan</h1>');
      expect(clientStore).not.toBe(serverStore);
    });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <StoreProvider initial={{ user: 'Grace' }}><Header /></StoreProvider>, { onRecoverableError: recoverable });
    });
    clause('Use the same component on both sides with the same `initial` object', () => {
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe('<h1>Grace</h1>');
    });
    clause('the browser builds a matching one before it hydrates', () => {
      expect(clientStore).not.toBe(serverStore);
      expect(currentUser(clientStore as Store).get()).toBe('Grace');
    });
    const hydratedStore = clientStore as Store;
    await act(async () => currentUser(hydratedStore).set('Later')); // a change after hydration: no mismatch
    clause('Anything that changes the store later, such as a subscription, a timer or a user action, runs in the browser only and does not cause a mismatch', () => {
      expect(container.innerHTML).toBe('<h1>Later</h1>');
      expect(recoverable).not.toHaveBeenCalled();
    });
    clause('On the server the lazy `useState` initializer runs on every request', () => {
      // Two server renders above, two initial users, two stores.
      expect(serverStore).toBeDefined();
      expect(html).not.toBe(renderToString(<StoreProvider initial={{ user: 'Ada' }}><Header /></StoreProvider>));
    });
    await act(async () => root?.render(<StoreProvider initial={{ user: 'Changed' }}><Header /></StoreProvider>));
    clause('in the browser it runs once when the provider mounts', () => {
      expect(clientStore).toBe(hydratedStore);
    });
    clause('so later changes to `initial` are not applied automatically', () => {
      expect(container.innerHTML).toBe('<h1>Later</h1>'); // not 'Changed': the initializer ran once
    });
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
  async (clause) => {
    let settled = 0;
    const work = jest.fn(async () => {
      await Promise.resolve();
      settled += 1;
      return 'data';
    });
    const data = selector(work);
    function Page() {
      return <p>{useStanValueAsync(data).type}</p>;
    }
    const html = renderToString(<StanProvider><Page /></StanProvider>);
    clause("`useStanValueAsync` has no Suspense integration and starts in `{ type: 'loading' }`, which is also what the server renders", () => {
      expect(html).toBe('<p>loading</p>');
    });
    clause('Async selectors that are read during server rendering still start their work on the server', () => {
      expect(work).toHaveBeenCalledTimes(1);
    });
    clause('since `get()` runs the selector', () => {
      // Creating the instance runs nothing; its first `get()` does.
      const before = work.mock.calls.length;
      const fresh = data(makeStore());
      expect(work).toHaveBeenCalledTimes(before);
      void fresh.get();
      expect(work).toHaveBeenCalledTimes(before + 1);
    });
    clause('The promise is not awaited during server rendering', () => {
      // renderToString returned before the server's run had settled.
      expect(settled).toBe(0);
    });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    const runsBeforeHydration = work.mock.calls.length;
    await act(async () => {
      root = hydrateRoot(container, <StanProvider><Page /></StanProvider>);
    });
    clause('the browser runs the selector again when it hydrates', () => {
      expect(work).toHaveBeenCalledTimes(runsBeforeHydration + 1);
      expect(container.innerHTML).toBe('<p>ready</p>');
    });
    clause('the results of such server-side runs are never sent to the browser', () => {
      // The server's HTML says loading, and nothing else carries the result.
      expect(html).not.toContain('data');
    });
    act(() => root?.unmount());
  },
);

claim(
  [
    'Atom and selector definitions cache the state instance they create for each store, and those caches keep the stores themselves reachable',
    'Stan has no API to release a store, so on a server every per-request store that rendered Stan state stays in memory for as long as the definitions it used',
  ],
  (clause) => {
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
    clause('Atom and selector definitions cache the state instance they create for each store', () => {
      const user = atom('guest');
      const store = makeStore();
      expect(user(store)).toBe(user(store));
    });
    clause('those caches keep the stores themselves reachable', () => {
      expect(alive).toEqual({ request1: true, request2: true, unused: false });
    });
    clause('Stan has no API to release a store', () => {
      expect(Object.keys(stan).filter((name) => /release|dispose|destroy|clear|delete|remove/i.test(name))).toEqual([]);
    });
    clause('so on a server every per-request store that rendered Stan state stays in memory for as long as the definitions it used', () => {
      expect([alive.request1, alive.request2]).toEqual([true, true]);
    });
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
