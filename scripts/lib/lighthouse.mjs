// Testable parts of scripts/lighthouse.mjs: arguments, the Lighthouse CLI command line, medians, targets, table.
import { CHROMIUM_ARGS } from './chromium.mjs';
import { parseCliArgs } from './cli.mjs';

export const DEFAULT_LH_ROUTES = ['/', '/docs', '/docs/api/atom', '/search'];
export const PRESETS = ['mobile', 'desktop'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const DEFAULT_RUNS = 3;

/**
 * The shared flags in the new headless mode, without /dev/shm (small in containers), and some of chrome-launcher's
 * own defaults.
 */
export const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--disable-dev-shm-usage',
  '--disable-default-apps',
  '--disable-extensions',
  '--metrics-recording-only',
];

/** Scores (0–100) each category must reach per preset. */
export const TARGETS = {
  mobile: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  desktop: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
};

/** Lab metrics shown beside the scores: audit id → column title and unit. */
export const METRICS = [
  { id: 'first-contentful-paint', title: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', title: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', title: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', title: 'CLS', unit: '' },
  { id: 'speed-index', title: 'SI', unit: 'ms' },
];

/**
 * --runs N, --route /x (repeatable), --preset mobile|desktop (repeatable), --out dir, --root dir (default
 * public/), --json, --check
 * @param {string[]} argv
 */
export function parseLighthouseArgs(argv) {
  const values = parseCliArgs(argv, {
    runs: { type: 'string' },
    route: { type: 'string', multiple: true },
    preset: { type: 'string', multiple: true },
    out: { type: 'string' },
    root: { type: 'string' },
    json: { type: 'boolean' },
    check: { type: 'boolean' },
  });
  for (const name of ['runs', 'route', 'preset', 'out', 'root']) {
    if ([values[name]].flat().includes('')) throw new Error(`--${name} needs a value`);
  }
  const runs = values.runs === undefined ? DEFAULT_RUNS : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error(`--runs must be a whole number from 1 to 15, not ${values.runs}`);
  const presets = values.preset ?? [...PRESETS];
  const unknown = presets.find((preset) => !PRESETS.includes(preset));
  if (unknown !== undefined) throw new Error(`--preset must be one of ${PRESETS.join(', ')}, not ${unknown}`);
  return {
    runs,
    routes: values.route?.map((route) => (route.startsWith('/') ? route : `/${route}`)) ?? [...DEFAULT_LH_ROUTES],
    presets,
    out: values.out ?? null,
    root: values.root ?? null,
    json: values.json ?? false,
    check: values.check ?? false,
  };
}

/** Arguments for the lighthouse CLI for one run. */
export function lighthouseCliArgs({ url, preset, outputPath }) {
  const args = [
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--quiet',
  ];
  // Mobile is Lighthouse's default (Moto G Power, slow 4G, 4× CPU slowdown, simulated).
  if (preset === 'desktop') args.push('--preset=desktop');
  return args;
}

/** Median of numbers (the middle one; the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Scores (0–100) and metric values of one Lighthouse result (lhr). */
export function readRun(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores = {};
  for (const id of CATEGORIES) {
    const score = lhr.categories?.[id]?.score;
    scores[id] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const metrics = {};
  for (const { id } of METRICS) {
    const value = lhr.audits?.[id]?.numericValue;
    metrics[id] = typeof value === 'number' ? value : null;
  }
  // Audits that cost points, so a miss can be explained without opening the report.
  const failing = [];
  for (const id of CATEGORIES) {
    if (id === 'performance') continue;
    for (const ref of lhr.categories?.[id]?.auditRefs ?? []) {
      const audit = lhr.audits?.[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) failing.push(`${id}: ${ref.id}`);
    }
  }
  const benchmarkIndex = typeof lhr.environment?.benchmarkIndex === 'number' ? lhr.environment.benchmarkIndex : null;
  return { scores, metrics, failing, benchmarkIndex };
}

/**
 * Below this benchmark index (Lighthouse's measure of how fast the CPU ran during the run), the 4× slowdown of
 * the mobile preset lands on an already busy machine and blocking time is inflated: such runs are flagged.
 */
export const BUSY_BENCHMARK_INDEX = 1000;

/** Median of each score and metric over the runs of one page and preset. */
export function summarizeRuns(runs) {
  const scores = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((r) => r.scores[id]));
  const metrics = {};
  for (const { id } of METRICS) metrics[id] = median(runs.map((r) => r.metrics[id]));
  const failing = [...new Set(runs.flatMap((r) => r.failing))].sort();
  const benchmarkIndex = median(runs.map((r) => r.benchmarkIndex));
  const busyRuns = runs.filter((r) => typeof r.benchmarkIndex === 'number' && r.benchmarkIndex < BUSY_BENCHMARK_INDEX).length;
  return { runs: runs.length, scores, metrics, failing, benchmarkIndex, busyRuns };
}

/** Targets missed: [{ route, preset, category, score, target }] */
export function checkTargets(rows, targets = TARGETS) {
  const misses = [];
  for (const row of rows) {
    for (const [category, target] of Object.entries(targets[row.preset] ?? {})) {
      const score = row.summary.scores[category];
      if (score === null || score < target) misses.push({ route: row.route, preset: row.preset, category, score, target });
    }
  }
  return misses;
}

const formatMetric = (value, unit) => {
  if (value === null) return '-';
  if (unit === 'ms') return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
  return value.toFixed(3);
};

/** The summary as a Markdown table (one row per page and preset). */
export function formatSummaryTable(rows, targets = TARGETS) {
  const header = ['Page', 'Preset', 'Perf', 'A11y', 'Best pr.', 'SEO', ...METRICS.map((m) => m.title), 'CPU index', 'Runs', 'Targets'];
  const lines = [header, header.map(() => '---')];
  for (const row of rows) {
    const { scores, metrics } = row.summary;
    const missed = checkTargets([row], targets).map((m) => m.category);
    lines.push([
      row.route,
      row.preset,
      ...CATEGORIES.map((c) => (scores[c] === null ? '-' : String(scores[c]))),
      ...METRICS.map((m) => formatMetric(metrics[m.id], m.unit)),
      row.summary.benchmarkIndex == null ? '-' : String(Math.round(row.summary.benchmarkIndex)),
      row.summary.busyRuns ? `${row.summary.runs} (${row.summary.busyRuns} on a busy CPU)` : String(row.summary.runs),
      missed.length ? `missed: ${missed.join(', ')}` : 'met',
    ]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
