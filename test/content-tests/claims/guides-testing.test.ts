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
let outcomes: Record<string, Outcome> = {};
/** Each failed test's first failure message, by file: a changed copy must fail on the page's own assertion. */
let failures: Record<string, string> = {};
let scratch = '';

/** Every test file of the page, and the changed copies, in one Jest run; the outcome of each test by file and name. */
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-docs-testing-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
  const counter = block('Counter.test.tsx');
  const profile = block('Profile.test.tsx');
  const files: Record<string, string> = {
    'package.json': '{ "name": "scratch", "private": true }\n',
    'jest.config.js': block('jest.config.js'),
    'babel.config.js': block('babel.config.js'),
    'cart.test.ts': block('cart.test.ts'),
    'Counter.test.tsx': counter,
    'Profile.test.tsx': profile,
    // One store for both tests of the cart.
    'cart-shared.test.ts': changed(block('cart.test.ts'), 'store = makeStore();', 'store ??= makeStore();'),
    // The test's own write without act.
    'Counter-no-act.test.tsx': changed(counter, 'act(() => count(store).set(10));', 'count(store).set(10);'),
    // Time moved without letting promise callbacks and renders run.
    'Profile-sync.test.tsx': changed(profile, 'await act(() => jest.advanceTimersByTimeAsync(500));', 'jest.advanceTimersByTime(500);'),
    // DEFAULT_STORE: shared by the tests of one file, not by two files.
    'shared-state.ts': "import { atom } from '@rkrupinski/stan';\nexport const visits = atom(0);\n",
    'default-a.test.tsx': `import { expect, test } from '@jest/globals';
import { render } from '@testing-library/react';
import { DEFAULT_STORE } from '@rkrupinski/stan';
import { useStanValue } from '@rkrupinski/stan/react';
import { visits } from './shared-state';
function Visits() { return <p>{useStanValue(visits)}</p>; }
test('first test writes', () => { visits(DEFAULT_STORE).get(); visits(DEFAULT_STORE).set(5); });
test('second test of the same file sees it, and so does a component outside a provider', () => {
  expect(visits(DEFAULT_STORE).get()).toBe(5);
  expect(render(<Visits />).container.textContent).toBe('5');
});
`,
    'default-b.test.ts': `import { expect, test } from '@jest/globals';
import { DEFAULT_STORE } from '@rkrupinski/stan';
import { visits } from './shared-state';
test('another file starts from the initial value', () => { expect(visits(DEFAULT_STORE).get()).toBe(0); });
`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(scratch, name), text);
  const report = path.join(scratch, 'report.json');
  const jestBin = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
  const run = spawnSync(process.execPath, [jestBin, '--ci', '--watchman=false', '--rootDir', scratch, '--json', `--outputFile=${report}`], {
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
  failures = Object.fromEntries(
    results.testResults.map((file) => [
      path.basename(file.name),
      // Without the terminal colours Jest puts around expected and received values.
      (file.assertionResults.find((test) => test.status === 'failed')?.failureMessages[0] ?? file.message).replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), ''),
    ]),
  );
  outcomes = Object.fromEntries(
    results.testResults.map((file) => [
      path.basename(file.name),
      file.assertionResults.length > 0
        ? Object.fromEntries(file.assertionResults.map((test) => [test.title, test.status]))
        : { '(file)': 'failed' as const },
    ]),
  );
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
  () => {
    expect(outcomes['cart.test.ts']).toEqual({ 'adds up the prices': 'passed', 'starts at zero': 'passed' });
    expect(outcomes['Counter.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'passed' });
    expect(outcomes['Profile.test.tsx']).toEqual({ 'shows the profile once the request answers': 'passed' });
    expect(block('jest.config.js')).toContain("testEnvironment: 'jsdom'");
  },
);

claim(
  [
    'Give every test its own store, made with `makeStore()`, and state cannot leak from one test into the next',
    'Two tests sharing one store would depend on their order: here, "starts at zero" fails when it shares a store with the test before it',
  ],
  () => {
    expect(outcomes['cart-shared.test.ts']).toEqual({ 'adds up the prices': 'passed', 'starts at zero': 'failed' });
    expect(failures['cart-shared.test.ts']).toMatch(/Expected: 0\s+Received: 7/);
  },
);

claim(
  [
    'Jest loads every test file with a fresh module registry, so each file gets its own `DEFAULT_STORE`, but the tests inside one file share it, and so do the components that call hooks outside any `StanProvider`',
  ],
  () => {
    expect(outcomes['default-a.test.tsx']).toEqual({
      'first test writes': 'passed',
      'second test of the same file sees it, and so does a component outside a provider': 'passed',
    });
    expect(outcomes['default-b.test.ts']).toEqual({ 'another file starts from the initial value': 'passed' });
  },
);

claim(
  [
    "Events fired with React Testing Library's `fireEvent` already run inside React's `act`",
    'A write the test makes to the store itself does not: wrap it in `act`, or the component has not re-rendered yet when the next line looks at it',
  ],
  () => {
    expect(outcomes['Counter-no-act.test.tsx']).toEqual({ 'counts clicks, and shows writes made by the test': 'failed' });
    expect(failures['Counter-no-act.test.tsx']).toMatch(/Expected: "Clicked 10 times"\s+Received: "Clicked 1 times"/);
  },
);

claim(
  [
    '`jest.advanceTimersByTimeAsync(ms)` runs the timers due in that time and lets the promise callbacks between them run too',
    'Do it inside an `await act(…)`, so that React applies the renders those callbacks cause before the test looks',
  ],
  () => {
    expect(outcomes['Profile-sync.test.tsx']).toEqual({ 'shows the profile once the request answers': 'failed' });
    expect(failures['Profile-sync.test.tsx']).toMatch(/Expected: "User 1"\s+Received: "Loading…"/);
  },
);
