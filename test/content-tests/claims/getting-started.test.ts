/** @jest-environment node */
// Introduction, installation and the package facts the getting-started pages state.
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { gzipSync } from 'zlib';
import * as esbuild from 'esbuild';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { atom, DEFAULT_STORE, makeStore, reset, selector } from '@rkrupinski/stan';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { claimsOf, claimText } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { runSample } from '../../support/run-sample';
import { allCodeSamples, REPO_ROOT } from '../../support/samples';
import { sampleCompilerOptions } from '@src/node/type-hints';

const SAMPLE_COMPILER_OPTIONS = sampleCompilerOptions();
import ts from 'typescript';

const pkgDir = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan');
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
  version: string;
  main: string;
  type?: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, string>;
};
const dist = (file: string) => fs.readFileSync(path.join(pkgDir, 'dist', file), 'utf8');
// Babel's CommonJS interop adds these to the namespace object; they are not exports of the package.
const exportsOf = (ns: object) => Object.keys(ns).filter((k) => k !== '__esModule' && k !== 'default').sort();

describe('intro', () => {
  const claim = claimsOf('intro');

  claim(
    'These pages describe release 1.2.0-rc4 of `@rkrupinski/stan`: its source is tagged in the project\'s repository and it is published on npm',
    () => {
      expect(pkg.version).toBe('1.2.0-rc4');
      // Both links name the installed release, never the newest one.
      const source = fs.readFileSync(path.join(REPO_ROOT, 'content/docs/intro.mdx'), 'utf8');
      const links = [...source.matchAll(/\]\((https:\/\/(?:github\.com|www\.npmjs\.com)\/[^)]*)\)/g)].map((m) => m[1]);
      expect(links).toEqual([
        `https://github.com/rkrupinski/stan/tree/${pkg.version}`,
        `https://www.npmjs.com/package/@rkrupinski/stan/v/${pkg.version}`,
      ]);
    },
  );

  claim(
    ['Calling `atom(0)` does not allocate a value. It returns a scoped state: a function that takes a `Store` and returns the state instance for that store', 'The library creates a ready-made store, `DEFAULT_STORE`, and `makeStore()` creates more'],
    () => {
      const count = atom(0);
      expect(typeof count).toBe('function');
      const store = makeStore();
      expect(store.value.size).toBe(0);
      count(store);
      expect(store.value.size).toBe(0);
      expect(DEFAULT_STORE).toBeInstanceOf(core.Store);
    },
  );

  claim(
    [
      'An atom gets its value the first time it is read in a store, and a selector runs for the first time when it is read. Until then, nothing is computed',
      'writing to an atom that has never been read in that store is ignored',
    ],
    () => {
      const run = jest.fn(() => 1);
      const lazy = selector(run);
      const a = atom('x');
      const store = makeStore();
      lazy(store);
      expect(run).not.toHaveBeenCalled();
      lazy(store).get();
      expect(run).toHaveBeenCalledTimes(1);
      a(store).set('y');
      expect(a(store).get()).toBe('x');
    },
  );

  claim(
    [
      'Stan records what was read on every run and re-runs the selector when one of those values changes',
      'A selector may return a promise, and it also receives an `AbortSignal` that fires when a newer run replaces the current one',
    ],
    () => {
      const a = atom(1);
      const signals: AbortSignal[] = [];
      const s = selector(async ({ get, signal }) => {
        signals.push(signal);
        return get(a);
      });
      const store = makeStore();
      expect(s(store).get()).toBeInstanceOf(Promise);
      a(store).set(2);
      expect(signals.map((x) => x.aborted)).toEqual([true, false]);
    },
  );

  claim(
    'A state instance is the object you read and write through: `get()` returns the value in that store, `subscribe(callback)` calls you when it changes, and an atom\'s instance also has `set(value)`',
    () => {
      const store = makeStore();
      const count = atom(1);
      const doubled = selector(({ get }) => get(count) * 2);
      const seen: number[] = [];
      expect(doubled(store).get()).toBe(2);
      doubled(store).subscribe((value) => seen.push(value));
      count(store).set(5);
      expect(seen).toEqual([10]);
      expect(typeof count(store).set).toBe('function');
      expect('set' in doubled(store)).toBe(false);
    },
  );

  claim(
    [
      '`refresh` runs a selector again without a dependency having changed (to re-fetch data, say), `reset` sets an atom back to its initial value, and `Aborted` is the error a selector\'s signal carries when a newer run replaces the current one',
    ],
    () => {
      const store = makeStore();
      const level = atom(3);
      const signals: AbortSignal[] = [];
      let runs = 0;
      const snapshot = selector(({ get, signal }) => {
        signals.push(signal);
        runs += 1;
        return get(level);
      });
      snapshot(store).get();
      snapshot(store).subscribe(() => undefined);
      core.refresh(snapshot(store));
      expect(runs).toBe(2);
      expect(signals[0]?.reason).toBeInstanceOf(core.Aborted);
      level(store).set(9);
      reset(level(store));
      expect(level(store).get()).toBe(3);
    },
  );

  claim(
    '`useStanValue` reads a state, `useStan` reads and writes an atom, `useSetStanValue` only writes, `useStanReset` and `useStanRefresher` return callbacks for `reset` and `refresh`, `useStanValueAsync` turns a promise into a loading, ready or error value, and `useStanCtx` returns the store in use',
    () => {
      // Every hook of the React entry point is named, and nothing else (their behaviour is claimed on the React page).
      const hooks = exportsOf(react).filter((name) => name.startsWith('use'));
      const page = claimText('intro');
      expect(hooks.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
      expect(hooks).toHaveLength(7);
    },
  );

  claim(
    'The last line writes to `price`, which this code never reads directly, and yet the write is not ignored: reading `totalState` ran the selector, and its `get(price)` read the atom in `DEFAULT_STORE`, which initialized it there',
    () => {
      const store = makeStore();
      const price = atom(20);
      const quantity = atom(3);
      const total = selector(({ get }) => get(price) * get(quantity));
      price(store).set(25); // before the selector has read it: ignored
      expect(total(store).get()).toBe(60);
      price(store).set(25); // after: applied
      expect(total(store).get()).toBe(75);
    },
  );

  claim(
    'A `StanProvider` without a `store` prop creates a new, empty store of its own: `name` below lives there, not in the `DEFAULT_STORE` of the first sample',
    () => {
      const { default: App } = runSample<{ default: () => ReactElement }>('intro', 'App.tsx');
      let used: core.Store | undefined;
      function Probe() {
        used = react.useStanCtx().store;
        return null;
      }
      // The page's App renders its atom without touching DEFAULT_STORE, and its provider's store is a new one.
      const before = [...DEFAULT_STORE.value.keys()];
      const html = renderToString(createElement(App));
      expect(html.replace(/<!-- -->/g, '')).toContain('Hello, world!');
      expect(html).toContain('value="world"');
      expect([...DEFAULT_STORE.value.keys()]).toEqual(before);
      renderToString(createElement(react.StanProvider, { children: createElement(Probe) }));
      expect(used).toBeInstanceOf(core.Store);
      expect(used).not.toBe(DEFAULT_STORE);
      expect(used?.value.size).toBe(0);
    },
  );

  claim(
    [
      'But a store that has been used is never released: every definition it was used with keeps it in memory for as long as the definition lives',
    ],
    () => {
      // Node with its garbage collector exposed: a used store survives collection, an unused one does not.
      const script = `const { atom, makeStore } = require('@rkrupinski/stan');
const count = atom(0);
let used = makeStore();
let unused = makeStore();
count(used).get();
const usedRef = new WeakRef(used);
const unusedRef = new WeakRef(unused);
used = null;
unused = null;
setTimeout(() => {
  global.gc();
  setTimeout(() => {
    global.gc();
    console.log(typeof count, usedRef.deref() !== undefined, unusedRef.deref() !== undefined);
  }, 10);
}, 10);`;
      const out = execFileSync(process.execPath, ['--expose-gc', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
      expect(out).toBe('function true false\n');
    },
  );

  claim('Parameters are compared by their serialized form, so two equal objects map to the same state', () => {
    const fam = core.atomFamily<number, { id: number; tab: string }>(0);
    expect(fam({ id: 1, tab: 'a' })).toBe(fam({ tab: 'a', id: 1 }));
  });

  claim('Selector families can bound how many members they keep', () => {
    const fam = core.selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const one = fam(1);
    fam(2);
    expect(fam(1)).not.toBe(one);
  });

  claim(
    'The core entry point is under 2 KB of JavaScript after gzip and does not depend on React. The React bindings add under 3 KB',
    () => {
      const gz = (file: string) => gzipSync(fs.readFileSync(path.join(pkgDir, 'dist', file))).length;
      const shared = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => /^store-.*\.js$/.test(f));
      expect(shared).toHaveLength(1);
      expect(gz('index.js') + gz(shared[0] as string)).toBeLessThan(2048);
      expect(gz('react.js')).toBeLessThan(3072);
      [dist('index.js'), dist(shared[0] as string)].forEach((code) => expect(code).not.toMatch(/from\s*["']react/));
    },
  );

  claim(['console.log(totalState.get()); // 60', 'logs "total changed: 75"'], () => {
    const printed = printedBy('intro', 'first-look.ts');
    expect(printed).toEqual(['60', 'total changed: 75']);
    expect(printed).toEqual(commentedOutput('intro', 'first-look.ts'));
  });

  claim('There is no registry and no key strings to keep unique', () => {
    const a = atom(1, { tag: 'same' });
    const b = atom(2, { tag: 'same' });
    const store = makeStore();
    expect([a(store).get(), b(store).get()]).toEqual([1, 2]);
  });

  claim('It needs no keys, works without a provider, runs outside React and never suspends', () => {
    // No keys: two definitions with nothing to tell them apart stay apart.
    const a = atom(1);
    const b = atom(1);
    const store = makeStore();
    a(store).get();
    a(store).set(2);
    expect(b(store).get()).toBe(1);
    // No provider: the hooks fall back to DEFAULT_STORE.
    let used: core.Store | undefined;
    function Probe() {
      used = react.useStanCtx().store;
      return null;
    }
    renderToString(createElement(Probe));
    expect(used).toBe(DEFAULT_STORE);
    // Outside React: the core entry point imports nothing from React.
    expect(dist('index.js')).not.toMatch(/["']react["']/);
    // Never suspends: a pending async value renders as loading, without a Suspense boundary.
    const pending = selector(() => new Promise<number>(() => undefined));
    function Pending() {
      return createElement('p', null, react.useStanValueAsync(pending).type);
    }
    expect(renderToString(createElement(Pending))).toBe('<p>loading</p>');
  });
});

describe('getting-started/installation', () => {
  const claim = claimsOf('getting-started/installation');

  claim('The package has a single runtime dependency, `fast-json-stable-stringify`', () => {
    expect(Object.keys(pkg.dependencies)).toEqual(['fast-json-stable-stringify']);
  });

  claim(['React is a peer dependency', 'The core entry point never imports React', 'The package declares `react` 18 or newer as its peer range'], () => {
    expect(pkg.peerDependencies).toEqual({ react: '>=18.0.0' });
    fs.readdirSync(path.join(pkgDir, 'dist'))
      .filter((f) => f.endsWith('.js') && f !== 'react.js')
      .forEach((f) => expect(dist(f)).not.toMatch(/from\s*["']react/));
  });

  claim(
    [
      '`@rkrupinski/stan`, the framework-independent core: `atom`, `atomFamily`, `selector`, `selectorFamily`, `makeStore`, `DEFAULT_STORE`, `Store`, `refresh`, `reset`, the `Aborted` error class, and the public types',
      '`@rkrupinski/stan/react`, the React bindings: `StanProvider`, `useStanCtx`, `useStanValue`, `useSetStanValue`, `useStan`, `useStanValueAsync`, `useStanRefresher` and `useStanReset`',
    ],
    () => {
      expect(exportsOf(core)).toEqual(
        ['Aborted', 'DEFAULT_STORE', 'Store', 'atom', 'atomFamily', 'makeStore', 'refresh', 'reset', 'selector', 'selectorFamily'].sort(),
      );
      expect(exportsOf(react)).toEqual(
        ['StanProvider', 'useSetStanValue', 'useStan', 'useStanCtx', 'useStanRefresher', 'useStanReset', 'useStanValue', 'useStanValueAsync'].sort(),
      );
    },
  );

  claim(
    'With the older `"node"` setting, TypeScript cannot find the declarations of `@rkrupinski/stan/react`',
    () => {
      const compile = (moduleResolution: ts.ModuleResolutionKind) => {
        const options = { ...SAMPLE_COMPILER_OPTIONS, moduleResolution, module: ts.ModuleKind.ESNext };
        if (moduleResolution === ts.ModuleResolutionKind.Node10) options.module = ts.ModuleKind.CommonJS;
        const file = path.join(REPO_ROOT, 'resolution-probe.ts');
        const host = ts.createCompilerHost(options);
        const read = host.readFile.bind(host);
        host.readFile = (name) => (path.resolve(name) === file ? "import { useStan } from '@rkrupinski/stan/react';\nexport { useStan };" : read(name));
        const exists = host.fileExists.bind(host);
        host.fileExists = (name) => path.resolve(name) === file || exists(name);
        const program = ts.createProgram([file], options, host);
        return ts.getPreEmitDiagnostics(program).map((d) => d.code);
      };
      expect(compile(ts.ModuleResolutionKind.Node10)).toContain(2307);
      expect(compile(ts.ModuleResolutionKind.Bundler)).toEqual([]);
    },
    60_000,
  );

  claim(
    ['These are the options this site uses to type-check every sample in the docs', '"strict": true,', '"moduleResolution": "bundler",'],
    () => {
      const page = fs.readFileSync(path.join(REPO_ROOT, 'content/docs/getting-started/installation.mdx'), 'utf8');
      const block = /```json title="tsconfig.json"\n([\s\S]*?)\n```/.exec(page)?.[1];
      if (block === undefined) throw new Error('installation.mdx has no ```json title="tsconfig.json" block');
      const shown = JSON.parse(block) as { compilerOptions?: Record<string, unknown> };
      const { options, errors } = ts.convertCompilerOptionsFromJson(shown.compilerOptions, REPO_ROOT);
      expect(errors).toEqual([]);
      // The five options the page shows, each with the value the samples are compiled with.
      expect(Object.keys(options).sort()).toEqual(['jsx', 'module', 'moduleResolution', 'strict', 'target']);
      for (const [key, value] of Object.entries(options)) {
        expect([key, SAMPLE_COMPILER_OPTIONS[key]]).toEqual([key, value]);
      }
    },
  );

  claim(
    [
      'A few samples on the Examples and Frameworks pages need files or a framework that the page does not show; they are marked as partial',
    ],
    () => {
      const partial = allCodeSamples().filter((s) => s.partial);
      expect(partial.length).toBeGreaterThan(0);
      expect([...new Set(partial.map((s) => s.file))].sort()).toEqual([
        'content/docs/getting-started/examples.mdx',
        'content/docs/getting-started/frameworks.mdx',
      ]);
    },
  );

  claim(
    [
      'Bundlers such as Vite, webpack (and so Next.js and Gatsby) and esbuild read the package\'s `exports` field and its ES module syntax without any configuration, and replace the `process.env.NODE_ENV` that the React entry point reads when it loads',
    ],
    async () => {
      // esbuild for the browser replaces the React entry point's process.env.NODE_ENV by itself.
      const forBrowser = await esbuild.build({
        stdin: { contents: "export { useStan } from '@rkrupinski/stan/react';", resolveDir: REPO_ROOT },
        bundle: true,
        write: false,
        platform: 'browser',
        external: ['react'],
      });
      expect(dist('react.js')).toContain('process.env.NODE_ENV');
      expect(forBrowser.outputFiles[0]?.text).not.toContain('process.env');
      const result = await esbuild.build({
        stdin: { contents: "export { atom } from '@rkrupinski/stan';\nexport { useStan } from '@rkrupinski/stan/react';", resolveDir: REPO_ROOT },
        bundle: true,
        write: false,
        format: 'esm',
        external: ['react'],
        metafile: true,
      });
      const inputs = Object.keys(result.metafile?.inputs ?? {});
      expect(inputs).toEqual(expect.arrayContaining(['node_modules/@rkrupinski/stan/dist/index.js', 'node_modules/@rkrupinski/stan/dist/react.js']));
    },
  );

  claim(
    [
      'Until then, `@rkrupinski/stan` still resolves through the package\'s `main` field, but `@rkrupinski/stan/react` does not: the package has no `react` file or folder at its root, so that path exists only in `exports`',
    ],
    () => {
      expect(pkg.main).toBe('./dist/index.js');
      expect(pkg.exports['./react']).toBe('./dist/react.js');
      const root = fs.readdirSync(pkgDir);
      expect(root.filter((entry) => /^react(\.js|\.mjs|\.cjs)?$/.test(entry))).toEqual([]);
    },
  );


  claim(
    'Samples that call `fetch` run against a stand-in for the server when a statement depends on what they do; the others are compiled only',
    () => {
      // Titled samples that call fetch, and the ones the claim tests run (with the fake API that stands in for a server).
      const fetching = allCodeSamples().filter((s) => /\bfetch\(/.test(s.code) && !s.partial);
      const claimDir = path.join(REPO_ROOT, 'test/content-tests/claims');
      const tests = fs.readdirSync(claimDir).map((f) => fs.readFileSync(path.join(claimDir, f), 'utf8'));
      const run = fetching.filter((s) => s.title !== undefined && tests.some((t) => t.includes(`'${s.title}'`) && t.includes('installFakeApi')));
      expect(run.length).toBeGreaterThan(3);
      expect(fetching.length).toBeGreaterThan(run.length);
    },
  );
});

describe('getting-started/examples', () => {
  const claim = claimsOf('getting-started/examples');

  claim(
    'Clicking Reset while the count is already 0 notifies subscribers, but the selector sees the same dependency value and does not re-run',
    () => {
      const count = atom(0);
      const runs = jest.fn();
      const parity = selector(({ get }) => {
        runs();
        return get(count) % 2 === 0 ? 'even' : 'odd';
      });
      const store = makeStore();
      parity(store).get();
      const subscriber = jest.fn();
      count(store).subscribe(subscriber);
      reset(count(store));
      expect(subscriber).toHaveBeenCalledWith(0);
      expect(runs).toHaveBeenCalledTimes(1);
    },
  );

  claim(
    'Deleting a todo leaves its `todoDone` member in the family, because atom families never evict members',
    () => {
      const todoDone = core.atomFamily<boolean, number>(false);
      const member = todoDone(1);
      for (let id = 2; id < 100; id += 1) todoDone(id);
      expect(todoDone(1)).toBe(member);
    },
  );

  claim('Switching users never aborts anything: only a newer run of the same selector aborts an older one', () => {
    const signals: AbortSignal[] = [];
    const userById = core.selectorFamily((id: number) => ({ signal }) => {
      signals.push(signal);
      return id;
    });
    const store = makeStore();
    userById(1)(store).get();
    userById(2)(store).get();
    userById(1)(store).get();
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
  });
});

describe('getting-started/frameworks', () => {
  const claim = claimsOf('getting-started/frameworks');

  claim(
    [
      '`@rkrupinski/stan/react` carries no directive of its own',
      'it creates Stan\'s context and memoizes the store with `useMemo`',
    ],
    () => {
      const bundle = dist('react.js');
      expect(bundle).not.toMatch(/^\s*["']use client["']/);
      expect(bundle).toMatch(/createContext as \w+/);
      expect(bundle).toMatch(/useMemo as \w+/);
    },
  );
});
