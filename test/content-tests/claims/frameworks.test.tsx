// Frameworks: which store the hooks use, per request on a server and per page in the browser.
import { useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { atom, DEFAULT_STORE, makeStore, Store } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { StoreProbe } from '../../support/store-probe';

const claim = claimsOf('getting-started/frameworks');

claim(
  [
    'A hook rendered outside any `StanProvider` uses `DEFAULT_STORE`, a single store created when the module loads',
    '`<StanProvider store={store}>` uses the store you pass',
    '`<StanProvider>` without a `store` prop creates a new, empty store for that provider instance and keeps it for as long as the provider stays mounted. It does not fall back to `DEFAULT_STORE`',
  ],
  (clause) => {
    const seen: Store[] = [];
    const mine = makeStore();
    renderToString(<StoreProbe seen={seen} />);
    renderToString(
      <StanProvider store={mine}>
        <StoreProbe seen={seen} />
      </StanProvider>,
    );
    const { rerender } = render(
      <StanProvider>
        <StoreProbe seen={seen} />
      </StanProvider>,
    );
    rerender(
      <StanProvider>
        <StoreProbe seen={seen} />
      </StanProvider>,
    );
    const [outside, passed, own, ownAgain] = seen;
    clause('A hook rendered outside any `StanProvider` uses `DEFAULT_STORE`', () => {
      expect(outside).toBe(DEFAULT_STORE);
    });
    clause('a single store created when the module loads', () => {
      jest.isolateModules(() => {
        // A fresh load of the package: the store is there, empty, before anything uses it, and every later import
        // of the module gets that one object.
        /* eslint-disable @typescript-eslint/no-require-imports */
        const fresh = require('@rkrupinski/stan') as typeof import('@rkrupinski/stan');
        expect(fresh.DEFAULT_STORE).toBeInstanceOf(fresh.Store);
        expect(fresh.DEFAULT_STORE.value.size).toBe(0);
        expect((require('@rkrupinski/stan') as typeof import('@rkrupinski/stan')).DEFAULT_STORE).toBe(fresh.DEFAULT_STORE);
        /* eslint-enable @typescript-eslint/no-require-imports */
      });
    });
    clause('`<StanProvider store={store}>` uses the store you pass', () => {
      expect(passed).toBe(mine);
    });
    clause('`<StanProvider>` without a `store` prop creates a new, empty store for that provider instance', () => {
      expect(own).toBeInstanceOf(Store);
      expect(own).not.toBe(mine);
      expect(own?.value.size).toBe(0);
    });
    clause('keeps it for as long as the provider stays mounted', () => {
      expect(ownAgain).toBe(own);
    });
    clause('It does not fall back to `DEFAULT_STORE`', () => {
      expect(own).not.toBe(DEFAULT_STORE);
    });
  },
);

claim(
  [
    'On a server, modules are shared between requests, so `DEFAULT_STORE` would leak state from one user to the next',
    'Any setup that renders on the server should therefore create a store per request: either by rendering `<StanProvider>` without a prop, or by creating the store inside your root component',
  ],
  (clause) => {
    const user = atom('anonymous');
    // The first request's handler writes its user; the second request renders.
    function Page() {
      return <p>{useStanValue(user)}</p>;
    }
    clause('On a server, modules are shared between requests', () => {
      // Two requests in one process load the package once: they get the same module and the same store.
      /* eslint-disable @typescript-eslint/no-require-imports */
      expect(require('@rkrupinski/stan')).toBe(require('@rkrupinski/stan'));
      expect((require('@rkrupinski/stan') as typeof import('@rkrupinski/stan')).DEFAULT_STORE).toBe(DEFAULT_STORE);
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    clause('so `DEFAULT_STORE` would leak state from one user to the next', () => {
      user(DEFAULT_STORE).get();
      user(DEFAULT_STORE).set('ada@example.com');
      expect(renderToString(<Page />)).toBe('<p>ada@example.com</p>');
    });
    clause('Any setup that renders on the server should therefore create a store per request', () => {
      expect(renderToString(<StanProvider store={makeStore()}><Page /></StanProvider>)).toBe('<p>anonymous</p>');
    });
    // Per-request stores: every render starts from the initial value.
    function Root({ children }: { children: ReactNode }) {
      const [store] = useState(makeStore);
      return <StanProvider store={store}>{children}</StanProvider>;
    }
    clause('either by rendering `<StanProvider>` without a prop', () => {
      expect(renderToString(<StanProvider><Page /></StanProvider>)).toBe('<p>anonymous</p>');
    });
    clause('or by creating the store inside your root component', () => {
      expect(renderToString(<Root><Page /></Root>)).toBe('<p>anonymous</p>');
    });
  },
);

claim(
  'When you pass your own store, create it once per component instance (for example with `useState(makeStore)`), not on every render, because a new `store` prop switches every hook below the provider to a new, empty store',
  () => {
    const clicks = atom(0);
    function Counter() {
      const [count, setCount] = useStan(clicks);
      return (
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {count}
        </button>
      );
    }
    let renderApp = () => {};
    function EveryRender() {
      const [, setTick] = useState(0);
      renderApp = () => setTick((t) => t + 1);
      return (
        <StanProvider store={makeStore()}>
          <Counter />
        </StanProvider>
      );
    }
    function OncePerInstance() {
      const [store] = useState(makeStore);
      const [, setTick] = useState(0);
      renderApp = () => setTick((t) => t + 1);
      return (
        <StanProvider store={store}>
          <Counter />
        </StanProvider>
      );
    }
    for (const [App, after] of [
      [EveryRender, '0'],
      [OncePerInstance, '2'],
    ] as const) {
      const { unmount } = render(<App />);
      act(() => screen.getByRole('button').click());
      act(() => screen.getByRole('button').click());
      expect(screen.getByRole('button')).toHaveTextContent('2');
      act(() => renderApp());
      expect(screen.getByRole('button')).toHaveTextContent(after);
      unmount();
    }
  },
);

claim(
  'Because `Providers` creates its store inside the component, each server render gets a fresh store, and the browser creates its own when it hydrates',
  (clause) => {
    const seen: Store[] = [];
    function Providers({ children }: { children: ReactNode }) {
      const [store] = useState(makeStore);
      return <StanProvider store={store}>{children}</StanProvider>;
    }
    const page = (
      <Providers>
        <StoreProbe seen={seen} />
      </Providers>
    );
    const html = renderToString(page);
    renderToString(page);
    clause('Because `Providers` creates its store inside the component, each server render gets a fresh store', () => {
      expect(seen).toHaveLength(2);
      expect(seen[0]).not.toBe(seen[1]);
      expect(seen).not.toContain(DEFAULT_STORE);
    });
    clause('the browser creates its own when it hydrates', () => {
      const container = document.createElement('div');
      container.innerHTML = html;
      render(page, { container, hydrate: true });
      expect(new Set(seen).size).toBe(3);
    });
  },
);

claim(
  'Because the provider has no `store` prop, each page rendered at build time gets its own empty store, and the browser gets one store that survives client-side navigation, since the root element stays mounted',
  (clause) => {
    const visits = atom(0);
    function StanRoot({ children }: { children: ReactNode }) {
      return <StanProvider>{children}</StanProvider>;
    }
    function Page({ name }: { name: string }) {
      const [count, setCount] = useStan(visits);
      return (
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {name}: {count}
        </button>
      );
    }
    clause('Because the provider has no `store` prop, each page rendered at build time gets its own empty store', () => {
      // Build time: each page is its own render, so each starts empty.
      const seen: Store[] = [];
      renderToString(<StanRoot><StoreProbe seen={seen} /></StanRoot>);
      renderToString(<StanRoot><StoreProbe seen={seen} /></StanRoot>);
      expect(seen[0]).not.toBe(seen[1]);
      expect(seen.map((store) => store.value.size)).toEqual([0, 0]);
    });
    // Browser: a client-side navigation swaps the page under the same root.
    const seen: Store[] = [];
    const { rerender } = render(<StanRoot><StoreProbe seen={seen} /><Page name="home" /></StanRoot>);
    act(() => screen.getByRole('button').click());
    rerender(<StanRoot><StoreProbe seen={seen} /><Page name="docs" /></StanRoot>);
    clause('the browser gets one store that survives client-side navigation', () => {
      expect(new Set(seen).size).toBe(1);
      expect(screen.getByRole('button')).toHaveTextContent('docs: 1');
    });
    clause('since the root element stays mounted', () => {
      // Remounted (a full page load), the root starts over with a new, empty store.
      rerender(<></>);
      rerender(<StanRoot><StoreProbe seen={seen} /><Page name="docs" /></StanRoot>);
      expect(new Set(seen).size).toBe(2);
      expect(screen.getByRole('button')).toHaveTextContent('docs: 0');
    });
  },
);
