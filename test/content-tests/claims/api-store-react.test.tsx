// The store page's claims that involve React.
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { atom, DEFAULT_STORE, makeStore, type Store } from '@rkrupinski/stan';
import { renderToString } from 'react-dom/server';
import { StanProvider, useSetStanValue, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/store');

const label = atom('empty', { tag: 'label' });
function Show() {
  return <p>{useStanValue(label)}</p>;
}

claim(['It is used by the React hooks when no `StanProvider` is rendered above them', "It is shared by every request the process handles, so one user's data would appear in the next user's page"], (clause) => {
  label(DEFAULT_STORE).get();
  try {
    clause('It is used by the React hooks when no `StanProvider` is rendered above them', () => {
      act(() => label(DEFAULT_STORE).set('from the default store'));
      render(<Show />);
      expect(screen.getByText('from the default store')).toBeInTheDocument();
    });
    // Two server renders in one process, as two requests: the first writes its user's data while rendering.
    function Page({ user }: { user?: string }) {
      const set = useSetStanValue(label);
      if (user) set(`${user}'s cart`);
      return <Show />;
    }
    const first = renderToString(<Page user="Ada" />);
    const second = renderToString(<Page />);
    clause('It is shared by every request the process handles', () => {
      expect(first).toBe("<p>Ada&#x27;s cart</p>");
      expect(label(DEFAULT_STORE).get()).toBe("Ada's cart");
    });
    clause("so one user's data would appear in the next user's page", () => {
      expect(second).toBe("<p>Ada&#x27;s cart</p>");
    });
  } finally {
    act(() => label(DEFAULT_STORE).set('empty'));
  }
});

claim('Changing the store under a provider re-reads every state from the new store; values are not carried over', (clause) => {
  const first = makeStore();
  label(first).get();
  label(first).set('first');
  const second = makeStore();
  label(second).get();
  label(second).set('second');
  const { rerender } = render(
    <StanProvider store={first}>
      <Show />
    </StanProvider>,
  );
  expect(screen.getByText('first')).toBeInTheDocument();
  clause('Changing the store under a provider re-reads every state from the new store', () => {
    rerender(
      <StanProvider store={second}>
        <Show />
      </StanProvider>,
    );
    expect(screen.getByText('second')).toBeInTheDocument();
    // And follows that store's writes from then on.
    act(() => label(second).set('second, again'));
    expect(screen.getByText('second, again')).toBeInTheDocument();
  });
  clause('values are not carried over', () => {
    rerender(
      <StanProvider store={makeStore()}>
        <Show />
      </StanProvider>,
    );
    expect(screen.getByText('empty')).toBeInTheDocument();
    expect(label(first).get()).toBe('first');
  });
});

claim(
  [
    'A component tree under one provider never sees writes made to the other, even for the same atom definition',
    'share a store by passing the same object to both providers',
  ],
  (clause) => {
    const one = makeStore();
    const two = makeStore();
    render(
      <>
        <section aria-label="one">
          <StanProvider store={one}>
            <Show />
          </StanProvider>
        </section>
        <section aria-label="two">
          <StanProvider store={two}>
            <Show />
          </StanProvider>
        </section>
        <section aria-label="shared">
          <StanProvider store={one}>
            <Show />
          </StanProvider>
        </section>
      </>,
    );
    act(() => label(one).set('written to one'));
    clause('A component tree under one provider never sees writes made to the other', () => {
      expect(screen.getByRole('region', { name: 'one' })).toHaveTextContent('written to one');
      expect(screen.getByRole('region', { name: 'two' })).toHaveTextContent('empty');
      act(() => label(two).set('written to two'));
      expect(screen.getByRole('region', { name: 'one' })).toHaveTextContent('written to one');
    });
    clause('even for the same atom definition', () => {
      // Every tree shows the one `label` atom.
      expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['written to one', 'written to two', 'written to one']);
    });
    clause('share a store by passing the same object to both providers', () => {
      expect(screen.getByRole('region', { name: 'shared' })).toHaveTextContent('written to one');
      act(() => label(one).set('seen by both'));
      expect(screen.getByRole('region', { name: 'shared' })).toHaveTextContent('seen by both');
    });
  },
);

claim(
  [
    'Pass `element` to your test renderer, and use `store` to make assertions or trigger updates from the test. Since every test gets its own store, no state leaks between tests',
  ],
  (clause) => {
    const { renderable, username } = runSample<{
      renderable: (name: string) => { store: Store; element: ReactElement };
      username: typeof label;
    }>('api/store', 'test-utils.tsx');
    const first = renderable('Ada');
    const { unmount } = clause('Pass `element` to your test renderer', () => {
      const rendered = render(first.element);
      expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
      return rendered;
    });
    clause('use `store` to make assertions', () => {
      expect(username(first.store).get()).toBe('Ada');
    });
    clause('trigger updates from the test', () => {
      act(() => username(first.store).set('Grace'));
      expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    });
    unmount();
    const second = renderable('Alan');
    clause('Since every test gets its own store', () => {
      expect(second.store).not.toBe(first.store);
      expect(second.store).not.toBe(DEFAULT_STORE);
    });
    clause('no state leaks between tests', () => {
      render(second.element);
      expect(screen.getByText('Hello, Alan')).toBeInTheDocument();
      expect(username(first.store).get()).toBe('Grace');
      expect(username(DEFAULT_STORE).get()).toBe('guest');
    });
  },
);
