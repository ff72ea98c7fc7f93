/** @jest-environment node */
// The 1.0.0-rc14 introduction and installation pages, run against stan-1.0.0-rc14 (and, where a page says so, against
// Node.js, Jest, Babel and tsx in a scratch project whose @rkrupinski/stan is that release).
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { gzipSync } from 'zlib';
import { transformSync } from '@babel/core';
import ts from 'typescript';
import * as core from 'stan-1.0.0-rc14';
import * as react from 'stan-1.0.0-rc14/react';
import * as current from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { allCodeSamples, codeSamples, docsDir, REPO_ROOT, versionPackageDir } from '../../support/samples';
import { declaredClaimsOnDisk } from '@src/node/claim-count';
import { sampleCompilerOptions } from '@src/node/type-hints';
import { runLogged, VERSION } from './helpers';

jest.setTimeout(120_000);

const PKG_DIR = versionPackageDir(VERSION);
const pkg = JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as {
  version: string;
  main: string;
  type?: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, string>;
};
const distFiles = () => fs.readdirSync(path.join(PKG_DIR, 'dist')).filter((f) => f.endsWith('.js'));
const dist = (file: string) => fs.readFileSync(path.join(PKG_DIR, 'dist', file), 'utf8');
// Babel's CommonJS interop adds these to the namespace object; they are not exports of the package.
const exportsOf = (ns: object) => Object.keys(ns).filter((k) => k !== '__esModule' && k !== 'default').sort();

describe('intro', () => {
  const claim = claimsOf('version-1.0.0-rc14/intro');

  claim('These docs cover version 1.0.0-rc14 of `@rkrupinski/stan`', () => {
    expect(pkg.version).toBe('1.0.0-rc14');
  });

  claim(
    "The source code of this release is tagged 1.0.0-rc14 in the project's repository, and it is published on npm as @rkrupinski/stan 1.0.0-rc14",
    (clause) => {
      const source = fs.readFileSync(path.join(docsDir(VERSION), 'intro.mdx'), 'utf8');
      const links = [...source.matchAll(/\]\((https:\/\/(?:github\.com|www\.npmjs\.com)\/[^)]*)\)/g)].map((m) => m[1]);
      clause("The source code of this release is tagged 1.0.0-rc14 in the project's repository", () => {
        // The page's link names the tag after the version of the package these tests run.
        expect(pkg.version).toBe('1.0.0-rc14');
        expect(links[0]).toBe(`https://github.com/rkrupinski/stan/tree/${pkg.version}`);
      });
      clause('and it is published on npm as @rkrupinski/stan 1.0.0-rc14', () => {
        // The release these tests run was installed from the registry under that name and version.
        const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string>; dependencies?: Record<string, string> };
        expect({ ...root.dependencies, ...root.devDependencies }['stan-1.0.0-rc14']).toBe('npm:@rkrupinski/stan@1.0.0-rc14');
        const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { name?: string; version?: string; integrity?: string }> };
        expect(lock.packages['node_modules/stan-1.0.0-rc14']).toMatchObject({ name: '@rkrupinski/stan', version: '1.0.0-rc14', integrity: expect.stringMatching(/^sha512-/) });
        expect(links[1]).toBe(`https://www.npmjs.com/package/@rkrupinski/stan/v/${pkg.version}`);
      });
    },
  );

  claim(
    [
      '`atom(0)` returns an object you use directly: `get()` returns the value, `set(value)` changes it, and `subscribe(callback)` tells you about changes',
      'There are no stores and no provider to set up',
    ],
    (clause) => {
      const count = core.atom(0);
      clause('`atom(0)` returns an object you use directly', () => {
        expect(typeof count).toBe('object');
        expect([typeof count.get, typeof count.set, typeof count.subscribe]).toEqual(['function', 'function', 'function']);
      });
      const seen: number[] = [];
      count.subscribe((value) => seen.push(value));
      clause('`get()` returns the value, `set(value)` changes it', () => {
        expect(count.get()).toBe(0);
        count.set(1);
        expect(count.get()).toBe(1);
      });
      clause('and `subscribe(callback)` tells you about changes', () => {
        expect(seen).toEqual([1]);
        count.set(2);
        expect(seen).toEqual([1, 2]);
      });
      clause('There are no stores and no provider to set up', () => {
        expect(exportsOf(core)).toEqual(['atom', 'atomFamily', 'refresh', 'selector', 'selectorFamily']);
        expect(exportsOf(react).filter((name) => /provider|store/i.test(name))).toEqual([]);
      });
    },
  );

  claim(
    [
      'An atom holds its initial value from the moment `atom()` returns, and its effects run during that call. So you can write to an atom before anything has read it',
      'Atoms are eager, selectors are lazy. An atom is ready, effects included, when it is created',
    ],
    (clause) => {
      const order: string[] = [];
      const theme = core.atom('light', { effects: [({ init }) => (order.push('effect'), init('from effect'))] });
      order.push('returned');
      clause('An atom holds its initial value from the moment `atom()` returns', () => {
        expect(core.atom('light').get()).toBe('light');
      });
      clause('and its effects run during that call.', () => {
        expect(order).toEqual(['effect', 'returned']);
      });
      clause('So you can write to an atom before anything has read it', () => {
        const fresh = core.atom('light');
        fresh.set('dark');
        expect(fresh.get()).toBe('dark');
      });
      clause('Atoms are eager, selectors are lazy.', () => {
        const run = jest.fn(() => 1);
        core.selector(run);
        expect(order[0]).toBe('effect');
        expect(run).not.toHaveBeenCalled();
      });
      clause('An atom is ready, effects included, when it is created', () => {
        expect(theme.get()).toBe('from effect');
        expect(order.filter((step) => step === 'effect')).toHaveLength(1);
      });
    },
  );

  claim(
    [
      'A selector computes nothing until its first `get()`, and keeps its result until one of the states it read changes',
      'A selector runs on its first read, so defining many of them up front costs almost nothing',
    ],
    (clause) => {
      const source = core.atom(2);
      const run = jest.fn((n: number) => n * 2);
      const doubled = core.selector(({ get }) => run(get(source)));
      clause('A selector computes nothing until its first `get()`', () => {
        expect(run).not.toHaveBeenCalled();
        expect(doubled.get()).toBe(4);
        expect(run).toHaveBeenCalledTimes(1);
      });
      clause('and keeps its result until one of the states it read changes', () => {
        expect(doubled.get()).toBe(4);
        expect(run).toHaveBeenCalledTimes(1);
        source.set(5);
        expect(doubled.get()).toBe(10);
        expect(run).toHaveBeenCalledTimes(2);
      });
      clause('A selector runs on its first read', () => {
        const later = jest.fn(() => 'x');
        const s = core.selector(later);
        expect(later).not.toHaveBeenCalled();
        s.get();
        expect(later).toHaveBeenCalledTimes(1);
      });
      clause('so defining many of them up front costs almost nothing', () => {
        const body = jest.fn(() => 0);
        Array.from({ length: 1000 }, () => core.selector(body));
        expect(body).not.toHaveBeenCalled();
      });
    },
  );

  claim(
    [
      'A selector reads other states through the `get` function it receives, and Stan subscribes the selector to each of them. When one of those values changes, the selector runs again',
      "A selector may return a promise; Stan keeps the promise as the selector's value",
    ],
    async (clause) => {
      const id = core.atom(1);
      const subscribe = jest.spyOn(id, 'subscribe');
      let runs = 0;
      const user = core.selector(async ({ get }) => ((runs += 1), `user ${get(id)}`));
      const first = user.get();
      await clause('A selector reads other states through the `get` function it receives', async () => {
        await expect(first).resolves.toBe('user 1');
      });
      clause('and Stan subscribes the selector to each of them.', () => {
        expect(subscribe).toHaveBeenCalledTimes(1);
      });
      await clause('When one of those values changes, the selector runs again', async () => {
        expect(runs).toBe(1);
        id.set(2);
        expect(runs).toBe(2);
        const second = user.get();
        expect(runs).toBe(2);
        await expect(second).resolves.toBe('user 2');
      });
      clause('A selector may return a promise', () => {
        expect(first).toBeInstanceOf(Promise);
      });
      clause("Stan keeps the promise as the selector's value", () => {
        const held = user.get();
        expect(user.get()).toBe(held);
        expect(held).not.toBe(first);
      });
    },
  );

  claim('Parameters are compared by their serialized form, so two equal objects give the same state', (clause) => {
    const family = core.atomFamily((p: { a: number; b: number }) => p.a + p.b);
    clause('Parameters are compared by their serialized form', () => {
      // Key order does not change the serialized form; another value does.
      expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
      expect(family({ a: 1, b: 3 })).not.toBe(family({ a: 1, b: 2 }));
    });
    clause('so two equal objects give the same state', () => {
      const one = { a: 4, b: 5 };
      const other = { a: 4, b: 5 };
      expect(family(one)).toBe(family(other));
      family(one).set(0);
      expect(family(other).get()).toBe(0);
    });
  });

  claim('Selector families can limit how many members they keep', () => {
    const family = core.selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const one = family(1);
    family(2);
    expect(family(1)).not.toBe(one);
  });

  claim(
    'After gzip, the core entry point is about 1.5 KB of JavaScript and does not depend on React; the React bindings add less than 0.5 KB',
    (clause) => {
      const gz = (file: string) => gzipSync(fs.readFileSync(path.join(PKG_DIR, 'dist', file))).length;
      const shared = distFiles().filter((f) => f !== 'index.js' && f !== 'react.js');
      clause('After gzip, the core entry point is about 1.5 KB of JavaScript and does not depend on React', () => {
        expect(shared).toHaveLength(1);
        const coreSize = gz('index.js') + gz(shared[0] as string);
        expect(coreSize).toBeGreaterThan(1.4 * 1024);
        expect(coreSize).toBeLessThan(1.6 * 1024);
        [dist('index.js'), dist(shared[0] as string)].forEach((code) => expect(code).not.toMatch(/["']react["']/));
      });
      clause('the React bindings add less than 0.5 KB', () => {
        expect(gz('react.js')).toBeLessThan(512);
      });
    },
  );

  claim(['console.log(total.get()); // 60', 'price.set(25); // logs "total changed: 75"'], () => {
    const { logs } = runLogged('version-1.0.0-rc14/intro', 'first-look.ts');
    expect(logs).toEqual(['60', 'total changed: 75']);
  });

  claim(
    [
      'There is no registry and no key strings to keep unique: an atom is a constant you export from a module and import where you need it',
      'Because an atom is its own state, two parts of a program cannot hold different values of the same atom',
    ],
    (clause) => {
      // One module's atom, imported twice in one module registry: the same object and the same value.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const first = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
      const second = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
      /* eslint-enable @typescript-eslint/no-require-imports */
      clause('There is no registry and no key strings to keep unique', () => {
        // Two atoms made alike are two states: nothing names them, so nothing can clash.
        const a = core.atom(1);
        const b = core.atom(1);
        a.set(2);
        expect([a.get(), b.get()]).toEqual([2, 1]);
        expect(exportsOf(core).filter((name) => /registry|key/i.test(name))).toEqual([]);
      });
      clause('an atom is a constant you export from a module and import where you need it', () => {
        expect(second.counter).toBe(first.counter);
      });
      clause('Because an atom is its own state, two parts of a program cannot hold different values of the same atom', () => {
        first.counter.set(7);
        expect(second.counter.get()).toBe(7);
      });
    },
  );
});

describe('getting-started/installation', () => {
  const claim = claimsOf('version-1.0.0-rc14/getting-started/installation');
  const PAGE = path.join(docsDir(VERSION), 'getting-started/installation.mdx');
  const blocks = () => codeSamples(fs.readFileSync(PAGE, 'utf8'), 'installation.mdx');
  const block = (title: string) => {
    const found = blocks().filter((b) => b.title === title);
    if (found.length !== 1) throw new Error(`installation.mdx: expected one block titled ${title}, found ${found.length}`);
    return found[0]?.code ?? '';
  };

  const scratch: string[] = [];
  afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /**
   * A scratch project outside the repository whose node_modules are the repository's, except that
   * @rkrupinski/stan is release 1.0.0-rc14 (links to each installed package, and a copy of the alias).
   */
  function scratchProject(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-1.0-'));
    scratch.push(dir);
    const modules = path.join(dir, 'node_modules');
    fs.mkdirSync(path.join(modules, '@rkrupinski'), { recursive: true });
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
      if (entry !== '@rkrupinski') fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
    }
    // A copy, not a link: tools that follow links (Jest) would otherwise see the alias's path.
    fs.cpSync(PKG_DIR, path.join(modules, '@rkrupinski/stan'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "scratch", "private": true }\n');
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  }
  const node = (dir: string, args: string[]) => {
    const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  claim(
    [
      'These pages document release 1.0.0-rc14, a release candidate, and each of them was checked against it',
      'Pin the version when you install it',
    ],
    (clause) => {
      clause('These pages document release 1.0.0-rc14, a release candidate', () => {
        expect(pkg.version).toBe(VERSION);
        expect(pkg.version).toMatch(/-rc\d+$/);
      });
      clause('and each of them was checked against it', () => {
        // Every page of this version is quoted by claim tests, and all of them run this release.
        const pages = (dir: string, prefix = ''): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory() ? pages(path.join(dir, entry.name), `${prefix}${entry.name}/`) : entry.name.endsWith('.mdx') ? [`${prefix}${entry.name.slice(0, -4)}`] : [],
          );
        const claims = declaredClaimsOnDisk(REPO_ROOT).filter((c) => c.page.startsWith(`version-${VERSION}/`));
        expect([...new Set(claims.map((c) => c.page.slice(`version-${VERSION}/`.length)))].sort()).toEqual(pages(docsDir(VERSION)).sort());
        expect(claims.filter((c) => !c.file.startsWith(`test/content-tests/claims-${VERSION}/`))).toEqual([]);
      });
      clause('Pin the version when you install it', () => {
        const installs = blocks()
          .filter((b) => b.lang === 'bash')
          .flatMap((b) => b.code.split('\n'))
          .filter((line) => line.includes('@rkrupinski/stan'));
        expect(installs).toHaveLength(4);
        installs.forEach((line) => expect(line).toMatch(/@rkrupinski\/stan@1\.0\.0-rc14$/));
        // Unpinned, the package manager picks the newest release, which is not this one.
        const installed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as { version: string };
        expect(installed.version).not.toBe(pkg.version);
      });
    },
  );

  claim('its API is not the one described here: its atoms and selectors are used through stores, for one', (clause) => {
    const installed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe('1.2.0-rc4');
    const count = current.atom(0);
    clause('its API is not the one described here', () => {
      // Here `atom(0)` is an object with `get`; in 1.2.0-rc4 it is a function, with no `get` of its own.
      expect(typeof count).toBe('function');
      expect((count as unknown as { get?: unknown }).get).toBeUndefined();
    });
    clause('its atoms and selectors are used through stores, for one', () => {
      const store = current.makeStore();
      expect(count(store).get()).toBe(0);
      const doubled = current.selector(({ get }) => get(count) * 2);
      count(store).set(4);
      expect(doubled(store).get()).toBe(8);
    });
  });

  claim(
    [
      'The package declares one runtime dependency, `fast-json-stable-stringify`',
      'the build of this release carries its own copy of that code, so the installed one is not even loaded',
    ],
    (clause) => {
      clause('The package declares one runtime dependency, `fast-json-stable-stringify`', () => {
        expect(Object.keys(pkg.dependencies)).toEqual(['fast-json-stable-stringify']);
      });
      let loaded = false;
      let sameMember = false;
      jest.isolateModules(() => {
        jest.doMock('fast-json-stable-stringify', () => {
          loaded = true;
          return () => '';
        });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const isolated = require('stan-1.0.0-rc14') as typeof core;
        const family = isolated.atomFamily((p: { a: number; b: number }) => p.a);
        sameMember = family({ a: 1, b: 2 }) === family({ b: 2, a: 1 }) && family({ a: 1, b: 2 }) !== family({ a: 1, b: 3 });
      });
      jest.dontMock('fast-json-stable-stringify');
      clause('the build of this release carries its own copy of that code', () => {
        // Parameters still serialize with sorted keys while the installed package stands in as a stub.
        expect(sameMember).toBe(true);
      });
      clause('so the installed one is not even loaded', () => {
        expect(loaded).toBe(false);
        distFiles().forEach((file) => expect(dist(file)).not.toContain('fast-json-stable-stringify'));
      });
    },
  );

  claim(
    [
      'React is a peer dependency: your app provides it. The core entry point never imports React',
      'The package accepts React 18 and React 19 (`^18.0.0 || ^19.0.0`, for both `react` and `react-dom`)',
    ],
    (clause) => {
      clause('React is a peer dependency', () => {
        expect(Object.keys(pkg.peerDependencies)).toContain('react');
        expect(Object.keys(pkg.dependencies)).not.toContain('react');
      });
      clause('your app provides it.', () => {
        // The bindings import "react" by name, resolved from the app's own node_modules; the package ships no copy.
        expect(dist('react.js')).toMatch(/from\s*"react"/);
        expect(fs.existsSync(path.join(PKG_DIR, 'node_modules/react'))).toBe(false);
      });
      clause('The core entry point never imports React', () => {
        distFiles()
          .filter((file) => file !== 'react.js')
          .forEach((file) => expect(dist(file)).not.toMatch(/["']react["']/));
      });
      clause('The package accepts React 18 and React 19 (`^18.0.0 || ^19.0.0`, for both `react` and `react-dom`)', () => {
        expect(pkg.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0', 'react-dom': '^18.0.0 || ^19.0.0' });
      });
    },
  );

  claim(
    [
      '`@rkrupinski/stan`, the core, which does not depend on any framework: `atom`, `atomFamily`, `selector`, `selectorFamily`, `refresh` and the public types',
      '`@rkrupinski/stan/react`, the React bindings: `useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`, plus the type `AsyncValue`',
    ],
    (clause) => {
      clause('`@rkrupinski/stan`, the core, which does not depend on any framework', () => {
        expect(pkg.exports['.']).toBeDefined();
        const coreFiles = [dist('index.js'), ...distFiles().filter((f) => f !== 'index.js' && f !== 'react.js').map(dist)];
        // Its only imports are its own files.
        const imports = coreFiles.flatMap((code) => [...code.matchAll(/from\s*"([^"]+)"/g)].map((m) => m[1]));
        expect(imports.length).toBeGreaterThan(0);
        expect(imports.filter((spec) => !spec?.startsWith('./'))).toEqual([]);
      });
      clause('`atom`, `atomFamily`, `selector`, `selectorFamily`, `refresh` and the public types', () => {
        expect(exportsOf(core)).toEqual(['atom', 'atomFamily', 'refresh', 'selector', 'selectorFamily']);
        const types = fs.readFileSync(path.join(PKG_DIR, 'dist/state.d.ts'), 'utf8');
        expect(types).toMatch(/export (?:type|interface) ReadonlyState<T>/);
        expect(fs.readFileSync(path.join(PKG_DIR, 'dist/index.d.ts'), 'utf8')).toContain("export * from './state'");
      });
      clause('`@rkrupinski/stan/react`, the React bindings', () => {
        expect(Object.keys(pkg.exports).sort()).toEqual(['.', './react']);
        expect(dist('react.js')).toMatch(/from\s*"react"/);
      });
      clause('`useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`, plus the type `AsyncValue`', () => {
        expect(exportsOf(react)).toEqual(['useSetStanValue', 'useStan', 'useStanRefresher', 'useStanValue', 'useStanValueAsync']);
        expect(fs.readFileSync(path.join(PKG_DIR, 'dist/react.d.ts'), 'utf8')).toMatch(/export type AsyncValue<T>/);
      });
    },
  );

  claim(
    [
      'Both entry points are ES modules in `.js` files, and the package\'s `package.json` does not say `"type": "module"`',
      'Node.js loads them anyway because it detects ES module syntax in such files, which it does by default since Node.js 22.7 and 20.19: `import` works, and so does `require()`',
    ],
    (clause) => {
      const dir = scratchProject({
        'check.mjs': "import { atom } from '@rkrupinski/stan';\nimport { useStan } from '@rkrupinski/stan/react';\nconsole.log(atom(1).get(), typeof useStan);\n",
        'check.cjs': "const { atom } = require('@rkrupinski/stan');\nconsole.log(atom(2).get());\n",
      });
      clause('Both entry points are ES modules in `.js` files', () => {
        expect(Object.values(pkg.exports)).toHaveLength(2);
        Object.values(pkg.exports).forEach((file) => {
          expect(file).toMatch(/\.js$/);
          const code = fs.readFileSync(path.join(PKG_DIR, file), 'utf8');
          expect(code).toMatch(/^import\{/);
          expect(code).toMatch(/export\{[^}]*\};?\s*$/);
        });
      });
      clause('and the package\'s `package.json` does not say `"type": "module"`', () => {
        expect(pkg.type).toBeUndefined();
      });
      clause(
        'Node.js loads them anyway because it detects ES module syntax in such files, which it does by default since Node.js 22.7 and 20.19',
        () => {
          const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
          expect(major > 22 || (major === 22 && minor >= 7) || (major === 20 && minor >= 19)).toBe(true);
          // Without the detection the same file fails to load.
          expect(node(dir, ['--no-experimental-detect-module', 'check.mjs']).status).not.toBe(0);
        },
      );
      clause('`import` works', () => {
        expect(node(dir, ['check.mjs'])).toMatchObject({ status: 0, stdout: '1 function\n' });
      });
      clause('and so does `require()`', () => {
        expect(node(dir, ['check.cjs'])).toMatchObject({ status: 0, stdout: '2\n' });
      });
    },
  );

  claim(
    'With the older `"node"` setting, TypeScript does not find the declarations of `@rkrupinski/stan/react`',
    () => {
      // The release's own folder, imported by its alias: the same package.json, exports and files.
      const compile = (moduleResolution: ts.ModuleResolutionKind) => {
        const options = { ...sampleCompilerOptions(), moduleResolution, module: ts.ModuleKind.ESNext };
        if (moduleResolution === ts.ModuleResolutionKind.Node10) options.module = ts.ModuleKind.CommonJS;
        const file = path.join(REPO_ROOT, 'resolution-probe-1.0.ts');
        const host = ts.createCompilerHost(options);
        const read = host.readFile.bind(host);
        host.readFile = (name) =>
          path.resolve(name) === file ? "import { useStan } from 'stan-1.0.0-rc14/react';\nexport { useStan };" : read(name);
        const exists = host.fileExists.bind(host);
        host.fileExists = (name) => path.resolve(name) === file || exists(name);
        return ts.getPreEmitDiagnostics(ts.createProgram([file], options, host)).map((d) => d.code);
      };
      expect(compile(ts.ModuleResolutionKind.Node10)).toContain(2307);
      expect(compile(ts.ModuleResolutionKind.Bundler)).toEqual([]);
    },
  );

  claim(['This site type-checks every sample of these pages with exactly those options', '"strict": true,'], () => {
    const shown = JSON.parse(block('tsconfig.json')) as { compilerOptions: Record<string, unknown> };
    const { options } = ts.convertCompilerOptionsFromJson(shown.compilerOptions, REPO_ROOT);
    const used = sampleCompilerOptions();
    for (const [key, value] of Object.entries(options)) expect([key, used[key]]).toEqual([key, value]);
  });

  claim(
    'Two samples, on the Examples and Frameworks pages, need a file or a framework that the page does not show; they are marked as partial',
    (clause) => {
      const partial = allCodeSamples(VERSION).filter((s) => s.partial);
      clause('Two samples, on the Examples and Frameworks pages, need a file or a framework that the page does not show', () => {
        expect(partial.map((s) => s.file)).toEqual([
          `content/versioned_docs/version-${VERSION}/getting-started/examples.mdx`,
          `content/versioned_docs/version-${VERSION}/getting-started/frameworks.mdx`,
        ]);
        const [examples, frameworks] = partial;
        // The Examples page imports ./App, which none of its blocks is; the Frameworks page imports Next.js.
        expect(examples?.code).toMatch(/from '\.\/App'/);
        const titles = allCodeSamples(VERSION).filter((s) => s.file === examples?.file).map((s) => s.title ?? '');
        expect(titles.filter((title) => /(^|\/)App\.\w+$/.test(title))).toEqual([]);
        expect(frameworks?.code).toMatch(/from 'next'/);
      });
      clause('they are marked as partial', () => {
        expect(partial).toHaveLength(2);
        partial.forEach((sample) => expect(fs.readFileSync(path.join(REPO_ROOT, sample.file), 'utf8')).toContain(`title="${sample.title}" partial`));
      });
    },
  );

  claim(
    [
      'Jest loads modules through its own CommonJS loader and does not transform `node_modules` by default, so a test that imports Stan fails to load it',
      'Let `babel-jest` compile the package as well',
    ],
    (clause) => {
      const test = `import { atom, selectorFamily } from '@rkrupinski/stan';
import { useStan } from '@rkrupinski/stan/react';
test('Stan 1.0 runs under Jest', () => {
  const count = atom(1);
  count.set(2);
  expect(count.get()).toBe(2);
  const double = selectorFamily((n) => () => n * 2, { cachePolicy: { type: 'lru', maxSize: 1 } });
  const first = double(1);
  double(2);
  expect(double(1)).not.toBe(first);
  expect(typeof useStan).toBe('function');
});
`;
      const jestBin = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
      const runJest = (config: string) => {
        const dir = scratchProject({ 'jest.config.js': config, 'babel.config.js': block('babel.config.js'), 'stan.test.js': test });
        return node(dir, [jestBin, '--ci', '--watchman=false', '--rootDir', dir]);
      };
      const plain = runJest(block('jest.config.js').replace(/^\s*transformIgnorePatterns:.*$/m, ''));
      clause('Jest loads modules through its own CommonJS loader and does not transform `node_modules` by default', () => {
        // Untransformed, the package's ES module reaches Jest's CommonJS loader as it is.
        expect(plain.stderr).toContain('Must use import to load ES Module');
        expect(plain.stderr).toContain('node_modules/@rkrupinski/stan/dist/index.js');
      });
      clause('so a test that imports Stan fails to load it', () => {
        expect(plain.status).not.toBe(0);
        expect(plain.stderr).toMatch(/Test suite failed to run/);
      });
      clause('Let `babel-jest` compile the package as well', () => {
        const configured = runJest(block('jest.config.js'));
        expect(configured.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
        expect(configured.status).toBe(0);
      });
    },
  );

  claim(
    'Babel setups that compile class fields for older browsers must also compile private methods: the cache class of selector families has one. `@babel/preset-env` includes both transforms whenever its targets need them',
    (clause) => {
      const compile = (options: Parameters<typeof transformSync>[1]) =>
        transformSync(dist('index.js'), { babelrc: false, configFile: false, filename: 'index.js', ...options })?.code ?? '';
      clause('Babel setups that compile class fields for older browsers must also compile private methods', () => {
        expect(() => compile({ plugins: ['@babel/plugin-transform-class-properties'] })).toThrow(/Class private methods are not enabled/);
        expect(() =>
          compile({ plugins: ['@babel/plugin-transform-class-properties', '@babel/plugin-transform-private-methods'] }),
        ).not.toThrow();
      });
      clause('the cache class of selector families has one.', () => {
        // The LRU cache that selectorFamily's cachePolicy uses: a class with a private method that evicts.
        expect(dist('index.js')).toMatch(/class \w+\{#\w+;#\w+;constructor\(\w+\)\{[^}]*\}#\w+\(\)\{/);
        expect(dist('index.js')).toMatch(/case"lru"/);
      });
      clause('`@babel/preset-env` includes both transforms whenever its targets need them', () => {
        const code = compile({ presets: [['@babel/preset-env', { targets: 'chrome 70' }]] });
        expect(code.replace(/\/\*#__PURE__\*\//g, '')).not.toMatch(/#\w+/);
      });
    },
  );

  claim(
    [
      'An atom holds one value for the whole runtime, so the tests of one file share it: a value written by one test is still there in the next',
      'Jest gives each test file a fresh module registry, so files do not affect each other',
    ],
    (clause) => {
      clause('An atom holds one value for the whole runtime', () => {
        /* eslint-disable @typescript-eslint/no-require-imports */
        const { counter } = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
        counter.set(41);
        expect((require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter')).counter.get()).toBe(41);
        /* eslint-enable @typescript-eslint/no-require-imports */
      });
      // Jest itself, in one process (--runInBand): two files, each writing in one test and reading in the next.
      const testFile = (name: string, value: number) => `import { counter } from './counter';
test('${name} starts from the initial value', () => { expect(counter.get()).toBe(0); counter.set(${value}); });
test('${name} sees the write of the test before', () => { expect(counter.get()).toBe(${value}); });
`;
      const dir = scratchProject({
        'jest.config.js': block('jest.config.js'),
        'babel.config.js': block('babel.config.js'),
        'counter.js': "import { atom } from '@rkrupinski/stan';\nexport const counter = atom(0);\n",
        'a.test.js': testFile('a', 41),
        'b.test.js': testFile('b', 99),
      });
      const out = path.join(dir, 'results.json');
      node(dir, [path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--watchman=false', '--runInBand', '--json', '--outputFile', out, '--rootDir', dir]);
      const results = JSON.parse(fs.readFileSync(out, 'utf8')) as { testResults: { assertionResults: { title: string; status: string }[] }[] };
      const status = Object.fromEntries(results.testResults.flatMap((file) => file.assertionResults.map((t) => [t.title, t.status])));
      clause('so the tests of one file share it', () => {
        expect(status['a sees the write of the test before']).toBe('passed');
      });
      clause('a value written by one test is still there in the next', () => {
        expect(status['b sees the write of the test before']).toBe('passed');
      });
      clause('Jest gives each test file a fresh module registry', () => {
        // Whichever file runs second starts from 0 again.
        expect([status['a starts from the initial value'], status['b starts from the initial value']]).toEqual(['passed', 'passed']);
      });
      clause('so files do not affect each other', () => {
        expect(Object.values(status)).toEqual(['passed', 'passed', 'passed', 'passed']);
        /* eslint-disable @typescript-eslint/no-require-imports */
        const { counter } = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
        // A fresh registry, as Jest gives the next file: the module and its atom start anew.
        jest.isolateModules(() => {
          const fresh = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
          expect(fresh.counter).not.toBe(counter);
          expect(fresh.counter.get()).toBe(0);
        });
        /* eslint-enable @typescript-eslint/no-require-imports */
      });
    },
  );

  claim(['npx tsx check.ts', 'It prints 69.8 and then 212'], (clause) => {
    const dir = scratchProject({ 'check.ts': block('check.ts') });
    const run = node(dir, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'check.ts']);
    clause('npx tsx check.ts', () => {
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
    });
    clause('It prints 69.8 and then 212', () => {
      expect(run.stdout).toBe('69.8\n212\n');
    });
  });
});
