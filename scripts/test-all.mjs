#!/usr/bin/env node
// `npm test`: typecheck, lint, unused code, unit tests, production builds (hosted search, then the default), size budget,
// end-to-end tests against the production build, then the smoke tests against `gatsby develop`.
// Streams each step's output, then prints a summary; the very last line is "N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  countJest,
  countKnip,
  countPlaywright,
  finalLine,
  formatDuration,
  formatSummary,
  reconcile,
  singleResult,
  totals,
} from './lib/test-summary.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(repoRoot);

const isCI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const resultsDir = path.join(repoRoot, 'test-results');
const jestJson = path.join(resultsDir, 'jest.json');
const e2eJson = path.join(resultsDir, 'e2e.json'); // written by the json reporter in playwright.config.ts
const e2eDevelopJson = path.join(resultsDir, 'e2e-develop.json'); // the same, for the run against `gatsby develop`
const incrementalJson = path.join(resultsDir, 'jest-incremental.json');
/** How long Jest may take to exit once its report is written. */
const JEST_EXIT_GRACE_MS = 60_000;

/** Run a command with inherited stdout/stderr (no stdin); resolves to its exit code. */
function run(command, args, extraEnv = {}, { onStart } = {}) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { cwd: repoRoot, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
    } catch (err) {
      console.error(`test-all: cannot start ${command}: ${err.message}`);
      resolve(127);
      return;
    }
    child.on('error', (err) => {
      console.error(`test-all: cannot start ${command}: ${err.message}`);
      resolve(127);
    });
    onStart?.(child);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const steps = [];

async function step(name, describe, body) {
  console.log(`\n━━ ${name}: ${describe}`);
  const started = Date.now();
  let result;
  try {
    result = await body();
  } catch (err) {
    console.error(`test-all: ${name}: ${err.stack || err}`);
    result = { passed: 0, failed: 1, skipped: 0, note: String(err.message || err) };
  }
  const entry = {
    name,
    status: result.failed > 0 ? 'failed' : 'passed',
    passed: 0,
    failed: 0,
    skipped: 0,
    ...result,
    ms: Date.now() - started,
  };
  steps.push(entry);
  console.log(
    `━━ ${name}: ${entry.status === 'passed' ? 'ok' : 'FAILED'} ` +
      `(${entry.passed} passed, ${entry.failed} failed${entry.skipped ? `, ${entry.skipped} skipped` : ''}; ${formatDuration(entry.ms)})`,
  );
  return entry;
}

function notRun(name, reason) {
  console.log(`\n━━ ${name}: not run (${reason})`);
  steps.push({ name, status: 'skipped', passed: 0, failed: 1, skipped: 0, note: `not run: ${reason}` });
}

fs.mkdirSync(resultsDir, { recursive: true });

await step('typecheck', 'tsc --noEmit', async () => singleResult(await run(bin('tsc'), ['--noEmit'])));

await step('lint', 'eslint .', async () => singleResult(await run(bin('eslint'), ['.'])));

/** Run a command with its stdout captured (stderr inherited); resolves to its exit code and output. */
function capture(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', (err) => resolve({ code: 127, out: `cannot start ${command}: ${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

// Unused files, exports and dependencies (knip.jsonc says what knip cannot see, and why): each finding fails.
await step('unused', 'knip (unused files, exports, dependencies)', async () => {
  const { code, out } = await capture(bin('knip'), ['--no-progress', '--reporter', 'json']);
  let report;
  try {
    report = countKnip(JSON.parse(out));
  } catch {
    console.log(out);
    return { passed: 0, failed: 1, note: `no knip report (exit code ${code})` };
  }
  for (const { kind, file, name, line } of report.findings) console.log(`  ${kind}: ${file}${line ? `:${line}` : ''} ${name}`);
  return reconcile({ passed: report.failed === 0 ? 1 : 0, failed: report.failed, note: report.note }, code);
});

/** Runs Jest (with `extra` arguments) and reads its JSON report into step counts. */
async function jest(report, extra = []) {
  fs.rmSync(report, { force: true });
  const args = ['--json', `--outputFile=${path.relative(repoRoot, report)}`, ...extra];
  if (isCI) args.push('--ci');
  // A test's open handle (a server, a listening port, a MessagePort) can keep Jest or one of its workers alive after
  // the report is written: such a Jest is stopped a minute later and counted as one failure.
  let hung = false;
  const watchdog = (child) => {
    const timer = setInterval(() => {
      if (!fs.existsSync(report)) return;
      clearInterval(timer);
      setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        hung = true;
        console.error('test-all: Jest did not exit a minute after writing its report (a test left a handle open); stopping it.');
        child.kill('SIGKILL');
      }, JEST_EXIT_GRACE_MS).unref();
    }, 2000);
    child.on('close', () => clearInterval(timer));
  };
  const code = await run(bin('jest'), args, {}, { onStart: watchdog });
  const json = readJson(report);
  if (!json) return { passed: 0, failed: 1, note: `no Jest report (exit code ${code})` };
  const counts = countJest(json);
  const notes = [];
  if (counts.brokenSuites.length) {
    notes.push(`${counts.brokenSuites.length} suite(s) failed to run: ${counts.brokenSuites.map((s) => path.relative(repoRoot, s)).join(', ')}`);
  }
  if (hung) notes.push('Jest did not exit: a test left a handle open (run the suspects with --detectOpenHandles)');
  const result = reconcile({ passed: counts.passed, failed: counts.failed, skipped: counts.skipped, note: notes.join('; ') || undefined }, hung ? 0 : code);
  return hung ? { ...result, failed: result.failed + 1 } : result;
}

// Two workers: on two cores Jest would run every suite in its own process, one core idle.
await step('unit', 'jest', () => jest(jestJson, ['--maxWorkers=2']));

// First the build with hosted search switched on (copied to public-hosted/ for e2e/hosted-search.spec.ts),
// then the default build, which leaves public/ as `npm run serve` expects it.
const hostedBuild = await step('build:hosted', 'gatsby build with hosted search → public-hosted/', async () =>
  singleResult(await run(process.execPath, [path.join('scripts', 'build-hosted.mjs')])),
);

const build = await step('build', 'gatsby build', async () => singleResult(await run(bin('gatsby'), ['build'])));

if (build.status !== 'passed') {
  notRun('build:incremental', 'build failed');
  notRun('size', 'build failed');
  notRun('e2e', 'build failed');
  notRun('e2e:develop', 'build failed');
} else {
  // Two builds with one MDX edit between them, in a copy of this build: only what depends on the edit is redone.
  await step('build:incremental', 'jest *.build.test.js (the build rebuilt after one MDX edit; a copy of the site cut into a third docs version and built)', () =>
    // One at a time: the incremental check edits the repository's docs, which the version cut copies.
    jest(incrementalJson, ['--runInBand', '--testPathIgnorePatterns', 'node_modules', '--testMatch', '<rootDir>/scripts/__tests__/**/*.build.test.js']),
  );

  // The budgets: first-load JS on the home and docs pages (scripts/lib/size/budgets.mjs), CSS ≤ 20 KB, and no
  // mermaid, search engine or DocSearch modal in any page's first load.
  await step('size', 'node scripts/size.mjs --check', async () =>
    singleResult(await run(process.execPath, [path.join('scripts', 'size.mjs'), '--check'])),
  );

  /** Runs Playwright and reads its JSON report: the counts, flaky tests and errors; each of `missing` fails once. */
  const playwright = async (report, extraEnv, missing = []) => {
    const chromium = await run('bash', [path.join('scripts', 'ensure-chromium.sh')]);
    if (chromium !== 0) return { passed: 0, failed: 1, note: 'chromium is not available (scripts/ensure-chromium.sh failed)' };
    fs.rmSync(report, { force: true });
    const code = await run(bin('playwright'), ['test'], extraEnv);
    const json = readJson(report);
    if (!json) return { passed: 0, failed: 1, note: `no Playwright report (exit code ${code})` };
    const counts = countPlaywright(json);
    const notes = [...missing];
    counts.failed += missing.length;
    if (counts.flaky) notes.push(`${counts.flaky} flaky (passed on retry)`);
    if (counts.errors.length) notes.push(`errors: ${counts.errors.join('; ')}`);
    return reconcile(
      { passed: counts.passed, failed: counts.failed, skipped: counts.skipped, note: notes.join('; ') || undefined },
      code,
    );
  };

  // Without the hosted build or nginx, the other tests still run: the failed build:hosted step already counts, a
  // missing nginx counts here.
  await step('e2e', 'playwright test (production build, on the project server and on nginx)', async () => {
    const nginx = await run('bash', [path.join('scripts', 'ensure-nginx.sh')]);
    return playwright(
      e2eJson,
      { ...(hostedBuild.status === 'passed' ? {} : { STAN_E2E_HOSTED: '0' }), ...(nginx === 0 ? {} : { STAN_E2E_NGINX: '0' }) },
      nginx === 0 ? [] : ['nginx is not available (scripts/ensure-nginx.sh failed): the tests on nginx did not run'],
    );
  });

  // The smoke tests again, against `gatsby develop` in a copy of the site: develop and production run the same
  // router, link and scroll code.
  await step('e2e:develop', 'playwright test against gatsby develop', () =>
    playwright(e2eDevelopJson, { STAN_E2E_DEVELOP: '1' }),
  );
}

const total = totals(steps);
process.stdout.write(`\nSummary\n${formatSummary(steps)}\n\n${finalLine(total)}\n`);
process.exitCode = total.failed > 0 ? 1 : 0;
