import type { ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Aborted, atom, makeStore, reset, selector, type ReadonlyState, type Scoped, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStanValueAsync } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';

const claim = claimsOf('guides/error-handling');

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

claim(
  [
    'When a selector throws during `get()`, the error propagates to the caller and no result is stored. The next `get()` runs the selector again',
    'In React, `useStanValue` reads while rendering, so the error is thrown during render and the nearest error boundary catches it',
  ],
  () => {
    let fail = true;
    const s = selector(() => {
      if (fail) throw new Error('broken');
      return 'fine';
    });
    const store = makeStore();
    expect(() => s(store).get()).toThrow('broken');
    expect(store.value.size).toBe(0);
    fail = false;
    expect(s(store).get()).toBe('fine');
  },
);

claim(
  [
    'A selector that has already run re-runs synchronously when a dependency changes',
    'If that re-run throws, the error is thrown out of the `set` call that changed the dependency, the atom keeps its new value, the selector keeps its previous result, and its subscribers are not notified',
    'Reading the selector returns that previous result without running it again, and from then on it only follows the dependencies it read before the throw',
    "The atom's subscribers that `set` had not called yet are skipped for that update too",
    'The atom\'s `onSet` callbacks come after all subscribers, so they are always skipped',
    'console.log(ratio(store).get()); // 100, the last successful result',
  ],
  () => {
    const saved: number[] = [];
    const divisor = atom(1, { effects: [({ onSet }) => onSet((v) => saved.push(v))] });
    const scale = atom(100);
    const runs = jest.fn();
    const ratio = selector(({ get }) => {
      runs();
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return get(scale) / d;
    });
    const store = makeStore();
    expect(ratio(store).get()).toBe(100);
    const subscriber = jest.fn();
    ratio(store).subscribe(subscriber);
    const later = jest.fn();
    divisor(store).subscribe(later);
    expect(() => divisor(store).set(0)).toThrow('Cannot divide by zero');
    expect(divisor(store).get()).toBe(0);
    expect(ratio(store).get()).toBe(100);
    expect(runs).toHaveBeenCalledTimes(2);
    expect(subscriber).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    scale(store).set(200); // read after the throw point: no longer followed
    expect(runs).toHaveBeenCalledTimes(2);
    divisor(store).set(2); // read before it: followed
    expect(ratio(store).get()).toBe(100);
    // The page's own sample prints what its comments say.
    const printed = printedBy('guides/error-handling', 'ratio.ts');
    expect(printed).toEqual(['100', 'Cannot divide by zero', '0', '100']);
    expect(printed).toEqual(commentedOutput('guides/error-handling', 'ratio.ts'));
  },
);

claim('A selector whose very first read threw is in the same position, since it already listens to what it read before the throw', () => {
  const divisor = atom(0);
  const ratio = selector(({ get }) => {
    const d = get(divisor);
    if (d < 1) throw new Error(`Cannot divide by ${d}`);
    return 100 / d;
  });
  const store = makeStore();
  expect(() => ratio(store).get()).toThrow('Cannot divide by 0');
  expect(() => divisor(store).set(-1)).toThrow('Cannot divide by -1');
  expect(divisor(store).get()).toBe(-1);
});

claim(
  'Which ones those are changes from write to write, because a selector moves to the end of the atom\'s subscriber list each time it runs',
  () => {
    const saved: number[] = [];
    const divisor = atom(1, { effects: [({ onSet }) => onSet((v) => saved.push(v))] });
    const ratio = selector(({ get }) => {
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return 100 / d;
    });
    const store = makeStore();
    ratio(store).get();
    const logged: number[] = [];
    divisor(store).subscribe((v) => logged.push(v));
    divisor(store).set(4); // ratio runs first, then moves behind the logger
    expect(saved).toEqual([4]);
    expect(() => divisor(store).set(0)).toThrow('Cannot divide by zero');
    // This time the logger ran before the failing selector; onSet still missed the write.
    expect(logged).toEqual([4, 0]);
    expect(saved).toEqual([4]);
  },
);

claim('To keep failures inside the state graph, return them as values instead of throwing', () => {
  type Result = { ok: true; value: number } | { ok: false; error: string };
  const { amount, amountInput } = runSample<{ amount: Scoped<ReadonlyState<Result>>; amountInput: Scoped<WritableState<string>> }>(
    'guides/error-handling',
    'amount.ts',
  );
  const store = makeStore();
  expect(amount(store).get()).toEqual({ ok: false, error: 'Enter a number' });
  expect(() => amountInput(store).set('abc')).not.toThrow(); // a bad input is a value, not an exception out of set
  expect(amount(store).get()).toEqual({ ok: false, error: 'Enter a number' });
  amountInput(store).set(' 42 ');
  expect(amount(store).get()).toEqual({ ok: true, value: 42 });
});

describe('Settings.tsx, as printed on the page', () => {
  const settingsSample = () =>
    runSample<{ Settings: ComponentType<{ onReset: () => void }>; rawSettings: Scoped<WritableState<string>> }>(
      'guides/error-handling',
      'Settings.tsx',
    );

  claim(
    [
      'An error boundary catches errors thrown while React renders its children, so it sees exactly one of the cases above: a selector that throws when a hook reads it',
      'The reset handler fixes the cause (for example by resetting `rawSettings`) before the boundary renders its children again. Because Stan did not cache the failure, that render reads the selector afresh and succeeds',
    ],
    () => {
      const { Settings, rawSettings } = settingsSample();
      const store = makeStore();
      rawSettings(store).get();
      rawSettings(store).set('{broken');
      const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      render(
        <StanProvider store={store}>
          <Settings onReset={() => reset(rawSettings(store))} />
        </StanProvider>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('The settings could not be read');
      fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
      expect(screen.getByText('Theme: dark')).toBeInTheDocument();
      spy.mockRestore();
    },
  );

  claim(
    'A boundary does not see failures of a re-run that a `set` triggered. As shown in On a dependency change, such an error is thrown from `set` (in your event handler), and the selector keeps showing its last good value',
    () => {
      const { Settings, rawSettings } = settingsSample();
      const store = makeStore();
      render(
        <StanProvider store={store}>
          <Settings onReset={() => undefined} />
        </StanProvider>,
      );
      expect(() => act(() => rawSettings(store).set('{broken'))).toThrow(SyntaxError);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByText('Theme: dark')).toBeInTheDocument();
    },
  );
});

claim(
  [
    'An async selector stores its promise in the store like any other value',
    'If the latest promise rejects, Stan marks the selector as stale, so the next read starts a new run. Rejections of older, superseded runs are ignored',
  ],
  async () => {
    const trigger = atom(0);
    const rejecters: ((e: unknown) => void)[] = [];
    const runs = jest.fn();
    const s = selector(({ get }) => {
      get(trigger);
      runs();
      return new Promise<string>((_, reject) => rejecters.push(reject));
    });
    const store = makeStore();
    s(store).get();
    trigger(store).set(1);
    const latest = s(store).get();
    rejecters[0]?.(new Aborted());
    await flush();
    expect(s(store).get()).toBe(latest);
    rejecters[1]?.(new Error('failed'));
    await flush();
    expect(s(store).get()).not.toBe(latest);
    expect(runs).toHaveBeenCalledTimes(3);
  },
);

claim(
  "`useStanValueAsync` turns a rejection into `{ type: 'error', reason }`, where `reason` is the `message` of the rejection value, or `'unknown'` if it has none",
  async () => {
    const withMessage = selector(() => Promise.reject(new Error('Quota exceeded')));
    const withString = selector(() => Promise.reject('quota'));
    function Show({ state }: { state: typeof withMessage }) {
      const result = useStanValueAsync(state);
      return <p>{result.type === 'error' ? result.reason : result.type}</p>;
    }
    render(
      <StanProvider>
        <Show state={withMessage} />
        <Show state={withString} />
      </StanProvider>,
    );
    expect(await screen.findByText('Quota exceeded')).toBeInTheDocument();
    expect(await screen.findByText('unknown')).toBeInTheDocument();
  },
);

describe('the hidden run and the retry limitation', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });
  afterEach(() => api.restore());

  const status = () =>
    selector(async ({ signal }) => {
      const response = await fetch('/api/status', { signal });
      if (!response.ok) throw new Error(`Status check failed (${response.status})`);
      return 'up';
    });

  claim(
    [
      'every failure that a component displays is followed at once by a second request that nobody asked for',
      'It keeps showing the error it has, even if the new run succeeds, until it receives a promise through a notification or mounts again',
    ],
    async () => {
      const state = status();
      function Badge() {
        const result = useStanValueAsync(state);
        return <p>{result.type === 'error' ? result.reason : result.type === 'ready' ? result.value : 'Checking…'}</p>;
      }
      const store = makeStore();
      api.answer(503);
      render(
        <StanProvider store={store}>
          <Badge />
        </StanProvider>,
      );
      api.answer(200); // the first request has its answer; the hidden one will succeed
      expect(await screen.findByText('Status check failed (503)')).toBeInTheDocument();
      await settle();
      await settle();
      expect(api.requests).toHaveLength(2);
      expect(screen.getByText('Status check failed (503)')).toBeInTheDocument();
      await expect(state(store).get()).resolves.toBe('up'); // the store has the good result
    },
  );

  claim(
    [
      'a refresh from the component that shows the error (`useStanRefresher`, or `refresh`) works only while the hidden run is still in flight',
      'The hook ends up with the aborted run\'s empty `reason`, which components treat as "still loading", and nothing ever replaces it',
      'A change to one of the selector\'s dependencies after such a failure gets stuck the same way',
      'When no new run reaches the hook, as in the retry limitation above, that empty reason is where it stays',
    ],
    async () => {
      const region = atom('eu');
      const regional = selector(async ({ get, signal }) => {
        const response = await fetch(`/api/status?region=${get(region)}`, { signal });
        if (!response.ok) throw new Error(`failed (${response.status})`);
        return 'up';
      });
      const store = makeStore();
      function Badge() {
        const result = useStanValueAsync(regional);
        const stuck = result.type === 'loading' || (result.type === 'error' && result.reason === '');
        return <p>{stuck ? 'Checking…' : result.type === 'error' ? result.reason : result.value}</p>;
      }
      api.answer(503);
      render(
        <StanProvider store={store}>
          <Badge />
        </StanProvider>,
      );
      expect(await screen.findByText('failed (503)')).toBeInTheDocument();
      await settle(); // the hidden run has failed too
      api.answer(200);
      act(() => region(store).set('us'));
      for (let i = 0; i < 5; i += 1) await settle();
      expect(screen.getByText('Checking…')).toBeInTheDocument();
      await expect(regional(store).get()).resolves.toBe('up'); // while the hook never shows it
    },
  );

  describe('StatusBadge.tsx, as printed on the page', () => {
    const mount = () => {
      const { StatusBadge } = runSample<{ StatusBadge: ComponentType }>('guides/error-handling', 'StatusBadge.tsx');
      render(
        <StanProvider>
          <StatusBadge />
        </StanProvider>,
      );
    };

    claim(
      [
        'What works is mounting the component that calls `useStanValueAsync` again. A freshly mounted hook reads the selector once and follows whatever run is current',
        'Give that component a `key`, and change the key to retry',
        'A retry after an error needs no `refresh`',
      ],
      async () => {
        api.answer(503);
        mount();
        expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await settle(); // the hidden run has failed as well
          const requests = api.requests.length;
          fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          expect(api.requests.length).toBeGreaterThan(requests);
        }
        api.answer(200, { healthy: true });
        await settle();
        fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
        expect(await screen.findByText('All good')).toBeInTheDocument();
      },
    );

    claim("The marked lines are the change from a retry button that calls `useStanRefresher`'s callback, which gets stuck as described above", async () => {
      // The sample as its diff starts: the Retry button refreshes the selector and nothing remounts.
      const { StatusBadge } = runSample<{ StatusBadge: ComponentType }>('guides/error-handling', 'StatusBadge.tsx', undefined, 'initial');
      api.answer(503);
      render(
        <StanProvider>
          <StatusBadge />
        </StanProvider>,
      );
      expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
      await settle(); // the hidden run has failed as well
      api.answer(200, { healthy: true });
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      for (let i = 0; i < 5; i += 1) await settle();
      expect(screen.getByText('Checking…')).toBeInTheDocument(); // for ever, though the service is up
      expect(screen.queryByText('All good')).toBeNull();
    });

    claim('the key changes with a retry and with the region', async () => {
      api.answer(503);
      mount();
      expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
      await settle();
      fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'us' } });
      expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
      expect(api.requests.at(-1)).toBe('/api/status?region=us');
      await settle();
      api.answer(200, { healthy: false });
      fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'eu' } });
      expect(await screen.findByText('Degraded')).toBeInTheDocument();
    });
  });
});

claim(
  [
    "When a selector runs again while its previous run is still in flight, the previous run's `signal` is aborted with an `Aborted` error",
    'If your code passes the signal to `fetch` or rejects on abort, that older promise rejects with the `Aborted` instance. Stan ignores it',
  ],
  async () => {
    const trigger = atom(0);
    const s = selector(({ get, signal }) => {
      get(trigger);
      return new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => resolve(1), 20);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(signal.reason);
        });
      });
    });
    const store = makeStore();
    const first = s(store).get();
    trigger(store).set(1);
    const second = s(store).get();
    await expect(first).rejects.toBeInstanceOf(Aborted);
    expect(s(store).get()).toBe(second); // ignored: no new run
    await expect(second).resolves.toBe(1);
  },
);

claim(
  [
    "`{ type: 'loading' }` on its first render, for every new promise it receives (a new run after a dependency change or a refresh), and on the server",
    "Possibly `{ type: 'error', reason: '' }` for a moment when a run is aborted, before step 1 for the replacement run",
  ],
  async () => {
    const trigger = atom(0);
    const data = selector(({ get, signal }) => {
      const n = get(trigger);
      return new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => resolve(n), 5);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(signal.reason);
        });
      });
    });
    const store = makeStore();
    const seen: string[] = [];
    function Show() {
      const result = useStanValueAsync(data);
      seen.push(result.type === 'error' ? `error:${result.reason}` : result.type);
      return <p>{result.type === 'ready' ? `value ${result.value}` : result.type}</p>;
    }
    render(
      <StanProvider store={store}>
        <Show />
      </StanProvider>,
    );
    expect(seen[0]).toBe('loading');
    act(() => trigger(store).set(1)); // a new promise while the first is in flight
    expect(await screen.findByText('value 1')).toBeInTheDocument();
    const afterFirst = seen.slice(1);
    expect(afterFirst.filter((s) => s.startsWith('error'))).toEqual(afterFirst.some((s) => s === 'error:') ? ['error:'] : []);
    expect(afterFirst).toContain('loading');
  },
);

claim('The hook turns rejections into values and never suspends, so an error boundary does not see async failures', async () => {
  const failing = selector(() => Promise.reject(new Error('async failure')));
  function Reader() {
    const result = useStanValueAsync(failing);
    return <p>{result.type}</p>;
  }
  const { container } = render(
    <StanProvider>
      <Reader />
    </StanProvider>,
  );
  expect(await screen.findByText('error')).toBeInTheDocument();
  expect(container.querySelector('[role="alert"]')).toBeNull();
});

claim(
  [
    "When a selector runs again while its previous run is still in flight, the previous run's `signal` is aborted with an `Aborted` error",
    'a refresh of a selector without subscribers aborts nothing',
  ],
  async () => {
    const run = await refreshWhileInFlight();
    expect([run.abortedAtRefresh, run.abortedByNextRun]).toEqual([false, false]);
    expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
    expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
    expect(run.current).toBe('results for second');
    expect(run.signals[1]?.reason).toBeInstanceOf(Aborted);
  },
);

claim(
  'Only a rejection becomes a value: write async selectors as `async` functions, so that a throw before the first `await` rejects too',
  async () => {
    const plain = selector((): Promise<string> => {
      throw new Error('before any promise');
    });
    const asyncFn = selector(async (): Promise<string> => {
      throw new Error('before any promise');
    });
    const store = makeStore();
    expect(() => plain(store).get()).toThrow('before any promise');
    await expect(asyncFn(store).get()).rejects.toThrow('before any promise');
  },
);
