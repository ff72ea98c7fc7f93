import { useState, useSyncExternalStore } from 'react';
import { makeStore, selectorFamily } from '@rkrupinski/stan';
import { StanProvider, useStanRefresher, useStanValueAsync } from '@rkrupinski/stan/react';
import * as styles from './styles.module.css';

type User = { id: number; name: string; loadedAt: string };

const USERS: Record<number, string> = { 1: 'Ada Lovelace', 2: 'Grace Hopper', 3: 'Alan Turing' };

const LATENCY_MS = 800;

// How many requests the fake API has received, per user id, so the demo can show them.
const requestCounts = new Map<number, number>();
const requestListeners = new Set<() => void>();

function countRequest(id: number) {
  requestCounts.set(id, (requestCounts.get(id) ?? 0) + 1);
  // Selectors run while React renders; listeners hear of it just after, not during another component's render.
  queueMicrotask(() => requestListeners.forEach((listener) => listener()));
}

const describeRequests = () =>
  [...requestCounts]
    .sort(([a], [b]) => a - b)
    .map(([id, n]) => `user ${id} × ${n}`)
    .join(', ') || 'none yet';

function subscribeToRequests(listener: () => void) {
  requestListeners.add(listener);
  return () => {
    requestListeners.delete(listener);
  };
}

// Stands in for fetch(): it resolves after a delay and stops early when the signal aborts.
function fakeFetchUser(id: number, signal: AbortSignal): Promise<User> {
  countRequest(id);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const name = USERS[id];
      if (name === undefined) reject(new Error(`User ${id} does not exist`));
      else resolve({ id, name, loadedAt: new Date().toLocaleTimeString() });
    }, LATENCY_MS);

    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

// One async selector per user id; only the 2 most recently used ids keep theirs.
const userById = selectorFamily<Promise<User>, number>(
  (id) =>
    ({ signal }) =>
      fakeFetchUser(id, signal),
  { tag: (id) => `user-${id}`, cachePolicy: { type: 'lru', maxSize: 2 } },
);

function UserStatus({ id }: { id: number }) {
  const user = useStanValueAsync(userById(id));

  // An aborted run rejects with an empty message while its replacement is already loading.
  const loading = user.type === 'loading' || (user.type === 'error' && user.reason === '');

  return (
    <p className={styles.status} role="status" aria-busy={loading}>
      {loading
        ? 'Loading…'
        : user.type === 'ready'
          ? `${user.value.name} (loaded at ${user.value.loadedAt})`
          : `Could not load user ${id}: ${user.type === 'error' ? user.reason : ''}`}
    </p>
  );
}

function UserCard({ id }: { id: number }) {
  const refresh = useStanRefresher(userById(id));
  // A new key mounts a new UserStatus, whose hook reads the selector afresh: after a failure, the hook
  // would otherwise miss the run that refresh starts (see the error handling guide).
  const [attempt, setAttempt] = useState(0);

  const reload = () => {
    refresh();
    setAttempt((n) => n + 1);
  };

  return (
    <section className={styles.card} aria-label={`User ${id}`}>
      <UserStatus key={attempt} id={id} />
      <button type="button" className={styles.secondary} onClick={reload}>
        Reload
      </button>
    </section>
  );
}

function RequestLog() {
  const sent = useSyncExternalStore(subscribeToRequests, describeRequests, describeRequests);
  return <p className={styles.log}>Requests sent: {sent}</p>;
}

export default function AsyncDataExample() {
  const [store] = useState(makeStore);
  const [id, setId] = useState(1);

  return (
    <StanProvider store={store}>
      <div className={styles.picker} role="group" aria-label="Choose a user">
        {[1, 2, 3, 4].map((n) => (
          <button
            key={n}
            type="button"
            className={n === id ? styles.selected : styles.secondary}
            aria-pressed={n === id}
            onClick={() => setId(n)}
          >
            User {n}
          </button>
        ))}
      </div>
      <UserCard id={id} />
      <RequestLog />
    </StanProvider>
  );
}
