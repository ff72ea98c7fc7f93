/** @jest-environment node */

import { countJest, countKnip, countPlaywright, reconcile, singleResult, totals, finalLine, formatSummary, formatDuration } from '../lib/test-summary.mjs';

// Trimmed from real `jest --json` output.
const jestSample = {
  numFailedTestSuites: 2,
  numFailedTests: 1,
  numPassedTestSuites: 3,
  numPassedTests: 41,
  numPendingTestSuites: 0,
  numPendingTests: 2,
  numRuntimeErrorTestSuites: 1,
  numTodoTests: 1,
  numTotalTestSuites: 5,
  numTotalTests: 45,
  success: false,
  testResults: [
    { name: '/repo/src/a.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed' }] },
    {
      name: '/repo/src/b.test.ts',
      status: 'failed',
      message: 'expect(received)...',
      assertionResults: [{ status: 'failed' }, { status: 'passed' }],
    },
    { name: '/repo/src/broken.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] },
  ],
};

// Trimmed from Playwright's JSON reporter.
const playwrightSample = {
  config: { version: '1.65.1' },
  suites: [],
  errors: [],
  stats: { startTime: '2025-01-01T00:00:00.000Z', duration: 12345.6, expected: 17, skipped: 2, unexpected: 1, flaky: 3 },
};

describe('countJest', () => {
  test('passed/failed from the totals, plus suites that failed to run', () => {
    expect(countJest(jestSample)).toEqual({
      passed: 41,
      failed: 2,
      skipped: 3,
      brokenSuites: ['/repo/src/broken.test.ts'],
    });
  });

  test('all green', () => {
    expect(
      countJest({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] }),
    ).toEqual({ passed: 5, failed: 0, skipped: 0, brokenSuites: [] });
  });

  test('falls back to numRuntimeErrorTestSuites without testResults', () => {
    expect(countJest({ numPassedTests: 1, numFailedTests: 0, numRuntimeErrorTestSuites: 2 }).failed).toBe(2);
  });

  test('rejects non-reports', () => {
    expect(() => countJest(null)).toThrow();
  });
});

describe('countPlaywright', () => {
  test('expected and flaky pass, unexpected fails, skipped separately', () => {
    expect(countPlaywright(playwrightSample)).toEqual({ passed: 20, failed: 1, skipped: 2, flaky: 3, errors: [] });
  });

  test('global errors count as failures', () => {
    const json = {
      ...playwrightSample,
      stats: { expected: 0, skipped: 0, unexpected: 0, flaky: 0 },
      errors: [{ message: 'Error: Timed out waiting 30000ms from config.webServer.\n  at …' }],
    };
    expect(countPlaywright(json)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      flaky: 0,
      errors: ['Error: Timed out waiting 30000ms from config.webServer.'],
    });
  });

  test('rejects non-reports', () => {
    expect(() => countPlaywright({})).toThrow();
  });
});

test('reconcile: a non-zero exit without failures is one failure', () => {
  expect(reconcile({ passed: 3, failed: 0, skipped: 0 }, 1)).toEqual({
    passed: 3,
    failed: 1,
    skipped: 0,
    note: 'exited with code 1',
  });
  expect(reconcile({ passed: 3, failed: 2, skipped: 0 }, 1)).toEqual({ passed: 3, failed: 2, skipped: 0 });
  expect(reconcile({ passed: 3, failed: 0, skipped: 0 }, 0)).toEqual({ passed: 3, failed: 0, skipped: 0 });
});

test('singleResult and totals', () => {
  expect(singleResult(0)).toEqual({ passed: 1, failed: 0, skipped: 0 });
  expect(singleResult(2)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  expect(totals([singleResult(0), { passed: 41, failed: 2, skipped: 3 }, { passed: 20, failed: 1 }])).toEqual({
    passed: 62,
    failed: 3,
    skipped: 3,
  });
});

test('finalLine', () => {
  expect(finalLine({ passed: 62, failed: 3, skipped: 0 })).toBe('62 passed, 3 failed');
  expect(finalLine({ passed: 62, failed: 0 })).toBe('62 passed, 0 failed');
  expect(finalLine({ passed: 10, failed: 0, skipped: 2 })).toBe('10 passed, 0 failed, 2 skipped');
  expect(finalLine({ passed: 0, failed: 0, skipped: 0 })).toMatch(/^\d+ passed, \d+ failed$/);
});

test('formatSummary and formatDuration', () => {
  const text = formatSummary([
    { name: 'typecheck', status: 'passed', passed: 1, failed: 0, ms: 12300 },
    { name: 'e2e', status: 'skipped', passed: 0, failed: 1, note: 'not run: build failed' },
  ]);
  const lines = text.split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^Step\s+Result\s+Passed\s+Failed\s+Skipped\s+Time\s+Note$/);
  expect(lines[1]).toMatch(/^typecheck\s+ok\s+1\s+0\s+0\s+12\.3s$/);
  expect(lines[2]).toMatch(/^e2e\s+NOT RUN\s+0\s+1\s+0\s+not run: build failed$/);
  expect(formatDuration(125000)).toBe('2m05s');
});

describe('countKnip', () => {
  // Trimmed from `knip --reporter json`: an unused file, an unused export and type in one file, nothing in another.
  const knipSample = {
    issues: [
      { file: 'src/contract/orphan.ts', files: [{ name: 'src/contract/orphan.ts' }], exports: [], types: [], dependencies: [] },
      {
        file: 'src/theme/DocContent/index.tsx',
        files: [],
        exports: [{ name: 'useIslands', line: 7, col: 24, pos: 281 }],
        types: [{ name: 'IslandNotice', line: 7, col: 41, pos: 298 }],
      },
      { file: 'package.json', devDependencies: [{ name: '@types/unist', line: 100, col: 6 }], exports: [] },
      { file: 'src/ok.ts', exports: [], types: [] },
    ],
  };

  test('each finding is a failure, named by kind, file, line and name', () => {
    expect(countKnip(knipSample)).toEqual({
      failed: 4,
      findings: [
        { kind: 'unused file', file: 'src/contract/orphan.ts', name: 'src/contract/orphan.ts', line: undefined },
        { kind: 'unused export', file: 'src/theme/DocContent/index.tsx', name: 'useIslands', line: 7 },
        { kind: 'unused type', file: 'src/theme/DocContent/index.tsx', name: 'IslandNotice', line: 7 },
        { kind: 'unused devDependency', file: 'package.json', name: '@types/unist', line: 100 },
      ],
      note: '1 unused file, 1 unused export, 1 unused type, 1 unused devDependency',
    });
  });

  test('a clean report has no failure and no note; anything else is not a report', () => {
    expect(countKnip({ issues: [] })).toEqual({ failed: 0, findings: [], note: undefined });
    expect(() => countKnip({})).toThrow('not a knip JSON report');
    expect(() => countKnip(null)).toThrow('not a knip JSON report');
  });
});
