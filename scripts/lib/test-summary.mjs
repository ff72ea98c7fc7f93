// Pure counting/formatting for scripts/test-all.mjs.

/**
 * Counts from Jest's --json output.
 * Suites that failed to run (syntax error, failing import, …) report no tests: each counts as one failure.
 * @param {object} json  parsed test-results/jest.json
 * @returns {{ passed: number, failed: number, skipped: number, brokenSuites: string[] }}
 */
export function countJest(json) {
  if (!json || typeof json !== 'object') throw new Error('not a Jest JSON result');
  const passed = Number(json.numPassedTests) || 0;
  let failed = Number(json.numFailedTests) || 0;
  const skipped = (Number(json.numPendingTests) || 0) + (Number(json.numTodoTests) || 0);
  const brokenSuites = [];
  if (Array.isArray(json.testResults)) {
    for (const suite of json.testResults) {
      const ran = Array.isArray(suite.assertionResults) ? suite.assertionResults.length : 0;
      if (suite.status === 'failed' && ran === 0) brokenSuites.push(suite.name || '(unknown suite)');
    }
  } else if (json.numRuntimeErrorTestSuites) {
    for (let i = 0; i < json.numRuntimeErrorTestSuites; i++) brokenSuites.push('(suite failed to run)');
  }
  failed += brokenSuites.length;
  return { passed, failed, skipped, brokenSuites };
}

/**
 * Counts from Playwright's JSON reporter: expected and flaky pass, unexpected fails, skipped is separate.
 * Global errors (webServer failed to start, a spec that does not compile, …) count as one failure each.
 * @param {object} json  parsed test-results/e2e.json
 * @returns {{ passed: number, failed: number, skipped: number, flaky: number, errors: string[] }}
 */
export function countPlaywright(json) {
  if (!json || typeof json !== 'object' || !json.stats) throw new Error('not a Playwright JSON report');
  const s = json.stats;
  const flaky = Number(s.flaky) || 0;
  const passed = (Number(s.expected) || 0) + flaky;
  const errors = Array.isArray(json.errors)
    ? json.errors.map((e) => String((e && (e.message || e.value)) || e).split('\n')[0])
    : [];
  const failed = (Number(s.unexpected) || 0) + errors.length;
  return { passed, failed, skipped: Number(s.skipped) || 0, flaky, errors };
}

/** What knip calls each kind of finding in its JSON report, as the summary names it. */
const KNIP_KINDS = {
  files: 'unused file',
  dependencies: 'unused dependency',
  devDependencies: 'unused devDependency',
  optionalPeerDependencies: 'unused optional peer',
  unlisted: 'unlisted dependency',
  binaries: 'unlisted binary',
  unresolved: 'unresolved import',
  exports: 'unused export',
  types: 'unused type',
  nsExports: 'unused export in a namespace',
  nsTypes: 'unused type in a namespace',
  enumMembers: 'unused enum member',
  classMembers: 'unused class member',
  namespaceMembers: 'unused namespace member',
  duplicates: 'duplicate export',
  catalog: 'unused catalog entry',
  catalogReferences: 'unresolved catalog reference',
};

/**
 * The findings of knip's JSON report (`knip --reporter json`), each one a failure: its kind, file and name.
 * @param {{ issues?: Array<Record<string, unknown>> }} json
 * @returns {{ failed: number, findings: Array<{ kind: string, file: string, name: string, line?: number }>, note?: string }}
 */
export function countKnip(json) {
  if (!json || typeof json !== 'object' || !Array.isArray(json.issues)) throw new Error('not a knip JSON report');
  const findings = [];
  for (const issue of json.issues) {
    for (const [key, list] of Object.entries(issue)) {
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        const kind = KNIP_KINDS[key] ?? key;
        findings.push({ kind, file: String(issue.file), name: String(item?.name ?? issue.file), line: item?.line });
      }
    }
  }
  const byKind = new Map();
  for (const { kind } of findings) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  const note = [...byKind].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`).join(', ') || undefined;
  return { failed: findings.length, findings, note };
}

/**
 * Reconcile counts with the exit code: a command that failed without reporting a failed test
 * (crash, coverage threshold, "no tests found", …) still counts as one failure.
 */
export function reconcile(counts, exitCode) {
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exited with code ${exitCode}` };
  }
  return counts;
}

/** A step that is a single test (typecheck, lint, build, size). */
export function singleResult(exitCode) {
  return exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

export function totals(steps) {
  return steps.reduce(
    (t, s) => ({
      passed: t.passed + (s.passed || 0),
      failed: t.failed + (s.failed || 0),
      skipped: t.skipped + (s.skipped || 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/** The last line of `npm test`: "N passed, N failed" (+ ", N skipped" when any). */
export function finalLine({ passed, failed, skipped = 0 }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

export function formatDuration(ms) {
  if (ms == null) return '';
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  return `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

/**
 * Summary table, one row per step.
 * @param {Array<{ name: string, status: 'passed'|'failed'|'skipped', passed: number, failed: number,
 *   skipped?: number, ms?: number, note?: string }>} steps
 */
export function formatSummary(steps) {
  const rows = [['Step', 'Result', 'Passed', 'Failed', 'Skipped', 'Time', 'Note']];
  for (const s of steps) {
    rows.push([
      s.name,
      s.status === 'passed' ? 'ok' : s.status === 'skipped' ? 'NOT RUN' : 'FAILED',
      String(s.passed || 0),
      String(s.failed || 0),
      String(s.skipped || 0),
      formatDuration(s.ms),
      s.note || '',
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const right = new Set([2, 3, 4, 5]);
  return rows
    .map((r) =>
      r
        .map((cell, c) => (right.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
