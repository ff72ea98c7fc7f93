// The store page's claims that involve React.
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { atom, DEFAULT_STORE, makeStore, type Store } from '@rkrupinski/stan';
import { StanProvider, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('api/store');

const label = atom('empty', { tag: 'label' });
function Show() {
  return <p>{useStanValue(label)}</p>;
}

claim(['It is used by the React hooks when no `StanProvider` is rendered above them', "It is shared by every request the process handles, so one user's data would appear in the next user's page"], () => {
  label(DEFAULT_STORE).get();
  act(() => label(DEFAULT_STORE).set('from the default store'));
  render(<Show />);
  expect(screen.getByText('from the default store')).toBeInTheDocument();
  act(() => label(DEFAULT_STORE).set('empty'));
});

claim('Changing the store under a provider re-reads every state from the new store; values are not carried over', () => {
  const first = makeStore();
  label(first).get();
  label(first).set('first');
  const { rerender } = render(
    <StanProvider store={first}>
      <Show />
    </StanProvider>,
  );
  expect(screen.getByText('first')).toBeInTheDocument();
  rerender(
    <StanProvider store={makeStore()}>
      <Show />
    </StanProvider>,
  );
  expect(screen.getByText('empty')).toBeInTheDocument();
});

claim(
  [
    'A component tree under one provider never sees writes made to the other, even for the same atom definition',
    'share a store by passing the same object to both providers',
  ],
  () => {
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
    expect(screen.getByRole('region', { name: 'one' })).toHaveTextContent('written to one');
    expect(screen.getByRole('region', { name: 'two' })).toHaveTextContent('empty');
    expect(screen.getByRole('region', { name: 'shared' })).toHaveTextContent('written to one');
  },
);

claim(
  [
    'Pass `element` to your test renderer, and use `store` to make assertions or trigger updates from the test. Since every test gets its own store, no state leaks between tests',
  ],
  () => {
    const { renderable, username } = runSample<{
      renderable: (name: string) => { store: Store; element: ReactElement };
      username: typeof label;
    }>('api/store', 'test-utils.tsx');
    const first = renderable('Ada');
    const { unmount } = render(first.element);
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    act(() => username(first.store).set('Grace'));
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    unmount();
    const second = renderable('Alan');
    render(second.element);
    expect(screen.getByText('Hello, Alan')).toBeInTheDocument();
    expect(username(DEFAULT_STORE).get()).toBe('guest');
  },
);
