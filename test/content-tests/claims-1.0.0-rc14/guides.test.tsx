// The 1.0.0-rc14 guides (caching, error handling, parameter serialization, server-side rendering, type safety),
// run against stan-1.0.0-rc14; React samples rendered with React 19 in jsdom, or on the "server" with renderToString.
import { spawnSync } from 'child_process';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { atom, atomFamily, refresh, selector, selectorFamily, type WritableState } from 'stan-1.0.0-rc14';
import { useStanValue } from 'stan-1.0.0-rc14/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { REPO_ROOT } from '../../support/samples';
import { runLogged, VERSION } from './helpers';

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('guides/caching', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/caching');

  claim('An atom keeps its value for as long as the program runs. There is no eviction', () => {
    const family = atomFamily((n: number) => n);
    const first = family(0);
    first.set(42);
    for (let i = 1; i < 300; i += 1) family(i).set(i);
    expect(family(0)).toBe(first);
    expect(first.get()).toBe(42);
  });

  claim(
    [
      'A selector keeps its latest result. Reading it again does not run it; it runs again when a connected dependency changes or when it is refreshed',
      'For an async selector the kept value is the promise, so every reader shares one request',
    ],
    async () => {
      const request = jest.fn(async () => 'data');
      const data = selector(request);
      const [a, b] = [data.get(), data.get()];
      expect(a).toBe(b);
      await a;
      expect(request).toHaveBeenCalledTimes(1);
      refresh(data);
      await data.get();
      expect(request).toHaveBeenCalledTimes(2);
    },
  );

  claim(
    [
      'A failure on the first read is kept as `undefined`. A selector that throws during its first `get()` keeps `undefined` as its result, and later reads return that without running it again, until it is refreshed or a dependency it read before the throw changes',
    ],
    () => {
      const input = atom('{');
      const run = jest.fn();
      const parsed = selector(({ get }) => {
        run();
        return JSON.parse(get(input)) as unknown;
      });
      expect(() => parsed.get()).toThrow(SyntaxError);
      expect(parsed.get()).toBeUndefined();
      expect(run).toHaveBeenCalledTimes(1);
      input.set('{"a":1}');
      expect(parsed.get()).toEqual({ a: 1 });
    },
  );

  claim('A rejection makes the selector stale. When one of its promises rejects, the next read runs the selector again', async () => {
    const run = jest.fn(() => Promise.reject(new Error('down')));
    const s = selector(run);
    await expect(s.get()).rejects.toThrow('down');
    await flush();
    s.get().catch(() => undefined);
    expect(run).toHaveBeenCalledTimes(2);
  });

  claim(
    'A failed re-run keeps the previous result. When a dependency change makes the selector throw, the error goes to the `set` call that made the change, and the selector keeps the result it had',
    () => {
      const n = atom(1);
      const s = selector(({ get }) => {
        if (get(n) < 0) throw new Error('negative');
        return Math.sqrt(get(n));
      });
      s.get();
      expect(() => n.set(-1)).toThrow('negative');
      expect(s.get()).toBe(1);
    },
  );

  claim(
    [
      'A selector that has been read follows its dependencies, and runs again when they change, even if nothing displays it',
      'once the last subscriber leaves, the selector disconnects from its dependencies and its kept result goes stale, and it stays so until a `refresh`',
      'In React, that is when the last component that displays the selector unmounts',
    ],
    () => {
      const price = atom(10);
      const run = jest.fn();
      const withTax = selector(({ get }) => {
        run();
        return get(price) * 1.2;
      });
      withTax.get();
      price.set(20);
      expect(run).toHaveBeenCalledTimes(2);
      function Price() {
        return <p>{useStanValue(withTax)}</p>;
      }
      const view = render(<Price />);
      view.unmount();
      act(() => price.set(30));
      expect(withTax.get()).toBe(24);
      refresh(withTax);
      expect(withTax.get()).toBe(36);
    },
  );

  claim(
    'If a view can unmount and come back, refresh its selectors when it mounts again, or keep one component subscribed for as long as the values must stay fresh',
    () => {
      const price = atom(10);
      const doubled = selector(({ get }) => get(price) * 2);
      function Price() {
        return <p aria-label="price">{useStanValue(doubled)}</p>;
      }
      const keeper = render(<Price />); // stays mounted
      const view = render(<Price />);
      view.unmount();
      act(() => price.set(30));
      render(<Price />);
      expect(screen.getAllByLabelText('price').map((p) => p.textContent)).toEqual(['60', '60']);
      keeper.unmount();
    },
  );

  claim(
    [
      'Now `cursor.set({ x: 0, y: 0 })`, a new but equal object, does not run `quadrant` again',
      'when it does run again, its subscribers are notified even if the result is the same',
    ],
    () => {
      const { cursor, quadrant } = runLogged<{ cursor: WritableState<{ x: number; y: number }>; quadrant: import('stan-1.0.0-rc14').ReadonlyState<string> }>(
        'version-1.0.0-rc14/guides/caching',
        'quadrant.ts',
      ).exports;
      const seen: string[] = [];
      expect(quadrant.get()).toBe('bottom-right');
      quadrant.subscribe((value) => seen.push(value));
      cursor.set({ x: 0, y: 0 });
      expect(seen).toEqual([]);
      cursor.set({ x: 1, y: 1 });
      expect(seen).toEqual(['bottom-right']);
    },
  );

  claim(
    [
      'atomFamily keeps every member. selectorFamily takes a `cachePolicy` option',
      'Every call of the family counts as a use, including calls made while rendering. When a dropped parameter comes back, the family creates a new selector for it',
      'the old selector, where it is connected, still runs when its dependencies change',
    ],
    () => {
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
      render(<Reader n={2} />); // a call while rendering: 1 is dropped
      expect(family(1)).not.toBe(old);
      runs.length = 0;
      act(() => source.set(5));
      expect(runs).toContain(1);
    },
  );

  claim('The `CachePolicy` type is not exported. If you need it, for a helper that builds families say, take it from the options type', async () => {
    const { wordCount } = runLogged<{ wordCount: (text: string) => import('stan-1.0.0-rc14').ReadonlyState<number> }>(
      'version-1.0.0-rc14/guides/caching',
      'cache-policy.ts',
    ).exports;
    expect(wordCount('two words').get()).toBe(2);
    expect(await compileErrors("import type { CachePolicy } from '@rkrupinski/stan';", 'ts', VERSION)).toHaveLength(1);
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
      async () => {
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
        expect(api.requests).toEqual(['/api/customers/a/orders']);
        refresh(orders('b'));
        await orders('b').get();
        expect(api.requests).toEqual(['/api/customers/a/orders', '/api/customers/b/orders']);
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
    () => {
      expect(runLogged('version-1.0.0-rc14/guides/error-handling', 'first-read.ts').logs).toEqual(['Not ready yet', 'undefined', 'Hello']);
    },
  );

  claim(
    [
      'If it only prints the value, the second render succeeds and shows nothing (or `undefined`) in its place. React reports the selector\'s error as a recoverable error (to the `onRecoverableError` option of `createRoot`, by default the console), and no error boundary sees it',
      'If it uses the value, reading a property of it say, the second render throws a `TypeError`, and that is what an error boundary receives: "Cannot read properties of undefined", not the selector\'s own message',
    ],
    () => {
      const recovered: unknown[] = [];
      const count = selector((): number => {
        throw new Error('count failed');
      });
      function Count() {
        return <p aria-label="count">{useStanValue(count)}</p>;
      }
      render(<Count />, { onRecoverableError: (error) => recovered.push(error) });
      expect(screen.getByLabelText('count')).toHaveTextContent('');
      expect((recovered[0] as Error).cause).toEqual(new Error('count failed'));

      const user = selector((): { name: string } => {
        throw new Error('user failed');
      });
      function Name() {
        return <p>{useStanValue(user).name}</p>;
      }
      const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        // No boundary here: what one would receive is what the render throws.
        expect(() => render(<Name />, { onRecoverableError: () => undefined })).toThrow(
          new TypeError("Cannot read properties of undefined (reading 'name')"),
        );
      } finally {
        spy.mockRestore();
      }
    },
  );

  claim(
    "On the server, `renderToString` throws the selector's own error the first time, and the `TypeError` (or the empty render) on every later request, since the failed result is kept",
    () => {
      const user = selector((): { name: string } => {
        throw new Error('user failed');
      });
      function Name() {
        return <p>{useStanValue(user).name}</p>;
      }
      expect(() => renderToString(<Name />)).toThrow('user failed');
      expect(() => renderToString(<Name />)).toThrow(TypeError);
      expect(() => renderToString(<Name />)).toThrow(TypeError);
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
    () => {
      expect(runLogged('version-1.0.0-rc14/guides/error-handling', 'ratio.ts').logs).toEqual([
        '100',
        'Cannot divide by zero',
        '0',
        '100',
        '25',
      ]);
      const saved = jest.fn();
      const divisor = atom(1, { effects: [({ onSet }) => onSet(saved)] });
      const ratio = selector(({ get }) => {
        if (get(divisor) === 0) throw new Error('zero');
        return 1 / get(divisor);
      });
      ratio.get();
      const subscriber = jest.fn();
      ratio.subscribe(subscriber);
      const later = jest.fn();
      divisor.subscribe(later);
      expect(() => divisor.set(0)).toThrow('zero');
      expect([subscriber.mock.calls.length, later.mock.calls.length, saved.mock.calls.length]).toEqual([0, 0, 0]);
    },
  );

  claim('A selector that returns a result object never leaves `undefined` behind, and every reader can show the failure', () => {
    const { amountInput, amount } = runLogged<{
      amountInput: WritableState<string>;
      amount: import('stan-1.0.0-rc14').ReadonlyState<{ ok: boolean }>;
    }>('version-1.0.0-rc14/guides/error-handling', 'amount.ts').exports;
    expect(amount.get()).toEqual({ ok: false, error: 'Enter a number' });
    amountInput.set('12');
    expect(amount.get()).toEqual({ ok: true, value: 12 });
  });

  claim(
    'Restore defaults writes the default text, the selector runs again because it depends on `rawSettings`, and the component shows the theme',
    () => {
      const { Settings, rawSettings } = runLogged<{ Settings: ComponentType; rawSettings: WritableState<string> }>(
        'version-1.0.0-rc14/guides/error-handling',
        'Settings.tsx',
      ).exports;
      rawSettings.set('{"theme":');
      render(<Settings />);
      expect(screen.getByRole('alert')).toHaveTextContent(/The settings could not be read: .*JSON/);
      fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
      expect(screen.getByText('Theme: dark')).toBeInTheDocument();
    },
  );

  claim(
    'This release does not tell the latest run from older ones here: the rejection of a run that a newer run has already replaced marks the selector stale as well, and costs one more run on the next read',
    async () => {
      const query = atom('a');
      const runs: string[] = [];
      const s = selector(({ get }) => {
        const q = get(query);
        runs.push(q);
        return q === 'a' ? Promise.reject(new Error('old')) : Promise.resolve(q);
      });
      s.get().catch(() => undefined);
      query.set('b');
      await flush();
      await s.get();
      expect(runs).toEqual(['a', 'b', 'b']);
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
      async () => {
        const status = selector(async () => {
          const response = await fetch('/api/status');
          if (!response.ok) throw new Error(`failed (${response.status})`);
          return 'up';
        });
        const { useStanValueAsync } = await import('stan-1.0.0-rc14/react');
        function Badge() {
          const result = useStanValueAsync(status);
          return <p>{result.type === 'error' ? result.reason : result.type === 'ready' ? result.value : 'checking'}</p>;
        }
        api.answer(503);
        const first = render(<Badge />);
        api.answer(200);
        expect(await screen.findByText('failed (503)')).toBeInTheDocument();
        await settle();
        await settle();
        expect(api.requests).toHaveLength(2);
        expect(screen.getByText('failed (503)')).toBeInTheDocument();
        first.unmount();
        render(<Badge />);
        expect(await screen.findByText('up')).toBeInTheDocument();
      },
    );

    describe('StatusBadge.tsx', () => {
      const mount = () => {
        const { StatusBadge } = runLogged<{ StatusBadge: ComponentType }>('version-1.0.0-rc14/guides/error-handling', 'StatusBadge.tsx').exports;
        render(<StatusBadge />);
      };

      claim(
        [
          'A refresh from the component that shows the error is a working retry: the component is subscribed to the selector, so `refresh` runs it at once and hands the new promise to the hook, which shows loading and then the new result',
          'Each press of Retry runs the selector again, and the badge shows the outcome of that run',
        ],
        async () => {
          api.answer(503);
          mount();
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          for (let attempt = 0; attempt < 3; attempt += 1) {
            await settle(); // the hidden run has failed too
            const requests = api.requests.length;
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
            expect(screen.getByText('Checking…')).toBeInTheDocument();
            expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
            expect(api.requests.length).toBeGreaterThan(requests);
          }
          api.answer(200, { healthy: true });
          await settle();
          fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
          expect(await screen.findByText('All good')).toBeInTheDocument();
        },
      );

      claim(
        ["A change of one of the selector's dependencies does the same", 'Choosing another region after a failure also starts a run that the badge follows'],
        async () => {
          api.answer(503);
          mount();
          expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
          await settle(); // the hidden run has failed too
          api.answer(200, { healthy: false });
          fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'us' } });
          expect(await screen.findByText('Degraded')).toBeInTheDocument();
          expect(api.requests.at(-1)).toBe('/api/status?region=us');
        },
      );
    });
  });

  claim(
    [
      'A selector run is never cancelled in this release: selector functions receive no abort signal',
      'the new run starts beside the old one, and the old run\'s work goes on to the end. Its result is not used',
    ],
    async () => {
      const query = atom('old');
      const finished: string[] = [];
      const s = selector(({ get }) => {
        const q = get(query);
        return new Promise<string>((resolve) =>
          setTimeout(() => {
            finished.push(q);
            resolve(q);
          }, q === 'old' ? 10 : 0),
        );
      });
      const args: string[][] = [];
      const keys = selector((arg) => {
        args.push(Object.keys(arg));
        return 0;
      });
      keys.get();
      expect(args).toEqual([['get']]);
      s.get();
      query.set('new');
      await expect(s.get()).resolves.toBe('new');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(finished).toEqual(['new', 'old']);
      await expect(s.get()).resolves.toBe('new');
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
    () => {
      expect(runLogged('version-1.0.0-rc14/guides/param-serialization', 'keys.ts').logs).toEqual(['true', 'true', 'false']);
      const f = atomFamily<number, import('stan-1.0.0-rc14').SerializableParam>(0) as (p: unknown) => unknown;
      expect(f({ a: { x: 1, y: 2 } })).toBe(f({ a: { y: 2, x: 1 } }));
      expect(f([1, 2])).not.toBe(f([2, 1]));
      expect(f(1)).not.toBe(f('1'));
      expect(f(true)).not.toBe(f('true'));
      expect([f(NaN), f(Infinity), f(-Infinity)]).toEqual([f(null), f(null), f(null)]);
      expect(f(-0)).toBe(f(0));
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      expect(() => f(circular)).toThrow(TypeError);
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
    () => {
      const f = atomFamily<number, import('stan-1.0.0-rc14').SerializableParam>(0) as (p: unknown) => unknown;
      expect(f(new Map([['a', 1]]))).toBe(f({}));
      expect(f(new Set([1]))).toBe(f({}));
      expect(f(() => 1)).toBe(f(undefined));
      class A {
        x = 1;
      }
      class B {
        x = 1;
      }
      expect(f(new A())).toBe(f(new B()));
      expect(() => f(BigInt(1))).toThrow(TypeError);
      const date = new Date('2026-01-01T00:00:00.000Z');
      expect(f(date)).toBe(f('2026-01-01T00:00:00.000Z'));
    },
  );
});

describe('guides/ssr', () => {
  const claim = claimsOf('version-1.0.0-rc14/guides/ssr');

  claim(
    [
      '`useStanValue` reads the current value with `get()` while rendering, so the HTML shows whatever the state holds at that moment, and subscriptions are made in effects, which only run in the browser',
    ],
    () => {
      const note = atom('first');
      const subscribe = jest.spyOn(note, 'subscribe');
      function Note() {
        return <p>{useStanValue(note)}</p>;
      }
      note.set('now');
      expect(renderToString(<Note />)).toBe('<p>now</p>');
      expect(subscribe).not.toHaveBeenCalled();
    },
  );

  claim(
    [
      'There are no stores, so this release cannot give a request an atom\'s value of its own',
      'a value written while rendering one request is there for the next request, whoever sent it',
      'console.log(renderToString(<CartBadge />)); // <span>3 items</span>',
    ],
    () => {
      expect(runLogged('version-1.0.0-rc14/guides/ssr', 'leak.tsx').logs).toEqual(['<span>3 items</span>', '<span>3 items</span>']);
    },
  );

  claim(
    'An atomFamily keyed by a request or visitor id keeps the values apart, but its members are never dropped, so the process would keep one member per visitor for as long as it runs',
    () => {
      const cart = atomFamily<number, string>(0);
      const first = cart('visitor-1');
      first.set(3);
      expect(cart('visitor-2').get()).toBe(0);
      for (let i = 3; i < 1000; i += 1) cart(`visitor-${i}`).set(i);
      expect(cart('visitor-1')).toBe(first);
    },
  );

  claim(
    [
      'console.log(renderPage(\'Ada\')); // <h1>Welcome back, Ada</h1>',
      'console.log(renderPage(null)); // <h1>Welcome, guest</h1>',
      'There is nothing to seed: the states start with the request\'s data, and an atom can be written at any time without being read first',
    ],
    () => {
      const { logs, exports } = runLogged<{ renderPage: (user: string | null) => string }>('version-1.0.0-rc14/guides/ssr', 'render-page.tsx');
      expect(logs).toEqual(['<h1>Welcome back, Ada</h1>', '<h1>Welcome, guest</h1>']);
      expect([exports.renderPage('Grace'), exports.renderPage(null)]).toEqual(['<h1>Welcome back, Grace</h1>', '<h1>Welcome, guest</h1>']);
    },
  );

  claim('Stan keeps no registry of states, so once a request is done, nothing of Stan refers to its states any more', () => {
    // A Node.js process of its own, with the garbage collector exposed: per-request states are collected.
    const script = `
const { atom, selector } = require('stan-1.0.0-rc14');
const refs = [];
for (let i = 0; i < 50; i += 1) {
  const user = atom({ name: 'visitor ' + i, blob: new Array(1000).fill(i) });
  const welcome = selector(({ get }) => 'Welcome, ' + get(user).name);
  welcome.get();
  welcome.subscribe(() => {})();
  refs.push(new WeakRef(user), new WeakRef(welcome));
}
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
    expect(run.stdout).toBe('0\n');
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
    async () => {
      const { useStanValueAsync } = await import('stan-1.0.0-rc14/react');
      const load = jest.fn(async () => 'data');
      const data = selector(load);
      function Data() {
        const result = useStanValueAsync(data);
        return <p>{result.type}</p>;
      }
      expect(renderToString(<Data />)).toBe('<p>loading</p>');
      const first = data.get();
      expect(renderToString(<Data />)).toBe('<p>loading</p>');
      expect(data.get()).toBe(first);
      expect(load).toHaveBeenCalledTimes(1);
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
    async () => {
      const { hoverTypes } = await import('../../support/compile');
      const types = await hoverTypes(
        `import { atom, selector } from '@rkrupinski/stan';
const firstName = atom('Ada');
const age = atom(36);
export const summary = selector(({ get }) => ({ label: \`\${get(firstName)} (\${get(age)})\`, adult: get(age) >= 18 }));`,
        'ts',
        VERSION,
      );
      expect(types.get('firstName')?.[0]).toBe('const firstName: WritableState<string>');
      expect(types.get('summary')?.[0]).toBe('const summary: ReadonlyState<{\n    label: string;\n    adult: boolean;\n}>');
    },
    60_000,
  );

  claim("export const status = atom<Status>('idle'); // without it, the type would be string", async () => {
    const { hoverTypes } = await import('../../support/compile');
    const types = await hoverTypes("import { atom } from '@rkrupinski/stan';\nexport const status = atom('idle');", 'ts', VERSION);
    expect(types.get('status')?.[0]).toBe('const status: WritableState<string>');
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
    async () => {
      const first = async (code: string) => (await compileErrors(`import { atom, selector } from '@rkrupinski/stan';\n${code}`, 'ts', VERSION))[0]?.message.split('\n')[0];
      expect(await first("atom([]).set(['a']);")).toBe("Type 'string' is not assignable to type 'never'.");
      expect(await first("atom(null).set('ada');")).toBe(
        "Argument of type 'string' is not assignable to parameter of type '(currentValue: null) => null'.",
      );
      expect(
        await first(
          'type Point = { x: number; y: number };\nconst cursor = atom<Point>({ x: 0, y: 0 });\nexport const column = selector(({ get }) => get(cursor).x, { areValuesEqual: (a: Point, b: Point) => a.x === b.x });',
        ),
      ).toBe("Type '(a: Point, b: Point) => boolean' is not assignable to type '<T>(a: T, b: T) => boolean'.");
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
