/** @jest-environment node */
// Installation: what the page says about the release, Node.js, Jest, Babel and the check script, each run for real
// (child processes of Node.js, Jest, Babel and tsx), not matched against the package's text.
import { execFileSync, spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { transformSync } from '@babel/core';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';
import { claimsOf, flush } from '../../support/claims';
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

const node = (dir: string, args: string[]) => {
  const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

claim(
  'These docs describe release 1.2.0-rc4, a release candidate, and every page was checked against it. The commands below install exactly that release',
  () => {
    expect(installed.version).toBe('1.2.0-rc4');
    expect(installed.version).toMatch(/-rc\d+$/);
    const installs = blocks()
      .filter((b) => b.lang === 'bash')
      .flatMap((b) => b.code.split('\n'))
      .filter((line) => line.includes('@rkrupinski/stan'));
    // npm, Yarn, pnpm and Bun, each pinned to the installed release.
    expect(installs).toHaveLength(4);
    installs.forEach((line) => expect(line).toMatch(new RegExp(`@rkrupinski/stan@${installed.version.replace(/\./g, '\\.')}$`)));
  },
);

claim(
  [
    'among other changes, `useStanRefresher` is renamed `useStanRefresh`, a write to an atom that nobody has read yet takes effect instead of being ignored, and a selector whose promise rejects is no longer marked stale',
  ],
  async () => {
    // What 1.2.0-rc4 does instead: the old hook name, ignored writes to unread atoms, stale after a rejection.
    expect(Object.keys(react)).toContain('useStanRefresher');
    expect(Object.keys(react)).not.toContain('useStanRefresh');
    const store = core.makeStore();
    const unread = core.atom('before');
    unread(store).set('after');
    expect(unread(store).get()).toBe('before');
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
  },
);

describe('Node.js loads the package only through module-syntax detection', () => {
  const importer = "import { atom } from '@rkrupinski/stan';\nimport { useStan } from '@rkrupinski/stan/react';\nconsole.log(typeof atom, typeof useStan);\n";
  const requirer = "const { atom } = require('@rkrupinski/stan');\nconsole.log(typeof atom);\n";

  claim(
    [
      'Both are ES modules in `.js` files, and the package\'s `package.json` has no `"type": "module"` to say so',
      'Node.js loads them only because it detects ES module syntax in such files, which it does by default since Node.js 22.7 and 20.19: then `import` works, and so does `require()`, which loads the package as an ES module',
      "With detection turned off (`node --no-experimental-detect-module`), both fail with a `SyntaxError`; for `import { atom } from '@rkrupinski/stan'` it reads \"Named export 'atom' not found\"",
    ],
    () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as { type?: string; exports: Record<string, string> };
      expect(manifest.type).toBeUndefined();
      expect(Object.values(manifest.exports).every((file) => file.endsWith('.js'))).toBe(true);
      // The Node.js running these tests has detection on by default (20.19 or newer).
      const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
      expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);

      const dir = scratchProject({ 'check.mjs': importer, 'check.cjs': requirer });
      expect(node(dir, ['check.mjs'])).toMatchObject({ status: 0, stdout: 'function function\n' });
      expect(node(dir, ['check.cjs'])).toMatchObject({ status: 0, stdout: 'function\n' });

      const importOff = node(dir, ['--no-experimental-detect-module', 'check.mjs']);
      expect(importOff.status).not.toBe(0);
      expect(importOff.stderr).toMatch(/^SyntaxError: Named export 'atom' not found/m);
      const requireOff = node(dir, ['--no-experimental-detect-module', 'check.cjs']);
      expect(requireOff.status).not.toBe(0);
      expect(requireOff.stderr).toMatch(/^SyntaxError: /m);
    },
  );
});

claim(
  [
    'so a test that imports `@rkrupinski/stan` fails: Jest 30 on Node.js 20 stops with "Must use import to load ES Module"',
    'Let `babel-jest` compile the package: exempt it from `transformIgnorePatterns`, and give Babel a configuration that turns ES modules into CommonJS for the Node.js version that runs the tests',
  ],
  () => {
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
    const runJest = (jestConfig: string) => {
      const dir = scratchProject({ 'jest.config.js': jestConfig, 'babel.config.js': block('babel.config.js'), 'stan.test.js': test });
      return node(dir, [jestBin, '--ci', '--watchman=false', '--rootDir', dir]);
    };
    const jestVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/jest/package.json'), 'utf8')) as { version: string }).version;
    expect(jestVersion).toMatch(/^30\./);
    // The page's two files, as printed: the test passes.
    const configured = runJest(block('jest.config.js'));
    expect(configured.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(configured.status).toBe(0);
    // Without the exemption, the same test cannot load the package.
    const plain = runJest(block('jest.config.js').replace(/^\s*transformIgnorePatterns:.*$/m, ''));
    expect(plain.status).not.toBe(0);
    expect(plain.stderr).toContain('Must use import to load ES Module');
  },
);

claim(
  [
    "Babel setups that compile class fields for older browsers must compile private methods too, since Stan's internal cache class has them",
    'A configuration with only the class-fields transform stops with "Class private methods are not enabled"; add `@babel/plugin-transform-private-methods` next to it. `@babel/preset-env` includes both transforms whenever its targets need them',
  ],
  () => {
    const dist = path.join(PKG_DIR, 'dist');
    const files = fs.readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'react.js');
    const compile = (file: string, options: Parameters<typeof transformSync>[1]) =>
      transformSync(fs.readFileSync(path.join(dist, file), 'utf8'), { babelrc: false, configFile: false, filename: file, ...options })?.code ?? '';

    expect(() => compile('index.js', { plugins: ['@babel/plugin-transform-class-properties'] })).toThrow(
      /Class private methods are not enabled/,
    );
    expect(compile('index.js', { plugins: ['@babel/plugin-transform-class-properties', '@babel/plugin-transform-private-methods'] })).not.toMatch(/#\w+\(/);

    // preset-env for a browser without private methods (Chrome 70) compiles the whole core, which then works.
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
  },
);

claim(['Run it with tsx, which runs a TypeScript file on Node.js without a build step', 'npx tsx check.ts', 'If it prints 69.8 and then 212, Stan works'], () => {
  const dir = scratchProject({ 'check.ts': block('check.ts') });
  const tsx = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  const run = node(dir, [tsx, 'check.ts']);
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('69.8\n212\n');
});
