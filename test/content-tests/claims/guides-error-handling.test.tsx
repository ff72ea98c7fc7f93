import fs from 'fs';
import path from 'path';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Aborted, atom, makeStore, refresh, reset, selector, type ReadonlyState, type Scoped, type WritableState } from '@rkrupinski/stan';
import { StanProvider, useStanRefresher, useStanValue, useStanValueAsync, type AsyncValue } from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { quietly } from '../../support/quietly';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { refreshWhileInFlight } from '../../support/fixtures';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';
import { codeSamples, CONTENT_DIR } from '../../support/samples';

const claim = claimsOf('guides/error-handling');

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** An error boundary that records, under its name, the message of each error it catches. */
class Boundary extends Component<{ name: string; caught: string[]; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.caught.push(`${this.props.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  override render() {
    return this.state.failed ? <p role="alert">{this.props.name} caught it</p> : this.props.children;
  }
}

/** The key under which the store keeps the selector's value (the only selector the store has seen). */
const selectorKeys = (store: ReturnType<typeof makeStore>) => [...store.value.keys()].filter((key) => key.startsWith('selector-'));

/**
 * An async selector whose runs the test settles by hand: each run's promise is kept with its resolve, reject and
 * signal, and rejects with the signal's reason when the signal is aborted (as `fetch` does).
 */
function controlledSelector() {
  const runs: { resolve: (value: string) => void; reject: (reason: unknown) => void; signal: AbortSignal }[] = [];
  const state = selector(
    ({ signal }) =>
      new Promise<string>((resolve, reject) => {
        runs.push({ resolve, reject, signal });
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  );
  return { state, runs };
}

/** Shows what `useStanValueAsync` gives, as the StatusBadge sample does ("Checking…" for an empty reason), and
 * records every result; its button calls `useStanRefresher`'s callback. */
function Badge({ state, results }: { state: Scoped<ReadonlyState<Promise<string>>>; results: AsyncValue<string>[] }) {
  const result = useStanValueAsync(state);
  const refreshIt = useStanRefresher(state);
  results.push(result);
  const stuck = result.type === 'loading' || (result.type === 'error' && result.reason === '');
  return (
    <p>
      {stuck ? 'Checking…' : result.type === 'error' ? result.reason : result.value} <button onClick={refreshIt}>Retry</button>
    </p>
  );
}

claim(
  [
    'When a selector throws during `get()`, the error propagates to the caller and no result is stored. The next `get()` runs the selector again',
    'In React, `useStanValue` reads while rendering, so the error is thrown during render and the nearest error boundary catches it',
  ],
  (clause) => {
    let fail = true;
    let runs = 0;
    const broken = new Error('broken');
    const s = selector(() => {
      runs += 1;
      if (fail) throw broken;
      return 'fine';
    });
    const store = makeStore();
    clause('When a selector throws during `get()`, the error propagates to the caller', () => {
      let caught: unknown;
      try {
        s(store).get();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBe(broken);
    });
    clause('no result is stored', () => {
      expect(store.value.size).toBe(0);
      expect(selectorKeys(store)).toEqual([]);
    });
    clause('The next `get()` runs the selector again', () => {
      expect(() => s(store).get()).toThrow('broken');
      expect(runs).toBe(2);
      fail = false;
      expect(s(store).get()).toBe('fine');
      expect(runs).toBe(3);
    });
    function Reader({ state }: { state: typeof s }) {
      return <p>{useStanValue(state)}</p>;
    }
    clause('In React, `useStanValue` reads while rendering', () => {
      // A server render runs render functions only (no effects): the selector ran, and its value is in the HTML.
      let reads = 0;
      const counted = selector(() => (reads += 1, 'read'));
      expect(renderToString(<StanProvider store={makeStore()}><Reader state={counted} /></StanProvider>)).toBe('<p>read</p>');
      expect(reads).toBe(1);
    });
    clause('so the error is thrown during render', () => {
      fail = true;
      const other = makeStore();
      expect(() => renderToString(<StanProvider store={other}><Reader state={s} /></StanProvider>)).toThrow(broken);
    });
    clause('the nearest error boundary catches it', () => {
      const caught: string[] = [];
      quietly(() =>
        render(
          <StanProvider store={makeStore()}>
            <Boundary name="outer" caught={caught}>
              <Boundary name="inner" caught={caught}>
                <Reader state={s} />
              </Boundary>
            </Boundary>
          </StanProvider>,
        ),
      );
      expect(caught).toEqual(['inner: broken']);
      expect(screen.getByRole('alert')).toHaveTextContent('inner caught it');
    });
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
  (clause) => {
    const calls: string[] = [];
    const saved: number[] = [];
    const divisor = atom(1, {
      effects: [
        ({ onSet }) =>
          onSet((v) => {
            saved.push(v);
            calls.push(`onSet ${v}`);
          }),
      ],
    });
    const scale = atom(100);
    const runs = jest.fn();
    const ratio = selector(({ get }) => {
      runs();
      const d = get(divisor);
      if (d === 0) throw new Error('Cannot divide by zero');
      return get(scale) / d;
    });
    clause('A selector that has already run re-runs synchronously when a dependency changes', () => {
      // Its own store, nothing subscribed: one run per write, done before `set` returns.
      const store = makeStore();
      divisor(store).get();
      divisor(store).set(4);
      expect(runs).not.toHaveBeenCalled(); // not run yet: nothing to re-run
      expect(ratio(store).get()).toBe(25);
      divisor(store).set(2);
      expect(runs).toHaveBeenCalledTimes(2);
      expect(store.value.get(selectorKeys(store)[0] ?? '')).toBe(50);
      runs.mockClear();
      saved.length = 0;
      calls.length = 0;
    });
    const store = makeStore();
    const earlier = jest.fn((v: number) => calls.push(`earlier ${v}`));
    divisor(store).get();
    divisor(store).subscribe(earlier); // before the selector subscribes to the atom
    expect(ratio(store).get()).toBe(100);
    const subscriber = jest.fn();
    ratio(store).subscribe(subscriber);
    const later = jest.fn((v: number) => calls.push(`later ${v}`));
    divisor(store).subscribe(later); // after it
    let thrown: unknown;
    try {
      divisor(store).set(0);
    } catch (error) {
      thrown = error;
    }
    clause('If that re-run throws, the error is thrown out of the `set` call that changed the dependency', () => {
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toBe('Cannot divide by zero');
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('the atom keeps its new value', () => {
      expect(divisor(store).get()).toBe(0);
    });
    clause('the selector keeps its previous result', () => {
      expect(store.value.get(selectorKeys(store)[0] ?? '')).toBe(100);
    });
    clause('its subscribers are not notified', () => {
      expect(subscriber).not.toHaveBeenCalled();
    });
    clause("The atom's subscribers that `set` had not called yet are skipped for that update too", () => {
      expect(earlier).toHaveBeenCalledWith(0);
      expect(later).not.toHaveBeenCalled();
    });
    clause('so they are always skipped', () => {
      expect(saved).toEqual([]);
    });
    clause('Reading the selector returns that previous result without running it again', () => {
      expect(ratio(store).get()).toBe(100);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    clause('from then on it only follows the dependencies it read before the throw', () => {
      scale(store).set(300); // read after the throw point: no longer followed
      expect(runs).toHaveBeenCalledTimes(2);
      expect(ratio(store).get()).toBe(100);
      divisor(store).set(2); // read before it: followed
      expect(runs).toHaveBeenCalledTimes(3);
      expect(ratio(store).get()).toBe(150);
    });
    clause("The atom's `onSet` callbacks come after all subscribers", () => {
      // The write that succeeded: both subscribers, then the effect's callback.
      expect(calls).toEqual(['earlier 0', 'earlier 2', 'later 2', 'onSet 2']);
    });
    clause('console.log(ratio(store).get()); // 100, the last successful result', () => {
      // The page's own sample prints what its comments say.
      const printed = printedBy('guides/error-handling', 'ratio.ts');
      expect(printed).toEqual(['100', 'Cannot divide by zero', '0', '100']);
      expect(printed).toEqual(commentedOutput('guides/error-handling', 'ratio.ts'));
    });
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
    (clause) => {
      const { Settings, rawSettings } = settingsSample();
      const store = makeStore();
      rawSettings(store).get();
      rawSettings(store).set('{broken');
      let parseError = '';
      try {
        JSON.parse('{broken');
      } catch (error) {
        parseError = (error as Error).message;
      }
      let alertAtReset: boolean | undefined;
      quietly(() =>
        render(
          <StanProvider store={store}>
            <Settings
              onReset={() => {
                alertAtReset = screen.queryByRole('alert') !== null;
                reset(rawSettings(store));
              }}
            />
          </StanProvider>,
        ),
      );
      clause('An error boundary catches errors thrown while React renders its children', () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The settings could not be read: ${parseError}`);
      });
      clause('a selector that throws when a hook reads it', () => {
        // The message is the selector's own error (JSON.parse's), thrown by the read in Theme's render.
        expect(parseError).not.toBe('');
        expect(screen.queryByText(/^Theme:/)).toBeNull();
      });
      clause('Because Stan did not cache the failure', () => {
        expect(selectorKeys(store)).toEqual([]);
      });
      fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
      clause('The reset handler fixes the cause (for example by resetting `rawSettings`)', () => {
        expect(rawSettings(store).get()).toBe('{"theme":"dark"}');
      });
      clause('before the boundary renders its children again', () => {
        expect(alertAtReset).toBe(true);
      });
      clause('that render reads the selector afresh and succeeds', () => {
        expect(screen.getByText('Theme: dark')).toBeInTheDocument();
        expect(store.value.get(selectorKeys(store)[0] ?? '')).toEqual({ theme: 'dark' });
      });
      clause('so it sees exactly one of the cases above', () => {
        // The other case, a re-run that a write makes throw, never reaches it.
        expect(() => act(() => rawSettings(store).set('{broken'))).toThrow(parseError);
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getByText('Theme: dark')).toBeInTheDocument();
      });
    },
  );

  claim(
    'A boundary does not see failures of a re-run that a `set` triggered. As shown in On a dependency change, such an error is thrown from `set` (in your event handler), and the selector keeps showing its last good value',
    (clause) => {
      const { Settings, rawSettings } = settingsSample();
      const store = makeStore();
      const caught: unknown[] = [];
      function Breaker() {
        return (
          <button
            onClick={() => {
              try {
                rawSettings(store).set('{broken');
              } catch (error) {
                caught.push(error);
              }
            }}
          >
            Break
          </button>
        );
      }
      const resets = jest.fn();
      render(
        <StanProvider store={store}>
          <Settings onReset={resets} />
          <Breaker />
        </StanProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Break' }));
      clause('A boundary does not see failures of a re-run that a `set` triggered', () => {
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(resets).not.toHaveBeenCalled();
      });
      clause('As shown in On a dependency change, such an error is thrown from `set` (in your event handler)', () => {
        expect(caught).toHaveLength(1);
        expect((caught[0] as Error).name).toBe('SyntaxError');
        expect(rawSettings(store).get()).toBe('{broken');
      });
      clause('the selector keeps showing its last good value', () => {
        expect(screen.getByText('Theme: dark')).toBeInTheDocument();
        expect(store.value.get(selectorKeys(store)[0] ?? '')).toEqual({ theme: 'dark' });
      });
    },
  );
});

claim(
  [
    'An async selector stores its promise in the store like any other value',
    'If the latest promise rejects, Stan marks the selector as stale, so the next read starts a new run. Rejections of older, superseded runs are ignored',
  ],
  async (clause) => {
    const trigger = atom(0);
    const rejecters: ((e: unknown) => void)[] = [];
    const runs = jest.fn();
    const s = selector(({ get }) => {
      get(trigger);
      runs();
      return new Promise<string>((_, reject) => rejecters.push(reject));
    });
    const store = makeStore();
    const first = s(store).get();
    const key = () => selectorKeys(store)[0] ?? '';
    clause('An async selector stores its promise in the store like any other value', () => {
      expect(first).toBeInstanceOf(Promise);
      expect(store.value.get(key())).toBe(first);
      expect(s(store).get()).toBe(first);
      expect(runs).toHaveBeenCalledTimes(1);
    });
    trigger(store).set(1);
    const latest = s(store).get();
    await clause('Rejections of older, superseded runs are ignored', async () => {
      rejecters[0]?.(new Error('old'));
      await flush();
      expect(store.initialized.get(key())).toBe(true);
      expect(s(store).get()).toBe(latest);
      expect(runs).toHaveBeenCalledTimes(2);
    });
    await clause('If the latest promise rejects, Stan marks the selector as stale', async () => {
      rejecters[1]?.(new Error('failed'));
      await flush();
      expect(store.initialized.get(key())).toBe(false);
      expect(store.value.get(key())).toBe(latest); // the rejected promise stays until the next read
    });
    clause('so the next read starts a new run', () => {
      const next = s(store).get();
      expect(next).not.toBe(latest);
      expect(runs).toHaveBeenCalledTimes(3);
      expect(store.initialized.get(key())).toBe(true);
    });
  },
);

claim(
  "`useStanValueAsync` turns a rejection into `{ type: 'error', reason }`, where `reason` is the `message` of the rejection value, or `'unknown'` if it has none",
  async (clause) => {
    const withMessage = selector(() => Promise.reject(new Error('Quota exceeded')));
    const plainObject = selector(() => Promise.reject({ message: 'from an object', code: 7 }));
    const withString = selector(() => Promise.reject('quota'));
    const withNothing = selector(() => Promise.reject(undefined));
    function Show({ state, id }: { state: Scoped<ReadonlyState<Promise<never>>>; id: string }) {
      const result = useStanValueAsync(state);
      return <p data-testid={id}>{result.type === 'error' ? `error [${result.reason}]` : result.type}</p>;
    }
    render(
      <StanProvider>
        <Show id="message" state={withMessage} />
        <Show id="object" state={plainObject} />
        <Show id="string" state={withString} />
        <Show id="nothing" state={withNothing} />
      </StanProvider>,
    );
    await settle();
    clause("`useStanValueAsync` turns a rejection into `{ type: 'error', reason }`", () => {
      ['message', 'object', 'string', 'nothing'].forEach((id) => expect(screen.getByTestId(id).textContent).toMatch(/^error \[/));
    });
    clause('where `reason` is the `message` of the rejection value', () => {
      expect(screen.getByTestId('message')).toHaveTextContent('error [Quota exceeded]');
      expect(screen.getByTestId('object')).toHaveTextContent('error [from an object]');
    });
    clause("or `'unknown'` if it has none", () => {
      expect(screen.getByTestId('string')).toHaveTextContent('error [unknown]');
      expect(screen.getByTestId('nothing')).toHaveTextContent('error [unknown]');
    });
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
    async (clause) => {
      const state = status();
      function StatusLine() {
        const result = useStanValueAsync(state);
        return <p>{result.type === 'error' ? result.reason : result.type === 'ready' ? result.value : 'Checking…'}</p>;
      }
      const store = makeStore();
      api.answer(503);
      const first = render(
        <StanProvider store={store}>
          <StatusLine />
        </StanProvider>,
      );
      api.answer(200); // the first request has its answer; the hidden one will succeed
      expect(await screen.findByText('Status check failed (503)')).toBeInTheDocument();
      clause('every failure that a component displays is followed at once by a second request that nobody asked for', () => {
        // Already sent by the render that shows the error, before anything else has happened.
        expect(api.requests).toEqual(['/api/status', '/api/status']);
      });
      await settle();
      await settle();
      clause('It keeps showing the error it has', () => {
        expect(api.requests).toHaveLength(2);
        expect(first.container).toHaveTextContent('Status check failed (503)');
      });
      await clause('even if the new run succeeds', async () => {
        await expect(state(store).get()).resolves.toBe('up'); // the store has the good result
        expect(first.container).toHaveTextContent('Status check failed (503)');
      });
      await clause('mounts again', async () => {
        // A second copy mounted now shows the good result; the first still shows the error.
        const second = render(
          <StanProvider store={store}>
            <StatusLine />
          </StanProvider>,
        );
        await settle();
        expect(second.container).toHaveTextContent('up');
        expect(first.container).toHaveTextContent('Status check failed (503)');
        second.unmount();
      });
      await clause('until it receives a promise through a notification', async () => {
        act(() => refresh(state(store))); // mounted: a new run, handed to the hook
        await settle();
        await settle();
        expect(first.container).toHaveTextContent('up');
        expect(api.requests).toHaveLength(3);
      });
    },
  );

  claim(
    [
      'a refresh from the component that shows the error (`useStanRefresher`, or `refresh`) works only while the hidden run is still in flight',
      'The hook ends up with the aborted run\'s empty `reason`, which components treat as "still loading", and nothing ever replaces it',
      'A change to one of the selector\'s dependencies after such a failure gets stuck the same way',
      'When no new run reaches the hook, as in the retry limitation above, that empty reason is where it stays',
    ],
    async (clause) => {
      /** Mounts a Badge, fails its first run, and lets the hidden run fail too unless `hiddenInFlight`. */
      const failed = async (hiddenInFlight: boolean) => {
        const { state, runs } = controlledSelector();
        const store = makeStore();
        const results: AsyncValue<string>[] = [];
        const view = render(
          <StanProvider store={store}>
            <Badge state={state} results={results} />
          </StanProvider>,
        );
        runs[0]?.reject(new Error('down'));
        await settle();
        expect(view.container).toHaveTextContent('down');
        expect(runs).toHaveLength(2); // the hidden run
        if (!hiddenInFlight) {
          runs[1]?.reject(new Error('down again'));
          await settle();
        }
        return { state, runs, store, results, view };
      };
      const last = <T,>(items: T[]) => items[items.length - 1];

      let stuck: Awaited<ReturnType<typeof failed>> | undefined;
      await clause(
        'a refresh from the component that shows the error (`useStanRefresher`, or `refresh`) works only while the hidden run is still in flight',
        async () => {
          // While the hidden run is in flight, the button's refresh brings the new result.
          const inFlight = await failed(true);
          fireEvent.click(within(inFlight.view.container).getByRole('button', { name: 'Retry' }));
          inFlight.runs[2]?.resolve('up');
          await settle();
          expect(inFlight.view.container).toHaveTextContent('up');
          inFlight.view.unmount();
          // Once it has failed, the same button, or `refresh`, leaves the component waiting.
          stuck = await failed(false);
          fireEvent.click(within(stuck.view.container).getByRole('button', { name: 'Retry' }));
          expect(stuck.runs).toHaveLength(4); // the refresh's run, and the one the re-render starts
          stuck.runs[3]?.resolve('up');
          for (let i = 0; i < 5; i += 1) await settle();
          expect(stuck.view.container).toHaveTextContent('Checking…');
          const viaRefresh = await failed(false);
          act(() => refresh(viaRefresh.state(viaRefresh.store)));
          viaRefresh.runs[3]?.resolve('up');
          for (let i = 0; i < 5; i += 1) await settle();
          expect(viaRefresh.view.container).toHaveTextContent('Checking…');
          expect(last(viaRefresh.results)).toEqual({ type: 'error', reason: '' });
          viaRefresh.view.unmount();
        },
      );
      const { runs, results, state, store, view } = stuck as NonNullable<typeof stuck>;
      clause("The hook ends up with the aborted run's empty `reason`", () => {
        // The refresh's run (the third) was aborted by the run the re-render started; its reason has no message.
        expect(runs[2]?.signal.aborted).toBe(true);
        expect(runs[2]?.signal.reason).toBeInstanceOf(Aborted);
        expect((runs[2]?.signal.reason as Aborted).message).toBe('');
        expect(last(results)).toEqual({ type: 'error', reason: '' });
      });
      await clause('which components treat as "still loading"', async () => {
        // The page's StatusBadge, as its diff starts (with the refresh button), shows its loading text.
        const { StatusBadge } = runSample<{ StatusBadge: ComponentType }>('guides/error-handling', 'StatusBadge.tsx', undefined, 'initial');
        api.answer(503);
        const badge = render(
          <StanProvider>
            <StatusBadge />
          </StanProvider>,
        );
        expect(await within(badge.container).findByText(/Status check failed \(503\)/)).toBeInTheDocument();
        await settle();
        fireEvent.click(within(badge.container).getByRole('button', { name: 'Retry' }));
        for (let i = 0; i < 5; i += 1) await settle();
        expect(badge.container).toHaveTextContent('Checking…');
        expect(badge.container).not.toHaveTextContent(/failed|Aborted/);
        badge.unmount();
      });
      await clause('nothing ever replaces it', async () => {
        const renders = results.length;
        for (let i = 0; i < 5; i += 1) await settle();
        await expect(state(store).get()).resolves.toBe('up'); // the current run has its result
        expect(results).toHaveLength(renders);
        expect(view.container).toHaveTextContent('Checking…');
      });
      await clause('When no new run reaches the hook, as in the retry limitation above, that empty reason is where it stays', async () => {
        // A render of its own (a parent re-rendering it) hands it no new run: the empty reason stays.
        view.rerender(
          <StanProvider store={store}>
            <Badge state={state} results={results} />
          </StanProvider>,
        );
        await settle();
        expect(last(results)).toEqual({ type: 'error', reason: '' });
        // A run that does reach it (a refresh now that the selector is no longer stale) replaces it.
        fireEvent.click(within(view.container).getByRole('button', { name: 'Retry' }));
        expect(runs).toHaveLength(5);
        runs[4]?.resolve('up again');
        await settle();
        expect(last(results)).toEqual({ type: 'ready', value: 'up again' });
        view.unmount();
      });
      await clause("A change to one of the selector's dependencies after such a failure gets stuck the same way", async () => {
        const region = atom('eu');
        const regional = selector(async ({ get, signal }) => {
          const response = await fetch(`/api/status?region=${get(region)}`, { signal });
          if (!response.ok) throw new Error(`failed (${response.status})`);
          return 'up';
        });
        const regionStore = makeStore();
        const seen: AsyncValue<string>[] = [];
        api.answer(503);
        const badge = render(
          <StanProvider store={regionStore}>
            <Badge state={regional} results={seen} />
          </StanProvider>,
        );
        expect(await within(badge.container).findByText('failed (503)')).toBeInTheDocument();
        await settle(); // the hidden run has failed too
        api.answer(200);
        act(() => region(regionStore).set('us'));
        for (let i = 0; i < 5; i += 1) await settle();
        expect(badge.container).toHaveTextContent('Checking…');
        expect(last(seen)).toEqual({ type: 'error', reason: '' });
        await expect(regional(regionStore).get()).resolves.toBe('up'); // while the hook never shows it
        badge.unmount();
      });
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
      async (clause) => {
        /** A selector whose first run and hidden run failed (unless told otherwise), shown by one Badge. */
        const failed = async ({ hiddenFails = true } = {}) => {
          const { state, runs } = controlledSelector();
          const store = makeStore();
          const mountBadge = () => {
            const results: AsyncValue<string>[] = [];
            const view = render(
              <StanProvider store={store}>
                <Badge state={state} results={results} />
              </StanProvider>,
            );
            return { results, view };
          };
          const first = mountBadge();
          runs[0]?.reject(new Error('down'));
          await settle();
          if (hiddenFails) {
            runs[1]?.reject(new Error('down again'));
            await settle();
          }
          return { runs, mountBadge, first };
        };
        await clause('What works is mounting the component that calls `useStanValueAsync` again', async () => {
          const { runs, mountBadge, first } = await failed();
          // The refresh button leaves the first copy waiting; a newly mounted copy gets the result.
          fireEvent.click(within(first.view.container).getByRole('button', { name: 'Retry' }));
          runs[3]?.resolve('up');
          await settle();
          expect(first.view.container).toHaveTextContent('Checking…');
          const again = mountBadge();
          await settle();
          expect(again.view.container).toHaveTextContent('up');
          first.view.unmount();
          again.view.unmount();
        });
        await clause('A freshly mounted hook reads the selector once', async () => {
          const { runs, mountBadge, first } = await failed();
          first.view.unmount();
          const again = mountBadge();
          // One read of the stale selector: one new run, the one the hook follows.
          expect(runs).toHaveLength(3);
          runs[2]?.resolve('up');
          await settle();
          expect(runs).toHaveLength(3);
          expect(again.results.map((r) => r.type)).toEqual(['loading', 'ready']);
          again.view.unmount();
        });
        await clause('follows whatever run is current', async () => {
          // The hidden run while it is in flight...
          const inFlight = await failed({ hiddenFails: false });
          inFlight.first.view.unmount();
          const whileRunning = inFlight.mountBadge();
          expect(inFlight.runs).toHaveLength(2);
          inFlight.runs[1]?.resolve('hidden run');
          await settle();
          expect(whileRunning.view.container).toHaveTextContent('hidden run');
          // ...its result once it has finished...
          const afterwards = inFlight.mountBadge();
          await settle();
          expect(afterwards.view.container).toHaveTextContent('hidden run');
          expect(inFlight.runs).toHaveLength(2);
          whileRunning.view.unmount();
          afterwards.view.unmount();
          // ...or a new run if the selector is stale.
          const stale = await failed();
          stale.first.view.unmount();
          const fresh = stale.mountBadge();
          stale.runs[2]?.resolve('new run');
          await settle();
          expect(fresh.view.container).toHaveTextContent('new run');
          fresh.view.unmount();
        });
        await clause('Give that component a `key`, and change the key to retry', async () => {
          // The page's StatusBadge: each Retry mounts a new StatusText, which sends a request of its own.
          api.answer(503);
          mount();
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          for (let attempt = 0; attempt < 3; attempt += 1) {
            await settle(); // the hidden run has failed as well
            const requests = api.requests.length;
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            expect(screen.getByText('Checking…')).toBeInTheDocument(); // a new mount starts at loading
            expect(api.requests).toHaveLength(requests + 1);
            expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          }
          api.answer(200, { healthy: true });
          await settle();
          fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
          expect(await screen.findByText('All good')).toBeInTheDocument();
        });
        clause('A retry after an error needs no `refresh`', () => {
          // The retry that just worked is the sample as printed, which calls neither `refresh` nor `useStanRefresher`.
          const source = fs.readFileSync(path.join(CONTENT_DIR, 'guides/error-handling.mdx'), 'utf8');
          const sample = codeSamples(source, 'error-handling.mdx').find((block) => block.title === 'StatusBadge.tsx');
          expect(sample?.code).toContain('setAttempt((n) => n + 1)');
          expect(sample?.code).not.toMatch(/\brefresh\b|useStanRefresher/);
          expect(screen.getByText('All good')).toBeInTheDocument();
        });
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
  async (clause) => {
    const trigger = atom(0);
    const signals: AbortSignal[] = [];
    const s = selector(({ get, signal }) => {
      get(trigger);
      signals.push(signal);
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
    clause("When a selector runs again while its previous run is still in flight, the previous run's `signal` is aborted with an `Aborted` error", () => {
      expect(signals).toHaveLength(2);
      expect(signals[0]?.aborted).toBe(true);
      expect(signals[0]?.reason).toBeInstanceOf(Aborted);
      expect(signals[1]?.aborted).toBe(false);
    });
    await clause('If your code passes the signal to `fetch` or rejects on abort, that older promise rejects with the `Aborted` instance', async () => {
      await expect(first).rejects.toBe(signals[0]?.reason);
      // The same through `fetch` (the stand-in rejects as fetch does).
      const api = installFakeApi();
      try {
        const region = atom('eu');
        const fetchSignals: AbortSignal[] = [];
        const viaFetch = selector(async ({ get, signal }) => {
          fetchSignals.push(signal);
          return (await fetch(`/api/status?region=${get(region)}`, { signal })).status;
        });
        const other = makeStore();
        const older = viaFetch(other).get();
        region(other).set('us');
        await expect(older).rejects.toBe(fetchSignals[0]?.reason);
        expect(fetchSignals[0]?.reason).toBeInstanceOf(Aborted);
        await expect(viaFetch(other).get()).resolves.toBe(200);
      } finally {
        api.restore();
      }
    });
    await clause('Stan ignores it', async () => {
      await flush();
      const key = selectorKeys(store)[0] ?? '';
      expect(store.initialized.get(key)).toBe(true); // not marked stale
      expect(s(store).get()).toBe(second); // no new run
      expect(signals).toHaveLength(2);
      await expect(second).resolves.toBe(1);
    });
  },
);

claim(
  [
    "`{ type: 'loading' }` on its first render, for every new promise it receives (a new run after a dependency change or a refresh), and on the server",
    "Possibly `{ type: 'error', reason: '' }` for a moment when a run is aborted, before step 1 for the replacement run",
  ],
  async (clause) => {
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
      seen.push(result.type === 'error' ? `error:${result.reason}` : result.type === 'ready' ? `ready:${result.value}` : result.type);
      return <p>{result.type === 'ready' ? `value ${result.value}` : result.type}</p>;
    }
    /** What the hook reported from `from` on, without the repeats of re-renders that changed nothing. */
    const since = (from: number) => seen.slice(from).filter((entry, i, all) => i === 0 || entry !== all[i - 1]);
    clause("`{ type: 'loading' }` on its first render", () => {
      render(
        <StanProvider store={store}>
          <Show />
        </StanProvider>,
      );
      expect(seen).toEqual(['loading']);
    });
    await clause('for every new promise it receives (a new run after a dependency change or a refresh)', async () => {
      expect(await screen.findByText('value 0')).toBeInTheDocument();
      let from = seen.length;
      act(() => trigger(store).set(1)); // a dependency change: a new run, after the last one resolved
      expect(await screen.findByText('value 1')).toBeInTheDocument();
      expect(since(from)).toEqual(['ready:0', 'loading', 'ready:1']);
      from = seen.length;
      act(() => refresh(data(store))); // a refresh of the displayed selector
      await settle();
      expect(await screen.findByText('value 1')).toBeInTheDocument();
      expect(since(from)).toEqual(['ready:1', 'loading', 'ready:1']);
    });
    await clause('and on the server', async () => {
      // Even for a promise that has already resolved.
      const server = makeStore();
      await data(server).get();
      expect(renderToString(<StanProvider store={server}><Show /></StanProvider>)).toBe('<p>loading</p>');
    });
    await clause("Possibly `{ type: 'error', reason: '' }` for a moment when a run is aborted, before step 1 for the replacement run", async () => {
      // When the aborted run's rejection reaches the hook before React renders the new promise, it shows for one
      // render, then the replacement run starts at loading...
      let from = seen.length;
      await act(async () => {
        trigger(store).set(2);
        await Promise.resolve();
        await Promise.resolve();
      });
      await act(async () => {
        trigger(store).set(3); // while run 2 is in flight
        await Promise.resolve();
        await Promise.resolve();
      });
      expect(await screen.findByText('value 3')).toBeInTheDocument();
      expect(since(from)).toEqual(['ready:1', 'loading', 'error:', 'loading', 'ready:3']);
      // ...and when React renders the new promise first, it never shows.
      await settle();
      from = seen.length;
      act(() => trigger(store).set(4));
      act(() => trigger(store).set(5));
      expect(await screen.findByText('value 5')).toBeInTheDocument();
      expect(since(from).filter((entry) => entry.startsWith('error'))).toEqual([]);
    });
  },
);

claim('The hook turns rejections into values and never suspends, so an error boundary does not see async failures', async (clause) => {
  const failing = selector(() => Promise.reject(new Error('async failure')));
  const results: AsyncValue<never>[] = [];
  function Reader() {
    const result = useStanValueAsync(failing);
    results.push(result);
    return <p>{result.type === 'error' ? `error: ${result.reason}` : result.type}</p>;
  }
  const caught: string[] = [];
  const { container } = render(
    <StanProvider>
      <Boundary name="boundary" caught={caught}>
        <Suspense fallback={<p>suspended</p>}>
          <Reader />
        </Suspense>
      </Boundary>
    </StanProvider>,
  );
  const firstPaint = container.textContent;
  expect(await screen.findByText('error: async failure')).toBeInTheDocument();
  clause('The hook turns rejections into values', () => {
    expect(results.at(-1)).toEqual({ type: 'error', reason: 'async failure' });
  });
  clause('never suspends', () => {
    // The first render already returned (loading), so the fallback never showed.
    expect(firstPaint).toBe('loading');
    expect(results[0]).toEqual({ type: 'loading' });
  });
  clause('so an error boundary does not see async failures', () => {
    expect(caught).toEqual([]);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});

claim(
  [
    "When a selector runs again while its previous run is still in flight, the previous run's `signal` is aborted with an `Aborted` error",
    'a refresh of a selector without subscribers aborts nothing, and neither does the run that the next read then starts',
  ],
  async (clause) => {
    const run = await refreshWhileInFlight();
    clause("When a selector runs again while its previous run is still in flight, the previous run's `signal` is aborted with an `Aborted` error", () => {
      // Runs 2 and 3 were in flight when a dependency change and a refresh of the mounted selector ran it again.
      expect(run.signals.map((s) => s.aborted)).toEqual([false, true, true, false]);
      expect(run.signals[1]?.reason).toBeInstanceOf(Aborted);
      expect(run.signals[2]?.reason).toBeInstanceOf(Aborted);
      expect(run.settled).toEqual(['results for first', 'aborted', 'aborted', 'results for second']);
      expect(run.current).toBe('results for second');
    });
    clause('a refresh of a selector without subscribers aborts nothing', () => {
      expect(run.abortedAtRefresh).toBe(false);
    });
    clause('neither does the run that the next read then starts', () => {
      // Run 1 was still in flight when the read after the refresh started run 2; its signal never aborted.
      expect(run.abortedByNextRun).toBe(false);
      expect(run.signals[0]?.aborted).toBe(false);
      expect(run.settled[0]).toBe('results for first');
    });
  },
);

claim(
  'Only a rejection becomes a value: write async selectors as `async` functions, so that a throw before the first `await` rejects too',
  async (clause) => {
    const plain = selector((): Promise<string> => {
      throw new Error('before any promise');
    });
    const asyncFn = selector(async (): Promise<string> => {
      throw new Error('before any promise');
    });
    function Reader({ state, id }: { state: typeof plain; id: string }) {
      const result = useStanValueAsync(state);
      return <p data-testid={id}>{result.type === 'error' ? `error: ${result.reason}` : result.type}</p>;
    }
    const caught: string[] = [];
    quietly(() =>
      render(
        <StanProvider>
          <Boundary name="plain" caught={caught}>
            <Reader id="plain" state={plain} />
          </Boundary>
          <Boundary name="async" caught={caught}>
            <Reader id="async" state={asyncFn} />
          </Boundary>
        </StanProvider>,
      ),
    );
    await settle();
    clause('Only a rejection becomes a value', () => {
      // The synchronous throw is thrown from the hook during render; the boundary gets it, not the component.
      expect(caught).toEqual(['plain: before any promise']);
      expect(screen.queryByTestId('plain')).toBeNull();
    });
    clause('write async selectors as `async` functions', () => {
      expect(screen.getByTestId('async')).toHaveTextContent('error: before any promise');
    });
    await clause('so that a throw before the first `await` rejects too', async () => {
      const store = makeStore();
      expect(() => plain(store).get()).toThrow('before any promise');
      let promise: Promise<string> | undefined;
      expect(() => {
        promise = asyncFn(store).get();
      }).not.toThrow();
      await expect(promise).rejects.toThrow('before any promise');
    });
  },
);
