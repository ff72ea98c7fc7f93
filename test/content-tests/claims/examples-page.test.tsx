// Examples page: what it tells readers to try, done on the live examples themselves (the same modules the page
// shows and mounts).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { makeStore } from '@rkrupinski/stan';
import CounterExample from '@src/examples/counter';
import AsyncDataExample from '@src/examples/async-data';
import { claimsOf } from '../../support/claims';

const claim = claimsOf('getting-started/examples');

// The package as it is, with `makeStore` watched: the counter's store comes from it.
jest.mock('@rkrupinski/stan', () => {
  const actual = jest.requireActual<typeof import('@rkrupinski/stan')>('@rkrupinski/stan');
  return { ...actual, makeStore: jest.fn(actual.makeStore) };
});

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
    (clause) => {
      const made = jest.mocked(makeStore);
      made.mockClear();
      const { rerender, unmount } = clause('when the demo mounts', () => {
        const rendered = render(<CounterExample />);
        expect(made).toHaveBeenCalledTimes(1);
        return rendered;
      });
      const count = () => screen.getByRole('status', { name: 'Count' });
      fireEvent.click(screen.getByRole('button', { name: '+1' }));
      fireEvent.click(screen.getByRole('button', { name: '+1' }));
      clause('through every re-render', () => {
        rerender(<CounterExample />);
        rerender(<CounterExample />);
        expect(count()).toHaveTextContent('2');
      });
      clause('React calls `makeStore` once', () => {
        expect(made).toHaveBeenCalledTimes(1);
      });
      clause('keeps that store for as long as the demo stays on the page', () => {
        fireEvent.click(screen.getByRole('button', { name: '+1' }));
        expect(count()).toHaveTextContent('3');
        // Taken off the page, the store goes with it: mounted again, the demo makes a new one and starts at 0.
        unmount();
        render(<CounterExample />);
        expect(made).toHaveBeenCalledTimes(2);
        expect(count()).toHaveTextContent('0');
      });
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
    async (clause) => {
      // The first async test of this file: the page's request log starts empty.
      render(<AsyncDataExample />);
      await advance(1000);
      const shown = status().textContent;
      expect(shown).toMatch(/^Ada Lovelace/);
      clause('It also counts the requests it receives', () => {
        expect(requestCounts()).toEqual({ 1: 1 });
      });
      clause('the line under the card shows the counts', () => {
        expect(screen.getByText(/^Requests sent:/)).toHaveTextContent(/user 1 × 1/);
      });
      pick(2);
      await advance(1000);
      clause('so you can see when Stan runs a selector', () => {
        // Choosing user 2 ran the family's selector for id 2 once: one more request, for user 2.
        expect(requestCounts()).toEqual({ 1: 1, 2: 1 });
      });
      pick(1);
      await advance(0);
      clause('Go to user 2 and back to user 1: user 1 shows at once', () => {
        expect(status()).not.toHaveTextContent('Loading…');
        expect(status()).toHaveTextContent(/^Ada Lovelace/);
      });
      clause('with the same "loaded at" time', () => {
        expect(shown).toMatch(/loaded at/);
        expect(status().textContent).toBe(shown);
      });
      clause('its request count stays at 1', () => {
        expect(requestCounts()[1]).toBe(1);
      });

      pick(2);
      await advance(1000);
      pick(3);
      await advance(1000);
      pick(1);
      await advance(0);
      clause("Then go to user 2, then user 3, then user 1: users 2 and 3 pushed user 1's selector out of the family", () => {
        // User 2 was still kept (no new request for it); user 1's selector was not, so it starts over.
        expect(requestCounts()[2]).toBe(1);
        expect(status()).toHaveTextContent('Loading…');
      });
      pick(3);
      await advance(0);
      clause('the `lru` policy of the family keeps the selectors of the 2 most recently used ids', () => {
        // 2 and 3 were the two most recently used when 1 came back, and 3 is still kept: it shows at once.
        expect(status()).not.toHaveTextContent('Loading…');
        expect(requestCounts()[3]).toBe(1);
      });
      pick(1);
      await advance(0);
      await clause('so user 1 loads again', async () => {
        await advance(1000);
        expect(status()).toHaveTextContent(/^Ada Lovelace/);
      });
      clause('its count goes up to 2', () => {
        expect(requestCounts()[1]).toBe(2);
      });
    },
  );

  claim(
    "The request count goes up by two, and only the second request's user is shown",
    async (clause) => {
      render(<AsyncDataExample />);
      await advance(1000);
      const start = requestCounts()[1] ?? 0;
      // Two presses 100 ms apart; each request answers 800 ms after it was sent, stamped with the time it answered.
      jest.setSystemTime(new Date('2030-01-01T12:00:00'));
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(100);
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(0);
      clause('The request count goes up by two', () => {
        expect(requestCounts()[1]).toBe(start + 2);
      });
      await advance(750);
      await clause("only the second request's user is shown", async () => {
        // The first request has answered (at 800 ms), and the card still waits for the second.
        expect(status()).toHaveTextContent('Loading…');
        await advance(100);
        const second = new Date('2030-01-01T12:00:00.900').toLocaleTimeString();
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${second})`);
        expect(requestCounts()[1]).toBe(start + 2);
      });
    },
  );

  claim(
    [
      'Watch the count for user 4: it is already 2 when the error appears, before you press anything',
      'Showing the error started one more run in the background (the hook reads the stale selector while rendering the error)',
    ],
    async (clause) => {
      render(<AsyncDataExample />);
      const start = requestCounts()[4] ?? 0;
      pick(4);
      await advance(0);
      expect(requestCounts()[4]).toBe(start + 1);
      await advance(800);
      expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
      const atError = requestCounts()[4];
      await advance(0); // the log hears of the hidden run a microtask after the error render started it
      clause('Showing the error started one more run in the background (the hook reads the stale selector while rendering the error)', () => {
        expect(atError).toBe(start + 1);
        expect(requestCounts()[4]).toBe(start + 2);
        // In the background: the card keeps showing the error, not "Loading…".
        expect(status()).toHaveTextContent('Could not load user 4');
      });
      clause('Watch the count for user 4: it is already 2 when the error appears', () => {
        expect(start).toBe(0);
        expect(screen.getByText(/^Requests sent:/)).toHaveTextContent(/user 4 × 2/);
      });
      await advance(2000); // and nothing more happens until someone presses Reload
      clause('before you press anything', () => {
        expect(requestCounts()[4]).toBe(start + 2);
        // The only press was the choice of user 4.
        expect(within(screen.getByRole('group', { name: 'Choose a user' })).getByRole('button', { name: 'User 4' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      });
    },
  );

  claim(
    [
      'Press Reload on user 4, and its count goes up by three',
      'The same press on a user that loaded fine sends one request: there the selector is not stale, so the new status line follows the refresh\'s run',
    ],
    async (clause) => {
      render(<AsyncDataExample />);
      await advance(1000);
      const healthy = requestCounts()[1] ?? 0;
      const before = status().textContent;
      jest.setSystemTime(new Date('2031-01-01T08:00:00'));
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      await advance(0);
      clause('there the selector is not stale', () => {
        // The press itself is the one run: nothing ran before it, and the card waits for it.
        expect(requestCounts()[1]).toBe(healthy + 1);
        expect(status()).toHaveTextContent('Loading…');
      });
      await advance(1000);
      clause('The same press on a user that loaded fine sends one request', () => {
        expect(requestCounts()[1]).toBe(healthy + 1);
      });
      clause("so the new status line follows the refresh's run", () => {
        const answered = new Date('2031-01-01T08:00:00.800').toLocaleTimeString();
        expect(status()).toHaveTextContent(`Ada Lovelace (loaded at ${answered})`);
        expect(status().textContent).not.toBe(before);
      });

      pick(4);
      await advance(800);
      await advance(0);
      expect(status()).toHaveTextContent('Could not load user 4');
      await advance(1000); // the hidden run has failed too
      await clause('Press Reload on user 4, and its count goes up by three', async () => {
        for (let press = 0; press < 2; press += 1) {
          const start = requestCounts()[4] ?? 0;
          fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
          await advance(800);
          await advance(0);
          expect(status()).toHaveTextContent('Could not load user 4: User 4 does not exist');
          await advance(1000);
          expect(requestCounts()[4]).toBe(start + 3);
        }
      });
    },
  );
});
