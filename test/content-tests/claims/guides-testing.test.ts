/** @jest-environment node */
// Testing guide: its configuration and test files, as printed, run by a real Jest in a scratch project, together
// with copies changed the way the page says would break them (each copy must fail where the page says it fails).
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { claimsOf } from '../../support/claims';
import { codeSamples, CONTENT_DIR, REPO_ROOT } from '../../support/samples';

jest.setTimeout(180_000);

const claim = claimsOf('guides/testing');
const PAGE_FILE = path.join(CONTENT_DIR, 'guides/testing.mdx');
const block = (title: string) => {
  const found = codeSamples(fs.readFileSync(PAGE_FILE, 'utf8'), 'testing.mdx').filter((b) => b.title === title);
  if (found.length !== 1) throw new Error(`testing.mdx: expected one block titled ${title}, found ${found.length}`);
  return found[0]?.code ?? '';
};
/** Replaces `from` (which must be there) in a sample. */
const changed = (code: string, from: string | RegExp, to: string) => {
  if (!(typeof from === 'string' ? code.includes(from) : from.test(code))) throw new Error(`the sample no longer contains ${String(from)}`);
  return code.replace(from, to);
};


type Outcome = Record<string, 'passed' | 'failed'>;
/** The outcome of each test, by test file (its path in the scratch project) and test name. */
const outcomes: Record<string, Outcome> = {};
/** Each failed test's first failure message, by file: a changed copy must fail on the page's own assertion. */
const failures: Record<string, string> = {};
/** What the module shared by the DEFAULT_STORE test files logged, one line each time a test file loaded it. */
let loads: string[] = [];
let scratch = '';

/** Runs Jest in the scratch project with `args` (one worker, so all test files share one process). */
function runJest(args: string[]) {
  const report = path.join(scratch, `report-${Object.keys(outcomes).length}.json`);
  const jestBin = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
  const run = spawnSync(process.execPath, [jestBin, '--ci', '--watchman=false', '--runInBand', ...args, '--json', `--outputFile=${report}`], {
    cwd: scratch,
    encoding: 'utf8',
  });
  if (!fs.existsSync(report)) throw new Error(`Jest did not run: ${run.stderr}`);
  const results = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    testResults: Array<{
      name: string;
      message: string;
      assertionResults: Array<{ title: string; status: 'passed' | 'failed'; failureMessages: string[] }>;
    }>;
  };
  for (const file of results.testResults) {
    const name = path.relative(scratch, file.name).split(path.sep).join('/');
    // Without the terminal colours Jest puts around expected and received values.
    failures[name] = (file.assertionResults.find((test) => test.status === 'failed')?.failureMessages[0] ?? file.message).replace(
      new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'),
      '',
    );
    outcomes[name] =
      file.assertionResults.length > 0
        ? Object.fromEntries(file.assertionResults.map((test) => [test.title, test.status]))
        : { '(file)': 'failed' as const };
  }
}

/** Swaps the two tests of the cart sample, so the one that writes runs second. */
function cartTestsSwapped(code: string) {
  const adds = code.indexOf("  it('adds up the prices'");
  const zero = code.indexOf("  it('starts at zero'");
  const end = code.lastIndexOf('});');
  if (adds === -1 || zero < adds || end < zero) throw new Error('cart.test.ts no longer has its two tests in order');
  return `${code.slice(0, adds)}${code.slice(zero, end).trimEnd()}\n\n${code.slice(adds, zero).trimEnd()}\n${code.slice(end)}`;
}

/**
 * Every test file of the page, and copies changed the way the page says would break them, in one Jest run with
 * the page's configuration; then the page's tests in projects whose configuration lacks one piece of the page's.
 */
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-testing-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
  const cart = block('cart.test.ts');
  const counter = block('Counter.test.tsx');
  const profile = block('Profile.test.tsx');
  const babel = block('babel.config.js');
  const loadLog = path.join(scratch, 'loads.log');
  const sharedCart = changed(cart, 'store = makeStore();', 'store ??= makeStore();');
  const defaultStoreTest = (file: string) => `import { expect, test } from '@jest/globals';
import { render } from '@testing-library/react';
import { DEFAULT_STORE } from '@rkrupinski/stan';
import { useStanValue } from '@rkrupinski/stan/react';
import { storeSeenBefore, visits } from './shared-state';
function Visits() { return <p>{useStanValue(visits)}</p>; }
test('its DEFAULT_STORE is not one another file used', () => { expect(storeSeenBefore).toBe(false); });
test('first test finds the initial value and writes', () => {
  expect(visits(DEFAULT_STORE).get()).toBe(0);
  visits(DEFAULT_STORE).set(${file === 'a' ? 5 : 6});
});
test('second test of the same file sees the write', () => { expect(visits(DEFAULT_STORE).get()).toBe(${file === 'a' ? 5 : 6}); });
test('a component outside a provider sees it too', () => { expect(render(<Visits />).container.textContent).toBe('${file === 'a' ? 5 : 6}'); });
`;
  const files: Record<string, string> = {
    'package.json': '{ "name": "scratch", "private": true }\n',
    'jest.config.js': block('jest.config.js'),
    'babel.config.js': babel,
    'cart.test.ts': cart,
    'Counter.test.tsx': counter,
    'Profile.test.tsx': profile,
    // One store for both tests of the cart, in the page's order and the other way round.
    'cart-shared.test.ts': sharedCart,
    'cart-shared-swapped.test.ts': cartTestsSwapped(sharedCart),
    // The click dispatched straight to the DOM, not through fireEvent.
    'Counter-dispatch.test.tsx': changed(
      counter,
      "fireEvent.click(screen.getByRole('button'));",
      "screen.getByRole('button').dispatchEvent(new MouseEvent('click', { bubbles: true }));",
    ),
    // The test's own write without act: the component is stale, and React says the update was outside act.
    'Counter-no-act.test.tsx': changed(counter, 'act(() => count(store).set(10));', 'count(store).set(10);'),
    'Counter-no-act-warning.test.tsx': changed(
      counter,
      'act(() => count(store).set(10));',
      "const errors: string[] = [];\n  console.error = (...args: unknown[]) => { errors.push(args.map(String).join(' ')); };\n  count(store).set(10);\n  expect(errors.join('\\n')).toMatch(/not wrapped in act/);\n  return;",
    ),
    // Time moved without letting promise callbacks and renders run, and moved with them but outside act.
    'Profile-sync.test.tsx': changed(profile, 'await act(() => jest.advanceTimersByTimeAsync(500));', 'jest.advanceTimersByTime(500);'),
    'Profile-no-act.test.tsx': changed(profile, 'await act(() => jest.advanceTimersByTimeAsync(500));', 'await jest.advanceTimersByTimeAsync(500);'),
    // DEFAULT_STORE: shared by the tests of one file, not by two files. The module logs each load, and keeps the
    // stores it saw on a Node core module, the one object every test file of the process gets the same.
    'shared-state.ts': `import fs from 'fs';
import os from 'os';
import { atom, DEFAULT_STORE } from '@rkrupinski/stan';
fs.appendFileSync(${JSON.stringify(loadLog)}, 'loaded\\n');
const seen = ((os as unknown as { stores?: unknown[] }).stores ??= []);
export const storeSeenBefore = seen.includes(DEFAULT_STORE);
seen.push(DEFAULT_STORE);
export const visits = atom(0);
`,
    'default-a.test.tsx': defaultStoreTest('a'),
    'default-b.test.tsx': defaultStoreTest('b'),
    // The page's configuration, each time without one of its pieces (see projects.config.js).
    'variants/published/cart.test.ts': cart,
    'variants/node-environment/Counter.test.tsx': counter,
    'variants/no-typescript-preset/cart.test.ts': cart,
    'variants/no-react-preset/Counter.test.tsx': counter,
    'babel-no-typescript.config.js': changed(babel, "    '@babel/preset-typescript',\n", ''),
    'babel-no-react.config.js': changed(babel, "    ['@babel/preset-react', { runtime: 'automatic' }],\n", ''),
    'projects.config.js': `const path = require('path');
const { transformIgnorePatterns, ...withoutIgnore } = require('./jest.config.js');
const page = require('./jest.config.js');
// Babel looks for its configuration where Jest runs, not in a project's folder: each project names its own.
const project = (name, config) => ({ ...config, displayName: name, rootDir: path.join(__dirname, 'variants', name) });
const babelJest = (configFile) => ({ '\\\\.[jt]sx?$': ['babel-jest', { configFile: path.join(__dirname, configFile) }] });
module.exports = {
  projects: [
    project('published', { ...withoutIgnore, transform: babelJest('babel.config.js') }),
    project('node-environment', { ...page, testEnvironment: 'node', transform: babelJest('babel.config.js') }),
    project('no-typescript-preset', { ...page, transform: babelJest('babel-no-typescript.config.js') }),
    project('no-react-preset', { ...page, transform: babelJest('babel-no-react.config.js') }),
  ],
};
`,
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, name)), { recursive: true });
    fs.writeFileSync(path.join(scratch, name), text);
  }
  runJest(['--rootDir', scratch, '--testPathIgnorePatterns', '/variants/']);
  loads = fs.readFileSync(loadLog, 'utf8').trim().split('\n');
  runJest(['--config', path.join(scratch, 'projects.config.js')]);
});
afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

claim(
  [
    'Jest cannot load the package as it is published',
    'the configuration adds a DOM (the `jest-environment-jsdom` package) and Babel presets for TypeScript and JSX',
    'the files below are run by this site\'s own tests, exactly as printed',
  ],
  (clause) => {
    clause('Jest cannot load the package as it is published', () => {
      // The same cart test, with the page's configuration but Jest's default of transforming nothing in node_modules.
      expect(outcomes['variants/published/cart.test.ts']).toEqual({ '(file)': 'failed' });
      expect(failures['variants/published/cart.test.ts']).toMatch(/Must use import to load ES Module: \S*@rkrupinski\/stan\/dist\/index\.js/);
    });
    clause('the configuration adds a DOM (the `jest-environment-jsdom` package)', () => {
      expect(block('jest.config.js')).toContain("testEnvironment: 'jsdom'");
      expect(require.resolve('jest-environment-jsdom', { paths: [REPO_ROOT] })).toContain('jest-environment-jsdom');
      // In Node's environment, without a DOM, the component test cannot render.
      expect(outcomes['variants/node-environment/Counter.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'failed' });
      expect(failures['variants/node-environment/Counter.test.tsx']).toMatch(/document is not defined/);
    });
    clause('Babel presets for TypeScript and JSX', () => {
      expect(outcomes['variants/no-typescript-preset/cart.test.ts']).toEqual({ '(file)': 'failed' });
      expect(failures['variants/no-typescript-preset/cart.test.ts']).toMatch(/SyntaxError/);
      expect(outcomes['variants/no-react-preset/Counter.test.tsx']).toEqual({ '(file)': 'failed' });
      expect(failures['variants/no-react-preset/Counter.test.tsx']).toMatch(/SyntaxError|unexpected token/i);
    });
    clause("the files below are run by this site's own tests, exactly as printed", () => {
      expect(outcomes['cart.test.ts']).toEqual({ 'adds up the prices': 'passed', 'starts at zero': 'passed' });
      expect(outcomes['Counter.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'passed' });
      expect(outcomes['Profile.test.tsx']).toEqual({ 'shows the profile once the request answers': 'passed' });
    });
  },
);

claim(
  [
    'Give every test its own store, made with `makeStore()`, and state cannot leak from one test into the next',
    'Two tests sharing one store would depend on their order: here, "starts at zero" fails when it shares a store with the test before it',
  ],
  (clause) => {
    clause('Give every test its own store, made with `makeStore()`', () => {
      expect(block('cart.test.ts')).toMatch(/beforeEach\(\(\) => \{\s*store = makeStore\(\);/);
    });
    clause('state cannot leak from one test into the next', () => {
      // "starts at zero" runs after the test that puts 7 in the cart, and still finds 0.
      expect(outcomes['cart.test.ts']).toEqual({ 'adds up the prices': 'passed', 'starts at zero': 'passed' });
    });
    clause('Two tests sharing one store would depend on their order', () => {
      expect(outcomes['cart-shared-swapped.test.ts']).toEqual({ 'starts at zero': 'passed', 'adds up the prices': 'passed' });
      expect(outcomes['cart-shared.test.ts']).not.toEqual(outcomes['cart-shared-swapped.test.ts']);
    });
    clause('here, "starts at zero" fails when it shares a store with the test before it', () => {
      expect(outcomes['cart-shared.test.ts']).toEqual({ 'adds up the prices': 'passed', 'starts at zero': 'failed' });
      expect(failures['cart-shared.test.ts']).toMatch(/Expected: 0\s+Received: 7/);
    });
  },
);

claim(
  [
    'Jest loads every test file with a fresh module registry, so each file gets its own `DEFAULT_STORE`, but the tests inside one file share it, and so do the components that call hooks outside any `StanProvider`',
  ],
  (clause) => {
    clause('Jest loads every test file with a fresh module registry', () => {
      // Two test files in one process import the same module, and it is loaded twice.
      expect(loads).toEqual(['loaded', 'loaded']);
    });
    clause('each file gets its own `DEFAULT_STORE`', () => {
      for (const file of ['default-a.test.tsx', 'default-b.test.tsx']) {
        expect(outcomes[file]?.['its DEFAULT_STORE is not one another file used']).toBe('passed');
        expect(outcomes[file]?.['first test finds the initial value and writes']).toBe('passed');
      }
    });
    clause('the tests inside one file share it', () => {
      expect(outcomes['default-a.test.tsx']?.['second test of the same file sees the write']).toBe('passed');
      expect(outcomes['default-b.test.tsx']?.['second test of the same file sees the write']).toBe('passed');
    });
    clause('so do the components that call hooks outside any `StanProvider`', () => {
      expect(outcomes['default-a.test.tsx']?.['a component outside a provider sees it too']).toBe('passed');
      expect(outcomes['default-b.test.tsx']?.['a component outside a provider sees it too']).toBe('passed');
    });
  },
);

claim(
  [
    "Events fired with React Testing Library's `fireEvent` already run inside React's `act`",
    'A write the test makes to the store itself does not: wrap it in `act`, or the component has not re-rendered yet when the next line looks at it',
  ],
  (clause) => {
    clause("Events fired with React Testing Library's `fireEvent` already run inside React's `act`", () => {
      // The page's test shows the click at once; the same click dispatched outside act is not rendered yet.
      expect(outcomes['Counter.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'passed' });
      expect(outcomes['Counter-dispatch.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'failed' });
      expect(failures['Counter-dispatch.test.tsx']).toMatch(/Expected: "Clicked 1 times"\s+Received: "Clicked 0 times"/);
    });
    clause('A write the test makes to the store itself does not', () => {
      expect(outcomes['Counter-no-act-warning.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'passed' });
    });
    clause('wrap it in `act`', () => {
      expect(block('Counter.test.tsx')).toContain('act(() => count(store).set(10));');
      expect(outcomes['Counter.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'passed' });
    });
    clause('the component has not re-rendered yet when the next line looks at it', () => {
      expect(outcomes['Counter-no-act.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'failed' });
      expect(failures['Counter-no-act.test.tsx']).toMatch(/Expected: "Clicked 10 times"\s+Received: "Clicked 1 times"/);
    });
  },
);

claim(
  [
    '`jest.advanceTimersByTimeAsync(ms)` runs the timers due in that time and lets the promise callbacks between them run too',
    'Do it inside an `await act(…)`, so that React applies the renders those callbacks cause before the test looks',
  ],
  async (clause) => {
    jest.useFakeTimers();
    try {
      await clause('`jest.advanceTimersByTimeAsync(ms)` runs the timers due in that time', async () => {
        const ran: string[] = [];
        setTimeout(() => ran.push('due'), 500);
        setTimeout(() => ran.push('later'), 501);
        await jest.advanceTimersByTimeAsync(500);
        expect(ran).toEqual(['due']);
        jest.clearAllTimers();
      });
      await clause('lets the promise callbacks between them run too', async () => {
        // A timer settles a promise whose callback sets the next timer, due within the same 500 ms.
        const chain = (log: string[]) =>
          setTimeout(() => {
            void Promise.resolve().then(() => {
              log.push('callback');
              setTimeout(() => log.push('next timer'), 100);
            });
          }, 100);
        const asyncLog: string[] = [];
        chain(asyncLog);
        await jest.advanceTimersByTimeAsync(500);
        expect(asyncLog).toEqual(['callback', 'next timer']);
        // The synchronous version stops before the callback.
        const syncLog: string[] = [];
        chain(syncLog);
        jest.advanceTimersByTime(500);
        expect(syncLog).toEqual([]);
        jest.clearAllTimers();
      });
    } finally {
      jest.useRealTimers();
    }
    clause('Do it inside an `await act(…)`', () => {
      expect(outcomes['Profile.test.tsx']).toEqual({ 'shows the profile once the request answers': 'passed' });
    });
    clause('so that React applies the renders those callbacks cause before the test looks', () => {
      // Awaited but outside act, and neither awaited nor in act: the promise settled, the render is not there.
      expect(outcomes['Profile-no-act.test.tsx']).toEqual({ 'shows the profile once the request answers': 'failed' });
      expect(failures['Profile-no-act.test.tsx']).toMatch(/Expected: "User 1"\s+Received: "Loading…"/);
      expect(outcomes['Profile-sync.test.tsx']).toEqual({ 'shows the profile once the request answers': 'failed' });
      expect(failures['Profile-sync.test.tsx']).toMatch(/Expected: "User 1"\s+Received: "Loading…"/);
    });
  },
);
