#!/usr/bin/env node
// Lighthouse over the production build (run `npm run build` first): each page in the mobile and desktop presets,
// 3 runs each, median scores and lab metrics as a table. A benchmark, not part of `npm test`.
// Usage: node scripts/lighthouse.mjs [--runs 3] [--route /x ...] [--preset mobile|desktop ...] [--out dir] [--root public] [--json] [--check]
//   --check  exit 1 when a median score misses its target (100 for accessibility, best practices and SEO;
//            98 for performance)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { createServer } from './lib/serve.mjs';
import {
  BUSY_BENCHMARK_INDEX,
  TARGETS,
  checkTargets,
  formatSummaryTable,
  lighthouseCliArgs,
  parseLighthouseArgs,
  readRun,
  summarizeRuns,
} from './lib/lighthouse.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'Usage: node scripts/lighthouse.mjs [--runs 3] [--route /x ...] [--preset mobile|desktop ...] [--out dir] [--root public] [--json] [--check]';

let opts;
try {
  opts = parseLighthouseArgs(process.argv.slice(2));
} catch (err) {
  console.error(`lighthouse: ${err.message}\n${usage}`);
  process.exit(2);
}

const root = opts.root ? path.resolve(opts.root) : path.join(repoRoot, 'public');
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`lighthouse: ${path.join(root, 'index.html')} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const chromePath = process.env.CHROME_PATH || CHROMIUM_PATH;
if (!fs.existsSync(chromePath)) {
  console.error(`lighthouse: no Chromium at ${chromePath}: run \`bash scripts/ensure-chromium.sh\` or set CHROME_PATH.`);
  process.exit(1);
}
const outDir = path.resolve(opts.out ?? path.join(repoRoot, 'test-results', 'lighthouse'));
fs.mkdirSync(outDir, { recursive: true });
const cli = path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');

/** One Lighthouse CLI run; resolves to its result (lhr). */
function runLighthouse(url, preset, outputPath) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...lighthouseCliArgs({ url, preset, outputPath })], {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${stderr.trim().split('\n').slice(-5).join('\n')}`));
      try {
        resolve(JSON.parse(fs.readFileSync(outputPath, 'utf8')));
      } catch (err) {
        reject(new Error(`no readable report at ${outputPath}: ${err.message}`));
      }
    });
  });
}

// Our own static server on a free port: the same routing and gzip as `npm run serve`.
const server = await createServer({ root, port: 0 });
const origin = `http://127.0.0.1:${server.address().port}`;
const rows = [];
let failed = false;
try {
  for (const route of opts.routes) {
    for (const preset of opts.presets) {
      const runs = [];
      for (let i = 1; i <= opts.runs; i++) {
        const slug = route === '/' ? 'home' : route.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-');
        const outputPath = path.join(outDir, `${slug}.${preset}.run${i}.json`);
        process.stderr.write(`lighthouse: ${route} ${preset} run ${i}/${opts.runs}… `);
        try {
          runs.push(readRun(await runLighthouse(`${origin}${route}`, preset, outputPath)));
          const s = runs.at(-1).scores;
          process.stderr.write(
            `perf ${s.performance}, a11y ${s.accessibility}, bp ${s['best-practices']}, seo ${s.seo} (CPU index ${Math.round(runs.at(-1).benchmarkIndex ?? 0)})\n`,
          );
        } catch (err) {
          failed = true;
          process.stderr.write(`failed\n${err.message}\n`);
        }
      }
      if (runs.length) rows.push({ route, preset, summary: summarizeRuns(runs) });
    }
  }
} finally {
  server.close();
  server.closeAllConnections?.();
}

const table = formatSummaryTable(rows);
const misses = checkTargets(rows);
const notes = rows
  .filter((r) => r.summary.failing.length)
  .map((r) => `- ${r.route} (${r.preset}): ${r.summary.failing.join(', ')}`);
const summary = [
  `# Lighthouse (median of ${opts.runs} run${opts.runs === 1 ? '' : 's'}, ${new Date().toISOString()})`,
  '',
  table,
  '',
  `Targets: performance ≥ ${TARGETS.mobile.performance}, accessibility, best practices and SEO ${TARGETS.mobile.accessibility}.`,
  `CPU index: Lighthouse's benchmark index (median); runs below ${BUSY_BENCHMARK_INDEX} ran on a busy CPU, where the mobile ` +
    'preset\'s 4× slowdown inflates blocking time: re-run on an idle machine before trusting a performance miss.',
  ...(notes.length ? ['', 'Audits that cost points:', ...notes] : []),
  '',
].join('\n');
fs.writeFileSync(path.join(outDir, 'summary.md'), summary);
fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify({ runs: opts.runs, rows, misses }, null, 2)}\n`);

if (opts.json) console.log(JSON.stringify({ runs: opts.runs, rows, misses }, null, 2));
else console.log(summary);
console.error(`lighthouse: reports in ${path.relative(process.cwd(), outDir) || '.'}/ (summary.md, summary.json, one JSON per run)`);

if (failed) process.exitCode = 1;
if (opts.check && misses.length) {
  for (const m of misses) console.error(`lighthouse: ${m.route} (${m.preset}) ${m.category} ${m.score ?? 'n/a'} < ${m.target}`);
  process.exitCode = 1;
}
