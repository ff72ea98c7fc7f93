// Examples page: what it tells readers to try, done on the live examples themselves (the same modules the page
// shows and mounts).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import CounterExample from '@src/examples/counter';
import AsyncDataExample from '@src/examples/async-data';
import { claimsOf } from '../../support/claims';

const claim = claimsOf('getting-started/examples');

/** The async example's request log, as numbers per user id (it counts for the whole page, across mounts). */
function requestCounts(): Record<number, number> {
  const text = screen.getByText(/^Requests sent:/).textContent ?? '';
  return Object.fromEntries([...text.matchAll(/user (\d+) × (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]));
}

const advance = async (ms: number) => {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
};
const pick = (n: number) => fireEvent.click(screen.getByRole('button', { name: `User ${n}` }));
const status = () => screen.getByRole('status');

describe('counter', () => {
  claim(
    'React calls `makeStore` once, when the demo mounts, and keeps that store for as long as the demo stays on the page, through every re-render',
    () => {
      const { rerender } = render(<CounterExample />);
      fireEvent.click(screen.getByRole('button', { name: '+1' }));
      fireEvent.click(screen.getByRole('button', { name: '+1' }));
      rerender(<CounterExample />);
      rerender(<CounterExample />);
      expect(screen.getByRole('status', { name: 'Count' })).toHaveTextContent('2');
    },
  );
});

describe('async data', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  claim(
    [
      'It also counts the requests it receives, and the line under the card shows the counts, so you can see when Stan runs a selector',
      'the `lru` policy of the family keeps the selectors of the 2 most recently used ids',
      'Go to user 2 and back to user 1: user 1 shows at once, with the same "loaded at" time, and its request count stays at 1',
      "Then go to user 2, then user 3, then user 1: users 2 and 3 pushed user 1's selector out of the family, so user 1 loads again and its count goes up to 2",
    ],
    async () => {
      render(<AsyncDataExample />);
      await advance(1000);
      const shown = status().textContent;
      expect(shown).toMatch(/^Ada Lovelace/);
      const start = requestCounts();

      pick(2);
      await advance(1000);
      pick(1);
      await advance(0);
      expect(status().textContent).toBe(shown);
      expect(requestCounts()[1]).toBe(start[1]);

      pick(2);
      await advance(1000);
      pick(3);
      await advance(1000);
      pick(1);
      await advance(0);
      expect(status()).toHaveTextContent('Loading…');
      expect(requestCounts()[1]).toBe((start[1] ?? 0) + 1);
      await advance(1000);
      expect(status()).toHaveTextContent(/^Ada Lovelace/);
    },
  );

  claim(
    "The request count goes up by two, and only the second request's user is shown",
    async () => {
      render(<AsyncDataExample />);
      await advance(1000);
      const start = requestCounts()[1] ?? 0;
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(100);
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(0);
      expect(requestCounts()[1]).toBe(start + 2);
      expect(status()).toHaveTextContent('Loading…');
      await advance(1000);
      expect(status()).toHaveTextContent(/^Ada Lovelace/);
      expect(requestCounts()[1]).toBe(start + 2);
    },
  );

  claim(
    [
      'Watch the count for user 4: it is already 2 when the error appears, before you press anything',
      'Showing the error started one more run in the background (the hook reads the stale selector while rendering the error)',
    ],
    async () => {
      render(<AsyncDataExample />);
      const start = requestCounts()[4] ?? 0;
      pick(4);
      await advance(0);
      expect(requestCounts()[4]).toBe(start + 1);
      await advance(800);
      expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
      await advance(0); // the log hears of the hidden run a microtask after the error render started it
      expect(requestCounts()[4]).toBe(start + 2);
      await advance(2000); // and nothing more happens until someone presses Reload
      expect(requestCounts()[4]).toBe(start + 2);
      expect(within(screen.getByRole('group', { name: 'Choose a user' })).getByRole('button', { name: 'User 4' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    },
  );

  claim(
    [
      'Press Reload on user 4, and its count goes up by three',
      'The same press on a user that loaded fine sends one request: there the selector is not stale, so the new status line follows the refresh\'s run',
    ],
    async () => {
      render(<AsyncDataExample />);
      await advance(1000);
      const healthy = requestCounts()[1] ?? 0;
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(1000);
      expect(status()).toHaveTextContent(/^Ada Lovelace/);
      expect(requestCounts()[1]).toBe(healthy + 1);

      pick(4);
      await advance(800);
      await advance(0);
      expect(status()).toHaveTextContent('Could not load user 4');
      await advance(1000); // the hidden run has failed too
      for (let press = 0; press < 2; press += 1) {
        const before = requestCounts()[4] ?? 0;
        fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
        await advance(800);
        await advance(0);
        expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
        await advance(1000);
        expect(requestCounts()[4]).toBe(before + 3);
      }
    },
  );
});
