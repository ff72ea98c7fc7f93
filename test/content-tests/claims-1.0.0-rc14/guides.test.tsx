// The 1.0.0-rc14 guides (caching, error handling, parameter serialization, server-side rendering, type safety),
// run against stan-1.0.0-rc14; React samples rendered with React 19 in jsdom, or on the "server" with renderToString.
import { spawnSync } from 'child_process';
import { Component, createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { atom, atomFamily, refresh, selector, selectorFamily, type WritableState } from 'stan-1.0.0-rc14';
import * as stan from 'stan-1.0.0-rc14';
import { useStanRefresher, useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf, flush } from '../../support/claims';
import { sampleModulesOf } from '../../support/run-sample';
import { compileErrors } from '../../support/compile';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { REPO_ROOT } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Shows the message of what its children threw, in an alert. */
class Boundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: String(error) };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

describe('guides/caching', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/caching');

  claim('An atom keeps its value for as long as the program runs. There is no eviction', async (clause) => {
    const family = atomFamily((n: number) => n);
    const first = family(0);
    first.set(42);
    const plain = atom('kept');
    for (let i = 1; i < 300; i += 1) family(i).set(i);
    await new Promise((resolve) => setTimeout(resolve, 20));
    clause('An atom keeps its value for as long as the program runs.', () => {
      expect(first.get()).toBe(42);
      expect(plain.get()).toBe('kept');
    });
    clause('There is no eviction', () => {
      expect(family(0)).toBe(first);
      expect(family(1).get()).toBe(1);
    });
  });

  claim(
    [
      'A selector keeps its latest result. Reading it again does not run it; it runs again when a connected dependency changes or when it is refreshed',
      'For an async selector the kept value is the promise, so every reader shares one request',
    ],
    async (clause) => {
      const n = atom(1);
      const run = jest.fn((value: number) => ({ value }));
      const boxed = selector(({ get }) => run(get(n)));
      const kept = boxed.get();
      clause('A selector keeps its latest result.', () => {
        expect(boxed.get()).toBe(kept);
      });
      clause('Reading it again does not run it', () => {
        boxed.get();
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('it runs again when a connected dependency changes or when it is refreshed', () => {
        n.set(2);
        expect(run).toHaveBeenCalledTimes(2);
        expect(boxed.get()).toEqual({ value: 2 });
        refresh(boxed);
        boxed.get();
        expect(run).toHaveBeenCalledTimes(3);
      });
      const request = jest.fn(async () => 'data');
      const data = selector(request);
      const [a, b] = [data.get(), data.get()];
      clause('For an async selector the kept value is the promise', () => {
        expect(a).toBeInstanceOf(Promise);
        expect(a).toBe(b);
      });
      await clause('so every reader shares one request', async () => {
        await expect(Promise.all([a, b])).resolves.toEqual(['data', 'data']);
        expect(request).toHaveBeenCalledTimes(1);
      });
    },
  );

  claim(
    [
      'A failure on the first read is kept as `undefined`. A selector that throws during its first `get()` keeps `undefined` as its result, and later reads return that without running it again, until it is refreshed or a dependency it read before the throw changes',
    ],
    (clause) => {
      const input = atom('{');
      const run = jest.fn();
      const parsed = selector(({ get }) => {
        run();
        return JSON.parse(get(input)) as unknown;
      });
      clause('A selector that throws during its first `get()` keeps `undefined` as its result', () => {
        expect(() => parsed.get()).toThrow(SyntaxError);
        expect(parsed.get()).toBeUndefined();
      });
      clause('A failure on the first read is kept as `undefined`.', () => {
        expect([parsed.get(), parsed.get()]).toEqual([undefined, undefined]);
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause(
        'and later reads return that without running it again, until it is refreshed or a dependency it read before the throw changes',
        () => {
          expect(run).toHaveBeenCalledTimes(1);
          input.set('{"a":1}');
          expect(parsed.get()).toEqual({ a: 1 });
          let fail = true;
          const flaky = selector(() => {
            if (fail) throw new Error('not yet');
            return 'ok';
          });
          expect(() => flaky.get()).toThrow('not yet');
          fail = false;
          expect(flaky.get()).toBeUndefined();
          refresh(flaky);
          expect(flaky.get()).toBe('ok');
        },
      );
    },
  );

  claim('A rejection makes the selector stale. When one of its promises rejects, the next read runs the selector again', async (clause) => {
    const run = jest.fn(() => Promise.reject(new Error('down')));
    const s = selector(run);
    const first = s.get();
    const beforeRejection = s.get();
    await expect(first).rejects.toThrow('down');
    await flush();
    const after = s.get();
    after.catch(() => undefined);
    clause('A rejection makes the selector stale.', () => {
      expect(beforeRejection).toBe(first);
      expect(after).not.toBe(first);
    });
    clause('When one of its promises rejects, the next read runs the selector again', () => {
      expect(run).toHaveBeenCalledTimes(2);
    });
  });

  claim(
    'A failed re-run keeps the previous result. When a dependency change makes the selector throw, the error goes to the `set` call that made the change, and the selector keeps the result it had',
    (clause) => {
      const n = atom(4);
      let runs = 0;
      const s = selector(({ get }) => {
        runs += 1;
        if (get(n) < 0) throw new Error('negative');
        return Math.sqrt(get(n));
      });
      s.get();
      clause('When a dependency change makes the selector throw, the error goes to the `set` call that made the change', () => {
        expect(() => n.set(-1)).toThrow('negative');
        expect(runs).toBe(2);
      });
      clause('A failed re-run keeps the previous result.', () => {
        expect(s.get()).not.toBeUndefined();
        expect(runs).toBe(2);
      });
      clause('and the selector keeps the result it had', () => {
        expect(s.get()).toBe(2);
      });
    },
  );

  claim(
    [
      'A selector that has been read follows its dependencies, and runs again when they change, even if nothing displays it',
      'once the last subscriber leaves, the selector disconnects from its dependencies and its kept result goes stale, and it stays so until a `refresh`',
      'In React, that is when the last component that displays the selector unmounts',
    ],
    (clause) => {
      const price = atom(10);
      const run = jest.fn();
      const withTax = selector(({ get }) => {
        run();
        return get(price) * 1.2;
      });
      const subscribe = jest.spyOn(price, 'subscribe');
      withTax.get();
      clause('A selector that has been read follows its dependencies', () => {
        expect(subscribe).toHaveBeenCalledTimes(1);
      });
      clause('and runs again when they change, even if nothing displays it', () => {
        price.set(20);
        expect(run).toHaveBeenCalledTimes(2);
      });
      function Price() {
        return <p>{useStanValue(withTax)}</p>;
      }
      const one = render(<Price />);
      const two = render(<Price />);
      clause('In React, that is when the last component that displays the selector unmounts', () => {
        one.unmount();
        act(() => price.set(25));
        expect(run).toHaveBeenCalledTimes(3); // one still displays it: still connected
        two.unmount();
        act(() => price.set(30));
        expect(run).toHaveBeenCalledTimes(3);
      });
      clause(
        'once the last subscriber leaves, the selector disconnects from its dependencies and its kept result goes stale',
        () => {
          const stop = withTax.subscribe(() => undefined);
          refresh(withTax);
          expect(withTax.get()).toBe(36);
          stop();
          act(() => price.set(40));
          expect(withTax.get()).toBe(36);
        },
      );
      clause('and it stays so until a `refresh`', () => {
        act(() => price.set(50));
        expect([withTax.get(), withTax.get()]).toEqual([36, 36]);
        refresh(withTax);
        expect(withTax.get()).toBe(60);
      });
    },
  );

  claim(
    'If a view can unmount and come back, refresh its selectors when it mounts again, or keep one component subscribed for as long as the values must stay fresh',
    (clause) => {
      const price = atom(10);
      const doubled = selector(({ get }) => get(price) * 2);
      function Price() {
        return <p aria-label="price">{useStanValue(doubled)}</p>;
      }
      clause('If a view can unmount and come back, refresh its selectors when it mounts again', () => {
        const view = render(<Price />);
        view.unmount();
        act(() => price.set(20));
        function FreshPrice() {
          const refreshDoubled = useStanRefresher(doubled);
          useEffect(() => refreshDoubled(), [refreshDoubled]);
          return <Price />;
        }
        const stale = render(<Price />);
        expect(screen.getByLabelText('price')).toHaveTextContent('20'); // without a refresh: the old result
        stale.unmount();
        const fresh = render(<FreshPrice />);
        expect(screen.getByLabelText('price')).toHaveTextContent('40');
        fresh.unmount();
      });
      clause('or keep one component subscribed for as long as the values must stay fresh', () => {
        const cost = atom(10);
        const double = selector(({ get }) => get(cost) * 2);
        function Cost() {
          return <p aria-label="cost">{useStanValue(double)}</p>;
        }
        const keeper = render(<Cost />); // stays mounted
        const view = render(<Cost />);
        view.unmount();
        act(() => cost.set(30));
        render(<Cost />);
        expect(screen.getAllByLabelText('cost').map((p) => p.textContent)).toEqual(['60', '60']);
        keeper.unmount();
      });
    },
  );

  claim(
    [
      'Now `cursor.set({ x: 0, y: 0 })`, a new but equal object, does not run `quadrant` again',
      'when it does run again, its subscribers are notified even if the result is the same',
    ],
    (clause) => {
      const { cursor, quadrant } = runLogged<{ cursor: WritableState<{ x: number; y: number }>; quadrant: import('stan-1.0.0-rc14').ReadonlyState<string> }>(
        'version-1.0.0-rc14/guides/caching',
        'quadrant.ts',
      ).exports;
      const seen: string[] = [];
      expect(quadrant.get()).toBe('bottom-right');
      quadrant.subscribe((value) => seen.push(value));
      clause('Now `cursor.set({ x: 0, y: 0 })`, a new but equal object, does not run `quadrant` again', () => {
        // A run would notify (next clause); none came.
        cursor.set({ x: 0, y: 0 });
        expect(seen).toEqual([]);
      });
      clause('when it does run again, its subscribers are notified even if the result is the same', () => {
        cursor.set({ x: 1, y: 1 });
        expect(seen).toEqual(['bottom-right']);
      });
    },
  );

  claim(
    [
      'atomFamily keeps every member. selectorFamily takes a `cachePolicy` option',
      'Every call of the family counts as a use, including calls made while rendering. When a dropped parameter comes back, the family creates a new selector for it',
      'the old selector, where it is connected, still runs when its dependencies change',
    ],
    (clause) => {
      clause('atomFamily keeps every member. selectorFamily takes a `cachePolicy` option', () => {
        const atoms = atomFamily((n: number) => n);
        const firstAtom = atoms(0);
        for (let i = 1; i < 100; i += 1) atoms(i);
        expect(atoms(0)).toBe(firstAtom);
        const limited = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
        const one = limited(1);
        limited(2);
        expect(limited(1)).not.toBe(one);
      });
      const source = atom(1);
      const runs: number[] = [];
      const family = selectorFamily((n: number) => ({ get }) => runs.push(n) && get(source) + n, {
        cachePolicy: { type: 'lru', maxSize: 1 },
      });
      const old = family(1);
      old.get();
      function Reader({ n }: { n: number }) {
        return <p>{useStanValue(family(n))}</p>;
      }
      clause('Every call of the family counts as a use, including calls made while rendering.', () => {
        const two = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
        const a = two(1);
        two(2);
        two(1); // a use: 2 is now the least recent
        two(3);
        expect(two(1)).toBe(a);
        render(<Reader n={2} />); // a call while rendering: 1 is dropped
        expect(family(1)).not.toBe(old);
      });
      clause('When a dropped parameter comes back, the family creates a new selector for it', () => {
        const again = family(1);
        expect(again).not.toBe(old);
        expect(family(1)).toBe(again);
      });
      clause('the old selector, where it is connected, still runs when its dependencies change', () => {
        runs.length = 0;
        act(() => source.set(5));
        expect(runs).toContain(1);
        expect(old.get()).toBe(6);
      });
    },
  );

  claim('The `CachePolicy` type is not exported. If you need it, for a helper that builds families say, take it from the options type', async (clause) => {
    const errors = await compileErrors("import type { CachePolicy } from '@rkrupinski/stan';", 'ts', VERSION);
    clause('The `CachePolicy` type is not exported.', () => {
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain('CachePolicy');
    });
    await clause('If you need it, for a helper that builds families say, take it from the options type', async () => {
      const { wordCount } = runLogged<{ wordCount: (text: string) => import('stan-1.0.0-rc14').ReadonlyState<number> }>(
        'version-1.0.0-rc14/guides/caching',
        'cache-policy.ts',
      ).exports;
      expect(wordCount('two words').get()).toBe(2);
      const fromOptions = await compileErrors(
        `import { selectorFamily, type SelectorFamilyOptions } from '@rkrupinski/stan';
type CachePolicy = NonNullable<SelectorFamilyOptions['cachePolicy']>;
const recent: CachePolicy = { type: 'lru', maxSize: 20 };
const wrong: CachePolicy = { type: 'oldest' };
export const f = selectorFamily((n: number) => () => n, { cachePolicy: recent });
export { wrong };`,
        'ts',
        VERSION,
      );
      expect(fromOptions.map((e) => e.line)).toEqual([4]);
    });
  }, 60_000);

  describe('orders.ts', () => {
    let api: FakeApi;
    beforeEach(() => {
      api = installFakeApi();
      api.answer(200, []);
    });
    afterEach(() => api.restore());

    claim(
      [
        'Every connected `orders` selector runs again when the version changes. A selector that has disconnected does not, so refresh it too if a component shows it again',
      ],
      async (clause) => {
        const { ordersVersion, orders } = runLogged<{
          ordersVersion: WritableState<number>;
          orders: (id: string) => import('stan-1.0.0-rc14').ReadonlyState<Promise<unknown[]>>;
        }>('version-1.0.0-rc14/guides/caching', 'orders.ts').exports;
        await orders('a').get();
        const stop = orders('b').subscribe(() => undefined);
        await orders('b').get();
        stop(); // b disconnects
        api.requests.length = 0;
        ordersVersion.set((v) => v + 1);
        await flush();
        clause('Every connected `orders` selector runs again when the version changes.', () => {
          expect(api.requests).toContain('/api/customers/a/orders');
        });
        clause('A selector that has disconnected does not', () => {
          expect(api.requests).toEqual(['/api/customers/a/orders']);
        });
        await clause('so refresh it too if a component shows it again', async () => {
          refresh(orders('b'));
          await orders('b').get();
          expect(api.requests).toEqual(['/api/customers/a/orders', '/api/customers/b/orders']);
        });
      },
    );
  });
});

describe('guides/error-handling', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/error-handling');

  claim(
    [
      'When a selector throws during its first `get()`, the error propagates to the caller. The selector still counts as evaluated, with `undefined` as its result, so the next `get()` returns `undefined` without running it, whatever its type says',
      'console.log(greeting.get()); // undefined: the failed read is kept',
      'console.log(greeting.get()); // "Hello"',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/guides/error-handling', 'first-read.ts');
      let runs = 0;
      const label = selector((): string => {
        runs += 1;
        throw new Error('no label');
      });
      clause('When a selector throws during its first `get()`, the error propagates to the caller.', () => {
        expect(logs[0]).toBe('Not ready yet');
        expect(() => label.get()).toThrow('no label');
      });
      clause('The selector still counts as evaluated, with `undefined` as its result', () => {
        expect(label.get()).toBeUndefined();
      });
      clause('so the next `get()` returns `undefined` without running it, whatever its type says', () => {
        const value: string = label.get();
        expect(value).toBeUndefined();
        expect(runs).toBe(1);
      });
      clause('console.log(greeting.get()); // undefined: the failed read is kept', () => {
        expect(logs[1]).toBe('undefined');
      });
      clause('console.log(greeting.get()); // "Hello"', () => {
        expect(logs[2]).toBe('Hello');
        expect(logs).toHaveLength(3);
      });
    },
  );

  claim(
    [
      'If it only prints the value, the second render succeeds and shows nothing (or `undefined`) in its place. React reports the selector\'s error as a recoverable error (to the `onRecoverableError` option of `createRoot`, by default the console), and no error boundary sees it',
      'If it uses the value, reading a property of it say, the second render throws a `TypeError`, and that is what an error boundary receives: "Cannot read properties of undefined", not the selector\'s own message',
    ],
    (clause) => {
      const recovered: unknown[] = [];
      let attempts = 0;
      const count = selector((): number => {
        throw new Error('count failed');
      });
      function Count() {
        attempts += 1;
        return <p aria-label="count">{useStanValue(count)}</p>;
      }
      render(
        <Boundary>
          <Count />
        </Boundary>,
        { onRecoverableError: (error) => recovered.push(error) },
      );
      clause('If it only prints the value, the second render succeeds and shows nothing (or `undefined`) in its place.', () => {
        expect(attempts).toBeGreaterThanOrEqual(2);
        expect(screen.getByLabelText('count')).toHaveTextContent('');
        const word = selector((): string => {
          throw new Error('word failed');
        });
        function Word() {
          return <p aria-label="word">{String(useStanValue(word))}</p>;
        }
        render(<Word />, { onRecoverableError: () => undefined });
        expect(screen.getByLabelText('word')).toHaveTextContent('undefined');
      });
      clause(
        "React reports the selector's error as a recoverable error (to the `onRecoverableError` option of `createRoot`, by default the console)",
        () => {
          expect((recovered[0] as Error).cause).toEqual(new Error('count failed'));
          const other = selector((): number => {
            throw new Error('other failed');
          });
          function Other() {
            return <p>{useStanValue(other)}</p>;
          }
          // Without the option, React hands the error to the global reportError, which a browser prints to its console.
          const reported: unknown[] = [];
          const onError = (event: ErrorEvent) => {
            event.preventDefault();
            reported.push(event.error);
          };
          window.addEventListener('error', onError);
          const container = document.createElement('div');
          const root = createRoot(container);
          try {
            act(() => root.render(<Other />));
            expect((reported[0] as Error).cause).toEqual(new Error('other failed'));
          } finally {
            act(() => root.unmount());
            window.removeEventListener('error', onError);
          }
        },
      );
      clause('and no error boundary sees it', () => {
        expect(screen.queryByRole('alert')).toBeNull();
      });
      const user = selector((): { name: string } => {
        throw new Error('user failed');
      });
      function Name() {
        return <p>{useStanValue(user).name}</p>;
      }
      clause('If it uses the value, reading a property of it say, the second render throws a `TypeError`', () => {
        const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          // No boundary here: what one would receive is what the render throws.
          expect(() => render(<Name />, { onRecoverableError: () => undefined })).toThrow(TypeError);
        } finally {
          spy.mockRestore();
        }
      });
      clause('and that is what an error boundary receives', () => {
        const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          render(
            <Boundary>
              <Name />
            </Boundary>,
            { onRecoverableError: () => undefined },
          );
        } finally {
          spy.mockRestore();
        }
        expect(screen.getByRole('alert')).toHaveTextContent('TypeError');
      });
      clause('"Cannot read properties of undefined", not the selector\'s own message', () => {
        expect(screen.getByRole('alert')).toHaveTextContent("Cannot read properties of undefined (reading 'name')");
        expect(screen.getByRole('alert')).not.toHaveTextContent('user failed');
      });
    },
  );

  claim(
    "On the server, `renderToString` throws the selector's own error the first time, and the `TypeError` (or the empty render) on every later request, since the failed result is kept",
    (clause) => {
      let runs = 0;
      const user = selector((): { name: string } => {
        runs += 1;
        throw new Error('user failed');
      });
      function Name() {
        return <p>{useStanValue(user).name}</p>;
      }
      clause("On the server, `renderToString` throws the selector's own error the first time", () => {
        expect(() => renderToString(<Name />)).toThrow('user failed');
      });
      clause('and the `TypeError` (or the empty render) on every later request, since the failed result is kept', () => {
        expect(() => renderToString(<Name />)).toThrow(TypeError);
        expect(() => renderToString(<Name />)).toThrow(TypeError);
        expect(runs).toBe(1);
        const count = selector((): number => {
          throw new Error('count failed');
        });
        function Count() {
          return <p>{useStanValue(count)}</p>;
        }
        expect(() => renderToString(<Count />)).toThrow('count failed');
        expect([renderToString(<Count />), renderToString(<Count />)]).toEqual(['<p></p>', '<p></p>']);
      });
    },
  );

  claim(
    [
      'If that run throws, the error is thrown out of the `set` call that changed the dependency, the atom keeps its new value, the selector keeps its previous result, and the selector\'s subscribers are not notified',
      "The atom's subscribers that `set` had not called yet are skipped for that update, and so are its `onSet` callbacks",
      'The selector stays subscribed to everything it read, so the next change runs it again',
      'console.log(ratio.get()); // 100, the last successful result',
      'console.log(ratio.get()); // 25',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/guides/error-handling', 'ratio.ts');
      const saved = jest.fn();
      const divisor = atom(1, { effects: [({ onSet }) => onSet(saved)] });
      const earlier = jest.fn();
      divisor.subscribe(earlier); // before the selector subscribes
      let runs = 0;
      const ratio = selector(({ get }) => {
        runs += 1;
        if (get(divisor) === 0) throw new Error('zero');
        return 1 / get(divisor);
      });
      ratio.get();
      const subscriber = jest.fn();
      ratio.subscribe(subscriber);
      const later = jest.fn();
      divisor.subscribe(later);
      let thrown: unknown;
      try {
        divisor.set(0);
      } catch (error) {
        thrown = error;
      }
      clause(
        'If that run throws, the error is thrown out of the `set` call that changed the dependency, the atom keeps its new value, the selector keeps its previous result',
        () => {
          expect(thrown).toEqual(new Error('zero'));
          expect(logs.slice(0, 3)).toEqual(['100', 'Cannot divide by zero', '0']);
          expect(divisor.get()).toBe(0);
          expect(ratio.get()).toBe(1);
        },
      );
      clause("and the selector's subscribers are not notified", () => {
        expect(subscriber).not.toHaveBeenCalled();
      });
      clause("The atom's subscribers that `set` had not called yet are skipped for that update", () => {
        expect(earlier).toHaveBeenCalledWith(0);
        expect(later).not.toHaveBeenCalled();
      });
      clause('and so are its `onSet` callbacks', () => {
        expect(saved).not.toHaveBeenCalled();
      });
      clause('The selector stays subscribed to everything it read', () => {
        divisor.set(4);
        expect(subscriber).toHaveBeenCalledWith(0.25);
      });
      clause('so the next change runs it again', () => {
        expect(runs).toBe(3);
        expect(logs[4]).toBe('25');
      });
      clause('console.log(ratio.get()); // 100, the last successful result', () => {
        expect(logs[3]).toBe('100');
      });
      clause('console.log(ratio.get()); // 25', () => {
        expect(logs).toEqual(['100', 'Cannot divide by zero', '0', '100', '25']);
      });
    },
  );

  claim('A selector that returns a result object never leaves `undefined` behind, and every reader can show the failure', (clause) => {
    const { amountInput, amount } = runLogged<{
      amountInput: WritableState<string>;
      amount: import('stan-1.0.0-rc14').ReadonlyState<{ ok: boolean }>;
    }>('version-1.0.0-rc14/guides/error-handling', 'amount.ts').exports;
    const seen: unknown[] = [];
    amount.subscribe((value) => seen.push(value));
    clause('A selector that returns a result object never leaves `undefined` behind', () => {
      expect(amount.get()).toEqual({ ok: false, error: 'Enter a number' });
      amountInput.set('12');
      expect(amount.get()).toEqual({ ok: true, value: 12 });
      amountInput.set('twelve');
      expect(amount.get()).toEqual({ ok: false, error: 'Enter a number' });
    });
    clause('and every reader can show the failure', () => {
      // A subscriber was told of the failure, and a component reading it now gets it too.
      expect(seen.at(-1)).toEqual({ ok: false, error: 'Enter a number' });
      function Amount() {
        const result = useStanValue(amount) as { ok: boolean; error?: string };
        return <p>{result.ok ? 'fine' : result.error}</p>;
      }
      render(<Amount />);
      expect(screen.getByText('Enter a number')).toBeInTheDocument();
    });
  });

  claim(
    'Restore defaults writes the default text, the selector runs again because it depends on `rawSettings`, and the component shows the theme',
    (clause) => {
      const { Settings, rawSettings, DEFAULT_SETTINGS } = runLogged<{ Settings: ComponentType; rawSettings: WritableState<string>; DEFAULT_SETTINGS: string }>(
        'version-1.0.0-rc14/guides/error-handling',
        'Settings.tsx',
      ).exports;
      rawSettings.set('{"theme":');
      render(<Settings />);
      expect(screen.getByRole('alert')).toHaveTextContent(/The settings could not be read: .*JSON/);
      fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
      clause('Restore defaults writes the default text, the selector runs again because it depends on `rawSettings`', () => {
        expect(rawSettings.get()).toBe(DEFAULT_SETTINGS);
        expect(screen.queryByRole('alert')).toBeNull();
      });
      clause('and the component shows the theme', () => {
        expect(screen.getByText('Theme: dark')).toBeInTheDocument();
      });
    },
  );

  claim(
    'This release does not tell the latest run from older ones here: the rejection of a run that a newer run has already replaced marks the selector stale as well, and costs one more run on the next read',
    async (clause) => {
      const query = atom('a');
      const runs: string[] = [];
      const s = selector(({ get }) => {
        const q = get(query);
        runs.push(q);
        return q === 'a' ? Promise.reject(new Error('old')) : Promise.resolve(q);
      });
      s.get().catch(() => undefined);
      query.set('b');
      const latest = s.get();
      await flush();
      const runsBeforeRead = [...runs];
      const next = s.get();
      await next;
      await clause('This release does not tell the latest run from older ones here', async () => {
        // The latest run succeeded, yet the old run's rejection still discarded its result.
        await expect(latest).resolves.toBe('b');
      });
      clause('the rejection of a run that a newer run has already replaced marks the selector stale as well', () => {
        expect(runsBeforeRead).toEqual(['a', 'b']);
        expect(next).not.toBe(latest);
      });
      clause('and costs one more run on the next read', () => {
        expect(runs).toEqual(['a', 'b', 'b']);
      });
    },
  );

  describe('with a server', () => {
    let api: FakeApi;
    beforeEach(() => {
      api = installFakeApi();
    });
    afterEach(() => api.restore());

    claim(
      [
        'the read starts a new run, a second request that nobody asked for. The hook does not follow that run: it keeps showing the error until a refresh or a dependency change notifies it of a newer promise, or the component mounts again',
      ],
      async (clause) => {
        const status = selector(async () => {
          const response = await fetch('/api/status');
          if (!response.ok) throw new Error(`failed (${response.status})`);
          return 'up';
        });
        const { useStanValueAsync } = await import('stan-1.0.0-rc14/react');
        function Badge({ state = status }: { state?: import('stan-1.0.0-rc14').ReadonlyState<Promise<string>> }) {
          const result = useStanValueAsync(state);
          return <p>{result.type === 'error' ? result.reason : result.type === 'ready' ? result.value : 'checking'}</p>;
        }
        api.answer(503);
        const first = render(<Badge />);
        api.answer(200);
        expect(await screen.findByText('failed (503)')).toBeInTheDocument();
        clause('the read starts a new run, a second request that nobody asked for.', () => {
          expect(api.requests).toHaveLength(2);
        });
        await settle();
        await settle();
        await clause('The hook does not follow that run', async () => {
          expect(screen.getByText('failed (503)')).toBeInTheDocument();
          await expect(status.get()).resolves.toBe('up');
          expect(api.requests).toHaveLength(2);
        });
        await clause('or the component mounts again', async () => {
          first.unmount();
          render(<Badge />);
          expect(await screen.findByText('up')).toBeInTheDocument();
        });
        first.unmount();
        await clause('it keeps showing the error until a refresh or a dependency change notifies it of a newer promise', async () => {
          // A selector of its own for each way out, each failing first.
          const region = atom('eu');
          const byRegion = selector(async ({ get }) => {
            const response = await fetch(`/api/status?region=${get(region)}`);
            if (!response.ok) throw new Error(`failed (${response.status})`);
            return `up in ${get(region)}`;
          });
          const retried = selector(async () => {
            const response = await fetch('/api/retried');
            if (!response.ok) throw new Error(`retry failed (${response.status})`);
            return 'up again';
          });
          api.answer(500);
          render(
            <>
              <Badge state={byRegion} />
              <Badge state={retried} />
            </>,
          );
          expect(await screen.findByText('failed (500)')).toBeInTheDocument();
          expect(await screen.findByText('retry failed (500)')).toBeInTheDocument();
          await settle();
          await settle();
          api.answer(200);
          await settle();
          expect(screen.getByText('failed (500)')).toBeInTheDocument();
          expect(screen.getByText('retry failed (500)')).toBeInTheDocument();
          act(() => region.set('us'));
          expect(await screen.findByText('up in us')).toBeInTheDocument();
          act(() => refresh(retried));
          expect(await screen.findByText('up again')).toBeInTheDocument();
        });
      },
    );

    describe('StatusBadge.tsx', () => {
      /** Renders the sample, and returns its `status` selector (caught as the sample creates it) with its subscribe spied. */
      const mount = () => {
        const made: { subscribe: jest.SpyInstance }[] = [];
        const modules = {
          ...sampleModulesOf(VERSION),
          '@rkrupinski/stan': {
            ...stan,
            selector: (...args: Parameters<typeof stan.selector>) => {
              const created = stan.selector(...args);
              made.push({ subscribe: jest.spyOn(created, 'subscribe') });
              return created;
            },
          },
        };
        const { StatusBadge } = runLogged<{ StatusBadge: ComponentType }>('version-1.0.0-rc14/guides/error-handling', 'StatusBadge.tsx', modules).exports;
        render(<StatusBadge />);
        return made;
      };

      claim(
        [
          'A refresh from the component that shows the error is a working retry: the component is subscribed to the selector, so `refresh` runs it at once and hands the new promise to the hook, which shows loading and then the new result',
          'Each press of Retry runs the selector again, and the badge shows the outcome of that run',
        ],
        async (clause) => {
          api.answer(503);
          const [status] = mount();
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          clause('the component is subscribed to the selector', () => {
            expect(status?.subscribe).toHaveBeenCalled();
          });
          await settle(); // the hidden run has failed too
          await clause('so `refresh` runs it at once and hands the new promise to the hook, which shows loading and then the new result', async () => {
            const requests = api.requests.length;
            api.answer(500);
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            expect(api.requests.length).toBeGreaterThan(requests);
            expect(screen.getByText('Checking…')).toBeInTheDocument();
            expect(await screen.findByText(/Status check failed \(500\)/)).toBeInTheDocument();
          });
          const codes = [502, 504, 503];
          const before = api.requests.length;
          for (const code of codes) {
            await settle(); // the hidden run has failed too
            api.answer(code);
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            expect(screen.getByText('Checking…')).toBeInTheDocument();
            expect(await screen.findByText(`Status check failed (${code})`)).toBeInTheDocument();
          }
          clause('Each press of Retry runs the selector again', () => {
            expect(api.requests.length).toBeGreaterThanOrEqual(before + codes.length);
          });
          clause('and the badge shows the outcome of that run', () => {
            expect(screen.getByText('Status check failed (503)')).toBeInTheDocument();
          });
          await clause('A refresh from the component that shows the error is a working retry', async () => {
            api.answer(200, { healthy: true });
            await settle();
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            expect(await screen.findByText('All good')).toBeInTheDocument();
          });
        },
      );

      claim(
        ["A change of one of the selector's dependencies does the same", 'Choosing another region after a failure also starts a run that the badge follows'],
        async (clause) => {
          api.answer(503);
          mount();
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          await settle(); // the hidden run has failed too
          api.answer(200, { healthy: false });
          const requests = api.requests.length;
          fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'us' } });
          clause("A change of one of the selector's dependencies does the same", () => {
            // As a refresh does: a run at once, and the hook shows loading.
            expect(api.requests.length).toBeGreaterThan(requests);
            expect(screen.getByText('Checking…')).toBeInTheDocument();
          });
          await clause('Choosing another region after a failure also starts a run that the badge follows', async () => {
            expect(await screen.findByText('Degraded')).toBeInTheDocument();
            expect(api.requests.at(-1)).toBe('/api/status?region=us');
          });
        },
      );
    });
  });

  claim(
    [
      'A selector run is never cancelled in this release: selector functions receive no abort signal',
      'the new run starts beside the old one, and the old run\'s work goes on to the end. Its result is not used',
    ],
    async (clause) => {
      const query = atom('old');
      const finished: string[] = [];
      const started: string[] = [];
      const s = selector(({ get }) => {
        const q = get(query);
        started.push(q);
        return new Promise<string>((resolve) =>
          setTimeout(() => {
            finished.push(q);
            resolve(q);
          }, q === 'old' ? 10 : 0),
        );
      });
      clause('selector functions receive no abort signal', () => {
        const args: string[][] = [];
        const keys = selector((arg) => {
          args.push(Object.keys(arg));
          return 0;
        });
        keys.get();
        expect(args).toEqual([['get']]);
      });
      const old = s.get();
      query.set('new');
      clause('the new run starts beside the old one', () => {
        expect(started).toEqual(['old', 'new']);
        expect(finished).toEqual([]);
      });
      await expect(s.get()).resolves.toBe('new');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await clause('A selector run is never cancelled in this release', async () => {
        await expect(old).resolves.toBe('old');
      });
      clause("and the old run's work goes on to the end.", () => {
        expect(finished).toEqual(['new', 'old']);
      });
      await clause('Its result is not used', async () => {
        await expect(s.get()).resolves.toBe('new');
      });
    },
  );
});

describe('guides/param-serialization', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/param-serialization');

  claim('TypeScript rejects anything else, such as `Date`, `Map`, class instances, functions or `undefined`', async () => {
    const errors = await compileErrors(
      `import { atomFamily } from '@rkrupinski/stan';
const f = atomFamily<number, { a: number }>(0);
f({ a: 1 });
const g = atomFamily((p: Map<string, number>) => p.size);
const h = atomFamily((p: undefined) => 1);
class C { x = 1 }
const i = atomFamily((p: C) => p.x);
const j = atomFamily((p: () => void) => 1);
export { g, h, i, j };`,
      'ts',
      VERSION,
    );
    expect(errors.map((e) => e.line)).toEqual([4, 5, 7, 8]);
    expect(runLogged('version-1.0.0-rc14/guides/param-serialization', 'allowed.ts').logs).toEqual([]);
  }, 60_000);

  claim(
    [
      'Object key order does not matter. Keys are sorted at every level before serializing',
      'Array order matters',
      'Types matter. `1` and `"1"` are different, and so are `true` and `"true"`',
      'Properties set to `undefined` are dropped',
      'Numbers that are not finite become `null`. `NaN`, `Infinity` and `-Infinity` share a key with `null`, and `-0` shares one with `0`',
      'Circular structures throw a `TypeError` when the family is called',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/guides/param-serialization', 'keys.ts');
      const f = atomFamily<number, import('stan-1.0.0-rc14').SerializableParam>(0) as (p: unknown) => unknown;
      clause('Object key order does not matter.', () => {
        expect(logs[0]).toBe('true');
      });
      clause('Keys are sorted at every level before serializing', () => {
        expect(f({ a: { x: 1, y: 2 } })).toBe(f({ a: { y: 2, x: 1 } }));
        expect(f([{ b: 1, a: 2 }])).toBe(f([{ a: 2, b: 1 }]));
      });
      clause('Array order matters', () => {
        expect(f([1, 2])).not.toBe(f([2, 1]));
      });
      clause('Types matter. `1` and `"1"` are different', () => {
        expect(f(1)).not.toBe(f('1'));
      });
      clause('and so are `true` and `"true"`', () => {
        expect(f(true)).not.toBe(f('true'));
      });
      clause('Properties set to `undefined` are dropped', () => {
        expect(logs[1]).toBe('true');
        expect(logs[2]).toBe('false');
      });
      clause('Numbers that are not finite become `null`. `NaN`, `Infinity` and `-Infinity` share a key with `null`', () => {
        expect([f(NaN), f(Infinity), f(-Infinity)]).toEqual([f(null), f(null), f(null)]);
        expect(f(NaN)).toBe(f(null));
      });
      clause('and `-0` shares one with `0`', () => {
        expect(f(-0)).toBe(f(0));
      });
      clause('Circular structures throw a `TypeError` when the family is called', () => {
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        expect(() => f(circular)).toThrow(TypeError);
      });
    },
  );

  claim(
    [
      '`Map` and `Set` have no enumerable properties, so every map and every set serializes to `{}` and they would all share one member, the one of an empty object',
      'Functions and `undefined` produce no JSON at all, so they would all share one missing key',
      'Class instances serialize to their own enumerable fields, without the class, so instances of unrelated classes with the same fields collide',
      '`BigInt` cannot be serialized: the family call throws a `TypeError`',
      '`Date` works at run time, because it serializes through its `toJSON` method to an ISO string, but then collides with that string',
    ],
    (clause) => {
      const f = atomFamily<number, import('stan-1.0.0-rc14').SerializableParam>(0) as (p: unknown) => unknown;
      clause('`Map` and `Set` have no enumerable properties', () => {
        expect(Object.keys(new Map([['a', 1]]))).toEqual([]);
        expect(Object.keys(new Set([1]))).toEqual([]);
      });
      clause('so every map and every set serializes to `{}` and they would all share one member, the one of an empty object', () => {
        expect(f(new Map([['a', 1]]))).toBe(f({}));
        expect(f(new Map([['b', 2]]))).toBe(f({}));
        expect(f(new Set([1]))).toBe(f({}));
      });
      clause('Functions and `undefined` produce no JSON at all', () => {
        expect([JSON.stringify(() => 1), JSON.stringify(undefined)]).toEqual([undefined, undefined]);
      });
      clause('so they would all share one missing key', () => {
        expect(f(() => 1)).toBe(f(undefined));
        expect(f(() => 2)).toBe(f(() => 1));
      });
      class A {
        x = 1;
      }
      class B {
        x = 1;
      }
      clause('Class instances serialize to their own enumerable fields, without the class', () => {
        expect(f(new A())).toBe(f({ x: 1 }));
      });
      clause('so instances of unrelated classes with the same fields collide', () => {
        expect(f(new A())).toBe(f(new B()));
      });
      clause('`BigInt` cannot be serialized', () => {
        expect(() => JSON.stringify(BigInt(1))).toThrow(TypeError);
      });
      clause('the family call throws a `TypeError`', () => {
        expect(() => f(BigInt(1))).toThrow(TypeError);
      });
      const date = new Date('2026-01-01T00:00:00.000Z');
      clause('`Date` works at run time, because it serializes through its `toJSON` method to an ISO string', () => {
        expect(f(date)).toBe(f(new Date('2026-01-01T00:00:00.000Z')));
        expect(f(date)).not.toBe(f(new Date('2026-01-02T00:00:00.000Z')));
      });
      clause('but then collides with that string', () => {
        expect(f(date)).toBe(f('2026-01-01T00:00:00.000Z'));
      });
    },
  );
});

describe('guides/ssr', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/ssr');

  claim(
    [
      '`useStanValue` reads the current value with `get()` while rendering, so the HTML shows whatever the state holds at that moment, and subscriptions are made in effects, which only run in the browser',
    ],
    (clause) => {
      const note = atom('first');
      const read = jest.spyOn(note, 'get');
      const subscribe = jest.spyOn(note, 'subscribe');
      function Note() {
        return <p>{useStanValue(note)}</p>;
      }
      note.set('now');
      const html = renderToString(<Note />);
      clause('`useStanValue` reads the current value with `get()` while rendering', () => {
        expect(read).toHaveBeenCalled();
      });
      clause('so the HTML shows whatever the state holds at that moment', () => {
        expect(html).toBe('<p>now</p>');
        note.set('later');
        expect(renderToString(<Note />)).toBe('<p>later</p>');
      });
      clause('and subscriptions are made in effects, which only run in the browser', () => {
        expect(subscribe).not.toHaveBeenCalled();
        const view = render(<Note />);
        expect(subscribe).toHaveBeenCalledTimes(1);
        view.unmount();
      });
    },
  );

  claim(
    [
      'There are no stores, so this release cannot give a request an atom\'s value of its own',
      'a value written while rendering one request is there for the next request, whoever sent it',
      'console.log(renderToString(<CartBadge />)); // <span>3 items</span>',
    ],
    (clause) => {
      const { logs } = runLogged('version-1.0.0-rc14/guides/ssr', 'leak.tsx');
      clause('There are no stores', () => {
        expect(Object.keys(stan).filter((name) => /store/i.test(name))).toEqual([]);
      });
      clause("so this release cannot give a request an atom's value of its own", () => {
        // An atom is its value: get takes nothing that could name a request.
        const cart = atom(0);
        expect(Object.keys(cart).sort()).toEqual(['get', 'set', 'subscribe']);
        expect(cart.get.length).toBe(0);
      });
      clause('a value written while rendering one request is there for the next request, whoever sent it', () => {
        const visits = atom(0);
        function Counter() {
          const seen = useStanValue(visits);
          visits.set(seen + 1); // written while rendering this request
          return <span>{seen}</span>;
        }
        expect([renderToString(<Counter />), renderToString(<Counter />)]).toEqual(['<span>0</span>', '<span>1</span>']);
        expect(logs[1]).toBe('<span>3 items</span>');
      });
      clause('console.log(renderToString(<CartBadge />)); // <span>3 items</span>', () => {
        expect(logs).toEqual(['<span>3 items</span>', '<span>3 items</span>']);
      });
    },
  );

  claim(
    'An atomFamily keyed by a request or visitor id keeps the values apart, but its members are never dropped, so the process would keep one member per visitor for as long as it runs',
    (clause) => {
      const cart = atomFamily<number, string>(0);
      const first = cart('visitor-1');
      first.set(3);
      clause('An atomFamily keyed by a request or visitor id keeps the values apart', () => {
        expect([cart('visitor-1').get(), cart('visitor-2').get()]).toEqual([3, 0]);
      });
      clause('but its members are never dropped', () => {
        for (let i = 3; i < 1000; i += 1) cart(`visitor-${i}`).set(i);
        expect(cart('visitor-1')).toBe(first);
      });
      clause('so the process would keep one member per visitor for as long as it runs', () => {
        // A process of its own with the garbage collector exposed: members nobody else refers to stay alive.
        const script = `
const { atomFamily } = require('stan-1.0.0-rc14');
const cart = atomFamily(0);
const refs = [];
for (let i = 0; i < 50; i += 1) refs.push(new WeakRef(cart('visitor-' + i)));
setTimeout(() => {
  global.gc();
  setTimeout(() => {
    global.gc();
    console.log(refs.filter((ref) => ref.deref() !== undefined).length);
  }, 10);
}, 10);
`;
        const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
        expect(run.stderr).toBe('');
        expect(run.stdout).toBe('50\n');
      });
    },
  );

  claim(
    [
      'console.log(renderPage(\'Ada\')); // <h1>Welcome back, Ada</h1>',
      'console.log(renderPage(null)); // <h1>Welcome, guest</h1>',
      'There is nothing to seed: the states start with the request\'s data, and an atom can be written at any time without being read first',
    ],
    (clause) => {
      const { logs, exports } = runLogged<{
        renderPage: (user: string | null) => string;
        createPageState: (user: string | null) => { currentUser: WritableState<string | null>; welcome: import('stan-1.0.0-rc14').ReadonlyState<string> };
      }>('version-1.0.0-rc14/guides/ssr', 'render-page.tsx');
      clause("console.log(renderPage('Ada')); // <h1>Welcome back, Ada</h1>", () => {
        expect(logs[0]).toBe('<h1>Welcome back, Ada</h1>');
      });
      clause('console.log(renderPage(null)); // <h1>Welcome, guest</h1>', () => {
        expect(logs).toEqual(['<h1>Welcome back, Ada</h1>', '<h1>Welcome, guest</h1>']);
      });
      clause('There is nothing to seed', () => {
        expect([exports.renderPage('Grace'), exports.renderPage(null)]).toEqual(['<h1>Welcome back, Grace</h1>', '<h1>Welcome, guest</h1>']);
      });
      clause("the states start with the request's data", () => {
        const state = exports.createPageState('Ada');
        expect([state.currentUser.get(), state.welcome.get()]).toEqual(['Ada', 'Welcome back, Ada']);
      });
      clause('and an atom can be written at any time without being read first', () => {
        const state = exports.createPageState(null);
        state.currentUser.set('Bo');
        expect(state.welcome.get()).toBe('Welcome back, Bo');
      });
    },
  );

  claim('Stan keeps no registry of states, so once a request is done, nothing of Stan refers to its states any more', (clause) => {
    // A Node.js process of its own, with the garbage collector exposed: states nothing else refers to are collected.
    const script = `
const { atom, selector } = require('stan-1.0.0-rc14');
const plain = [];
const used = [];
for (let i = 0; i < 50; i += 1) {
  plain.push(new WeakRef(atom(i)));
  const user = atom({ name: 'visitor ' + i, blob: new Array(1000).fill(i) });
  const welcome = selector(({ get }) => 'Welcome, ' + get(user).name);
  welcome.get();
  welcome.subscribe(() => {})();
  used.push(new WeakRef(user), new WeakRef(welcome));
}
setTimeout(() => {
  global.gc();
  setTimeout(() => {
    global.gc();
    const alive = (refs) => refs.filter((ref) => ref.deref() !== undefined).length;
    console.log(alive(plain), alive(used));
  }, 10);
}, 10);
`;
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const [plain, used] = run.stdout.trim().split(' ').map(Number);
    clause('Stan keeps no registry of states', () => {
      // Atoms that were only created: nothing of Stan holds them.
      expect(plain).toBe(0);
    });
    clause('so once a request is done, nothing of Stan refers to its states any more', () => {
      // Atoms and selectors that were read, subscribed to and let go of.
      expect(used).toBe(0);
    });
  });

  claim(
    [
      'create the browser\'s states from the same data before calling `hydrateRoot`, for example with the same `createPageState(user)`',
    ],
    async () => {
      const { createPageState } = runLogged<{
        createPageState: (user: string | null) => { welcome: import('stan-1.0.0-rc14').ReadonlyState<string> };
      }>('version-1.0.0-rc14/guides/ssr', 'render-page.tsx').exports;
      const Context = createContext(createPageState(null));
      function Header() {
        return <h1>{useStanValue(useContext(Context).welcome)}</h1>;
      }
      const app = (children: ReactNode, user: string) => <Context.Provider value={createPageState(user)}>{children}</Context.Provider>;
      const html = renderToString(app(<Header />, 'Ada'));
      const container = document.createElement('div');
      container.innerHTML = html;
      const { hydrateRoot } = await import('react-dom/client');
      const errors: unknown[] = [];
      const root = await act(async () => hydrateRoot(container, app(<Header />, 'Ada'), { onRecoverableError: (e) => errors.push(e) }));
      expect(errors).toEqual([]);
      expect(container.innerHTML).toBe('<h1>Welcome back, Ada</h1>');
      act(() => root.unmount());
    },
  );

  claim(
    [
      '`useStanValueAsync` has no Suspense integration and renders `{ type: \'loading\' }` first, which is also what the server renders',
      'Async selectors that the server reads still start their work there, since `get()` runs them, and a module-level selector keeps the promise of that run for every later request',
    ],
    async (clause) => {
      const { useStanValueAsync } = await import('stan-1.0.0-rc14/react');
      const load = jest.fn(async () => 'data');
      const data = selector(load);
      function Data() {
        const result = useStanValueAsync(data);
        return <p>{result.type}</p>;
      }
      const html = renderToString(<Data />);
      await clause(
        "`useStanValueAsync` has no Suspense integration and renders `{ type: 'loading' }` first, which is also what the server renders",
        async () => {
          expect(html).toBe('<p>loading</p>');
          await data.get();
          expect(renderToString(<Data />)).toBe('<p>loading</p>'); // even once the promise has resolved
          const seen: string[] = [];
          function Client() {
            const result = useStanValueAsync(data);
            seen.push(result.type);
            return null;
          }
          render(<Client />);
          await settle();
          expect(seen[0]).toBe('loading');
          expect(seen.at(-1)).toBe('ready');
        },
      );
      clause('Async selectors that the server reads still start their work there, since `get()` runs them', () => {
        expect(load).toHaveBeenCalledTimes(1);
        const other = jest.fn(async () => 'other');
        const started = selector(other);
        function Other() {
          return <p>{useStanValueAsync(started).type}</p>;
        }
        renderToString(<Other />);
        expect(other).toHaveBeenCalledTimes(1);
      });
      clause('and a module-level selector keeps the promise of that run for every later request', () => {
        const first = data.get();
        renderToString(<Data />);
        renderToString(<Data />);
        expect(data.get()).toBe(first);
        expect(load).toHaveBeenCalledTimes(1);
      });
    },
  );
});

describe('guides/type-safety', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/type-safety');

  claim(
    [
      "const firstName = atom('Ada'); // WritableState<string>",
      '// ReadonlyState<{ label: string; adult: boolean }>',
    ],
    async (clause) => {
      const { hoverTypes } = await import('../../support/compile');
      const types = await hoverTypes(
        `import { atom, selector } from '@rkrupinski/stan';
const firstName = atom('Ada');
const age = atom(36);
export const summary = selector(({ get }) => ({ label: \`\${get(firstName)} (\${get(age)})\`, adult: get(age) >= 18 }));`,
        'ts',
        VERSION,
      );
      clause("const firstName = atom('Ada'); // WritableState<string>", () => {
        expect(types.get('firstName')?.[0]).toBe('const firstName: WritableState<string>');
      });
      clause('// ReadonlyState<{ label: string; adult: boolean }>', () => {
        expect(types.get('summary')?.[0]).toBe('const summary: ReadonlyState<{\n    label: string;\n    adult: boolean;\n}>');
      });
    },
    60_000,
  );

  claim("export const status = atom<Status>('idle'); // without it, the type would be string", async (clause) => {
    const { hoverTypes } = await import('../../support/compile');
    const types = await hoverTypes(
      "import { atom } from '@rkrupinski/stan';\ntype Status = 'idle' | 'loading';\nexport const status = atom<Status>('idle');\nexport const loose = atom('idle');",
      'ts',
      VERSION,
    );
    clause("export const status = atom<Status>('idle')", () => {
      expect(types.get('status')?.[0]).toBe('const status: WritableState<Status>');
    });
    clause('// without it, the type would be string', () => {
      expect(types.get('loose')?.[0]).toBe('const loose: WritableState<string>');
    });
  }, 60_000);

  claim('Every line marked with `@ts-expect-error` fails to compile without that comment', async () => {
    const fs = await import('fs');
    const path = await import('path');
    const { codeSamples, docsDir } = await import('../../support/samples');
    const page = fs.readFileSync(path.join(docsDir(VERSION), 'guides/type-safety.mdx'), 'utf8');
    const marked = codeSamples(page, 'type-safety.mdx').filter((sample) => sample.code.includes('@ts-expect-error'));
    expect(marked.length).toBeGreaterThanOrEqual(3);
    for (const sample of marked) {
      const unmarked = sample.code.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, '');
      const expected = (sample.code.match(/@ts-expect-error/g) ?? []).length;
      const errors = await compileErrors(unmarked, sample.lang === 'tsx' ? 'tsx' : 'ts', VERSION);
      expect(new Set(errors.map((e) => e.line)).size).toBe(expected);
    }
  }, 120_000);

  claim(
    [
      "`Type 'string' is not assignable to type 'never'`",
      "`Argument of type 'string' is not assignable to parameter of type '(currentValue: null) => null'`",
      "`Type '(a: Point, b: Point) => boolean' is not assignable to type '<T>(a: T, b: T) => boolean'`",
    ],
    async (clause) => {
      const first = async (code: string) => (await compileErrors(`import { atom, selector } from '@rkrupinski/stan';\n${code}`, 'ts', VERSION))[0]?.message.split('\n')[0];
      const [never, setter, comparer] = await Promise.all([
        first("atom([]).set(['a']);"),
        first("atom(null).set('ada');"),
        first(
          'type Point = { x: number; y: number };\nconst cursor = atom<Point>({ x: 0, y: 0 });\nexport const column = selector(({ get }) => get(cursor).x, { areValuesEqual: (a: Point, b: Point) => a.x === b.x });',
        ),
      ]);
      clause("`Type 'string' is not assignable to type 'never'`", () => {
        expect(never).toBe("Type 'string' is not assignable to type 'never'.");
      });
      clause("`Argument of type 'string' is not assignable to parameter of type '(currentValue: null) => null'`", () => {
        expect(setter).toBe("Argument of type 'string' is not assignable to parameter of type '(currentValue: null) => null'.");
      });
      clause("`Type '(a: Point, b: Point) => boolean' is not assignable to type '<T>(a: T, b: T) => boolean'`", () => {
        expect(comparer).toBe("Type '(a: Point, b: Point) => boolean' is not assignable to type '<T>(a: T, b: T) => boolean'.");
      });
    },
    60_000,
  );

  claim(
    [
      'From `@rkrupinski/stan`: `State`, `ReadonlyState`, `WritableState`, `SetterOrUpdater`, `SerializableParam`, `AtomEffect`, `AtomOptions`, `ValueFromParam`, `GetFn`, `SelectorFn`, `SelectorOptions`, `SelectorFamilyFn` and `SelectorFamilyOptions`. From `@rkrupinski/stan/react`: `AsyncValue`',
    ],
    async () => {
      const ts = await import('typescript');
      const fs = await import('fs');
      const path = await import('path');
      const { versionPackageDir } = await import('../../support/samples');
      // Every type the two entry points export, read from the release's declarations.
      const program = ts.createProgram(
        [path.join(versionPackageDir(VERSION), 'dist/index.d.ts'), path.join(versionPackageDir(VERSION), 'dist/react.d.ts')],
        { strict: true, noEmit: true },
      );
      const checker = program.getTypeChecker();
      const typesOf = (file: string) => {
        const source = program.getSourceFile(path.join(versionPackageDir(VERSION), file)) as import('typescript').SourceFile;
        const symbol = checker.getSymbolAtLocation(source) as import('typescript').Symbol;
        return checker
          .getExportsOfModule(symbol)
          .map((s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s))
          .filter((s) => s.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))
          .map((s) => s.name)
          .sort();
      };
      expect(typesOf('dist/index.d.ts')).toEqual(
        ['AtomEffect', 'AtomOptions', 'GetFn', 'ReadonlyState', 'SelectorFamilyFn', 'SelectorFamilyOptions', 'SelectorFn', 'SelectorOptions', 'SerializableParam', 'SetterOrUpdater', 'State', 'ValueFromParam', 'WritableState'].sort(),
      );
      expect(typesOf('dist/react.d.ts')).toEqual(['AsyncValue']);
      expect(fs.existsSync(path.join(versionPackageDir(VERSION), 'dist/index.d.ts'))).toBe(true);
    },
    60_000,
  );
});
