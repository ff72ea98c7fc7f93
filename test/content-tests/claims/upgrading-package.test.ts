/** @jest-environment node */
// "Upgrading from 1.0.0-rc14", the differences of the package itself, run on both releases: the API compared
// declaration by declaration (so a change the page does not name fails here), the peers, the size and loading of
// the React entry point, the selectors that loop, and the hook that became one.
import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import vm from 'vm';
import { gzipSync } from 'zlib';
import * as esbuild from 'esbuild';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import * as v10 from 'stan-1.0.0-rc14';
import * as v10react from 'stan-1.0.0-rc14/react';
import * as v12 from '@rkrupinski/stan';
import * as v12react from '@rkrupinski/stan/react';
import { claimsOf, claimText } from '../../support/claims';
import { normalizeClaimText } from '../../support/claim-clauses';
import { compileErrors } from '../../support/compile';
import { apiChanges, packageApi } from '../../support/package-api';
import { REPO_ROOT, versionPackageDir } from '../../support/samples';

const claim = claimsOf('getting-started/upgrading');
const PAGE = 'getting-started/upgrading';
const OLD = '1.0.0-rc14';
const OLD_DIR = versionPackageDir(OLD);
const NEW_DIR = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan');

/**
 * Where the page names each export whose declaration differs between the releases: the words, which must be on the
 * page and name the export in code. A change of the API that is not in this table fails the test, and so does an
 * entry for an export that did not change.
 */
const NAMED_CHANGES: Record<string, string> = {
  Aborted: 'the signal of a run is aborted with an `Aborted` error, a new export',
  AtomFamilyOptions: 'Atom families have their own options type, `AtomFamilyOptions<T, P>`, where 1.0.0-rc14 used `AtomOptions<T>`',
  AtomOptions: 'take a `tag` option, a new member of `AtomOptions<T>` and `SelectorOptions`',
  SelectorOptions: 'take a `tag` option, a new member of `AtomOptions<T>` and `SelectorOptions`',
  DEFAULT_STORE: 'New exports: `makeStore`, `DEFAULT_STORE`, the `Store` class and the `Scoped` type',
  Scoped: 'New exports: `makeStore`, `DEFAULT_STORE`, the `Store` class and the `Scoped` type',
  Store: 'New exports: `makeStore`, `DEFAULT_STORE`, the `Store` class and the `Scoped` type',
  makeStore: 'New exports: `makeStore`, `DEFAULT_STORE`, the `Store` class and the `Scoped` type',
  GetFn: '`get(count)` takes the scoped state (its type, `GetFn`, says so)',
  SelectorFamilyOptions: '`SelectorFamilyOptions` takes the parameter type now, `SelectorFamilyOptions<P>`',
  SelectorFn: 'A selector function receives `signal`, an `AbortSignal`, beside `get` (its type, `SelectorFn`, changes with it)',
  State: 'shown as the `tag` property of every state instance, an optional member of `State<T>`',
  TagFromParam: 'a family also takes a function of the parameter, typed `TagFromParam<P>`',
  WritableState: '`WritableState<T>` has a new member, keyed by a symbol the package does not export',
  atom: 'In 1.0.0-rc14, `atom()` and `selector()` return the state itself',
  selector: 'In 1.0.0-rc14, `atom()` and `selector()` return the state itself',
  atomFamily: '`atom`, `selector` and the members of `atomFamily` and `selectorFamily` return `Scoped<…>` types',
  selectorFamily: '`atom`, `selector` and the members of `atomFamily` and `selectorFamily` return `Scoped<…>` types',
  reset: '`reset` and `useStanReset` set an atom back to the initial value it was created with',
  useStanReset: '`reset` and `useStanReset` set an atom back to the initial value it was created with',
  StanProvider: 'New: `StanProvider` (with the types `StanProviderProps` and `StanCtxType`) gives the hooks below it a store',
  StanProviderProps: 'New: `StanProvider` (with the types `StanProviderProps` and `StanCtxType`) gives the hooks below it a store',
  StanCtxType: 'New: `StanProvider` (with the types `StanProviderProps` and `StanCtxType`) gives the hooks below it a store',
  useStanCtx: '`useStanCtx` returns the provider\'s context value, a `StanCtxType` object whose `store` property is that store',
  useStanValue: 'the hooks (`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`) take the scoped state now',
  useStan: 'the hooks (`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`) take the scoped state now',
  useSetStanValue: 'the hooks (`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`) take the scoped state now',
  useStanValueAsync: '`useStanValueAsync` accepts any state whose value is a promise, an atom too',
  useStanRefresher: '`useStanRefresher` is generic, `useStanRefresher<T>(scopedState: Scoped<ReadonlyState<T>>)`',
};

claim(
  [
    "This page lists every difference in the API, which a test holds it to: the test compares the two releases' exports and type declarations and fails on a change the page does not name",
  ],
  (clause) => {
    const changes = apiChanges(packageApi(OLD_DIR), packageApi(NEW_DIR));
    clause('This page lists every difference in the API, which a test holds it to', () => {
      const page = claimText(PAGE);
      const misquoted = Object.entries(NAMED_CHANGES).filter(
        ([name, words]) => !page.includes(normalizeClaimText(words)) || !new RegExp(`\`${name}[\`<(]`).test(words),
      );
      expect(misquoted).toEqual([]);
    });
    clause("the test compares the two releases' exports and type declarations and fails on a change the page does not name", () => {
      // Nothing is removed, so every change is an addition or a new declaration of a name both releases export.
      expect(changes.filter((c) => c.change === 'removed')).toEqual([]);
      expect(changes.map((c) => c.name).sort()).toEqual(Object.keys(NAMED_CHANGES).sort());
      // The comparison sees a change of a declaration the package reaches without exporting it.
      const reset = changes.find((c) => c.name === 'WritableState');
      expect(reset?.after).toContain('RESET_TAG: unique symbol');
    });
  },
);

describe('the package', () => {
  const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; peerDependencies: Record<string, string> };

  claim(
    '1.0.0-rc14 asks for `react` and `react-dom`, both `^18.0.0 || ^19.0.0`. 1.2.0-rc4 asks for `react` `>=18.0.0` only, so npm no longer names `react-dom`, and the range admits React 18, which cannot render `StanProvider`',
    (clause) => {
      const [old, current] = [manifest(OLD_DIR), manifest(NEW_DIR)];
      expect([old.version, current.version]).toEqual(['1.0.0-rc14', '1.2.0-rc4']);
      clause('1.0.0-rc14 asks for `react` and `react-dom`, both `^18.0.0 || ^19.0.0`', () => {
        expect(old.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0', 'react-dom': '^18.0.0 || ^19.0.0' });
      });
      clause('1.2.0-rc4 asks for `react` `>=18.0.0` only, so npm no longer names `react-dom`', () => {
        expect(current.peerDependencies).toEqual({ react: '>=18.0.0' });
      });
      clause('the range admits React 18, which cannot render `StanProvider`', () => {
        // That React 18 cannot render it is run on React 18 itself in upgrading.test.tsx ("React 18 cannot render it").
        const [major] = current.peerDependencies.react?.match(/\d+/) ?? [];
        expect(Number(major)).toBe(18);
        expect(claimText(PAGE)).toContain(normalizeClaimText("`StanProvider` is built with React 19's JSX runtime, and React 18 cannot render it"));
      });
    },
  );

  const reactEntry = (dir: string) => fs.readFileSync(path.join(dir, 'dist/react.js'));
  claim(
    "The React entry point, `@rkrupinski/stan/react`, grew from under 0.4 KB to 2.9 KB of JavaScript after gzip, because 1.2.0-rc4 carries its own copy of React 19's JSX runtime, in both its development and its production build",
    (clause) => {
      const [old, current] = [reactEntry(OLD_DIR), reactEntry(NEW_DIR)];
      clause('The React entry point, `@rkrupinski/stan/react`, grew from under 0.4 KB to 2.9 KB of JavaScript after gzip', () => {
        expect(gzipSync(old).length).toBeLessThan(400);
        expect(Math.round(gzipSync(current).length / 100) / 10).toBe(2.9);
      });
      clause("because 1.2.0-rc4 carries its own copy of React 19's JSX runtime, in both its development and its production build", () => {
        const text = current.toString('utf8');
        expect(text).toContain('react-jsx-runtime.development.js');
        // React 19's element tag, and the production build's branch beside the development one.
        expect(text).toContain('Symbol.for("react.transitional.element")');
        expect(text).toMatch(/"production"===process\.env\.NODE_ENV\?/);
        expect(old.toString('utf8')).not.toMatch(/jsx|react\.transitional\.element/);
      });
    },
  );

  /** The React entry point of a release bundled as it is (no replacement of process.env), React left outside. */
  async function untouchedReactEntry(dir: string): Promise<string> {
    const result = await esbuild.build({
      entryPoints: [path.join(dir, 'dist/react.js')],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'neutral',
      external: ['react'],
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  }
  /** Loads code where, as on a page using an import map, there is no `process` global. */
  function loadWithoutProcess(code: string): Record<string, unknown> {
    const module = { exports: {} as Record<string, unknown> };
    const context = vm.createContext({ require: (id: string) => (id === 'react' ? React : undefined), module, exports: module.exports });
    vm.runInContext(code, context);
    return module.exports;
  }

  claim(
    [
      "To choose between those two builds, 1.2.0-rc4's React entry point reads `process.env.NODE_ENV` as it loads",
      "Where nothing replaces that expression and there is no `process` global, as with an import map in the browser, it throws \"process is not defined\"; 1.0.0-rc14's React entry point loads there",
    ],
    async (clause) => {
      const [old, current] = [await untouchedReactEntry(OLD_DIR), await untouchedReactEntry(NEW_DIR)];
      clause("To choose between those two builds, 1.2.0-rc4's React entry point reads `process.env.NODE_ENV` as it loads", () => {
        expect(current).toMatch(/"production" === process\.env\.NODE_ENV \?/);
        // The same code with the expression replaced loads: it is read on load, and it is the only obstacle.
        const replaced = current.replace(/process\.env\.NODE_ENV/g, '"production"');
        expect(Object.keys(loadWithoutProcess(replaced))).toContain('StanProvider');
      });
      clause(
        'Where nothing replaces that expression and there is no `process` global, as with an import map in the browser, it throws "process is not defined"',
        () => expect(() => loadWithoutProcess(current)).toThrow('process is not defined'),
      );
      clause("1.0.0-rc14's React entry point loads there", () => {
        expect(old).not.toContain('process');
        expect(Object.keys(loadWithoutProcess(old)).sort()).toEqual(['useSetStanValue', 'useStan', 'useStanRefresher', 'useStanValue', 'useStanValueAsync']);
      });
    },
  );
});

describe('states', () => {
  claim(
    [
      '`WritableState<T>` has a new member, keyed by a symbol the package does not export: the method `reset` calls',
      '`ReadonlyState<T>` has had one for `refresh` in both releases. An object you write yourself to stand in for an atom, a test double say, no longer satisfies `WritableState<T>`',
    ],
    async (clause) => {
      const store = v12.makeStore();
      const count = v12.atom(1)(store);
      count.get();
      clause('`WritableState<T>` has a new member, keyed by a symbol the package does not export', () => {
        const [key] = Object.getOwnPropertySymbols(count);
        expect(typeof key).toBe('symbol');
        expect(Object.values(v12)).not.toContain(key);
        expect(Object.getOwnPropertySymbols(v10.atom(1))).toEqual([]);
      });
      clause('the method `reset` calls', () => {
        const [key] = Object.getOwnPropertySymbols(count) as [symbol];
        const member = jest.spyOn(count as unknown as Record<symbol, () => void>, key);
        count.set(5);
        v12.reset(count);
        expect(member).toHaveBeenCalledTimes(1);
        expect(count.get()).toBe(1);
      });
      clause('`ReadonlyState<T>` has had one for `refresh` in both releases', () => {
        const old = v10.selector(() => 1);
        const current = v12.selector(() => 1)(store);
        for (const [state, refresh] of [
          [old, () => v10.refresh(old)],
          [current, () => v12.refresh(current)],
        ] as const) {
          state.get();
          const [key] = Object.getOwnPropertySymbols(state) as [symbol];
          const member = jest.spyOn(state as unknown as Record<symbol, () => void>, key);
          refresh();
          expect(member).toHaveBeenCalledTimes(1);
        }
      });
      await clause('An object you write yourself to stand in for an atom, a test double say, no longer satisfies `WritableState<T>`', async () => {
        const double = `import type { WritableState } from '@rkrupinski/stan';
export const double: WritableState<number> = { get: () => 1, set: () => undefined, subscribe: () => () => undefined };`;
        expect(await compileErrors(double, 'ts', OLD)).toEqual([]);
        expect((await compileErrors(double)).map((e) => e.code)).toEqual([2741]);
      });
    },
    60_000,
  );
});

describe('selectors that loop', () => {
  /** Runs a program of its own against one release, stopped after 4 s (the loop on 1.2.0-rc4 never ends). */
  const runFor = (release: 'old' | 'current', body: string) =>
    spawnSync(
      process.execPath,
      ['-e', `const stan = require(${JSON.stringify(release === 'old' ? 'stan-1.0.0-rc14' : '@rkrupinski/stan')});\n${body}`],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 4000 },
    );
  // The known quirks page's average, written for each release: 1.0.0-rc14 has no stores.
  const average = (release: 'old' | 'current', comparator: string) => `
let runs = 0;
const scores = stan.atom([4, 5]);
const average = stan.selector(({ get }) => { runs += 1; const list = get(scores); return list.reduce((s, n) => s + n, 0) / list.length; });
const label = stan.selector(({ get }) => \`average \${get(average)}\`, { areValuesEqual: ${comparator} });
${release === 'old' ? 'const at = (s) => s;' : 'const store = stan.makeStore(); const at = (s) => s(store);'}
console.log(at(label).get());
at(scores).set(${comparator === 'undefined' ? '[]' : '[3]'});
console.log(at(label).get(), runs);`;

  claim(
    [
      'In 1.0.0-rc14 a dependency whose new value never equals the old one (`NaN`, or any value under a comparator that answers "changed" every time) makes the selector run once more, and the `set` that wrote it returns',
      'In 1.2.0-rc4 that `set` never returns: the selector runs again and again',
    ],
    (clause) => {
      clause('In 1.0.0-rc14 a dependency whose new value never equals the old one (`NaN`', () => {
        const run = runFor('old', average('old', 'undefined'));
        expect([run.signal, run.stdout]).toEqual([null, 'average 4.5\naverage NaN 2\n']);
      });
      clause('or any value under a comparator that answers "changed" every time) makes the selector run once more, and the `set` that wrote it returns', () => {
        const run = runFor('old', average('old', '() => false'));
        expect([run.signal, run.stdout]).toEqual([null, 'average 4.5\naverage 3 2\n']);
      });
      clause('In 1.2.0-rc4 that `set` never returns: the selector runs again and again', () => {
        for (const comparator of ['undefined', '() => false']) {
          const run = runFor('current', average('current', comparator));
          // It printed the first label and never got past the set.
          expect([run.signal, run.stdout]).toEqual(['SIGTERM', 'average 4.5\n']);
        }
      });
    },
    30_000,
  );
});

describe('hooks', () => {
  claim(
    [
      "In 1.0.0-rc14 it returns the atom's `set` and does nothing else, so it also works outside a component, in an event handler or a test",
      'In 1.2.0-rc4 it reads the provider\'s context, and called outside a component it throws a `TypeError`. Outside React, take `set` from the state instance: `count(DEFAULT_STORE).set`',
    ],
    (clause) => {
      clause("In 1.0.0-rc14 it returns the atom's `set` and does nothing else, so it also works outside a component, in an event handler or a test", () => {
        const count = v10.atom(1);
        const set = v10react.useSetStanValue(count);
        expect(set).toBe(count.set);
        set(5);
        expect(count.get()).toBe(5);
      });
      clause("In 1.2.0-rc4 it reads the provider's context, and called outside a component it throws a `TypeError`", () => {
        const count = v12.atom(1);
        // Under a provider it returns the set of the provider's store.
        const store = v12.makeStore();
        let set: unknown;
        function Writer() {
          set = v12react.useSetStanValue(count);
          return null;
        }
        renderToString(React.createElement(v12react.StanProvider, { store, children: React.createElement(Writer) }));
        expect(set).toBe(count(store).set);
        const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          // React has no component rendering, so reading its context fails.
          expect(() => v12react.useSetStanValue(count)).toThrow(new TypeError("Cannot read properties of null (reading 'useContext')"));
        } finally {
          quiet.mockRestore();
        }
      });
      clause('Outside React, take `set` from the state instance: `count(DEFAULT_STORE).set`', () => {
        const count = v12.atom(1);
        count(v12.DEFAULT_STORE).get();
        const set = count(v12.DEFAULT_STORE).set;
        set(5);
        expect(count(v12.DEFAULT_STORE).get()).toBe(5);
      });
    },
  );
});
