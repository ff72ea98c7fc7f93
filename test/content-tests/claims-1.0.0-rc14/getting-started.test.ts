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
    () => {
      const source = fs.readFileSync(path.join(docsDir(VERSION), 'intro.mdx'), 'utf8');
      const links = [...source.matchAll(/\]\((https:\/\/(?:github\.com|www\.npmjs\.com)\/[^)]*)\)/g)].map((m) => m[1]);
      expect(links).toEqual([
        `https://github.com/rkrupinski/stan/tree/${pkg.version}`,
        `https://www.npmjs.com/package/@rkrupinski/stan/v/${pkg.version}`,
      ]);
    },
  );

  claim(
    [
      '`atom(0)` returns an object you use directly: `get()` returns the value, `set(value)` changes it, and `subscribe(callback)` tells you about changes',
      'There are no stores and no provider to set up',
    ],
    () => {
      const count = core.atom(0);
      expect(typeof count).toBe('object');
      const seen: number[] = [];
      count.subscribe((value) => seen.push(value));
      count.set(1);
      expect([count.get(), seen]).toEqual([1, [1]]);
      expect(exportsOf(core)).not.toContain('makeStore');
      expect(exportsOf(react)).not.toContain('StanProvider');
    },
  );

  claim(
    [
      'An atom holds its initial value from the moment `atom()` returns, and its effects run during that call. So you can write to an atom before anything has read it',
      'Atoms are eager, selectors are lazy. An atom is ready, effects included, when it is created',
    ],
    () => {
      const effect = jest.fn();
      const theme = core.atom('light', { effects: [effect] });
      expect(effect).toHaveBeenCalledTimes(1);
      theme.set('dark');
      expect(theme.get()).toBe('dark');
      expect(effect).toHaveBeenCalledTimes(1);
    },
  );

  claim(
    [
      'A selector computes nothing until its first `get()`, and keeps its result until one of the states it read changes',
      'A selector runs on its first read, so defining many of them up front costs almost nothing',
    ],
    () => {
      const source = core.atom(2);
      const run = jest.fn((n: number) => n * 2);
      const doubled = core.selector(({ get }) => run(get(source)));
      expect(run).not.toHaveBeenCalled();
      expect([doubled.get(), doubled.get()]).toEqual([4, 4]);
      expect(run).toHaveBeenCalledTimes(1);
      source.set(5);
      expect(doubled.get()).toBe(10);
      expect(run).toHaveBeenCalledTimes(2);
    },
  );

  claim(
    [
      'A selector reads other states through the `get` function it receives, and Stan subscribes the selector to each of them. When one of those values changes, the selector runs again',
      "A selector may return a promise; Stan keeps the promise as the selector's value",
    ],
    async () => {
      const id = core.atom(1);
      const user = core.selector(async ({ get }) => `user ${get(id)}`);
      const first = user.get();
      expect(user.get()).toBe(first);
      await expect(first).resolves.toBe('user 1');
      id.set(2);
      expect(user.get()).not.toBe(first);
      await expect(user.get()).resolves.toBe('user 2');
    },
  );

  claim('Parameters are compared by their serialized form, so two equal objects give the same state', () => {
    const family = core.atomFamily((p: { a: number; b: number }) => p.a + p.b);
    expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
  });

  claim('Selector families can limit how many members they keep', () => {
    const family = core.selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
    const one = family(1);
    family(2);
    expect(family(1)).not.toBe(one);
  });

  claim(
    'After gzip, the core entry point is about 1.5 KB of JavaScript and does not depend on React; the React bindings add less than 0.5 KB',
    () => {
      const gz = (file: string) => gzipSync(fs.readFileSync(path.join(PKG_DIR, 'dist', file))).length;
      const shared = distFiles().filter((f) => f !== 'index.js' && f !== 'react.js');
      expect(shared).toHaveLength(1);
      const core = gz('index.js') + gz(shared[0] as string);
      expect(core).toBeGreaterThan(1.4 * 1024);
      expect(core).toBeLessThan(1.6 * 1024);
      expect(gz('react.js')).toBeLessThan(512);
      [dist('index.js'), dist(shared[0] as string)].forEach((code) => expect(code).not.toMatch(/["']react["']/));
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
    () => {
      // One module's atom, imported twice in one module registry: the same object and the same value.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const first = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
      const second = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
      /* eslint-enable @typescript-eslint/no-require-imports */
      expect(second.counter).toBe(first.counter);
      first.counter.set(7);
      expect(second.counter.get()).toBe(7);
      const a = core.atom(1);
      const b = core.atom(1);
      a.set(2);
      expect([a.get(), b.get()]).toEqual([2, 1]);
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
    () => {
      expect(pkg.version).toMatch(/-rc\d+$/);
      const installs = blocks()
        .filter((b) => b.lang === 'bash')
        .flatMap((b) => b.code.split('\n'))
        .filter((line) => line.includes('@rkrupinski/stan'));
      expect(installs).toHaveLength(4);
      installs.forEach((line) => expect(line).toMatch(/@rkrupinski\/stan@1\.0\.0-rc14$/));
    },
  );

  claim('its API is not the one described here: its atoms and selectors are used through stores, for one', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe('1.2.0-rc4');
    const count = current.atom(0);
    expect(typeof count).toBe('function');
    expect(count(current.makeStore()).get()).toBe(0);
  });

  claim(
    [
      'The package declares one runtime dependency, `fast-json-stable-stringify`',
      'the build of this release carries its own copy of that code, so the installed one is not even loaded',
    ],
    () => {
      expect(Object.keys(pkg.dependencies)).toEqual(['fast-json-stable-stringify']);
      distFiles().forEach((file) => expect(dist(file)).not.toContain('fast-json-stable-stringify'));
      // The copy at work: keys sorted before serializing.
      const family = core.atomFamily((p: { a: number; b: number }) => p.a);
      expect(family({ a: 1, b: 2 })).toBe(family({ b: 2, a: 1 }));
    },
  );

  claim(
    [
      'React is a peer dependency: your app provides it. The core entry point never imports React',
      'The package accepts React 18 and React 19 (`^18.0.0 || ^19.0.0`, for both `react` and `react-dom`)',
    ],
    () => {
      expect(pkg.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0', 'react-dom': '^18.0.0 || ^19.0.0' });
      distFiles()
        .filter((file) => file !== 'react.js')
        .forEach((file) => expect(dist(file)).not.toMatch(/["']react["']/));
      expect(dist('react.js')).toMatch(/from\s*"react"/);
    },
  );

  claim(
    [
      '`@rkrupinski/stan`, the core, which does not depend on any framework: `atom`, `atomFamily`, `selector`, `selectorFamily`, `refresh` and the public types',
      '`@rkrupinski/stan/react`, the React bindings: `useStanValue`, `useStan`, `useSetStanValue`, `useStanValueAsync` and `useStanRefresher`, plus the type `AsyncValue`',
    ],
    () => {
      expect(exportsOf(core)).toEqual(['atom', 'atomFamily', 'refresh', 'selector', 'selectorFamily']);
      expect(exportsOf(react)).toEqual(['useSetStanValue', 'useStan', 'useStanRefresher', 'useStanValue', 'useStanValueAsync']);
      expect(fs.readFileSync(path.join(PKG_DIR, 'dist/react.d.ts'), 'utf8')).toMatch(/export type AsyncValue<T>/);
    },
  );

  claim(
    [
      'Both entry points are ES modules in `.js` files, and the package\'s `package.json` does not say `"type": "module"`',
      'Node.js loads them anyway because it detects ES module syntax in such files, which it does by default since Node.js 22.7 and 20.19: `import` works, and so does `require()`',
    ],
    () => {
      expect(pkg.type).toBeUndefined();
      expect(Object.values(pkg.exports).every((file) => file.endsWith('.js'))).toBe(true);
      const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
      expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
      const dir = scratchProject({
        'check.mjs': "import { atom } from '@rkrupinski/stan';\nimport { useStan } from '@rkrupinski/stan/react';\nconsole.log(atom(1).get(), typeof useStan);\n",
        'check.cjs': "const { atom } = require('@rkrupinski/stan');\nconsole.log(atom(2).get());\n",
      });
      expect(node(dir, ['check.mjs'])).toMatchObject({ status: 0, stdout: '1 function\n' });
      expect(node(dir, ['check.cjs'])).toMatchObject({ status: 0, stdout: '2\n' });
      expect(node(dir, ['--no-experimental-detect-module', 'check.mjs']).status).not.toBe(0);
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
    () => {
      const partial = allCodeSamples(VERSION).filter((s) => s.partial);
      expect(partial.map((s) => s.file)).toEqual([
        `content/versioned_docs/version-${VERSION}/getting-started/examples.mdx`,
        `content/versioned_docs/version-${VERSION}/getting-started/frameworks.mdx`,
      ]);
    },
  );

  claim(
    [
      'Jest loads modules through its own CommonJS loader and does not transform `node_modules` by default, so a test that imports Stan fails to load it',
      'Let `babel-jest` compile the package as well',
    ],
    () => {
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
      const configured = runJest(block('jest.config.js'));
      expect(configured.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(configured.status).toBe(0);
      const plain = runJest(block('jest.config.js').replace(/^\s*transformIgnorePatterns:.*$/m, ''));
      expect(plain.status).not.toBe(0);
      expect(plain.stderr).toContain('Must use import to load ES Module');
    },
  );

  claim(
    'Babel setups that compile class fields for older browsers must also compile private methods: the cache class of selector families has one. `@babel/preset-env` includes both transforms whenever its targets need them',
    () => {
      const compile = (options: Parameters<typeof transformSync>[1]) =>
        transformSync(dist('index.js'), { babelrc: false, configFile: false, filename: 'index.js', ...options })?.code ?? '';
      expect(() => compile({ plugins: ['@babel/plugin-transform-class-properties'] })).toThrow(/Class private methods are not enabled/);
      const code = compile({ presets: [['@babel/preset-env', { targets: 'chrome 70' }]] });
      expect(code.replace(/\/\*#__PURE__\*\//g, '')).not.toMatch(/#\w+/);
    },
  );

  claim(
    [
      'An atom holds one value for the whole runtime, so the tests of one file share it: a value written by one test is still there in the next',
      'Jest gives each test file a fresh module registry, so files do not affect each other',
    ],
    () => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { counter } = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
      counter.set(41);
      expect((require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter')).counter.get()).toBe(41);
      // A fresh registry, as Jest gives the next file: the module and its atom start anew.
      jest.isolateModules(() => {
        const fresh = require('./fixtures/shared-counter') as typeof import('./fixtures/shared-counter');
        expect(fresh.counter).not.toBe(counter);
        expect(fresh.counter.get()).toBe(0);
      });
      /* eslint-enable @typescript-eslint/no-require-imports */
    },
  );

  claim(['npx tsx check.ts', 'It prints 69.8 and then 212'], () => {
    const dir = scratchProject({ 'check.ts': block('check.ts') });
    const run = node(dir, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'check.ts']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('69.8\n212\n');
  });
});
