// "Upgrading from 1.0.0-rc14": every difference the page lists, run on both releases, 1.0.0-rc14 (installed as
// stan-1.0.0-rc14) and 1.2.0-rc4; the page's diff samples run as they start against 1.0.0-rc14 and as they end
// against 1.2.0-rc4.
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Component, createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as v10 from 'stan-1.0.0-rc14';
import * as v10react from 'stan-1.0.0-rc14/react';
import * as v12 from '@rkrupinski/stan';
import * as v12react from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { quietly } from '../../support/quietly';
import { compileErrors, hoverTypes } from '../../support/compile';
import { installFakeApi, type FakeApi } from '../../support/fake-api';
import { runSample, sampleModulesOf, SAMPLE_MODULES } from '../../support/run-sample';
import { packageApi } from '../../support/package-api';
import { REACT_18_MODULES, REPO_ROOT, versionPackageDir } from '../../support/samples';

const claim = claimsOf('getting-started/upgrading');
const OLD = '1.0.0-rc14';
const PAGE = 'getting-started/upgrading';

/** Lets pending promise callbacks, timers of zero and React's updates run. */
const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));
// Babel's CommonJS interop adds these to the namespace object; they are not exports of the package.
const exportsOf = (ns: object) => Object.keys(ns).filter((k) => k !== '__esModule' && k !== 'default').sort();

/** Runs a titled sample of the page: as its diff starts, against 1.0.0-rc14, or as it ends, against 1.2.0-rc4. */
function runBoth<T>(title: string): { before: () => { exports: T; logs: string[] }; after: () => { exports: T; logs: string[] } } {
  const run = (modules: Record<string, unknown>, version: 'initial' | 'final') => {
    const logs: string[] = [];
    const spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      logs.push(args.map(String).join(' '));
    });
    try {
      return { exports: runSample<T>(PAGE, title, modules, version), logs };
    } finally {
      spy.mockRestore();
    }
  };
  return { before: () => run(sampleModulesOf(OLD), 'initial'), after: () => run(SAMPLE_MODULES, 'final') };
}

describe('install', () => {
  const REACT_18 = REACT_18_MODULES;

  /** Both releases with React 18 in place of the site's React 19, and React DOM 18's server renderer. */
  function withReact18() {
    let loaded:
      | { React: typeof import('react'); renderToString: (e: unknown) => string; old: typeof v10; oldReact: typeof v10react; current: typeof v12; currentReact: typeof v12react }
      | undefined;
    jest.isolateModules(() => {
      jest.doMock('react', () => jest.requireActual(path.join(REACT_18, 'react')));
      /* eslint-disable @typescript-eslint/no-require-imports */
      loaded = {
        React: require(path.join(REACT_18, 'react')),
        renderToString: (require(path.join(REACT_18, 'react-dom/server')) as { renderToString: (e: unknown) => string }).renderToString,
        old: require('stan-1.0.0-rc14'),
        oldReact: require('stan-1.0.0-rc14/react'),
        current: require('@rkrupinski/stan'),
        currentReact: require('@rkrupinski/stan/react'),
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    return loaded as NonNullable<typeof loaded>;
  }

  claim(
    "In 1.0.0-rc14 the React bindings are hooks only and run on React 18 as well. In 1.2.0-rc4, `StanProvider` is built with React 19's JSX runtime, and React 18 cannot render it",
    (clause) => {
      const { React, renderToString: render18, old, oldReact, current, currentReact } = withReact18();
      expect(React.version).toBe('18.3.1');
      clause('In 1.0.0-rc14 the React bindings are hooks only', () => {
        expect(exportsOf(oldReact).filter((name) => !name.startsWith('use'))).toEqual([]);
      });
      clause('and run on React 18 as well', () => {
        const greeting = old.atom('hello');
        const Old = () => React.createElement('p', null, oldReact.useStanValue(greeting));
        expect(render18(React.createElement(Old))).toBe('<p>hello</p>');
      });
      clause("In 1.2.0-rc4, `StanProvider` is built with React 19's JSX runtime", () => {
        // Its own copy of the runtime makes React 19's elements (React 18 knows `react.element` only).
        const bindings = fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist/react.js'), 'utf8');
        expect(bindings).toContain('react-jsx-runtime');
        expect(bindings).toContain('Symbol.for("react.transitional.element")');
      });
      clause('and React 18 cannot render it', () => {
        const provider = React.createElement(currentReact.StanProvider, { store: current.makeStore(), children: 'content' });
        expect(() => quietly(() => render18(provider))).toThrow(TypeError);
      });
    },
  );
});

describe('states live in stores', () => {
  claim(
    [
      'In 1.0.0-rc14, `atom()` and `selector()` return the state itself, with one value for the whole JavaScript runtime. In 1.2.0-rc4 they return a scoped state, a function that takes a store and returns the state instance in that store; each store holds values of its own',
    ],
    (clause) => {
      clause('In 1.0.0-rc14, `atom()` and `selector()` return the state itself', () => {
        const old = v10.atom(1);
        const derived = v10.selector(({ get }) => get(old) * 2);
        expect([typeof old.get, typeof old.set, typeof derived.get]).toEqual(['function', 'function', 'function']);
      });
      clause('with one value for the whole JavaScript runtime', () => {
        const old = v10.atom(1);
        old.set(2);
        // Any reader anywhere sees it: a selector and a second reference alike.
        expect([v10.selector(({ get }) => get(old))  .get(), old.get()]).toEqual([2, 2]);
      });
      clause('In 1.2.0-rc4 they return a scoped state, a function that takes a store and returns the state instance in that store', () => {
        const current = v12.atom(1);
        const derived = v12.selector(({ get }) => get(current));
        const store = v12.makeStore();
        expect([typeof current, typeof derived]).toEqual(['function', 'function']);
        expect(current(store)).toBe(current(store));
        expect(typeof derived(store).get).toBe('function');
      });
      clause('each store holds values of its own', () => {
        const current = v12.atom(1);
        const [a, b] = [v12.makeStore(), v12.makeStore()];
        current(a).get();
        current(a).set(2);
        expect([current(a).get(), current(b).get()]).toEqual([2, 1]);
      });
    },
  );

  claim('New exports: `makeStore`, `DEFAULT_STORE`, the `Store` class and the `Scoped` type', async () => {
    const added = exportsOf(v12).filter((name) => !exportsOf(v10).includes(name));
    expect(added).toEqual(['Aborted', 'DEFAULT_STORE', 'Store', 'makeStore', 'reset']);
    expect(exportsOf(v10).filter((name) => !exportsOf(v12).includes(name))).toEqual([]);
    const scoped = "import type { Scoped } from '@rkrupinski/stan';\nexport type S = Scoped<number>;";
    expect(await compileErrors(scoped)).toEqual([]);
    expect((await compileErrors(scoped, 'ts', OLD)).map((e) => e.code)).toEqual([2305]);
  }, 60_000);

  claim(
    '`Scoped<WritableState<T>>` instead of `WritableState<T>`, `Scoped<ReadonlyState<T>>` instead of `ReadonlyState<T>`',
    async () => {
      const code = `import { atom, atomFamily, selector, selectorFamily } from '@rkrupinski/stan';
const count = atom(1);
const doubled = selector(({ get }) => get(count) * 2);
const member = atomFamily((n: number) => n)(1);
const derived = selectorFamily((n: number) => () => n)(1);
export { count, doubled, member, derived };`;
      const [before, after] = [await hoverTypes(code, 'ts', OLD), await hoverTypes(code)];
      const first = (types: Map<string, string[]>, name: string) => types.get(name)?.[0];
      expect(['count', 'doubled', 'member', 'derived'].map((n) => first(before, n))).toEqual([
        'const count: WritableState<number>',
        'const doubled: ReadonlyState<number>',
        'const member: WritableState<number>',
        'const derived: ReadonlyState<number>',
      ]);
      expect(['count', 'doubled', 'member', 'derived'].map((n) => first(after, n))).toEqual([
        'const count: Scoped<WritableState<number>>',
        'const doubled: Scoped<ReadonlyState<number>>',
        'const member: Scoped<WritableState<number>>',
        'const derived: Scoped<ReadonlyState<number>>',
      ]);
    },
    60_000,
  );

  claim(
    [
      '`DEFAULT_STORE` is the store closest to 1.0.0-rc14\'s single value, and it is the one the hooks use without a provider',
      'Inside a selector nothing changes: `get(count)` takes the scoped state (its type, `GetFn`, says so), and reads it in the store the selector runs in',
      'The extra read is needed because of another change: writes before the first read are ignored now',
    ],
    async (clause) => {
      const { before, after } = runBoth('counter.ts');
      clause("`DEFAULT_STORE` is the store closest to 1.0.0-rc14's single value", () => {
        // The sample logs the same before and after, and every reader of DEFAULT_STORE shares its value.
        expect(before().logs).toEqual(['4']);
        expect(after().logs).toEqual(['4']);
        const shared = v12.atom(0);
        shared(v12.DEFAULT_STORE).get();
        shared(v12.DEFAULT_STORE).set(7);
        expect(v12.selector(({ get }) => get(shared))(v12.DEFAULT_STORE).get()).toBe(7);
      });
      const count = v12.atom(1);
      const doubled = v12.selector(({ get }) => get(count) * 2);
      clause('and it is the one the hooks use without a provider', () => {
        count(v12.DEFAULT_STORE).get();
        count(v12.DEFAULT_STORE).set(3);
        function Doubled() {
          return createElement('p', null, v12react.useStanValue(doubled));
        }
        expect(renderToString(createElement(Doubled))).toBe('<p>6</p>');
      });
      await clause('Inside a selector nothing changes: `get(count)` takes the scoped state (its type, `GetFn`, says so)', async () => {
        const code = `import { atom, type GetFn } from '@rkrupinski/stan';
const count = atom(1);
export const read = (get: GetFn) => get(count);
export const instance = (get: GetFn) => get(count(makeStoreLike()));
declare function makeStoreLike(): import('@rkrupinski/stan').Store;`;
        // The scoped state compiles; an instance, what 1.0.0-rc14's get took, does not.
        expect((await compileErrors(code)).map((e) => e.line)).toEqual([4]);
      });
      clause('and reads it in the store the selector runs in', () => {
        const [a, b] = [v12.makeStore(), v12.makeStore()];
        count(a).get();
        count(a).set(10);
        expect([doubled(a).get(), doubled(b).get()]).toEqual([20, 2]);
      });
      clause('The extra read is needed because of another change: writes before the first read are ignored now', () => {
        const fresh = v12.makeStore();
        count(fresh).set(2);
        expect(doubled(fresh).get()).toBe(2);
        const old = v10.atom(1);
        old.set(2);
        expect(old.get()).toBe(2);
      });
    },
    60_000,
  );
});

describe('React', () => {
  claim(
    [
      'Components keep their code: the hooks (`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`) take the scoped state now, and that is what the same identifier names after the upgrade',
    ],
    async (clause) => {
      clause('Components keep their code', () => {
        const { before, after } = runBoth<{ Greeting: ComponentType }>('Greeting.tsx');
        for (const { Greeting } of [before().exports, after().exports]) {
          render(
            <>
              <Greeting />
              <Greeting />
            </>,
          );
          const [first, second] = screen.getAllByRole('textbox', { name: 'Name' });
          expect(first).toHaveValue('world');
          fireEvent.change(first as HTMLElement, { target: { value: 'Stan' } });
          expect(second).toHaveValue('Stan');
          document.body.innerHTML = '';
        }
      });
      const hooks = (argument: (name: string) => string) => `import { atom, selector, makeStore } from '@rkrupinski/stan';
import { useSetStanValue, useStan, useStanRefresher, useStanValue, useStanValueAsync } from '@rkrupinski/stan/react';
const name = atom('world');
const greeting = selector(async () => 'hello');
const store = typeof makeStore === 'function' ? makeStore() : undefined;
export const hooks = () => [
  useStanValue(${argument('name')}),
  useStan(${argument('name')}),
  useSetStanValue(${argument('name')}),
  useStanValueAsync(${argument('greeting')}),
  useStanRefresher(${argument('greeting')}),
];`;
      await clause(
        'the hooks (`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`) take the scoped state now',
        async () => {
          // Given an instance, what the hooks took in 1.0.0-rc14, each of the five fails to compile.
          const instances = await compileErrors(hooks((state) => `${state}(store!)`), 'ts');
          expect(instances.map((e) => e.line)).toEqual([7, 8, 9, 10, 11]);
        },
      );
      await clause('and that is what the same identifier names after the upgrade', async () => {
        const same = hooks((state) => state);
        expect(await compileErrors(same, 'ts')).toEqual([]);
        // 1.0.0-rc14 has no makeStore: the line naming it is the only error there.
        expect((await compileErrors(same, 'ts', OLD)).map((e) => e.line)).toEqual([1]);
      });
    },
    60_000,
  );

  claim(
    [
      "New: `StanProvider` (with the types `StanProviderProps` and `StanCtxType`) gives the hooks below it a store, and `useStanCtx` returns the provider's context value, a `StanCtxType` object whose `store` property is that store. Without a provider, the hooks use `DEFAULT_STORE`",
    ],
    async (clause) => {
      const contexts: v12react.StanCtxType[] = [];
      const seen: unknown[] = [];
      const count = v12.atom(1);
      function Probe() {
        contexts.push(v12react.useStanCtx());
        seen.push(v12react.useSetStanValue(count));
        return null;
      }
      const store = v12.makeStore();
      render(
        <>
          <Probe />
          <v12react.StanProvider store={store}>
            <Probe />
          </v12react.StanProvider>
        </>,
      );
      await clause('New: `StanProvider` (with the types `StanProviderProps` and `StanCtxType`) gives the hooks below it a store', async () => {
        expect(exportsOf(v12react).filter((name) => !exportsOf(v10react).includes(name))).toEqual(['StanProvider', 'useStanCtx', 'useStanReset']);
        const types = "import type { StanProviderProps, StanCtxType } from '@rkrupinski/stan/react';\nexport type T = [StanProviderProps, StanCtxType];";
        expect(await compileErrors(types)).toEqual([]);
        expect(await compileErrors(types, 'ts', OLD)).toHaveLength(2);
        expect(seen[1]).toBe(count(store).set);
      });
      await clause("and `useStanCtx` returns the provider's context value, a `StanCtxType` object whose `store` property is that store", async () => {
        expect(Object.keys(contexts[1] ?? {})).toEqual(['store']);
        expect(contexts[1]?.store).toBe(store);
        const code = `import { atom } from '@rkrupinski/stan';
import { useStanCtx, type StanCtxType } from '@rkrupinski/stan/react';
const count = atom(0);
export const typed = (): StanCtxType => useStanCtx();
export const right = () => count(useStanCtx().store).get();
export const wrong = () => count(useStanCtx()).get();`;
        // The value is not the store: passing it where a store goes fails to compile.
        expect((await compileErrors(code)).map((e) => [e.line, e.code])).toEqual([[6, 2345]]);
      });
      clause('Without a provider, the hooks use `DEFAULT_STORE`', () => {
        expect(contexts[0]?.store).toBe(v12.DEFAULT_STORE);
        expect(seen[0]).toBe(count(v12.DEFAULT_STORE).set);
      });
    },
    60_000,
  );

  claim(
    'A provider without a `store` prop creates a new, empty store. Code outside React that writes through `DEFAULT_STORE` (a WebSocket handler, a test) is then not seen by the components under that provider. Pass the store: `<StanProvider store={DEFAULT_STORE}>`',
    (clause) => {
      const notice = v12.atom('none');
      notice(v12.DEFAULT_STORE).get();
      notice(v12.DEFAULT_STORE).set('from a handler');
      const stores: v12.Store[] = [];
      function Notice({ label }: { label: string }) {
        stores.push(v12react.useStanCtx().store);
        return <p aria-label={label}>{v12react.useStanValue(notice)}</p>;
      }
      render(
        <>
          <v12react.StanProvider>
            <Notice label="own store" />
          </v12react.StanProvider>
          <v12react.StanProvider store={v12.DEFAULT_STORE}>
            <Notice label="default store" />
          </v12react.StanProvider>
        </>,
      );
      clause('A provider without a `store` prop creates a new, empty store', () => {
        expect(stores[0]).not.toBe(v12.DEFAULT_STORE);
        expect([...(stores[0]?.value.values() ?? [])]).toEqual(['none']); // only what its reader just initialized
      });
      clause('Code outside React that writes through `DEFAULT_STORE` (a WebSocket handler, a test) is then not seen by the components under that provider', () => {
        expect(screen.getByLabelText('own store')).toHaveTextContent('none');
        // In 1.0.0-rc14 there is no provider to miss it.
        const old = v10.atom('none');
        old.set('from a handler');
        function OldNotice() {
          return <p aria-label="old">{v10react.useStanValue(old)}</p>;
        }
        render(<OldNotice />);
        expect(screen.getByLabelText('old')).toHaveTextContent('from a handler');
      });
      clause('Pass the store: `<StanProvider store={DEFAULT_STORE}>`', () => {
        expect(screen.getByLabelText('default store')).toHaveTextContent('from a handler');
      });
    },
  );

  claim(
    [
      '`useStanValueAsync` accepts any state whose value is a promise, an atom too; in 1.0.0-rc14 it accepted read-only states (selectors) only',
      '`useStanRefresher` is generic, `useStanRefresher<T>(scopedState: Scoped<ReadonlyState<T>>)`, where 1.0.0-rc14 took a `ReadonlyState<any>`',
    ],
    async (clause) => {
      const code = `import { atom, selector } from '@rkrupinski/stan';
import { useStanRefresher, useStanValueAsync } from '@rkrupinski/stan/react';
const held = atom(Promise.resolve(1));
const derived = selector(() => Promise.resolve(1));
export const read = () => [useStanValueAsync(derived), useStanValueAsync(held)];
export const refresher = () => useStanRefresher<Promise<number>>(derived);`;
      const [before, after] = [await compileErrors(code, 'ts', OLD), await compileErrors(code)];
      await clause('`useStanValueAsync` accepts any state whose value is a promise, an atom too', async () => {
        expect(after).toEqual([]);
        const held = v12.atom(Promise.resolve('held'));
        function Held() {
          const result = v12react.useStanValueAsync(held);
          return <p>{result.type === 'ready' ? result.value : result.type}</p>;
        }
        render(<Held />);
        expect(await screen.findByText('held')).toBeInTheDocument();
      });
      clause('in 1.0.0-rc14 it accepted read-only states (selectors) only', () => {
        // Line 5 (an atom given to useStanValueAsync) and line 6 (a type argument) fail on 1.0.0-rc14.
        expect(before.map((e) => e.line)).toEqual([5, 6]);
      });
      await clause('`useStanRefresher` is generic, `useStanRefresher<T>(scopedState: Scoped<ReadonlyState<T>>)`', async () => {
        const hovers = await hoverTypes("import { useStanRefresher } from '@rkrupinski/stan/react';\nexport const r = useStanRefresher;");
        expect(hovers.get('useStanRefresher')?.[0]).toContain('<T>(scopedState: Scoped<ReadonlyState<T>>) => () => void');
      });
      await clause('where 1.0.0-rc14 took a `ReadonlyState<any>`', async () => {
        const hovers = await hoverTypes("import { useStanRefresher } from '@rkrupinski/stan/react';\nexport const r = useStanRefresher;", 'ts', OLD);
        expect(hovers.get('useStanRefresher')?.[0]).toContain('(state: ReadonlyState<any>) => () => void');
      });
    },
    60_000,
  );
});

describe('new API', () => {
  claim('`reset` and `useStanReset` set an atom back to the initial value it was created with. In 1.0.0-rc14 you set that value yourself', (clause) => {
    const { before, after } = runBoth<{ ResetButton: ComponentType; count: unknown }>('ResetButton.tsx');
    clause('`reset` and `useStanReset` set an atom back to the initial value it was created with', () => {
      const newRun = after().exports;
      const count = newRun.count as v12.Scoped<v12.WritableState<number>>;
      count(v12.DEFAULT_STORE).get();
      count(v12.DEFAULT_STORE).set(5);
      render(<newRun.ResetButton />);
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      expect(count(v12.DEFAULT_STORE).get()).toBe(0);
      document.body.innerHTML = '';
      const other = v12.atom(3);
      const store = v12.makeStore();
      other(store).get();
      other(store).set(9);
      v12.reset(other(store));
      expect(other(store).get()).toBe(3);
    });
    clause('In 1.0.0-rc14 you set that value yourself', () => {
      expect(exportsOf(v10)).not.toContain('reset');
      expect(exportsOf(v10react)).not.toContain('useStanReset');
      const oldRun = before().exports;
      (oldRun.count as v10.WritableState<number>).set(5);
      render(<oldRun.ResetButton />);
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      expect((oldRun.count as v10.WritableState<number>).get()).toBe(0);
      document.body.innerHTML = '';
    });
  });

  claim(
    [
      '`atom`, `selector` and both families take a `tag` option, a new member of `AtomOptions<T>` and `SelectorOptions` (a family also takes a function of the parameter, typed `TagFromParam<P>`), shown as the `tag` property of every state instance, an optional member of `State<T>`',
      'Atom families have their own options type, `AtomFamilyOptions<T, P>`, where 1.0.0-rc14 used `AtomOptions<T>`',
      '`SelectorFamilyOptions` takes the parameter type now, `SelectorFamilyOptions<P>`: write `SelectorFamilyOptions<string>[\'cachePolicy\']` where you wrote `SelectorFamilyOptions[\'cachePolicy\']`',
    ],
    async (clause) => {
      const store = v12.makeStore();
      await clause('`atom`, `selector` and both families take a `tag` option, a new member of `AtomOptions<T>` and `SelectorOptions`', async () => {
        const tagged = `import { atom, atomFamily, selector, selectorFamily, type AtomOptions, type SelectorOptions } from '@rkrupinski/stan';
atom(1, { tag: 'a' });
selector(() => 1, { tag: 's' });
atomFamily((n: number) => n, { tag: 'af' });
selectorFamily((n: number) => () => n, { tag: 'sf' });
export const options: [AtomOptions<number>, SelectorOptions] = [{ tag: 'a' }, { tag: 's' }];`;
        expect(await compileErrors(tagged)).toEqual([]);
        // In 1.0.0-rc14 every one of them is an unknown property.
        expect((await compileErrors(tagged, 'ts', OLD)).map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 6]);
      });
      await clause('(a family also takes a function of the parameter, typed `TagFromParam<P>`)', async () => {
        expect(v12.selectorFamily((n: number) => () => n, { tag: (n) => `member-${n}` })(3)(store).tag).toBe('member-3');
        expect(v12.atomFamily((n: number) => n, { tag: (n) => `slot-${n}` })(4)(store).tag).toBe('slot-4');
        const types = "import type { TagFromParam } from '@rkrupinski/stan';\nexport const tag: TagFromParam<number> = (n: number) => `member-${n}`;";
        expect(await compileErrors(types)).toEqual([]);
        expect(await compileErrors(types, 'ts', OLD)).toHaveLength(1);
      });
      await clause('shown as the `tag` property of every state instance, an optional member of `State<T>`', async () => {
        expect(v12.atom(1, { tag: 'count' })(store).tag).toBe('count');
        expect(v12.selector(() => 1, { tag: 'double' })(store).tag).toBe('double');
        expect(v12.atom(1)(store).tag).toBeUndefined();
        const member = "import type { State } from '@rkrupinski/stan';\nexport const tagOf = (s: State<number>): string | undefined => s.tag;\nexport const plain: State<number> = { get: () => 1, subscribe: () => () => undefined };";
        expect(await compileErrors(member)).toEqual([]);
        expect((await compileErrors(member, 'ts', OLD)).map((e) => e.line)).toEqual([2]);
      });
      await clause('Atom families have their own options type, `AtomFamilyOptions<T, P>`, where 1.0.0-rc14 used `AtomOptions<T>`', async () => {
        const types = "import type { AtomFamilyOptions } from '@rkrupinski/stan';\nexport type T = AtomFamilyOptions<number, string>;";
        expect(await compileErrors(types)).toEqual([]);
        expect(await compileErrors(types, 'ts', OLD)).toHaveLength(1);
        const hovers = await hoverTypes("import { atomFamily } from '@rkrupinski/stan';\nexport const f = atomFamily;", 'ts', OLD);
        expect(hovers.get('atomFamily')?.[0]).toContain('options?: AtomOptions<T>');
      });
      await clause('`SelectorFamilyOptions` takes the parameter type now, `SelectorFamilyOptions<P>`', async () => {
        const generic = "import type { SelectorFamilyOptions } from '@rkrupinski/stan';\nexport type O = SelectorFamilyOptions<string>;";
        expect(await compileErrors(generic)).toEqual([]);
        expect((await compileErrors(generic, 'ts', OLD)).map((e) => e.code)).toEqual([2315]);
      });
      await clause("write `SelectorFamilyOptions<string>['cachePolicy']` where you wrote `SelectorFamilyOptions['cachePolicy']`", async () => {
        const oldStyle = "import type { SelectorFamilyOptions } from '@rkrupinski/stan';\nexport type P = SelectorFamilyOptions['cachePolicy'];";
        const newStyle = "import type { SelectorFamilyOptions } from '@rkrupinski/stan';\nexport type P = SelectorFamilyOptions<string>['cachePolicy'];";
        expect([(await compileErrors(oldStyle, 'ts', OLD)).length, (await compileErrors(newStyle, 'ts', OLD)).length]).toEqual([0, 1]);
        expect([(await compileErrors(oldStyle)).length, (await compileErrors(newStyle)).length]).toEqual([1, 0]);
      });
    },
    60_000,
  );

  describe('abort signals', () => {
    let api: FakeApi;
    beforeEach(() => {
      api = installFakeApi();
      api.answer(200, ['result']);
    });
    afterEach(() => api.restore());

    claim(
      [
        'A selector function receives `signal`, an `AbortSignal`, beside `get` (its type, `SelectorFn`, changes with it), and the signal of a run is aborted with an `Aborted` error, a new export, when a newer run replaces it',
        'In 1.0.0-rc14 a replaced run went on to the end; now a request that was given the signal stops',
      ],
      async (clause) => {
        clause('A selector function receives `signal`, an `AbortSignal`, beside `get`', () => {
          const keys: string[][] = [];
          let signal: unknown;
          v10.selector((arg) => keys.push(Object.keys(arg))).get();
          v12.selector((arg) => {
            signal = arg.signal;
            return keys.push(Object.keys(arg));
          })(v12.makeStore()).get();
          expect(keys).toEqual([['get'], ['get', 'signal']]);
          expect(signal).toBeInstanceOf(AbortSignal);
        });
        await clause('(its type, `SelectorFn`, changes with it)', async () => {
          const code = "import type { SelectorFn } from '@rkrupinski/stan';\nexport const fn: SelectorFn<boolean> = ({ signal }) => signal.aborted;";
          expect(await compileErrors(code)).toEqual([]);
          expect((await compileErrors(code, 'ts', OLD)).map((e) => e.code)).toEqual([2339]);
        });

        const { before, after } = runBoth<{ query: unknown; searchResults: unknown }>('search.ts');
        const current = after().exports;
        await clause('the signal of a run is aborted with an `Aborted` error, a new export, when a newer run replaces it', async () => {
          const store = v12.makeStore();
          const results = (current.searchResults as v12.Scoped<v12.ReadonlyState<Promise<string[]>>>)(store);
          const first = results.get();
          (current.query as v12.Scoped<v12.WritableState<string>>)(store).set('stan');
          await expect(first).rejects.toBeInstanceOf(v12.Aborted);
          await expect(results.get()).resolves.toEqual(['result']);
          expect(exportsOf(v10)).not.toContain('Aborted');
        });
        await clause('In 1.0.0-rc14 a replaced run went on to the end', async () => {
          api.requests.length = 0;
          const old = before().exports;
          const oldResults = old.searchResults as v10.ReadonlyState<Promise<string[]>>;
          const replaced = oldResults.get();
          (old.query as v10.WritableState<string>).set('stan');
          await expect(replaced).resolves.toEqual(['result']); // the replaced run went on to the end
          await expect(oldResults.get()).resolves.toEqual(['result']);
          expect(api.requests).toEqual(['/api/search?q=', '/api/search?q=stan']);
        });
        await clause('now a request that was given the signal stops', async () => {
          // The sample as it ends hands its signal to fetch: the replaced request's signal is aborted.
          const signals: (AbortSignal | null | undefined)[] = [];
          const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
            const signal = init?.signal ?? undefined;
            signals.push(signal);
            // A request that never answers, but stops when its signal is aborted, as fetch does.
            return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
          });
          try {
            const s = v12.makeStore();
            const pending = (current.searchResults as v12.Scoped<v12.ReadonlyState<Promise<string[]>>>)(s).get();
            (current.query as v12.Scoped<v12.WritableState<string>>)(s).set('again');
            await expect(pending).rejects.toBeInstanceOf(v12.Aborted);
            expect(signals.map((signal) => signal?.aborted)).toEqual([true, false]);
          } finally {
            fetch.mockRestore();
          }
        });
      },
      60_000,
    );
  });

  claim(
    "`useStanValueAsync` can therefore show `{ type: 'error', reason: '' }` for a moment, the aborted run's rejection (see Aborted runs), which 1.0.0-rc14 never did",
    async () => {
      const record = <S,>(useAsync: (s: S) => { type: string; reason?: string }, state: S, log: string[]) =>
        function Recorder() {
          const result = useAsync(state);
          log.push(result.type === 'error' ? `error '${result.reason}'` : result.type);
          return null;
        };
      // Each run waits for its signal (1.2.0-rc4) or for ever (1.0.0-rc14); a refresh from outside React replaces it.
      const currentLog: string[] = [];
      const current = v12.selector(
        ({ signal }) => new Promise<string>((resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      );
      const store = v12.makeStore();
      const Current = record((s: typeof current) => v12react.useStanValueAsync(s), current, currentLog);
      render(
        <v12react.StanProvider store={store}>
          <Current />
        </v12react.StanProvider>,
      );
      const oldLog: string[] = [];
      const old = v10.selector(() => new Promise<string>(() => undefined));
      const Old = record((s: typeof old) => v10react.useStanValueAsync(s), old, oldLog);
      render(<Old />);
      await quietly(async () => {
        v12.refresh(current(store));
        v10.refresh(old);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await settle();
      expect(currentLog).toContain("error ''");
      expect(oldLog.filter((entry) => entry.startsWith('error'))).toEqual([]);
    },
  );
});

describe('atoms', () => {
  claim(
    [
      'In 1.0.0-rc14 an atom has its value from the moment `atom()` returns, so it can be written at once. In 1.2.0-rc4 an atom gets its value in a store on its first read there, and a `set` before that read is ignored, silently, and so is `reset`',
    ],
    (clause) => {
      clause('In 1.0.0-rc14 an atom has its value from the moment `atom()` returns, so it can be written at once', () => {
        const old = v10.atom('light');
        old.set('dark');
        expect(old.get()).toBe('dark');
      });
      const current = v12.atom('light');
      const store = v12.makeStore();
      clause('In 1.2.0-rc4 an atom gets its value in a store on its first read there', () => {
        expect(store.value.size).toBe(0);
        expect(current(store).get()).toBe('light');
        expect(store.value.size).toBe(1);
      });
      clause('and a `set` before that read is ignored, silently, and so is `reset`', () => {
        const fresh = v12.makeStore();
        const warn = jest.spyOn(console, 'warn');
        const error = jest.spyOn(console, 'error');
        try {
          current(fresh).set('dark');
          v12.reset(current(fresh));
          expect([warn.mock.calls.length, error.mock.calls.length]).toEqual([0, 0]);
        } finally {
          warn.mockRestore();
          error.mockRestore();
        }
        expect(current(fresh).get()).toBe('light');
        current(fresh).set('dark');
        expect(current(fresh).get()).toBe('dark');
      });
    },
  );

  claim(
    "In 1.0.0-rc14 an atom's effects run once, inside the `atom()` call, which for a module-level atom is when its module is imported. In 1.2.0-rc4 they run on the atom's first read in each store, so once per store, and not at all for an atom nobody reads",
    (clause) => {
      /** Imports a module that declares an atom with a logging effect at its top level, in a program of its own. */
      const importModule = (pkg: string) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-effects-'));
        const module = path.join(dir, 'theme.js');
        fs.writeFileSync(module, `const { atom } = require(${JSON.stringify(require.resolve(pkg))});
exports.theme = atom('light', { effects: [() => console.log('effect')] });
console.log('module body done');`);
        const run = spawnSync(process.execPath, ['-e', `console.log('importing'); require(${JSON.stringify(module)}); console.log('imported');`], {
          encoding: 'utf8',
        });
        fs.rmSync(dir, { recursive: true });
        return run.stdout.trim().split('\n');
      };
      clause("In 1.0.0-rc14 an atom's effects run once, inside the `atom()` call", () => {
        const oldEffect = jest.fn();
        const before = oldEffect.mock.calls.length;
        const theme = v10.atom(0, { effects: [oldEffect] });
        expect([before, oldEffect.mock.calls.length]).toEqual([0, 1]);
        theme.get();
        theme.set(1);
        expect(oldEffect).toHaveBeenCalledTimes(1);
      });
      clause('which for a module-level atom is when its module is imported', () => {
        expect(importModule('stan-1.0.0-rc14')).toEqual(['importing', 'effect', 'module body done', 'imported']);
        expect(importModule('@rkrupinski/stan')).toEqual(['importing', 'module body done', 'imported']);
      });
      const effect = jest.fn();
      const current = v12.atom(0, { effects: [effect] });
      clause("In 1.2.0-rc4 they run on the atom's first read in each store, so once per store", () => {
        const [a, b] = [v12.makeStore(), v12.makeStore()];
        current(a).get();
        current(a).get();
        current(b).get();
        expect(effect).toHaveBeenCalledTimes(2);
      });
      clause('and not at all for an atom nobody reads', () => {
        const unread = jest.fn();
        const atomOfNobody = v12.atom(0, { effects: [unread] });
        atomOfNobody(v12.makeStore()).set(1);
        expect(unread).not.toHaveBeenCalled();
      });
    },
  );

  claim(
    'In 1.0.0-rc14 an effect could call `set` while it ran. In 1.2.0-rc4 such a call is ignored, since the atom is not initialized yet: use `init` for the starting value, and `set` from callbacks that run later',
    (clause) => {
      clause('In 1.0.0-rc14 an effect could call `set` while it ran', () => {
        expect(v10.atom(0, { effects: [({ set }) => set(5)] }).get()).toBe(5);
      });
      let later: ((value: number) => void) | undefined;
      const current = v12.atom(0, {
        effects: [
          ({ set }) => {
            set(5);
            later = set;
          },
        ],
      });
      const store = v12.makeStore();
      clause('In 1.2.0-rc4 such a call is ignored, since the atom is not initialized yet', () => {
        expect(current(store).get()).toBe(0);
        expect(store.initialized.size).toBe(1);
      });
      clause('use `init` for the starting value', () => {
        expect(v12.atom(0, { effects: [({ init }) => init(5)] })(store).get()).toBe(5);
      });
      clause('and `set` from callbacks that run later', () => {
        later?.(6);
        expect(current(store).get()).toBe(6);
      });
    },
  );

  claim(
    'In 1.0.0-rc14 it made `atom()` throw, and with it the import of the module. In 1.2.0-rc4 the first read throws instead, and the next read runs the effects again',
    (clause) => {
      const failOnce = () => {
        let failures = 1;
        return jest.fn(() => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('effect failed');
          }
        });
      };
      clause('In 1.0.0-rc14 it made `atom()` throw', () => {
        expect(() => v10.atom(0, { effects: [failOnce()] })).toThrow('effect failed');
      });
      clause('and with it the import of the module', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-effects-'));
        const module = path.join(dir, 'fragile.js');
        fs.writeFileSync(module, `const { atom } = require(${JSON.stringify(require.resolve('stan-1.0.0-rc14'))});
exports.fragile = atom(0, { effects: [() => { throw new Error('effect failed'); }] });`);
        const run = spawnSync(process.execPath, ['-e', `try { require(${JSON.stringify(module)}); console.log('imported'); } catch (e) { console.log('import failed: ' + e.message); }`], {
          encoding: 'utf8',
        });
        fs.rmSync(dir, { recursive: true });
        expect(run.stdout.trim()).toBe('import failed: effect failed');
      });
      const effect = failOnce();
      const current = v12.atom(0, { effects: [effect] });
      const store = v12.makeStore();
      clause('In 1.2.0-rc4 the first read throws instead', () => {
        expect(effect).not.toHaveBeenCalled();
        expect(() => current(store).get()).toThrow('effect failed');
      });
      clause('and the next read runs the effects again', () => {
        expect(current(store).get()).toBe(0);
        expect(effect).toHaveBeenCalledTimes(2);
      });
    },
  );
});

describe('selectors', () => {
  class Boundary extends Component<{ children: ReactNode; label: string }, { message: string | null }> {
    override state = { message: null as string | null };
    static getDerivedStateFromError(error: unknown) {
      return { message: String(error) };
    }
    override render() {
      return this.state.message === null ? this.props.children : <p aria-label={this.props.label}>{this.state.message}</p>;
    }
  }

  claim(
    [
      'In 1.0.0-rc14 a selector that throws on its first read keeps `undefined` as its result, and later reads return `undefined` until it is refreshed. In 1.2.0-rc4 nothing is kept, and the next read runs the selector again',
      "In React this means that an error boundary sees the selector's own error now, where in 1.0.0-rc14 React's second render attempt read `undefined`",
    ],
    (clause) => {
      let fail = true;
      const oldRuns = jest.fn();
      const old = v10.selector(() => {
        oldRuns();
        if (fail) throw new Error('not yet');
        return 'ok';
      });
      const runs = jest.fn();
      const current = v12.selector(() => {
        runs();
        if (fail) throw new Error('not yet');
        return 'ok';
      });
      const store = v12.makeStore();
      clause('In 1.0.0-rc14 a selector that throws on its first read keeps `undefined` as its result', () => {
        expect(() => old.get()).toThrow('not yet');
        fail = false;
        expect(old.get()).toBeUndefined();
        expect(oldRuns).toHaveBeenCalledTimes(1);
      });
      clause('and later reads return `undefined` until it is refreshed', () => {
        expect([old.get(), old.get()]).toEqual([undefined, undefined]);
        v10.refresh(old);
        expect(old.get()).toBe('ok');
        expect(oldRuns).toHaveBeenCalledTimes(2);
      });
      clause('In 1.2.0-rc4 nothing is kept', () => {
        fail = true;
        expect(() => current(store).get()).toThrow('not yet');
        expect(() => current(store).get()).toThrow('not yet'); // no `undefined` in its place
      });
      clause('and the next read runs the selector again', () => {
        fail = false;
        expect(current(store).get()).toBe('ok');
        expect(runs).toHaveBeenCalledTimes(3);
      });

      const failing = () => {
        throw new SyntaxError('bad settings');
      };
      const oldSettings = v10.selector((): { theme: string } => failing());
      const currentSettings = v12.selector((): { theme: string } => failing());
      function OldTheme() {
        return <p>{v10react.useStanValue(oldSettings).theme}</p>;
      }
      function CurrentTheme() {
        return <p>{v12react.useStanValue(currentSettings).theme}</p>;
      }
      quietly(() =>
        render(
          <>
            <Boundary label="old">
              <OldTheme />
            </Boundary>
            <Boundary label="current">
              <CurrentTheme />
            </Boundary>
          </>,
          { onRecoverableError: () => undefined },
        ),
      );
      clause("In React this means that an error boundary sees the selector's own error now", () => {
        expect(screen.getByLabelText('current')).toHaveTextContent('SyntaxError: bad settings');
      });
      clause("where in 1.0.0-rc14 React's second render attempt read `undefined`", () => {
        expect(screen.getByLabelText('old')).toHaveTextContent("TypeError: Cannot read properties of undefined (reading 'theme')");
      });
    },
  );

  claim(
    'In 1.0.0-rc14 a selector whose last subscriber unsubscribes (in React, when the last component that shows it unmounts) stops following its dependencies and serves its last result, stale, until it is refreshed. In 1.2.0-rc4 it stays connected and up to date',
    (clause) => {
      clause(
        'In 1.0.0-rc14 a selector whose last subscriber unsubscribes (in React, when the last component that shows it unmounts) stops following its dependencies and serves its last result, stale, until it is refreshed',
        () => {
          const oldCelsius = v10.atom(20);
          const oldF = v10.selector(({ get }) => (get(oldCelsius) * 9) / 5 + 32);
          oldF.get();
          oldF.subscribe(() => undefined)();
          oldCelsius.set(100);
          expect(oldF.get()).toBe(68);
          v10.refresh(oldF);
          expect(oldF.get()).toBe(212);
          // The same when the component that shows it unmounts.
          const shown = v10.selector(({ get }) => (get(oldCelsius) * 9) / 5 + 32);
          function Fahrenheit() {
            return <p aria-label="fahrenheit">{v10react.useStanValue(shown)}</p>;
          }
          const view = render(<Fahrenheit />);
          expect(screen.getByLabelText('fahrenheit')).toHaveTextContent('212');
          view.unmount();
          oldCelsius.set(0);
          expect(shown.get()).toBe(212);
        },
      );
      clause('In 1.2.0-rc4 it stays connected and up to date', () => {
        const celsius = v12.atom(20);
        const f = v12.selector(({ get }) => (get(celsius) * 9) / 5 + 32);
        const store = v12.makeStore();
        f(store).get();
        f(store).subscribe(() => undefined)();
        celsius(store).set(100);
        expect(f(store).get()).toBe(212);
      });
    },
  );

  claim(
    [
      'In 1.0.0-rc14 a selector stays subscribed to every state that any of its runs read, so a state behind a condition it no longer takes still runs it. In 1.2.0-rc4 each run starts an empty list, and only what the latest run read is followed. After a re-run that throws, that is only what it read before the throw',
    ],
    (clause) => {
      const oldRuns = jest.fn();
      const [oldUseFirst, oldFirst, oldSecond] = [v10.atom(true), v10.atom('a'), v10.atom('b')];
      v10.selector(({ get }) => {
        oldRuns();
        return get(oldUseFirst) ? get(oldFirst) : get(oldSecond);
      }).get();
      clause('In 1.0.0-rc14 a selector stays subscribed to every state that any of its runs read', () => {
        oldUseFirst.set(false); // its second run reads oldSecond
        oldSecond.set('d');
        expect(oldRuns).toHaveBeenCalledTimes(3);
      });
      clause('so a state behind a condition it no longer takes still runs it', () => {
        oldFirst.set('c'); // no longer read, still followed
        expect(oldRuns).toHaveBeenCalledTimes(4);
      });

      const runs = jest.fn();
      const store = v12.makeStore();
      const [useFirst, first, second] = [v12.atom(true), v12.atom('a'), v12.atom('b')];
      v12.selector(({ get }) => {
        runs();
        return get(useFirst) ? get(first) : get(second);
      })(store).get();
      clause('In 1.2.0-rc4 each run starts an empty list', () => {
        useFirst(store).set(false);
        first(store).set('c'); // read by the first run only: dropped
        expect(runs).toHaveBeenCalledTimes(2);
      });
      clause('and only what the latest run read is followed', () => {
        second(store).set('d');
        useFirst(store).set(true);
        expect(runs).toHaveBeenCalledTimes(4);
      });

      const afterThrow = (release: 'old' | 'current') => {
        const runs = jest.fn();
        const body = (d: number, other: () => string) => {
          runs();
          if (d === 0) throw new Error('zero');
          return other() + d;
        };
        if (release === 'old') {
          const d = v10.atom(1);
          const other = v10.atom('x');
          v10.selector(({ get }) => body(get(d), () => get(other))).get();
          expect(() => d.set(0)).toThrow('zero');
          expect(() => other.set('y')).toThrow('zero'); // still followed, runs again
        } else {
          const store = v12.makeStore();
          const d = v12.atom(1);
          const other = v12.atom('x');
          v12.selector(({ get }) => body(get(d), () => get(other)))(store).get();
          expect(() => d(store).set(0)).toThrow('zero');
          other(store).set('y'); // not followed any more
        }
        return runs.mock.calls.length;
      };
      clause('After a re-run that throws, that is only what it read before the throw', () => {
        expect([afterThrow('old'), afterThrow('current')]).toEqual([3, 2]);
      });
    },
  );

  claim(
    "In 1.0.0-rc14 a selector keeps its place in its dependencies' lists of subscribers. In 1.2.0-rc4 it subscribes again on each run and so moves to the end",
    (clause) => {
      clause("In 1.0.0-rc14 a selector keeps its place in its dependencies' lists of subscribers", () => {
        const oldOrder: string[] = [];
        const oldSource = v10.atom(0);
        v10.selector(({ get }) => oldOrder.push(`selector ${get(oldSource)}`)).get();
        oldSource.subscribe((v) => oldOrder.push(`callback ${v}`));
        oldSource.set(1);
        oldSource.set(2);
        expect(oldOrder).toEqual(['selector 0', 'selector 1', 'callback 1', 'selector 2', 'callback 2']);
      });
      clause('In 1.2.0-rc4 it subscribes again on each run and so moves to the end', () => {
        const order: string[] = [];
        const store = v12.makeStore();
        const source = v12.atom(0);
        v12.selector(({ get }) => order.push(`selector ${get(source)}`))(store).get();
        source(store).subscribe((v) => order.push(`callback ${v}`));
        source(store).set(1);
        source(store).set(2);
        expect(order).toEqual(['selector 0', 'selector 1', 'callback 1', 'callback 2', 'selector 2']);
      });
    },
  );

  claim(
    'In both releases a rejection makes the next read run the selector again. In 1.0.0-rc14 that is true of any of its promises, also of one that a newer run has replaced, which costs an extra run; in 1.2.0-rc4 only the latest run\'s rejection counts',
    async (clause) => {
      await clause('In both releases a rejection makes the next read run the selector again', async () => {
        const store = v12.makeStore();
        const failingRuns = jest.fn(() => Promise.reject(new Error('down')));
        const failing = v12.selector(failingRuns);
        const first = failing(store).get();
        await expect(first).rejects.toThrow('down');
        await flush();
        const again = failing(store).get();
        again.catch(() => undefined);
        expect([again === first, failingRuns.mock.calls.length]).toEqual([false, 2]);
        const oldFailingRuns = jest.fn(() => Promise.reject(new Error('down')));
        const oldFailing = v10.selector(oldFailingRuns);
        const oldFirst = oldFailing.get();
        await expect(oldFirst).rejects.toThrow('down');
        await flush();
        const oldAgain = oldFailing.get();
        oldAgain.catch(() => undefined);
        expect([oldAgain === oldFirst, oldFailingRuns.mock.calls.length]).toEqual([false, 2]);
      });

      const body = (q: string) => (q === 'a' ? Promise.reject(new Error('old run')) : Promise.resolve(q));
      await clause('In 1.0.0-rc14 that is true of any of its promises, also of one that a newer run has replaced, which costs an extra run', async () => {
        const oldRuns: string[] = [];
        const oldQuery = v10.atom('a');
        const old = v10.selector(({ get }) => {
          oldRuns.push(get(oldQuery));
          return body(get(oldQuery));
        });
        old.get().catch(() => undefined);
        oldQuery.set('b');
        await flush();
        await old.get();
        expect(oldRuns).toEqual(['a', 'b', 'b']);
      });
      await clause("in 1.2.0-rc4 only the latest run's rejection counts", async () => {
        const runs: string[] = [];
        const store = v12.makeStore();
        const query = v12.atom('a');
        const current = v12.selector(({ get }) => {
          runs.push(get(query));
          return body(get(query));
        });
        current(store).get().catch(() => undefined);
        query(store).set('b');
        await flush();
        await current(store).get();
        expect(runs).toEqual(['a', 'b']);
      });
    },
  );

  claim(
    "In 1.0.0-rc14 the selector's first run reads `undefined` for itself, and only a later change runs it until the stack overflows. In 1.2.0-rc4 the first read overflows the stack",
    (clause) => {
      const oldStep = v10.atom(0);
      const oldHolder: { self?: v10.ReadonlyState<number> } = {};
      const seen: unknown[] = [];
      oldHolder.self = v10.selector(({ get }): number => {
        const itself = get(oldHolder.self as v10.ReadonlyState<number>);
        seen.push(itself);
        return (itself ?? 0) + get(oldStep) + 1;
      });
      clause("In 1.0.0-rc14 the selector's first run reads `undefined` for itself", () => {
        expect(oldHolder.self?.get()).toBe(1);
        expect(seen).toEqual([undefined]);
      });
      clause('and only a later change runs it until the stack overflows', () => {
        expect(() => oldStep.set(1)).toThrow(/Maximum call stack size exceeded/);
      });
      clause('In 1.2.0-rc4 the first read overflows the stack', () => {
        const holder: { self?: v12.Scoped<v12.ReadonlyState<number>> } = {};
        holder.self = v12.selector(({ get }): number => (get(holder.self as v12.Scoped<v12.ReadonlyState<number>>) ?? 0) + 1);
        expect(() => holder.self?.(v12.makeStore()).get()).toThrow(/Maximum call stack size exceeded/);
      });
    },
  );
});

describe('retrying after an async failure', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });
  afterEach(() => api.restore());

  const pressRetry = async () => {
    await settle(); // the run the error render started has failed too
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    for (let i = 0; i < 4; i += 1) await settle();
  };

  /** A failed status check in both releases, then a change of the region it depends on: what each badge shows. */
  const afterDependencyChange = async () => {
    const text = (result: { type: string; reason?: string; value?: string }) =>
      result.type === 'error' ? result.reason || 'checking' : result.type === 'ready' ? result.value : 'checking';
    const fetchStatus = async (region: string) => {
      const response = await fetch(`/api/status?region=${region}`);
      if (!response.ok) throw new Error(`failed (${response.status})`);
      return 'up';
    };
    const oldRegion = v10.atom('eu');
    const oldStatus = v10.selector(({ get }) => fetchStatus(get(oldRegion)));
    function OldBadge() {
      return <p aria-label="old">{text(v10react.useStanValueAsync(oldStatus))}</p>;
    }
    const region = v12.atom('eu');
    const status = v12.selector(async ({ get, signal }) => {
      const response = await fetch(`/api/status?region=${get(region)}`, { signal });
      if (!response.ok) throw new Error(`failed (${response.status})`);
      return 'up';
    });
    const store = v12.makeStore();
    function Badge() {
      return <p aria-label="current">{text(v12react.useStanValueAsync(status))}</p>;
    }
    api.answer(503);
    const badges = render(
      <>
        <OldBadge />
        <v12react.StanProvider store={store}>
          <Badge />
        </v12react.StanProvider>
      </>,
    );
    expect(await screen.findAllByText('failed (503)')).toHaveLength(2);
    await settle(); // the runs the error renders started have failed too
    api.answer(200);
    act(() => {
      oldRegion.set('us');
      region(store).set('us');
    });
    for (let i = 0; i < 5; i += 1) await settle();
    const shown = { old: screen.getByLabelText('old').textContent, current: screen.getByLabelText('current').textContent };
    badges.unmount();
    return shown;
  };

  claim(
    [
      'In 1.0.0-rc14 a refresh from the component that shows the error is a working retry, and so is a change of one of the selector\'s dependencies. In 1.2.0-rc4, once a failure has been shown, either can leave `useStanValueAsync` waiting for ever when the selector hands its `signal` on',
      'A retry mounts the reading component again instead',
    ],
    async (clause) => {
      const { before, after } = runBoth<{ StatusPanel: ComponentType }>('StatusPanel.tsx');
      await clause('In 1.0.0-rc14 a refresh from the component that shows the error is a working retry', async () => {
        // As the diff starts, on 1.0.0-rc14: the refresh retries.
        api.answer(503);
        const oldPanel = render(<>{createElement(before().exports.StatusPanel)}</>);
        expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
        api.answer(200, { healthy: true });
        await pressRetry();
        expect(screen.getByText('All good')).toBeInTheDocument();
        oldPanel.unmount();
      });
      const changed = await afterDependencyChange();
      clause("and so is a change of one of the selector's dependencies", () => {
        expect(changed.old).toBe('up');
      });
      await clause(
        'In 1.2.0-rc4, once a failure has been shown, either can leave `useStanValueAsync` waiting for ever when the selector hands its `signal` on',
        async () => {
          expect(changed.current).toBe('checking'); // after a change of a dependency
          // A selector that hands its signal on and a refresh as the retry: checking for ever.
          const status = v12.selector(async ({ signal }) => {
            const response = await fetch('/api/status', { signal });
            if (!response.ok) throw new Error(`Status check failed (${response.status})`);
            return (await response.json()) as { healthy: boolean };
          });
          function StuckPanel() {
            const result = v12react.useStanValueAsync(status);
            const retry = v12react.useStanRefresher(status);
            if (result.type === 'loading' || (result.type === 'error' && result.reason === '')) return <span>Checking…</span>;
            if (result.type === 'error') return <button onClick={retry}>Retry</button>;
            return <span>All good</span>;
          }
          api.answer(503);
          const stuckPanel = render(
            <v12react.StanProvider>
              <StuckPanel />
            </v12react.StanProvider>,
          );
          expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
          api.answer(200, { healthy: true });
          await pressRetry();
          expect(screen.getByText('Checking…')).toBeInTheDocument();
          stuckPanel.unmount();
        },
      );
      await clause('A retry mounts the reading component again instead', async () => {
        // As the diff ends, on 1.2.0-rc4: remounting retries.
        api.answer(503);
        render(
          <v12react.StanProvider>
            {createElement(after().exports.StatusPanel)}
          </v12react.StanProvider>,
        );
        expect(await screen.findByText(/Status check failed \(503\)/)).toBeInTheDocument();
        api.answer(200, { healthy: true });
        await pressRetry();
        expect(screen.getByText('All good')).toBeInTheDocument();
      });
    },
  );
});

describe('server rendering and tests', () => {
  claim(
    'In 1.0.0-rc14 every request a server renders reads the same atoms, and keeping visitors apart takes states created per request. In 1.2.0-rc4 give each request a store of its own',
    (clause) => {
      clause('In 1.0.0-rc14 every request a server renders reads the same atoms', () => {
        const oldCart = v10.atom(0);
        function OldBadge() {
          return <span>{v10react.useStanValue(oldCart)}</span>;
        }
        oldCart.set(3);
        expect(renderToString(<OldBadge />)).toBe('<span>3</span>');
        expect(renderToString(<OldBadge />)).toBe('<span>3</span>'); // the next visitor
      });
      clause('and keeping visitors apart takes states created per request', () => {
        const request = (items: number | null) => {
          const cart = v10.atom(0);
          function Badge() {
            return <span>{v10react.useStanValue(cart)}</span>;
          }
          if (items !== null) cart.set(items);
          return renderToString(<Badge />);
        };
        expect([request(3), request(null)]).toEqual(['<span>3</span>', '<span>0</span>']);
      });
      clause('In 1.2.0-rc4 give each request a store of its own', () => {
        const cart = v12.atom(0);
        function Badge() {
          return <span>{v12react.useStanValue(cart)}</span>;
        }
        const request = (items: number | null) => {
          const store = v12.makeStore();
          if (items !== null) {
            cart(store).get();
            cart(store).set(items);
          }
          return renderToString(
            <v12react.StanProvider store={store}>
              <Badge />
            </v12react.StanProvider>,
          );
        };
        expect([request(3), request(null)]).toEqual(['<span>3</span>', '<span>0</span>']);
      });
    },
  );

  claim(
    'States created per request in 1.0.0-rc14 are freed with the request. A store used in 1.2.0-rc4 stays in memory as long as the definitions it was used with',
    (clause) => {
      // Node.js processes of their own, with the garbage collector exposed.
      const countAlive = (script: string) => {
        const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
        expect(run.stderr).toBe('');
        return Number(run.stdout.trim());
      };
      const collect = 'setTimeout(() => { global.gc(); setTimeout(() => { global.gc(); console.log(refs.filter((r) => r.deref() !== undefined).length); }, 10); }, 10);';
      clause('States created per request in 1.0.0-rc14 are freed with the request', () => {
        const old = `const { atom, selector } = require('stan-1.0.0-rc14');
const refs = [];
for (let i = 0; i < 20; i += 1) {
  const cart = atom(i);
  const label = selector(({ get }) => 'items: ' + get(cart));
  label.get();
  refs.push(new WeakRef(cart), new WeakRef(label));
}
${collect}`;
        expect(countAlive(old)).toBe(0);
      });
      clause('A store used in 1.2.0-rc4 stays in memory as long as the definitions it was used with', () => {
        const current = (keep: string) => `const { atom, makeStore, selector } = require('@rkrupinski/stan');
let cart = atom(0);
let label = selector(({ get }) => 'items: ' + get(cart));
const refs = [];
for (let i = 0; i < 20; i += 1) {
  const store = makeStore();
  label(store).get();
  refs.push(new WeakRef(store));
}
${keep}
${collect}`;
        expect(countAlive(current('globalThis.keep = [cart, label];'))).toBe(20);
        // Once the definitions go, their stores go with them.
        expect(countAlive(current('cart = undefined; label = undefined;'))).toBe(0);
      });
    },
  );

  claim(
    "In both releases the tests of one file share module-level values: 1.0.0-rc14's atoms, 1.2.0-rc4's `DEFAULT_STORE`. In 1.2.0-rc4 a store per test (`makeStore()`, passed to `StanProvider` in component tests) keeps them apart",
    (clause) => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      const load = () => ({
        old: require('stan-1.0.0-rc14') as typeof v10,
        current: require('@rkrupinski/stan') as typeof v12,
      });
      /* eslint-enable @typescript-eslint/no-require-imports */
      const first = load();
      const again = load();
      clause('In both releases the tests of one file share module-level values', () => {
        // One file's tests share its module registry: each import gives back the same module.
        expect([again.old === first.old, again.current === first.current]).toEqual([true, true]);
      });
      const counter = first.current.atom(0);
      clause("1.0.0-rc14's atoms, 1.2.0-rc4's `DEFAULT_STORE`", () => {
        expect(again.current.DEFAULT_STORE).toBe(first.current.DEFAULT_STORE);
        const oldCounter = first.old.atom(0);
        oldCounter.set(1); // one test
        expect(oldCounter.get()).toBe(1); // the next test of the file sees it
        counter(first.current.DEFAULT_STORE).get();
        counter(first.current.DEFAULT_STORE).set(1);
        expect(counter(again.current.DEFAULT_STORE).get()).toBe(1);
      });
      clause('In 1.2.0-rc4 a store per test (`makeStore()`, passed to `StanProvider` in component tests) keeps them apart', () => {
        expect(counter(first.current.makeStore()).get()).toBe(0);
        function Count() {
          return <p aria-label="count">{v12react.useStanValue(counter)}</p>;
        }
        render(
          <v12react.StanProvider store={first.current.makeStore()}>
            <Count />
          </v12react.StanProvider>,
        );
        expect(screen.getByLabelText('count')).toHaveTextContent('0');
      });
    },
  );
});

claim(
  [
    'Families compare parameters by their serialized JSON in both releases, and atom families keep every member. Selector families take the same three cache policies',
    'A `set` notifies subscribers even when the value is unchanged, `areValuesEqual` compares the values a selector reads, and a selector runs on its first read and keeps a promise as its value',
  ],
  async (clause) => {
    const store = v12.makeStore();
    const oldFamily = v10.atomFamily((p: { a: number; b: number }) => p.a);
    const family = v12.atomFamily((p: { a: number; b: number }) => p.a);
    clause('Families compare parameters by their serialized JSON in both releases', () => {
      expect(oldFamily({ a: 1, b: 2 })).toBe(oldFamily({ b: 2, a: 1 }));
      expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
      const oldByValue = v10.atomFamily((p: number | string) => String(p));
      const byValue = v12.atomFamily((p: number | string) => String(p));
      expect([oldByValue(1) === oldByValue('1'), byValue(1) === byValue('1')]).toEqual([false, false]);
    });
    clause('and atom families keep every member', () => {
      const [oldFirst, first] = [oldFamily({ a: 0, b: 0 }), family({ a: 0, b: 0 })];
      for (let i = 1; i <= 200; i += 1) {
        oldFamily({ a: i, b: i });
        family({ a: i, b: i });
      }
      expect([oldFamily({ a: 0, b: 0 }) === oldFirst, family({ a: 0, b: 0 }) === first]).toEqual([true, true]);
    });
    clause('Selector families take the same three cache policies', () => {
      // Which of members 1, 2, 3 (made in that order) each policy still holds, in each release.
      type CachePolicy = NonNullable<NonNullable<Parameters<typeof v10.selectorFamily>[1]>['cachePolicy']>;
      const held = (make: typeof v10.selectorFamily, cachePolicy: CachePolicy) => {
        const members = make((n: number) => () => n, { cachePolicy });
        const made = [1, 2, 3].map((n) => members(n));
        return [3, 2, 1].map((n) => members(n) === made[n - 1]).reverse();
      };
      for (const make of [v10.selectorFamily, v12.selectorFamily as unknown as typeof v10.selectorFamily]) {
        expect(held(make, { type: 'keep-all' })).toEqual([true, true, true]);
        expect(held(make, { type: 'most-recent' })).toEqual([false, false, true]);
        expect(held(make, { type: 'lru', maxSize: 2 })).toEqual([false, true, true]);
      }
    });
    const oldAtom = v10.atom(1);
    const currentAtom = v12.atom(1);
    const runs = jest.fn();
    v10.selector(({ get }) => runs(get(oldAtom))).get();
    v12.selector(({ get }) => runs(get(currentAtom)))(store).get();
    clause('A `set` notifies subscribers even when the value is unchanged', () => {
      const notified = jest.fn();
      oldAtom.subscribe(notified);
      currentAtom(store).subscribe(notified);
      oldAtom.set(1);
      currentAtom(store).set(1);
      expect(notified).toHaveBeenCalledTimes(2);
    });
    clause('`areValuesEqual` compares the values a selector reads', () => {
      expect(runs).toHaveBeenCalledTimes(2); // the unchanged values did not run either selector
      // The comparator is handed what the selector read (1, then 2), not what it returned (10, then 20).
      const oldCompare = jest.fn((a: unknown, b: unknown) => a === b);
      const compare = jest.fn((a: unknown, b: unknown) => a === b);
      const [oldSource, source] = [v10.atom(1), v12.atom(1)];
      const oldTimesTen = v10.selector(({ get }) => get(oldSource) * 10, { areValuesEqual: oldCompare });
      const timesTen = v12.selector(({ get }) => get(source) * 10, { areValuesEqual: compare });
      oldTimesTen.get();
      timesTen(store).get();
      oldSource.set(2);
      source(store).set(2);
      expect([oldTimesTen.get(), timesTen(store).get()]).toEqual([20, 20]);
      expect(oldCompare.mock.calls).toContainEqual([1, 2]);
      expect(compare.mock.calls).toContainEqual([1, 2]);
      expect([...oldCompare.mock.calls, ...compare.mock.calls]).not.toContainEqual([10, 20]);
    });
    clause('and a selector runs on its first read', () => {
      const lazy = jest.fn(() => 1);
      const oldLazy = v10.selector(lazy);
      const currentLazy = v12.selector(lazy);
      expect(lazy).not.toHaveBeenCalled();
      oldLazy.get();
      currentLazy(store).get();
      expect(lazy).toHaveBeenCalledTimes(2);
    });
    await clause('and keeps a promise as its value', async () => {
      const oldAsync = v10.selector(async () => 1);
      const currentAsync = v12.selector(async () => 1);
      expect(oldAsync.get()).toBe(oldAsync.get());
      expect(currentAsync(store).get()).toBe(currentAsync(store).get());
      await flush();
      await expect(currentAsync(store).get()).resolves.toBe(1);
    });
  },
);

claim(
  '`refresh`, `useStanValue`, `useStan` and the `AsyncValue` type keep their meaning, `useSetStanValue` too when a component calls it, and `SetterOrUpdater` and `SerializableParam` their shape',
  async (clause) => {
    await clause('`refresh`, `useStanValue`, `useStan` and the `AsyncValue` type keep their meaning', async () => {
      const oldSel = v10.selector(() => Math.random());
      const first = oldSel.get();
      v10.refresh(oldSel);
      expect(oldSel.get()).not.toBe(first);
      const store = v12.makeStore();
      const sel = v12.selector(() => Math.random());
      const value = sel(store).get();
      v12.refresh(sel(store));
      expect(sel(store).get()).not.toBe(value);
      // Both hooks show the value and follow writes, in either release.
      const oldWord = v10.atom('a');
      const word = v12.atom('a');
      function Old() {
        const [value, set] = v10react.useStan(oldWord);
        return <button onClick={() => set('b')}>{`old ${value} ${v10react.useStanValue(oldWord)}`}</button>;
      }
      function Current() {
        const [value, set] = v12react.useStan(word);
        return <button onClick={() => set('b')}>{`new ${value} ${v12react.useStanValue(word)}`}</button>;
      }
      render(
        <>
          <Old />
          <Current />
        </>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'old a a' }));
      fireEvent.click(screen.getByRole('button', { name: 'new a a' }));
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['old b b', 'new b b']);
      document.body.innerHTML = '';
      const states = `import type { AsyncValue } from '@rkrupinski/stan/react';
export const states: AsyncValue<number>[] = [{ type: 'loading' }, { type: 'ready', value: 1 }, { type: 'error', reason: 'x' }];`;
      expect(await compileErrors(states, 'ts', OLD)).toEqual([]);
      expect(await compileErrors(states)).toEqual([]);
    });
    clause('`useSetStanValue` too when a component calls it', () => {
      const oldCount = v10.atom(1);
      const count = v12.atom(1);
      count(v12.DEFAULT_STORE).get();
      function Writers() {
        const setOld = v10react.useSetStanValue(oldCount);
        const setCurrent = v12react.useSetStanValue(count);
        return <button onClick={() => (setOld(2), setCurrent(2))}>Write</button>;
      }
      render(<Writers />);
      fireEvent.click(screen.getByRole('button', { name: 'Write' }));
      expect([oldCount.get(), count(v12.DEFAULT_STORE).get()]).toEqual([2, 2]);
      document.body.innerHTML = '';
    });
    await clause('and `SetterOrUpdater` and `SerializableParam` their shape', async () => {
      const [before, after] = [packageApi(versionPackageDir(OLD)), packageApi(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan'))];
      for (const name of ['SetterOrUpdater', 'SerializableParam']) {
        expect(after.get('@rkrupinski/stan')?.get(name)).toBe(before.get('@rkrupinski/stan')?.get(name));
      }
      const shapes = `import type { SetterOrUpdater, SerializableParam } from '@rkrupinski/stan';
export const set: SetterOrUpdater<number> = (value) => void value;
export const param: SerializableParam = { list: [1, 'a', null, true] };`;
      expect(await compileErrors(shapes, 'ts', OLD)).toEqual([]);
      expect(await compileErrors(shapes)).toEqual([]);
    });
  },
  60_000,
);
