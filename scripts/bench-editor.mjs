#!/usr/bin/env node
/**
 * `npm run bench:editor`: what a content editor waits for, at 17 (this site), 217 and 517 pages. For each size it
 * copies the site into a scratch folder (never touching content/), adds generated pages under
 * content/docs/guides, and measures:
 *   - `gatsby build` cold (no .cache, no public, no .samples-cache) and after a one-line edit of one page: time, peak
 *     memory of all of Gatsby's processes (and of the largest one), and how many page queries and HTML files were
 *     redone; then cold again with the samples' kept answers (.samples-cache) left, as a host that keeps them builds;
 *   - `gatsby develop` started cold and warm until a doc page is served, then the first view of it in Chromium;
 *   - edit → the open page shows it (median of 5), whether the page reloaded and whether it kept its scroll;
 *   - an MDX syntax error and a sample that stops type-checking: how long until the browser and the terminal name
 *     the file and line, and until the page is back once the file is fixed.
 * Prints a Markdown table (and `--json FILE` writes the figures).
 *
 * With --check it also runs Docusaurus 3.8.1 on the same pages after each size (the shared docusaurus-peer.sh), and
 * fails (exit 1) when the cold build, the rebuild or the largest process grew, as a ratio to Docusaurus's, more than
 * 10 % over the ratio recorded in scripts/lib/editor-ratchets.mjs, naming the step; or when an edit takes longer than
 * 0.3 s to reach the page, reloads it, or an error does not go once fixed.
 *
 * Options: --pages 17,217,517   site sizes (17 = the site as it is; with --check, 17 and the sizes with recorded ratios)
 *          --ref REF            benchmark another commit (git archive of REF; same node_modules)
 *          --generator FILE     write the extra pages with FILE N DIR (e.g. ../shared/bench/gen-site-pages.js) instead
 *                               of the built-in generator
 *          --skip build|develop leave one half out
 *          --flag NAME          turn on one of Gatsby's flags (gatsby-config `flags`) in the scratch copies, to
 *                               measure it (e.g. FAST_DEV, DEV_SSR, PARALLEL_SOURCING); repeatable
 *          --port 8400          port of the development server
 *          --keep               keep the scratch folders
 *          --check              run the peer and check the ratchets (the generator defaults to the peer's)
 *          --peer FILE          docusaurus-peer.sh (default: the shared bench folder beside the project)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { checkSitting, currentRatchets } from './lib/editor-ratchets.mjs';
import {
  breakFirstTypedSample,
  buildNodeOptions,
  breakMdxSyntax,
  formatTable,
  generatedPage,
  groupMemory,
  insertBeforeFirstSection,
  median,
  parseGatsbyLog,
  parseProcStat,
  plainLog,
  stepRunningAt,
} from './lib/editor-bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(ROOT, 'package.json'))('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const check = args.includes('--check');
// The check's sizes: the site as it is (where the edit loop matters most) and every size with recorded ratios.
const sizes = option('pages', check ? ['17', ...Object.keys(currentRatchets())].join(',') : '17,217,517').split(',').map(Number);
const ref = option('ref', null);
/** The shared benchmarks beside the project (../shared/bench from the main checkout, or from a worktree's parent). */
const sharedBench = [path.join(ROOT, '../shared/bench'), path.join(ROOT, '../../shared/bench')].find((dir) => fs.existsSync(dir)) ?? null;
const peerScript = option('peer', sharedBench && path.join(sharedBench, 'docusaurus-peer.sh'));
// The ratios compare like with like: with --check, the pages are the ones the peer is given.
const generator = option('generator', check && sharedBench ? path.join(sharedBench, 'gen-site-pages.js') : null);
if (check && !(peerScript && fs.existsSync(peerScript))) {
  process.stderr.write('bench:editor: --check runs Docusaurus beside the site: pass --peer path/to/docusaurus-peer.sh\n');
  process.exit(2);
}
const skip = new Set(args.flatMap((a, i) => (a === '--skip' ? [args[i + 1]] : [])));
const flags = args.flatMap((a, i) => (a === '--flag' ? [args[i + 1]] : []));
const port = Number(option('port', '8400'));
const jsonOut = option('json', null);
const keep = args.includes('--keep');
const REAL_PAGES = 17;
/** The page every edit touches: a real guide with compiled samples. */
const EDITED_DOC = { file: 'content/docs/guides/caching.mdx', route: '/docs/guides/caching' };
const TYPED_DOC = { file: 'content/docs/api/atom.mdx', route: '/docs/api/atom' };
const PAGE_SIZE = 4096;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => process.stderr.write(`bench:editor: ${message}\n`);

/** A scratch copy of the site (the working tree, or `ref`) with `extra` generated pages. */
function prepareSite(extra) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `stan-editor-bench-${extra + REAL_PAGES}-`));
  if (ref) {
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
  } else {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    for (const file of files) {
      const from = path.join(ROOT, file);
      if (!fs.existsSync(from)) continue;
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(from, path.join(dir, file));
    }
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  if (flags.length > 0) {
    const config = path.join(dir, 'gatsby-config.ts');
    const text = fs.readFileSync(config, 'utf8');
    const flagged = text.replace("trailingSlash: 'never',", `trailingSlash: 'never',\n  flags: { ${flags.map((f) => `${f}: true`).join(', ')} },`);
    if (flagged === text) throw new Error('gatsby-config.ts has no "trailingSlash: \'never\'," line to add flags after');
    fs.writeFileSync(config, flagged);
  }
  const target = path.join(dir, 'content/docs/guides');
  if (extra > 0 && generator) {
    execFileSync(process.execPath, [path.resolve(generator), String(extra), target], { stdio: 'ignore' });
  } else {
    for (let n = 1; n <= extra; n++) fs.writeFileSync(path.join(target, `gen-${n}.mdx`), generatedPage(n));
  }
  return dir;
}

/**
 * Samples the memory of a process group every 200 ms; returns a stop() giving the peaks in bytes, and for the
 * largest process's peak which process it was (`main`: the one started, else its command line) and, through
 * `at()`, where the caller was (for a build: how much log it had printed).
 */
function sampleMemory(pgrp, at = () => null) {
  const peak = { total: 0, largest: 0, largestProcess: null, largestAt: null };
  const read = () => {
    const stats = [];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        stats.push(parseProcStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8')));
      } catch {
        // the process ended while we read
      }
    }
    const now = groupMemory(stats, pgrp, PAGE_SIZE);
    peak.total = Math.max(peak.total, now.total);
    if (now.largest > peak.largest) {
      peak.largest = now.largest;
      peak.largestAt = at();
      try {
        peak.largestProcess = now.largestPid === pgrp ? 'main' : fs.readFileSync(`/proc/${now.largestPid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        peak.largestProcess = null;
      }
    }
  };
  const timer = setInterval(read, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', BROWSER: 'none' };
// Builds run with the heap limit `npm run build` sets, as an editor's do.
const buildEnv = { ...env };
const heapOptions = buildNodeOptions(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.build);
if (heapOptions) buildEnv.NODE_OPTIONS = [heapOptions, process.env.NODE_OPTIONS].filter(Boolean).join(' ');
// An editor's machine is not a CI machine: with CI set, gatsby develop runs every page query at start instead of
// each page's when it is first viewed.
const developEnv = { ...env };
delete developEnv.CI;
const gatsbyBin = (dir) => path.join(dir, 'node_modules/.bin/gatsby');

/** Runs `gatsby build` in `dir`: wall time, peak memory and what its log says it redid. */
async function build(dir) {
  const started = Date.now();
  const child = spawn(gatsbyBin(dir), ['build'], { cwd: dir, env: buildEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = sampleMemory(child.pid, () => output.length);
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const { largestAt, ...peak } = stop();
  // Which of Gatsby's steps was running when the largest process peaked.
  peak.largestStep = largestAt === null ? null : stepRunningAt(output, largestAt);
  if (code !== 0) {
    log(plainLog(output).split('\n').slice(-30).join('\n'));
    throw new Error(`gatsby build failed in ${dir} (exit ${code})`);
  }
  const parsed = parseGatsbyLog(output);
  return { ms: Date.now() - started, peak, queries: parsed.queries, html: parsed.html, steps: parsed.steps };
}

/** Starts `gatsby develop` and waits until `route` answers 200; the log goes to `logFile`. */
async function startDevelop(dir, route, logFile) {
  const started = Date.now();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(gatsbyBin(dir), ['develop', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: dir,
    env: developEnv,
    detached: true,
    stdio: ['ignore', out, out],
  });
  for (;;) {
    await sleep(100);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${route}`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`gatsby develop exited (${child.exitCode}); see ${logFile}`);
    if (Date.now() - started > 600_000) throw new Error(`gatsby develop not ready in 600 s; see ${logFile}`);
  }
  return { child, ms: Date.now() - started };
}

async function stopDevelop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Waits until `test()` holds (polled every 25 ms); returns the ms it took or null after `timeout`. */
async function until(test, timeout = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if (await test()) return Date.now() - started;
    await sleep(25);
  }
  return null;
}

const logSize = (file) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
const logSince = (file, offset) => plainLog(fs.readFileSync(file, 'utf8').slice(offset));

/**
 * Writes a broken version of the page, waits until the browser and the terminal name `file:line`, then restores
 * the file and waits until the page shows its title again with no error.
 */
async function errorRoundTrip(page, dir, logFile, doc, breakSource) {
  const file = path.join(dir, doc.file);
  const original = fs.readFileSync(file, 'utf8');
  const { source, line } = breakSource(original);
  const name = path.basename(doc.file).replace('.', '\\.');
  const located = new RegExp(`${name}:${line ?? '\\d+'}\\b`);
  const offset = logSize(logFile);
  const started = Date.now();
  fs.writeFileSync(file, source);
  const seen = { browser: false, terminal: false };
  await until(async () => {
    seen.terminal ||= located.test(logSince(logFile, offset));
    seen.browser ||= (await page.locator(`text=${located}`).count()) > 0;
    return seen.browser && seen.terminal;
  }, 60_000);
  const shownMs = Date.now() - started;
  const restored = Date.now();
  fs.writeFileSync(file, original);
  const back = await until(async () => (await page.locator(`text=${located}`).count()) === 0 && (await page.locator('article h1').count()) > 0);
  // What kept the page from coming back, for the report.
  const stuck =
    back === null
      ? `still showing: ${(await page.locator(`text=${located}`).allTextContents()).join(' | ').slice(0, 300)}; h1: ${await page.locator('article h1').count()}`
      : undefined;
  return {
    stuck,
    shown: seen.browser || seen.terminal,
    browser: seen.browser,
    terminal: seen.terminal,
    shownMs: seen.browser || seen.terminal ? shownMs : null,
    backMs: back === null ? null : Date.now() - restored,
  };
}

async function developFigures(dir) {
  const logFile = path.join(dir, 'develop.log');
  const url = (route) => `http://127.0.0.1:${port}${route}`;
  fs.rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'public'), { recursive: true, force: true });
  const cold = await startDevelop(dir, EDITED_DOC.route, logFile);
  await stopDevelop(cold.child);
  const warm = await startDevelop(dir, EDITED_DOC.route, logFile);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const figures = { coldMs: cold.ms, warmMs: warm.ms };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const viewStarted = Date.now();
    await page.goto(url(EDITED_DOC.route));
    await page.locator('article h1').first().waitFor({ timeout: 120_000 });
    await page.locator('article h2').first().waitFor({ timeout: 120_000 });
    figures.firstViewMs = Date.now() - viewStarted;
    await sleep(2000);
    const file = path.join(dir, EDITED_DOC.file);
    const original = fs.readFileSync(file, 'utf8');
    figures.editMs = [];
    figures.reloads = 0;
    figures.scrollKept = true;
    await page.evaluate(() => {
      window.__editorBench = true;
    });
    for (let i = 0; i < 5; i++) {
      await page.evaluate(() => window.scrollTo(0, 600));
      await sleep(300);
      const before = await page.evaluate(() => window.scrollY);
      const marker = `Edited for the benchmark, take ${i + 1} (${Date.now()}).`;
      const started = Date.now();
      fs.writeFileSync(file, insertBeforeFirstSection(original, marker));
      const ms = await until(async () => (await page.getByText(marker).count()) > 0, 30_000);
      figures.editMs.push(ms === null ? 30_000 : Date.now() - started);
      if (!(await page.evaluate(() => window.__editorBench === true))) {
        figures.reloads += 1;
        await page.evaluate(() => {
          window.__editorBench = true;
        });
      }
      const after = await page.evaluate(() => window.scrollY);
      if (after < before - 5) figures.scrollKept = false;
      await sleep(1500);
    }
    fs.writeFileSync(file, original);
    await sleep(2000);
    figures.syntaxError = await errorRoundTrip(page, dir, logFile, EDITED_DOC, breakMdxSyntax);
    await page.goto(url(TYPED_DOC.route));
    await page.locator('article h1').first().waitFor({ timeout: 120_000 });
    await sleep(1500);
    figures.typeError = await errorRoundTrip(page, dir, logFile, TYPED_DOC, breakFirstTypedSample);
  } finally {
    await browser.close();
    await stopDevelop(warm.child);
  }
  return figures;
}

/** Docusaurus 3.8.1 on the same generated pages, now (docusaurus-peer.sh prints one JSON line last). */
function runPeer(pages) {
  const output = execFileSync('bash', [peerScript, String(Math.max(0, pages - REAL_PAGES))], {
    cwd: ROOT,
    env: { ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  }).toString('utf8');
  return JSON.parse(output.trim().split('\n').at(-1));
}

const sittingStarted = Date.now();
const rows = [];
for (const pages of sizes) {
  const extra = Math.max(0, pages - REAL_PAGES);
  const dir = prepareSite(extra);
  log(`${pages} pages in ${dir}${ref ? ` (${ref})` : ''}`);
  const row = { pages };
  try {
    if (!skip.has('build')) {
      row.cold = await build(dir);
      row.pageData = fs.statSync(path.join(dir, 'public/page-data/docs/api/atom/page-data.json')).size;
      log(`  cold build ${(row.cold.ms / 1000).toFixed(1)} s`);
      const file = path.join(dir, EDITED_DOC.file);
      fs.writeFileSync(file, insertBeforeFirstSection(fs.readFileSync(file, 'utf8'), 'Edited for the benchmark.'));
      row.rebuild = await build(dir);
      log(`  rebuild ${(row.rebuild.ms / 1000).toFixed(1)} s`);
      // Cold again, with the samples' answers a host may keep between builds (.samples-cache/) left in place.
      for (const folder of ['.cache', 'public']) fs.rmSync(path.join(dir, folder), { recursive: true, force: true });
      row.coldKept = await build(dir);
      log(`  cold build with the samples' answers kept ${(row.coldKept.ms / 1000).toFixed(1)} s`);
    }
    if (!skip.has('develop')) {
      row.dev = await developFigures(dir);
      log(`  develop cold ${(row.dev.coldMs / 1000).toFixed(1)} s, warm ${(row.dev.warmMs / 1000).toFixed(1)} s, edit ${median(row.dev.editMs)} ms`);
    }
  } catch (error) {
    row.error = String(error.message ?? error);
    log(`  ${row.error}`);
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (check) {
    try {
      log(`  Docusaurus 3.8.1 at ${pages} pages`);
      row.peer = runPeer(pages);
      log(`  Docusaurus cold build ${row.peer.cold.s} s, rebuild ${row.peer.rebuild.s} s, dev warm ${((row.peer.dev?.readyMs?.at(-1) ?? NaN) / 1000).toFixed(1)} s`);
    } catch (error) {
      row.peerError = String(error.message ?? error);
      log(`  Docusaurus: ${row.peerError}`);
    }
  }
  rows.push(row);
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
console.log(`${ref ? `${ref}: ` : ''}${flags.length ? `flags ${flags.join(', ')}: ` : ''}${machine}\n\n${formatTable(rows)}`);
for (const row of rows) if (row.error) console.log(`\n${row.pages} pages: ${row.error}`);
for (const row of rows) {
  for (const kind of ['syntaxError', 'typeError']) if (row.dev?.[kind]?.stuck) console.log(`\n${row.pages} pages, ${kind}: ${row.dev[kind].stuck}`);
}
const sittingMinutes = (Date.now() - sittingStarted) / 60_000;
let failures = [];
if (check) {
  const result = checkSitting(rows, { medianOf: median, develop: !skip.has('develop') });
  failures = result.failures;
  console.log(`\nRatchets (scripts/lib/editor-ratchets.mjs):\n${result.lines.map((line) => `- ${line}`).join('\n')}`);
  console.log(failures.length === 0 ? '\nCheck passed.' : `\nCheck failed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
}
console.log(`\nThe sitting took ${sittingMinutes.toFixed(1)} min.`);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ machine, ref, minutes: sittingMinutes, rows, failures }, null, 2));
if (failures.length > 0) process.exitCode = 1;
