/** @jest-environment node */
import {
  CATEGORIES,
  CHROME_FLAGS,
  DEFAULT_LH_ROUTES,
  TARGETS,
  BUSY_BENCHMARK_INDEX,
  checkTargets,
  formatSummaryTable,
  lighthouseCliArgs,
  median,
  parseLighthouseArgs,
  readRun,
  summarizeRuns,
} from '../lib/lighthouse.mjs';

/** A Lighthouse result (lhr) shaped like the CLI's JSON output, reduced to what the summary reads. */
function lhr({ perf = 1, a11y = 1, bp = 1, seo = 1, lcp = 1200, cls = 0, failing = [], bi = 2000 } = {}) {
  const audits = {
    'first-contentful-paint': { numericValue: 800 },
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: 20 },
    'cumulative-layout-shift': { numericValue: cls },
    'speed-index': { numericValue: 900 },
    'color-contrast': { score: failing.includes('color-contrast') ? 0 : 1 },
    'meta-description': { score: 1 },
    'image-alt': { score: null },
  };
  return {
    environment: { benchmarkIndex: bi },
    categories: {
      performance: { score: perf, auditRefs: [] },
      accessibility: {
        score: a11y,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
        ],
      },
      'best-practices': { score: bp, auditRefs: [] },
      seo: { score: seo, auditRefs: [{ id: 'meta-description', weight: 1 }] },
    },
    audits,
  };
}

test('parseLighthouseArgs: defaults are the four pages of the issue, both presets, 3 runs', () => {
  expect(parseLighthouseArgs([])).toEqual({
    runs: 3,
    routes: DEFAULT_LH_ROUTES,
    presets: ['mobile', 'desktop'],
    out: null,
    root: null,
    json: false,
    check: false,
  });
  expect(parseLighthouseArgs(['--runs=5', '--route', 'docs', '--preset', 'desktop', '--out', 'x', '--root=/tmp/p', '--json', '--check'])).toEqual({
    runs: 5,
    routes: ['/docs'],
    presets: ['desktop'],
    out: 'x',
    root: '/tmp/p',
    json: true,
    check: true,
  });
  expect(() => parseLighthouseArgs(['--runs', '0'])).toThrow(/whole number from 1 to 15/);
  expect(() => parseLighthouseArgs(['--preset', 'tablet'])).toThrow(/mobile, desktop/);
  expect(() => parseLighthouseArgs(['--route'])).toThrow(/needs a value/);
  expect(() => parseLighthouseArgs(['--fast'])).toThrow(/unknown argument/);
});

test('lighthouseCliArgs: JSON output, the four categories, headless sandbox-free Chromium without background traffic', () => {
  const mobile = lighthouseCliArgs({ url: 'http://127.0.0.1:1/docs', preset: 'mobile', outputPath: '/tmp/x.json' });
  expect(mobile[0]).toBe('http://127.0.0.1:1/docs');
  expect(mobile).toContain('--output=json');
  expect(mobile).toContain('--output-path=/tmp/x.json');
  expect(mobile).toContain('--only-categories=performance,accessibility,best-practices,seo');
  expect(mobile.some((a) => a.startsWith('--preset'))).toBe(false);
  const flags = mobile.find((a) => a.startsWith('--chrome-flags=')).slice('--chrome-flags='.length).split(' ');
  expect(flags).toEqual(CHROME_FLAGS);
  expect(flags).toEqual(
    expect.arrayContaining(['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']),
  );
  expect(lighthouseCliArgs({ url: 'u', preset: 'desktop', outputPath: 'o' })).toContain('--preset=desktop');
});

test('median', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([null, 5, undefined])).toBe(5);
  expect(median([])).toBeNull();
});

test('readRun: scores as 0–100, metrics, and the weighted audits that cost points', () => {
  const run = readRun(lhr({ perf: 0.974, a11y: 0.95, failing: ['color-contrast'] }));
  expect(run.scores).toEqual({ performance: 97, accessibility: 95, 'best-practices': 100, seo: 100 });
  expect(run.metrics['largest-contentful-paint']).toBe(1200);
  expect(run.metrics['cumulative-layout-shift']).toBe(0);
  expect(run.failing).toEqual(['accessibility: color-contrast']);
  expect(() => readRun({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } })).toThrow(/NO_FCP/);
  expect(readRun({ categories: {}, audits: {} }).scores.seo).toBeNull();
});

test('summarizeRuns takes the median of every score and metric', () => {
  const summary = summarizeRuns([lhr({ perf: 0.9, lcp: 3000 }), lhr({ perf: 1, lcp: 1000 }), lhr({ perf: 0.99, lcp: 2000 })].map(readRun));
  expect(summary.runs).toBe(3);
  expect(summary.scores.performance).toBe(99);
  expect(summary.metrics['largest-contentful-paint']).toBe(2000);
  expect(summary.failing).toEqual([]);
  expect(summary.benchmarkIndex).toBe(2000);
  expect(summary.busyRuns).toBe(0);
});

test('runs on a busy CPU (low benchmark index) are counted and shown', () => {
  // The line is the benchmark index itself: a run just under it is busy, a run at it is not.
  const edge = summarizeRuns([lhr({ bi: BUSY_BENCHMARK_INDEX - 1 }), lhr({ bi: BUSY_BENCHMARK_INDEX })].map(readRun));
  expect(edge.busyRuns).toBe(1);
  const summary = summarizeRuns([lhr({ bi: 600 }), lhr({ bi: 2500 }), lhr({ bi: 700 })].map(readRun));
  expect(summary.benchmarkIndex).toBe(700);
  expect(summary.busyRuns).toBe(2);
  const table = formatSummaryTable([{ route: '/', preset: 'mobile', summary }]).split('\n');
  expect(table[2]).toContain('| 700 | 3 (2 on a busy CPU) | met |');
});

describe('targets and table', () => {
  const rows = [
    { route: '/', preset: 'mobile', summary: summarizeRuns([readRun(lhr({ perf: 0.97 }))]) },
    { route: '/docs', preset: 'desktop', summary: summarizeRuns([readRun(lhr({ seo: 0.92, cls: 0.0123 }))]) },
    { route: '/search', preset: 'mobile', summary: summarizeRuns([readRun(lhr())]) },
  ];

  test('targets: 100 for accessibility, best practices and SEO; performance at least 98', () => {
    // A score at its target passes and one point under it fails, in both presets.
    for (const preset of ['mobile', 'desktop']) {
      const at = Object.fromEntries(CATEGORIES.map((c) => [c, TARGETS[preset][c]]));
      const row = (scores) => ({ route: '/', preset, summary: { scores } });
      expect(checkTargets([row(at)])).toEqual([]);
      for (const category of CATEGORIES) {
        const misses = checkTargets([row({ ...at, [category]: at[category] - 1 })]);
        expect(misses.map((m) => m.category)).toEqual([category]);
      }
    }
    expect(checkTargets(rows)).toEqual([
      { route: '/', preset: 'mobile', category: 'performance', score: 97, target: 98 },
      { route: '/docs', preset: 'desktop', category: 'seo', score: 92, target: 100 },
    ]);
  });

  test('the summary table has a row per page and preset, with scores, metrics and the verdict', () => {
    const table = formatSummaryTable(rows).split('\n');
    expect(table[0]).toBe('| Page | Preset | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | SI | CPU index | Runs | Targets |');
    expect(table).toHaveLength(2 + rows.length);
    expect(table[2]).toBe('| / | mobile | 97 | 100 | 100 | 100 | 800 ms | 1.20 s | 20 ms | 0.000 | 900 ms | 2000 | 1 | missed: performance |');
    expect(table[3]).toContain('| 0.012 |');
    expect(table[3]).toMatch(/missed: seo \|$/);
    expect(table[4]).toMatch(/\| met \|$/);
    expect(CATEGORIES).toHaveLength(4);
  });
});
