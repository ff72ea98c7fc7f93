/** @jest-environment node */
// Introduction, installation and the package facts the getting-started pages state.
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { gzipSync } from 'zlib';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { atom, DEFAULT_STORE, makeStore, reset, selector } from '@rkrupinski/stan';
import { act, createElement, type ReactElement } from 'react';
import { JSDOM } from 'jsdom';
import { renderToString } from 'react-dom/server';
import { BUNDLERS, bundleForBrowser } from '../../support/bundlers';
import { claimsOf, claimText } from '../../support/claims';
import { installFakeApi } from '../../support/fake-api';
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
/**
 * Renders with react-dom/client in a jsdom window made for the call: this file runs in Node (esbuild needs it), and
 * a few hooks only show what they do after effects have run.
 */
async function inDom(run: (dom: { render(element: ReactElement): Promise<void>; act(change: () => Promise<void>): Promise<void>; text(): string }) => Promise<void>) {
  const window = new JSDOM('<!doctype html><div id="root"></div>').window;
  const globals = globalThis as Record<string, unknown>;
  const names = ['window', 'document', 'navigator', 'HTMLElement', 'Node', 'IS_REACT_ACT_ENVIRONMENT'];
  const saved = names.map((name) => globals[name]);
  Object.assign(globals, { window, document: window.document, navigator: window.navigator, HTMLElement: window.HTMLElement, Node: window.Node, IS_REACT_ACT_ENVIRONMENT: true });
  // Loaded once the window exists, so React DOM sees one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createRoot } = require('react-dom/client') as typeof import('react-dom/client');
  const root = createRoot(window.document.getElementById('root') as HTMLElement);
  try {
    await run({
      render: (element) => act(async () => root.render(element)),
      act: (change) => act(change),
      text: () => window.document.getElementById('root')?.textContent ?? '',
    });
  } finally {
    act(() => root.unmount());
    names.forEach((name, i) => {
      globals[name] = saved[i];
    });
  }
}
const dist = (file: string) => fs.readFileSync(path.join(pkgDir, 'dist', file), 'utf8');
// Babel's CommonJS interop adds these to the namespace object; they are not exports of the package.
const exportsOf = (ns: object) => Object.keys(ns).filter((k) => k !== '__esModule' && k !== 'default').sort();

describe('intro', () => {
  const claim = claimsOf('intro');

  claim(
    'These pages describe release 1.2.0-rc4 of `@rkrupinski/stan`: its source is tagged in the project\'s repository and it is published on npm',
    (clause) => {
      const source = fs.readFileSync(path.join(REPO_ROOT, 'content/docs/intro.mdx'), 'utf8');
      const links = [...source.matchAll(/\]\((https:\/\/(?:github\.com|www\.npmjs\.com)\/[^)]*)\)/g)].map((m) => m[1]);
      clause('These pages describe release 1.2.0-rc4 of `@rkrupinski/stan`', () => {
        expect(pkg.version).toBe('1.2.0-rc4');
      });
      clause("its source is tagged in the project's repository", () => {
        // The link names the installed release's tag, never the newest code.
        expect(links[0]).toBe(`https://github.com/rkrupinski/stan/tree/${pkg.version}`);
      });
      clause('it is published on npm', () => {
        expect(links[1]).toBe(`https://www.npmjs.com/package/@rkrupinski/stan/v/${pkg.version}`);
        // The site installs it from the registry: the lock file pins that version by the registry's checksum.
        const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
          packages: Record<string, { version?: string; integrity?: string; link?: boolean; resolved?: string }>;
        };
        const entry = lock.packages['node_modules/@rkrupinski/stan'];
        expect(entry?.version).toBe(pkg.version);
        expect(entry?.integrity).toMatch(/^sha512-/);
        expect(entry?.link).toBeUndefined();
        expect(entry?.resolved ?? 'https://registry.npmjs.org/').toMatch(/^https:\/\/registry\.npmjs\.org\//);
      });
    },
  );

  claim(
    ['Calling `atom(0)` does not allocate a value. It returns a scoped state: a function that takes a `Store` and returns the state instance for that store', 'The library creates a ready-made store, `DEFAULT_STORE`, and `makeStore()` creates more'],
    (clause) => {
      const defaultKeys = [...DEFAULT_STORE.value.keys()];
      const count = atom(0);
      const store = makeStore();
      clause('Calling `atom(0)` does not allocate a value.', () => {
        count(store);
        expect(store.value.size).toBe(0);
        expect([...DEFAULT_STORE.value.keys()]).toEqual(defaultKeys);
      });
      clause('It returns a scoped state', () => {
        expect(typeof count).toBe('function');
        expect(count.length).toBe(1);
      });
      clause('a function that takes a `Store` and returns the state instance for that store', () => {
        const instance = count(store);
        expect(count(store)).toBe(instance);
        const other = makeStore();
        count(other).get();
        count(other).set(5);
        expect([count(other).get(), instance.get()]).toEqual([5, 0]);
      });
      clause('The library creates a ready-made store, `DEFAULT_STORE`', () => {
        expect(DEFAULT_STORE).toBeInstanceOf(core.Store);
      });
      clause('and `makeStore()` creates more', () => {
        const [a, b] = [makeStore(), makeStore()];
        expect(a).toBeInstanceOf(core.Store);
        expect(new Set([a, b, DEFAULT_STORE]).size).toBe(3);
      });
    },
  );

  claim(
    [
      'An atom gets its value the first time it is read in a store, and a selector runs for the first time when it is read. Until then, nothing is computed',
      'writing to an atom that has never been read in that store is ignored',
    ],
    (clause) => {
      const run = jest.fn(() => 1);
      const lazy = selector(run);
      const effect = jest.fn();
      const a = atom('x', { effects: [effect] });
      const store = makeStore();
      clause('Until then, nothing is computed', () => {
        a(store);
        lazy(store);
        expect(run).not.toHaveBeenCalled();
        expect(effect).not.toHaveBeenCalled();
        expect(store.value.size).toBe(0);
      });
      clause('writing to an atom that has never been read in that store is ignored', () => {
        a(store).set('y');
        expect(store.value.size).toBe(0);
      });
      clause('An atom gets its value the first time it is read in a store', () => {
        expect(a(store).get()).toBe('x');
        expect([...store.value.values()]).toEqual(['x']);
        expect(effect).toHaveBeenCalledTimes(1);
      });
      clause('and a selector runs for the first time when it is read.', () => {
        expect(lazy(store).get()).toBe(1);
        expect(run).toHaveBeenCalledTimes(1);
      });
    },
  );

  claim(
    [
      'Stan records what was read on every run and re-runs the selector when one of those values changes',
      'A selector may return a promise, and it also receives an `AbortSignal` that fires when a newer run replaces the current one',
    ],
    async (clause) => {
      clause('Stan records what was read on every run and re-runs the selector when one of those values changes', () => {
        const useLeft = atom(true);
        const left = atom('L');
        const right = atom('R');
        let runs = 0;
        const pick = selector(({ get }) => {
          runs += 1;
          return get(useLeft) ? get(left) : get(right);
        });
        const store = makeStore();
        expect(pick(store).get()).toBe('L');
        right(store).get();
        right(store).set('R2'); // not read by the first run
        expect(runs).toBe(1);
        useLeft(store).set(false); // read: runs again, and this run reads `right`
        expect([runs, pick(store).get()]).toEqual([2, 'R2']);
        right(store).set('R3');
        expect([runs, pick(store).get()]).toEqual([3, 'R3']);
      });
      const a = atom(1);
      const signals: AbortSignal[] = [];
      const s = selector(async ({ get, signal }) => {
        signals.push(signal);
        return get(a);
      });
      const store = makeStore();
      await clause('A selector may return a promise', async () => {
        const value = s(store).get();
        expect(value).toBeInstanceOf(Promise);
        await expect(value).resolves.toBe(1);
      });
      clause('it also receives an `AbortSignal` that fires when a newer run replaces the current one', () => {
        expect(signals[0]).toBeInstanceOf(AbortSignal);
        const fired = jest.fn();
        signals[0]?.addEventListener('abort', fired);
        a(store).set(2);
        expect(fired).toHaveBeenCalledTimes(1);
        expect(signals.map((x) => x.aborted)).toEqual([true, false]);
      });
    },
  );

  claim(
    'A state instance is the object you read and write through: `get()` returns the value in that store, `subscribe(callback)` calls you when it changes, and an atom\'s instance also has `set(value)`',
    (clause) => {
      const store = makeStore();
      const count = atom(1);
      const doubled = selector(({ get }) => get(count) * 2);
      clause('A state instance is the object you read and write through', () => {
        const instance = count(store);
        instance.get();
        instance.set(4);
        expect(count(store).get()).toBe(4);
        expect([...store.value.values()]).toEqual([4]);
        instance.set(1);
      });
      clause('`get()` returns the value in that store', () => {
        const other = makeStore();
        count(other).get();
        count(other).set(7);
        expect([doubled(store).get(), doubled(other).get()]).toEqual([2, 14]);
      });
      clause('`subscribe(callback)` calls you when it changes', () => {
        const seen: number[] = [];
        doubled(store).subscribe((value) => seen.push(value));
        count(store).set(5);
        expect(seen).toEqual([10]);
      });
      clause("and an atom's instance also has `set(value)`", () => {
        expect(typeof count(store).set).toBe('function');
        expect('set' in doubled(store)).toBe(false);
      });
    },
  );

  claim(
    [
      '`refresh` runs a selector again without a dependency having changed (to re-fetch data, say), `reset` sets an atom back to its initial value, and `Aborted` is the error a selector\'s signal carries when a newer run replaces the current one',
    ],
    (clause) => {
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
      clause('`refresh` runs a selector again without a dependency having changed (to re-fetch data, say)', () => {
        core.refresh(snapshot(store));
        expect(runs).toBe(2);
      });
      clause('`reset` sets an atom back to its initial value', () => {
        level(store).set(9);
        expect(level(store).get()).toBe(9);
        reset(level(store));
        expect(level(store).get()).toBe(3);
      });
      clause("and `Aborted` is the error a selector's signal carries when a newer run replaces the current one", () => {
        // Replaced by the refresh's run, then by the runs the two writes started.
        expect(signals.map((signal) => signal.reason instanceof core.Aborted)).toEqual([true, true, true, false]);
      });
    },
  );

  claim(
    '`useStanValue` reads a state, `useStan` reads and writes an atom, `useSetStanValue` only writes, `useStanReset` and `useStanRefresher` return callbacks for `reset` and `refresh`, `useStanValueAsync` turns a promise into a loading, ready or error value, and `useStanCtx` returns the store in use',
    async (clause) => {
      // Every hook of the React entry point is named, and nothing else.
      const hooks = exportsOf(react).filter((name) => name.startsWith('use'));
      const page = claimText('intro');
      expect(hooks.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
      expect(hooks).toHaveLength(7);
      const name = atom('Ada');
      const runs = jest.fn();
      const greeting = selector(({ get }) => {
        runs();
        return `Hi ${get(name)}`;
      });
      const store = makeStore();
      const inStore = (element: ReactElement) => renderToString(createElement(react.StanProvider, { store, children: element }));
      clause('`useStanValue` reads a state', () => {
        function Show() {
          return createElement('p', null, react.useStanValue(greeting));
        }
        expect(inStore(createElement(Show))).toBe('<p>Hi Ada</p>');
      });
      clause('`useStan` reads and writes an atom', () => {
        let set: ((value: string) => void) | undefined;
        function Pair() {
          const [value, setValue] = react.useStan(name);
          set = setValue;
          return createElement('p', null, value);
        }
        expect(inStore(createElement(Pair))).toBe('<p>Ada</p>');
        set?.('Grace');
        expect(name(store).get()).toBe('Grace');
      });
      clause('`useSetStanValue` only writes', () => {
        let set: ((value: string) => void) | undefined;
        const fresh = makeStore();
        function Writer() {
          set = react.useSetStanValue(name);
          return null;
        }
        renderToString(createElement(react.StanProvider, { store: fresh, children: createElement(Writer) }));
        expect(fresh.value.size).toBe(0); // it read nothing
        name(fresh).get();
        set?.('Alan');
        expect(name(fresh).get()).toBe('Alan');
      });
      clause('`useStanReset` and `useStanRefresher` return callbacks for `reset` and `refresh`', () => {
        let resetName: (() => void) | undefined;
        let refreshGreeting: (() => void) | undefined;
        function Buttons() {
          resetName = react.useStanReset(name);
          refreshGreeting = react.useStanRefresher(greeting);
          return null;
        }
        inStore(createElement(Buttons));
        resetName?.();
        expect(name(store).get()).toBe('Ada');
        const stop = greeting(store).subscribe(() => undefined);
        const before = runs.mock.calls.length;
        refreshGreeting?.();
        expect(runs).toHaveBeenCalledTimes(before + 1);
        stop();
      });
      await clause('`useStanValueAsync` turns a promise into a loading, ready or error value', async () => {
        const id = atom(1);
        const user = selector(async ({ get }) => {
          const n = get(id);
          if (n === 4) throw new Error('no user 4');
          return `user ${n}`;
        });
        function Card() {
          const result = react.useStanValueAsync(user);
          return createElement('p', null, result.type === 'ready' ? `ready ${result.value}` : result.type === 'error' ? `error ${result.reason}` : result.type);
        }
        expect(renderToString(createElement(react.StanProvider, { store: makeStore(), children: createElement(Card) }))).toBe('<p>loading</p>');
        const client = makeStore();
        await inDom(async (dom) => {
          await dom.render(createElement(react.StanProvider, { store: client, children: createElement(Card) }));
          expect(dom.text()).toBe('ready user 1');
          await dom.act(async () => id(client).set(4));
          expect(dom.text()).toBe('error no user 4');
        });
      });
      clause('and `useStanCtx` returns the store in use', () => {
        let used: core.Store | undefined;
        function Probe() {
          used = react.useStanCtx().store;
          return null;
        }
        inStore(createElement(Probe));
        expect(used).toBe(store);
        renderToString(createElement(Probe));
        expect(used).toBe(DEFAULT_STORE);
      });
    },
  );

  claim(
    'The last line writes to `price`, which this code never reads directly, and yet the write is not ignored: reading `totalState` ran the selector, and its `get(price)` read the atom in `DEFAULT_STORE`, which initialized it there',
    (clause) => {
      const printed = printedBy('intro', 'first-look.ts');
      const store = makeStore();
      const price = atom(20);
      const quantity = atom(3);
      const total = selector(({ get }) => get(price) * get(quantity));
      clause('The last line writes to `price`, which this code never reads directly', () => {
        const code = allCodeSamples().find((s) => s.file === 'content/docs/intro.mdx' && s.title === 'first-look.ts')?.code ?? '';
        const lines = code.trim().split('\n');
        expect(lines.at(-1)).toMatch(/^price\(DEFAULT_STORE\)\.set\(25\);/);
        expect(code).not.toMatch(/price\(DEFAULT_STORE\)\.get\(/);
      });
      clause('yet the write is not ignored', () => {
        expect(printed).toEqual(['60', 'total changed: 75']);
        expect(printed).toEqual(commentedOutput('intro', 'first-look.ts'));
      });
      clause('reading `totalState` ran the selector', () => {
        expect(total(store).get()).toBe(60);
        expect(price(store).get()).toBe(20);
      });
      clause("its `get(price)` read the atom in `DEFAULT_STORE`, which initialized it there", () => {
        // That read initialized price in the store the selector ran in: a write now lands, where it did not before.
        const unread = makeStore();
        price(unread).set(25);
        total(unread).get();
        expect(total(unread).get()).toBe(60);
        price(store).set(25);
        expect(total(store).get()).toBe(75);
        // In the sample that store is DEFAULT_STORE, and its subscriber heard the write.
        expect(printed[1]).toBe('total changed: 75');
      });
    },
  );

  claim(
    'A `StanProvider` without a `store` prop creates a new, empty store of its own: `name` below lives there, not in the `DEFAULT_STORE` of the first sample',
    (clause) => {
      const { default: App } = runSample<{ default: () => ReactElement }>('intro', 'App.tsx');
      clause('A `StanProvider` without a `store` prop creates a new, empty store of its own', () => {
        let used: core.Store | undefined;
        function Probe() {
          used = react.useStanCtx().store;
          return null;
        }
        renderToString(createElement(react.StanProvider, { children: createElement(Probe) }));
        expect(used).toBeInstanceOf(core.Store);
        expect(used).not.toBe(DEFAULT_STORE);
        expect(used?.value.size).toBe(0);
        const first = used;
        renderToString(createElement(react.StanProvider, { children: createElement(Probe) }));
        expect(used).not.toBe(first);
      });
      clause('`name` below lives there, not in the `DEFAULT_STORE` of the first sample', () => {
        // The page's App renders its atom without touching DEFAULT_STORE.
        const before = [...DEFAULT_STORE.value.keys()];
        const html = renderToString(createElement(App));
        expect(html.replace(/<!-- -->/g, '')).toContain('Hello, world!');
        expect(html).toContain('value="world"');
        expect([...DEFAULT_STORE.value.keys()]).toEqual(before);
      });
    },
  );

  claim(
    [
      'But a store that has been used is never released: every definition it was used with keeps it in memory for as long as the definition lives',
    ],
    (clause) => {
      // Node with its garbage collector exposed: a used store survives collection, an unused one does not; once the
      // definition itself is let go, the store it was used with goes too.
      const script = `const { atom, makeStore } = require('@rkrupinski/stan');
let count = atom(0);
let used = makeStore();
let unused = makeStore();
count(used).get();
const usedRef = new WeakRef(used);
const unusedRef = new WeakRef(unused);
used = null;
unused = null;
const collect = (then) => setTimeout(() => { global.gc(); setTimeout(() => { global.gc(); then(); }, 10); }, 10);
collect(() => {
  const kept = [typeof count, usedRef.deref() !== undefined, unusedRef.deref() !== undefined];
  count = null;
  collect(() => console.log(...kept, usedRef.deref() !== undefined));
});`;
      const out = execFileSync(process.execPath, ['--expose-gc', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
      const [definition, used, unused, usedAfterDefinition] = out.trim().split(' ');
      clause('But a store that has been used is never released', () => {
        expect([definition, used, unused]).toEqual(['function', 'true', 'false']);
      });
      clause('every definition it was used with keeps it in memory for as long as the definition lives', () => {
        expect(usedAfterDefinition).toBe('false');
      });
    },
  );

  claim('Parameters are compared by their serialized form, so two equal objects map to the same state', (clause) => {
    const fam = core.atomFamily<number, { id: number; tab: string }>(0);
    clause('Parameters are compared by their serialized form', () => {
      expect(fam({ id: 1, tab: 'a' })).not.toBe(fam({ id: 1, tab: 'b' }));
      expect(fam({ id: 1, tab: 'a' })).toBe(fam({ tab: 'a', id: 1 })); // key order is not part of the form
    });
    clause('so two equal objects map to the same state', () => {
      const first = { id: 2, tab: 'x' };
      const second = { id: 2, tab: 'x' };
      expect(first).not.toBe(second);
      const store = makeStore();
      fam(first)(store).get();
      fam(first)(store).set(9);
      expect(fam(second)(store).get()).toBe(9);
    });
  });

  claim('Selector families can bound how many members they keep', () => {
    const fam = core.selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const one = fam(1);
    fam(2);
    expect(fam(1)).not.toBe(one);
  });

  claim(
    'The core entry point is under 2 KB of JavaScript after gzip and does not depend on React. The React bindings add under 3 KB',
    (clause) => {
      const gz = (file: string) => gzipSync(fs.readFileSync(path.join(pkgDir, 'dist', file))).length;
      const shared = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => /^store-.*\.js$/.test(f));
      clause('The core entry point is under 2 KB of JavaScript after gzip', () => {
        // The entry point and the one chunk it imports.
        expect(shared).toHaveLength(1);
        expect([...new Set([...dist('index.js').matchAll(/from\s*"\.\/([^"]+)"/g)].map((m) => m[1]))]).toEqual(shared);
        expect(gz('index.js') + gz(shared[0] as string)).toBeLessThan(2048);
      });
      clause('does not depend on React.', () => {
        [dist('index.js'), dist(shared[0] as string)].forEach((code) => expect(code).not.toMatch(/from\s*["']react/));
        expect(Object.keys(pkg.dependencies)).not.toContain('react');
      });
      clause('The React bindings add under 3 KB', () => {
        expect(gz('react.js')).toBeLessThan(3072);
      });
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

  claim(['React is a peer dependency', 'The core entry point never imports React', 'The package declares `react` 18 or newer as its peer range'], (clause) => {
    clause('React is a peer dependency', () => {
      expect(Object.keys(pkg.peerDependencies)).toContain('react');
      expect(Object.keys(pkg.dependencies)).not.toContain('react');
    });
    clause('The core entry point never imports React', () => {
      const files = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => f.endsWith('.js') && f !== 'react.js');
      expect(files.length).toBeGreaterThan(1);
      files.forEach((f) => expect(dist(f)).not.toMatch(/from\s*["']react|require\(["']react/));
    });
    clause('The package declares `react` 18 or newer as its peer range', () => {
      expect(pkg.peerDependencies).toEqual({ react: '>=18.0.0' });
    });
  });

  claim(
    [
      '`@rkrupinski/stan`, the framework-independent core: `atom`, `atomFamily`, `selector`, `selectorFamily`, `makeStore`, `DEFAULT_STORE`, `Store`, `refresh`, `reset`, the `Aborted` error class, and the public types',
      '`@rkrupinski/stan/react`, the React bindings: `StanProvider`, `useStanCtx`, `useStanValue`, `useSetStanValue`, `useStan`, `useStanValueAsync`, `useStanRefresher` and `useStanReset`',
    ],
    (clause) => {
      clause('`@rkrupinski/stan`, the framework-independent core', () => {
        expect(pkg.exports['.']).toBe('./dist/index.js');
        expect(dist('index.js')).not.toMatch(/from\s*["']react/);
      });
      clause('`atom`, `atomFamily`, `selector`, `selectorFamily`, `makeStore`, `DEFAULT_STORE`, `Store`, `refresh`, `reset`, the `Aborted` error class', () => {
        expect(exportsOf(core)).toEqual(
          ['Aborted', 'DEFAULT_STORE', 'Store', 'atom', 'atomFamily', 'makeStore', 'refresh', 'reset', 'selector', 'selectorFamily'].sort(),
        );
        expect(new core.Aborted()).toBeInstanceOf(Error);
      });
      clause('and the public types', () => {
        const types = ts.createSourceFile('index.d.ts', fs.readFileSync(path.join(pkgDir, 'dist/index.d.ts'), 'utf8'), ts.ScriptTarget.ES2022);
        const reexports = types.statements.filter((st) => ts.isExportDeclaration(st));
        expect(reexports.length).toBeGreaterThan(0);
        expect(fs.readFileSync(path.join(pkgDir, 'dist/types.d.ts'), 'utf8')).toMatch(/export (type|interface) /);
      });
      clause('`@rkrupinski/stan/react`, the React bindings', () => {
        expect(pkg.exports['./react']).toBe('./dist/react.js');
        expect(dist('react.js')).toMatch(/from\s*"react"/);
      });
      clause('`StanProvider`, `useStanCtx`, `useStanValue`, `useSetStanValue`, `useStan`, `useStanValueAsync`, `useStanRefresher` and `useStanReset`', () => {
        expect(exportsOf(react)).toEqual(
          ['StanProvider', 'useSetStanValue', 'useStan', 'useStanCtx', 'useStanRefresher', 'useStanReset', 'useStanValue', 'useStanValueAsync'].sort(),
        );
      });
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
    (clause) => {
      const partial = allCodeSamples().filter((s) => s.partial);
      clause('A few samples on the Examples and Frameworks pages need files or a framework that the page does not show', () => {
        // Each imports something no sample of its page provides: a file of the app, or a framework package.
        const known = new Set(['react', 'react-dom/client', 'react/jsx-runtime', '@rkrupinski/stan', '@rkrupinski/stan/react']);
        for (const sample of partial) {
          const imported = [...sample.code.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1] as string);
          expect([sample.title, imported.some((specifier) => !known.has(specifier))]).toEqual([sample.title, true]);
        }
      });
      clause('they are marked as partial', () => {
        expect(partial.length).toBeGreaterThan(0);
        expect(partial.length).toBeLessThan(allCodeSamples().length / 4);
        expect([...new Set(partial.map((s) => s.file))].sort()).toEqual([
          'content/docs/getting-started/examples.mdx',
          'content/docs/getting-started/frameworks.mdx',
        ]);
      });
    },
  );

  claim(
    [
      'Bundlers such as Vite, webpack (and so Next.js and Gatsby) and esbuild read the package\'s `exports` field and its ES module syntax without any configuration, and replace the `process.env.NODE_ENV` that the React entry point reads when it loads',
    ],
    async (clause) => {
      // Each bundler as an app's production build runs it, with no configuration of its own.
      const bundles = await Promise.all(
        BUNDLERS.map((bundler) => bundleForBrowser(bundler, "export { atom } from '@rkrupinski/stan';\nexport { useStan } from '@rkrupinski/stan/react';")),
      );
      clause("Bundlers such as Vite, webpack (and so Next.js and Gatsby) and esbuild read the package's `exports` field and its ES module syntax without any configuration", () => {
        for (const { inputs } of bundles) {
          // (Matched by their ends: a worktree's node_modules may be a link to another checkout's.) The React entry
          // point is reachable only through `exports`: the package has no react file at its root.
          const entries = inputs.map((input) => /node_modules\/@rkrupinski\/stan\/dist\/(index|react)\.js$/.exec(input)?.[1]).filter(Boolean);
          expect(entries.sort()).toEqual(['index', 'react']);
        }
        // What they read is ES module syntax (import/export), with no CommonJS wrapper.
        expect(dist('index.js')).toMatch(/^import\{/);
        expect(dist('index.js')).not.toMatch(/\bmodule\.exports\b/);
      });
      clause('and replace the `process.env.NODE_ENV` that the React entry point reads when it loads', () => {
        expect(dist('react.js')).toContain('process.env.NODE_ENV');
        bundles.forEach(({ code }, i) => expect([BUNDLERS[i], code.includes('process')]).toEqual([BUNDLERS[i], false]));
      });
    },
    120_000,
  );

  claim(
    [
      'Until then, `@rkrupinski/stan` still resolves through the package\'s `main` field, but `@rkrupinski/stan/react` does not: the package has no `react` file or folder at its root, so that path exists only in `exports`',
    ],
    (clause) => {
      // Resolution by `main` and by path alone, as a resolver that ignores `exports` does it.
      const withoutExports = (specifier: string) => {
        const sub = specifier.slice('@rkrupinski/stan'.length).replace(/^\//, '');
        const base = sub === '' ? path.join(pkgDir, pkg.main) : path.join(pkgDir, sub);
        return ['', '.js', '.mjs', '.cjs', '/index.js', '/package.json'].some((ext) => fs.existsSync(base + ext) && fs.statSync(base + ext).isFile());
      };
      clause("Until then, `@rkrupinski/stan` still resolves through the package's `main` field", () => {
        expect(pkg.main).toBe('./dist/index.js');
        expect(withoutExports('@rkrupinski/stan')).toBe(true);
      });
      clause('but `@rkrupinski/stan/react` does not', () => {
        expect(withoutExports('@rkrupinski/stan/react')).toBe(false);
      });
      clause('the package has no `react` file or folder at its root', () => {
        const root = fs.readdirSync(pkgDir);
        expect(root.filter((entry) => /^react(\.js|\.mjs|\.cjs|\.d\.ts)?$/.test(entry))).toEqual([]);
      });
      clause('so that path exists only in `exports`', () => {
        expect(pkg.exports['./react']).toBe('./dist/react.js');
        expect(fs.existsSync(path.join(pkgDir, pkg.exports['./react'] ?? ''))).toBe(true);
      });
    },
  );


  claim(
    'Samples that call `fetch` run against a stand-in for the server when a statement depends on what they do; the others are compiled only',
    async (clause) => {
      // Titled samples that call fetch, and the ones the claim tests run (with the fake API that stands in for a server).
      const fetching = allCodeSamples().filter((s) => /\bfetch\(/.test(s.code) && !s.partial);
      const claimDir = path.join(REPO_ROOT, 'test/content-tests/claims');
      const tests = fs.readdirSync(claimDir).map((f) => fs.readFileSync(path.join(claimDir, f), 'utf8'));
      const run = fetching.filter((s) => s.title !== undefined && tests.some((t) => t.includes(`'${s.title}'`) && t.includes('installFakeApi')));
      await clause('Samples that call `fetch` run against a stand-in for the server when a statement depends on what they do', async () => {
        expect(run.length).toBeGreaterThan(3);
        // The stand-in answers and counts requests instead of a server.
        const api = installFakeApi();
        try {
          api.answer(200, { ok: 1 });
          const body = await (await fetch('/api/x')).json();
          expect([body, api.requests]).toEqual([{ ok: 1 }, ['/api/x']]);
        } finally {
          api.restore();
        }
      });
      clause('the others are compiled only', () => {
        const others = fetching.filter((s) => !run.includes(s));
        expect(others.length).toBeGreaterThan(0);
        // TypeScript samples, so the build compiles them (the claim tests do not run them).
        expect(others.filter((s) => s.lang !== 'ts' && s.lang !== 'tsx')).toEqual([]);
      });
    },
  );
});

describe('getting-started/examples', () => {
  const claim = claimsOf('getting-started/examples');

  claim(
    'Clicking Reset while the count is already 0 notifies subscribers, but the selector sees the same dependency value and does not re-run',
    (clause) => {
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
      clause('Clicking Reset while the count is already 0 notifies subscribers', () => {
        reset(count(store));
        expect(subscriber.mock.calls).toEqual([[0]]);
      });
      clause('but the selector sees the same dependency value and does not re-run', () => {
        expect(runs).toHaveBeenCalledTimes(1);
        // A different value does re-run it: the selector is listening.
        count(store).set(1);
        expect(runs).toHaveBeenCalledTimes(2);
      });
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

  claim('Switching users never aborts anything: only a newer run of the same selector aborts an older one', (clause) => {
    const signals: AbortSignal[] = [];
    const userById = core.selectorFamily((id: number) => ({ signal }) => {
      signals.push(signal);
      return id;
    });
    const store = makeStore();
    clause('Switching users never aborts anything', () => {
      userById(1)(store).get();
      userById(2)(store).get();
      userById(1)(store).get();
      expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    });
    clause('only a newer run of the same selector aborts an older one', () => {
      const stop = userById(1)(store).subscribe(() => undefined);
      core.refresh(userById(1)(store));
      expect(signals.map((s) => s.aborted)).toEqual([true, false, false]);
      stop();
    });
  });
});

describe('getting-started/frameworks', () => {
  const claim = claimsOf('getting-started/frameworks');

  claim(
    [
      '`@rkrupinski/stan/react` carries no directive of its own',
      'it creates Stan\'s context and memoizes the store with `useMemo`',
    ],
    (clause) => {
      const bundle = dist('react.js');
      clause('`@rkrupinski/stan/react` carries no directive of its own', () => {
        expect(bundle).not.toMatch(/^\s*["']use (client|server)["']/);
      });
      clause("it creates Stan's context and memoizes the store with `useMemo`", () => {
        expect(bundle).toMatch(/createContext as \w+/);
        expect(bundle).toMatch(/useMemo as \w+/);
        // The provider keeps its store across renders, and makes a new one per provider.
        const seen: core.Store[] = [];
        function Probe() {
          seen.push(react.useStanCtx().store);
          return null;
        }
        renderToString(createElement(react.StanProvider, { children: [createElement(Probe, { key: 1 }), createElement(Probe, { key: 2 })] }));
        expect(seen).toHaveLength(2);
        expect(seen[0]).toBe(seen[1]);
        expect(seen[0]).not.toBe(DEFAULT_STORE);
      });
    },
  );
});
