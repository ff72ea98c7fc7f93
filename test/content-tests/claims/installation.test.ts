/** @jest-environment node */
// Installation: what the page says about the release, Node.js, Jest, Babel and the check script, each run for real
// (child processes of Node.js, Jest, Babel and tsx), not matched against the package's text.
import { execFileSync, spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import vm from 'vm';
import { transformSync } from '@babel/core';
import { claimCountsOnDisk } from '@src/node/claim-count';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { codeSamples, CONTENT_DIR, REPO_ROOT } from '../../support/samples';

jest.setTimeout(120_000);

const claim = claimsOf('getting-started/installation');
const PAGE = path.join(CONTENT_DIR, 'getting-started/installation.mdx');
const blocks = () => codeSamples(fs.readFileSync(PAGE, 'utf8'), 'installation.mdx');
const block = (title: string) => {
  const found = blocks().filter((b) => b.title === title);
  if (found.length !== 1) throw new Error(`installation.mdx: expected one block titled ${title}, found ${found.length}`);
  return found[0]?.code ?? '';
};
const PKG_DIR = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan');
const installed = JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as { version: string };

const scratch: string[] = [];
// Removes the scratch folders (fs.rmSync removes the node_modules link, not what it points to).
afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A scratch project outside the repository whose node_modules are the repository's. */
function scratchProject(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-check-'));
  scratch.push(dir);
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "scratch", "private": true }\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** What a CommonJS configuration file (`module.exports = …`) exports. */
const commonJsExports = (code: string): unknown => {
  const sandbox = { module: { exports: {} as unknown } };
  vm.runInNewContext(code, sandbox);
  return sandbox.module.exports;
};

const node = (dir: string, args: string[]) => {
  const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

claim(
  'These docs describe release 1.2.0-rc4, a release candidate, and every page was checked against it. The commands below install exactly that release',
  async (clause) => {
    clause('These docs describe release 1.2.0-rc4', () => {
      // The package the docs' tests import is this release.
      const resolved = fs.realpathSync(require.resolve('@rkrupinski/stan'));
      expect(resolved).toBe(path.join(fs.realpathSync(PKG_DIR), 'dist/index.js'));
      expect(installed.version).toBe('1.2.0-rc4');
    });
    clause('a release candidate', () => {
      expect(installed.version).toMatch(/^\d+\.\d+\.\d+-rc\d+$/);
    });
    await clause('every page was checked against it', async () => {
      // Every page of the current docs is quoted by claim tests, which run the installed package...
      const counts = claimCountsOnDisk(REPO_ROOT);
      const pages = (fs.readdirSync(CONTENT_DIR, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.mdx'))
        .map((file) => file.replace(/\.mdx$/, '').split(path.sep).join('/'));
      expect(pages.length).toBeGreaterThan(20);
      expect(pages.filter((page) => !(counts.get(page) ?? 0))).toEqual([]);
      // ...and the samples compile against it: its hook name compiles, the later releases' does not.
      expect(await compileErrors("import { useStanRefresher } from '@rkrupinski/stan/react';\nexport const hook = useStanRefresher;")).toEqual([]);
      const later = await compileErrors("import { useStanRefresh } from '@rkrupinski/stan/react';\nexport const hook = useStanRefresh;");
      expect(later.map((e) => e.code)).toEqual([2724]);
    });
    clause('The commands below install exactly that release', () => {
      const installs = blocks()
        .filter((b) => b.lang === 'bash')
        .flatMap((b) => b.code.split('\n'))
        .filter((line) => line.includes('@rkrupinski/stan'));
      // npm, Yarn, pnpm and Bun, each pinned to the installed release (an exact version, no range).
      expect(installs.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['npm install', 'yarn add', 'pnpm add', 'bun add']);
      installs.forEach((line) => expect(line).toMatch(new RegExp(`@rkrupinski/stan@${installed.version.replace(/\./g, '\\.')}$`)));
    });
  },
);

// The later releases are not installed here (the registry has only 1.0.0-rc14 and 1.2.0-rc4): each clause checks
// that 1.2.0-rc4 still does what the later releases changed, so a clause fails if the change had already happened.
claim(
  [
    'among other changes, `useStanRefresher` is renamed `useStanRefresh`, a write to an atom that nobody has read yet takes effect instead of being ignored, and a selector whose promise rejects is no longer marked stale',
  ],
  async (clause) => {
    clause('among other changes, `useStanRefresher` is renamed `useStanRefresh`', () => {
      expect(Object.keys(react)).toContain('useStanRefresher');
      expect(Object.keys(react)).not.toContain('useStanRefresh');
    });
    clause('a write to an atom that nobody has read yet takes effect instead of being ignored', () => {
      const store = core.makeStore();
      const unread = core.atom('before');
      unread(store).set('after');
      expect(unread(store).get()).toBe('before');
      // Once read, writes take effect.
      unread(store).set('after');
      expect(unread(store).get()).toBe('after');
    });
    await clause('a selector whose promise rejects is no longer marked stale', async () => {
      const store = core.makeStore();
      let runs = 0;
      const failing = core.selector(() => {
        runs += 1;
        return Promise.reject(new Error('down'));
      });
      await expect(failing(store).get()).rejects.toThrow('down');
      await flush();
      expect(store.initialized.get([...store.initialized.keys()].find((k) => k.startsWith('selector-')) ?? '')).toBe(false);
      await expect(failing(store).get()).rejects.toThrow('down');
      expect(runs).toBe(2);
    });
  },
);

describe('Node.js loads the package only through module-syntax detection', () => {
  const importer = "import { atom } from '@rkrupinski/stan';\nimport { useStan } from '@rkrupinski/stan/react';\nconsole.log(typeof atom, typeof useStan);\n";
  const requirer = "const { atom } = require('@rkrupinski/stan');\nconsole.log(typeof atom);\n";
  const namespace =
    "const stan = require('@rkrupinski/stan');\nconsole.log(stan[Symbol.toStringTag], Object.getPrototypeOf(stan) === null);\n";

  claim(
    [
      'Both are ES modules in `.js` files, and the package\'s `package.json` has no `"type": "module"` to say so',
      'Node.js loads them only because it detects ES module syntax in such files, which it does by default since Node.js 22.7 and 20.19: then `import` works, and so does `require()`, which loads the package as an ES module',
      "With detection turned off (`node --no-experimental-detect-module`), both fail with a `SyntaxError`; for `import { atom } from '@rkrupinski/stan'` it reads \"Named export 'atom' not found\"",
    ],
    (clause) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as { type?: string; exports: Record<string, string> };
      const dir = scratchProject({ 'check.mjs': importer, 'check.cjs': requirer, 'namespace.cjs': namespace });
      clause('Both are ES modules in `.js` files', () => {
        const files = Object.values(manifest.exports);
        expect(files).toEqual(['./dist/index.js', './dist/react.js']);
        files.forEach((file) => {
          const code = fs.readFileSync(path.join(PKG_DIR, file), 'utf8');
          // Module syntax: `export` statements, which a script (CommonJS) cannot contain.
          expect(code).toMatch(/(^|[;}])export\s*\{/m);
          expect(() => new vm.Script(code)).toThrow(/Cannot use import statement outside a module|Unexpected token 'export'/);
        });
      });
      clause('the package\'s `package.json` has no `"type": "module"` to say so', () => {
        expect(manifest).not.toHaveProperty('type');
      });
      clause('Node.js loads them only because it detects ES module syntax in such files', () => {
        // The same files, the same Node.js: with detection they load, without it they do not.
        expect(node(dir, ['check.mjs']).status).toBe(0);
        expect(node(dir, ['--no-experimental-detect-module', 'check.mjs']).status).not.toBe(0);
        expect(node(dir, ['--experimental-detect-module', 'check.mjs']).status).toBe(0);
      });
      clause('which it does by default since Node.js 22.7 and 20.19', () => {
        // The Node.js running these tests (20.19 or newer) detects with no flag and no NODE_OPTIONS. Older versions
        // are not at hand here, so the "since" is checked only as far as this version goes.
        const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
        expect(major > 22 || (major === 22 && minor >= 7) || (major === 20 && minor >= 19)).toBe(true);
        const bare = spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
        expect(bare.status).toBe(0);
      });
      clause('then `import` works', () => {
        expect(node(dir, ['check.mjs'])).toMatchObject({ status: 0, stdout: 'function function\n' });
      });
      clause('so does `require()`', () => {
        expect(node(dir, ['check.cjs'])).toMatchObject({ status: 0, stdout: 'function\n' });
      });
      clause('which loads the package as an ES module', () => {
        // What require() returns is the module namespace object of an ES module, not a CommonJS exports object.
        expect(node(dir, ['namespace.cjs'])).toMatchObject({ status: 0, stdout: 'Module true\n' });
      });
      clause('With detection turned off (`node --no-experimental-detect-module`), both fail with a `SyntaxError`', () => {
        const importOff = node(dir, ['--no-experimental-detect-module', 'check.mjs']);
        expect(importOff.status).not.toBe(0);
        expect(importOff.stderr).toMatch(/^SyntaxError: /m);
        const requireOff = node(dir, ['--no-experimental-detect-module', 'check.cjs']);
        expect(requireOff.status).not.toBe(0);
        expect(requireOff.stderr).toMatch(/^SyntaxError: /m);
      });
      clause("for `import { atom } from '@rkrupinski/stan'` it reads \"Named export 'atom' not found\"", () => {
        const importOff = node(dir, ['--no-experimental-detect-module', 'check.mjs']);
        expect(importOff.stderr).toMatch(/^SyntaxError: Named export 'atom' not found/m);
      });
    },
  );
});

claim(
  [
    'so a test that imports `@rkrupinski/stan` fails: Jest 30 on Node.js 20 stops with "Must use import to load ES Module"',
    'Let `babel-jest` compile the package: exempt it from `transformIgnorePatterns`, and give Babel a configuration that turns ES modules into CommonJS for the Node.js version that runs the tests',
  ],
  (clause) => {
    const test = `import { atom, makeStore, selectorFamily } from '@rkrupinski/stan';
import { useStan } from '@rkrupinski/stan/react';
test('Stan runs under Jest', () => {
  const store = makeStore();
  const count = atom(1);
  count(store).get();
  count(store).set(2);
  expect(count(store).get()).toBe(2);
  // An lru family: the package's cache class, with its private methods, at work.
  const double = selectorFamily((n) => () => n * 2, { cachePolicy: { type: 'lru', maxSize: 1 } });
  const first = double(1);
  double(2);
  expect(double(1)).not.toBe(first);
  expect(typeof useStan).toBe('function');
});
`;
    const jestBin = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
    const runJest = (jestConfig: string, babelConfig: string | null = block('babel.config.js'), testFile = test) => {
      const babelFile: Record<string, string> = babelConfig === null ? {} : { 'babel.config.js': babelConfig };
      const dir = scratchProject({ 'jest.config.js': jestConfig, ...babelFile, 'stan.test.js': testFile });
      return node(dir, [jestBin, '--ci', '--watchman=false', '--rootDir', dir]);
    };
    const jestConfig = block('jest.config.js');
    // The page's two files, as printed, and the same without the exemption (Jest's default for node_modules).
    const configured = runJest(jestConfig);
    const plain = runJest(jestConfig.replace(/^\s*transformIgnorePatterns:.*$/m, ''));
    clause('so a test that imports `@rkrupinski/stan` fails', () => {
      expect(plain.status).not.toBe(0);
      expect(plain.stderr).toMatch(/Test suite failed to run/);
      expect(plain.stderr).toMatch(/Tests:\s+0 total|Test Suites: 1 failed/);
    });
    clause('Jest 30 on Node.js 20 stops with "Must use import to load ES Module"', () => {
      const jestVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/jest/package.json'), 'utf8')) as { version: string }).version;
      expect(jestVersion).toMatch(/^30\./);
      expect(process.versions.node).toMatch(/^20\./);
      expect(plain.stderr).toContain('Must use import to load ES Module');
    });
    clause('Let `babel-jest` compile the package', () => {
      expect(jestConfig).toMatch(/transform:\s*\{\s*'[^']+':\s*'babel-jest'\s*\}/);
      expect(configured.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(configured.status).toBe(0);
    });
    clause('exempt it from `transformIgnorePatterns`', () => {
      const config = commonJsExports(jestConfig) as { transformIgnorePatterns: string[] };
      const ignored = (file: string) => config.transformIgnorePatterns.some((pattern) => new RegExp(pattern).test(file));
      expect(ignored('/app/node_modules/@rkrupinski/stan/dist/index.js')).toBe(false);
      expect(ignored('/app/node_modules/react/index.js')).toBe(true);
      // Only the exemption differs between the passing and the failing run.
      expect([configured.status, plain.status === 0]).toEqual([0, false]);
    });
    clause('give Babel a configuration that turns ES modules into CommonJS for the Node.js version that runs the tests', () => {
      const babel = block('babel.config.js');
      const options = commonJsExports(babel) as object;
      const code = transformSync(fs.readFileSync(path.join(PKG_DIR, 'dist/index.js'), 'utf8'), { babelrc: false, configFile: false, filename: 'index.js', ...options })?.code ?? '';
      // CommonJS out; the private methods this Node.js runs are left as they are.
      expect(code).not.toMatch(/^export\b/m);
      expect(code).toMatch(/\bexports\.\w+\s*=|require\("\.\/store-/);
      expect(code).toMatch(/#\w+\(\)\{|#\w+\(\) \{/);
      // A test that needs no compiling itself (require, not import) passes with that configuration and fails
      // without one: the exempted package is then handed to Jest's CommonJS loader as it is.
      const requiring = "const { atom, makeStore } = require('@rkrupinski/stan');\ntest('loads', () => { expect(atom(1)(makeStore()).get()).toBe(1); });\n";
      expect(runJest(jestConfig, babel, requiring).status).toBe(0);
      const noBabel = runJest(jestConfig, null, requiring);
      expect(noBabel.status).not.toBe(0);
      expect(noBabel.stderr).toMatch(/Test suite failed to run/);
      expect(noBabel.stderr).toMatch(/node_modules\/@rkrupinski\/stan\/dist\/index\.js/);
    });
  },
);

claim(
  [
    "Babel setups that compile class fields for older browsers must compile private methods too, since Stan's internal cache class has them",
    'A configuration with only the class-fields transform stops with "Class private methods are not enabled"; add `@babel/plugin-transform-private-methods` next to it. `@babel/preset-env` includes both transforms whenever its targets need them',
  ],
  (clause) => {
    const dist = path.join(PKG_DIR, 'dist');
    const files = fs.readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'react.js');
    const compile = (file: string, options: Parameters<typeof transformSync>[1]) =>
      transformSync(fs.readFileSync(path.join(dist, file), 'utf8'), { babelrc: false, configFile: false, filename: file, ...options })?.code ?? '';
    const classFieldsOnly = { plugins: ['@babel/plugin-transform-class-properties'] };

    clause('Babel setups that compile class fields for older browsers must compile private methods too', () => {
      expect(() => compile('index.js', classFieldsOnly)).toThrow();
      // The package's other files have no private methods and compile with class fields alone.
      files.filter((file) => file !== 'index.js').forEach((file) => expect(() => compile(file, classFieldsOnly)).not.toThrow());
    });
    clause("since Stan's internal cache class has them", () => {
      // The one class with a private method is the one `lru` and `most-recent` cache policies make.
      const code = fs.readFileSync(path.join(dist, 'index.js'), 'utf8');
      const withPrivateMethods = [...code.matchAll(/class (\w+)\{((?:[^{}]|\{[^{}]*\})*)\}/g)].filter(([, , body]) => /#\w+\(\)\{/.test(body ?? ''));
      expect(withPrivateMethods.map(([, name]) => name)).toHaveLength(1);
      const name = withPrivateMethods[0]?.[1] ?? '';
      expect(code).toContain(`case"lru":return new ${name}(`);
      expect(code).toContain(`case"most-recent":return new ${name}(1)`);
    });
    clause('A configuration with only the class-fields transform stops with "Class private methods are not enabled"', () => {
      expect(() => compile('index.js', classFieldsOnly)).toThrow(/Class private methods are not enabled/);
    });
    clause('add `@babel/plugin-transform-private-methods` next to it', () => {
      const code = compile('index.js', { plugins: ['@babel/plugin-transform-class-properties', '@babel/plugin-transform-private-methods'] });
      expect(code).not.toMatch(/#\w+\(/);
      expect(code).toMatch(/_classPrivateMethodInitSpec|WeakSet/);
    });
    clause('`@babel/preset-env` includes both transforms whenever its targets need them', () => {
      // For a browser without private methods (Chrome 70) it compiles the whole core, which then works.
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-babel-'));
      scratch.push(out);
      for (const file of files) {
        const code = compile(file, { presets: [['@babel/preset-env', { targets: 'chrome 70', modules: 'commonjs' }]] });
        // No private names left (Babel's own /*#__PURE__*/ annotations aside).
        expect(code.replace(/\/\*#__PURE__\*\//g, '')).not.toMatch(/#\w+/);
        fs.writeFileSync(path.join(out, file), code);
      }
      const script = `const { selectorFamily } = require('./index.js');
const double = selectorFamily((n) => () => n * 2, { cachePolicy: { type: 'lru', maxSize: 2 } });
const one = double(1); double(2); double(1); double(3);
console.log(double(1) === one, double(2) === one);`;
      fs.writeFileSync(path.join(out, 'run.cjs'), script);
      expect(execFileSync(process.execPath, ['run.cjs'], { cwd: out, encoding: 'utf8' })).toBe('true false\n');
      // For a browser that has them (Chrome 120) it leaves class fields and private methods as they are.
      const modern = compile('index.js', { presets: [['@babel/preset-env', { targets: 'chrome 120', modules: false }]] });
      expect(modern).toMatch(/#\w+\(\)\s*\{/);
      expect(modern).toMatch(/class \w+ \{\s*#\w+;/);
    });
  },
);

claim(['Run it with tsx, which runs a TypeScript file on Node.js without a build step', 'npx tsx check.ts', 'If it prints 69.8 and then 212, Stan works'], (clause) => {
  const tsx = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  const dir = scratchProject({ 'check.ts': block('check.ts') });
  clause('Run it with tsx', () => {
    const run = node(dir, [tsx, 'check.ts']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
  clause('which runs a TypeScript file on Node.js without a build step', () => {
    // Type annotations, which Node.js alone cannot run; tsx runs them and writes no compiled file.
    const typed = scratchProject({ 'typed.ts': 'const n: number = 41;\nconsole.log(n + 1);\n' });
    expect(node(typed, ['typed.ts']).stderr).toMatch(/SyntaxError/);
    expect(node(typed, [tsx, 'typed.ts'])).toMatchObject({ status: 0, stdout: '42\n' });
    expect(fs.readdirSync(typed).sort()).toEqual(['node_modules', 'package.json', 'typed.ts']);
  });
  const viaNpx = spawnSync('npx', ['--no', 'tsx', 'check.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
  clause('npx tsx check.ts', () => {
    // The command as printed, through npx, finds the project's tsx.
    expect(viaNpx.status).toBe(0);
    expect(viaNpx.stdout).not.toBe('');
  });
  clause('If it prints 69.8 and then 212', () => {
    expect(viaNpx.stdout).toBe('69.8\n212\n');
  });
  clause('Stan works', () => {
    // The figures come from Stan: without the package the same file prints nothing, and they are what the
    // package's atom and selector give in this process too.
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-check-'));
    scratch.push(bare);
    fs.writeFileSync(path.join(bare, 'check.ts'), block('check.ts'));
    const missing = node(bare, [tsx, 'check.ts']);
    expect(missing.status).not.toBe(0);
    expect(missing.stdout).toBe('');
    const store = core.makeStore();
    const celsius = core.atom(21);
    const fahrenheit = core.selector(({ get }) => (get(celsius) * 9) / 5 + 32);
    const printed = [fahrenheit(store).get()];
    celsius(store).set(100);
    printed.push(fahrenheit(store).get());
    expect(printed.join('\n') + '\n').toBe(viaNpx.stdout);
  });
});
