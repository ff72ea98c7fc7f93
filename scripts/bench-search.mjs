#!/usr/bin/env node
/**
 * `npm run bench:search`: index size (raw, gzip), load time and per-keystroke latency p50/p95 in Node, over this
 * site's index and over generated sites of 100, 500 and 2,000 pages; with `--browser`, the time from the shortcut
 * to rendered hits in the modal, cold (nothing loaded: median of 10 fresh pages) and warm, against the production
 * build in public/ (or `--public DIR`), after the page has settled (`--no-settle`: as soon as the button is
 * hydrated). Run `npm run build` first for the browser part.
 */
import path from 'path';
import zlib from 'zlib';
import { fileURLToPath } from 'url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { parseCliArgs } from './lib/cli.mjs';
import { requireTs } from './lib/search-ts.mjs';
import { generateCorpus, percentile, timeQueries, typingQueries } from './lib/search-bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ts = (p) => requireTs(import.meta.url, path.join(ROOT, p));
const { buildSearchIndex, loadSearchIndex } = ts('src/search/engine/index.ts');
const { answer } = ts('src/search/local-client.ts');
const { siteSearchRecords } = ts('src/node/search-site.ts');
const siteConfig = ts('site.config.ts').default;

const QUERIES = [
  'atom', 'selectorFamily', 'makeStore', 'DEFAULT_STORE', 'useStanValue', 'StanProvider', 'refresh', 'reset',
  'derived state', 'cache policy lru', 'server side rendering', 'hydration', 'error boundary', 'type inference',
  'selecter', 'atomFamly', 'instalation', 'how to persist an atom to localStorage', 'one store per request',
  'retry after an error', 'abort signal', 'next.js app router', 'todo list example', 'invalidat', 'what is stan',
  'memory leak', 'WritableState', 'serializing parameters',
];

/** Generated sites for the scale table, in pages. */
const SCALE = [100, 500, 2000];
const COLD_RUNS = 10;

const REQUEST = {
  indexName: 'bench',
  attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(2)} ms`;

/** Wraps `index.mini.search` to sum the time spent in MiniSearch itself (scoring, combining, sorting). */
function meterMiniSearch(index) {
  const search = index.mini.search.bind(index.mini);
  const meter = { ms: 0 };
  index.mini.search = (...args) => {
    const started = performance.now();
    try {
      return search(...args);
    } finally {
      meter.ms += performance.now() - started;
    }
  };
  return meter;
}

function measureIndex(label, records) {
  let started = performance.now();
  const json = buildSearchIndex(records);
  const buildMs = performance.now() - started;
  // Loading is on the path to the first hits: the median of three loads of the file's text.
  const loads = [0, 1, 2].map(() => {
    started = performance.now();
    loadSearchIndex(json);
    return performance.now() - started;
  });
  const index = loadSearchIndex(json);
  const queries = typingQueries(QUERIES);
  const meter = meterMiniSearch(index);
  const inMiniSearch = [];
  const times = timeQueries(queries, (query) => {
    const before = meter.ms;
    answer(index, { ...REQUEST, query });
    inMiniSearch.push(meter.ms - before);
  });
  // timeQueries runs the warm-up queries first: keep the timed runs only.
  const mini = inMiniSearch.slice(-times.length);
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return {
    label,
    pages: new Set(records.map((r) => r.url_without_anchor)).size,
    records: records.length,
    raw: Buffer.byteLength(json),
    gzip: zlib.gzipSync(json).length,
    buildMs,
    loadMs: percentile(loads, 50),
    queries: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    miniShare: sum(mini) / sum(times),
  };
}

function printIndex(m) {
  console.log(
    `${m.label}: ${m.pages} pages, ${m.records} records; index ${kb(m.raw)} raw, ${kb(m.gzip)} gzip; ` +
      `built in ${m.buildMs.toFixed(0)} ms, loaded in ${ms(m.loadMs)}\n` +
      `  per keystroke over ${m.queries} typed prefixes: p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, max ${ms(m.max)} ` +
      `(${(100 * m.miniShare).toFixed(0)}% of it in MiniSearch's own search())`,
  );
}

/** The scale table the README quotes. */
function printScale(rows) {
  console.log('\n| pages | records | index gzip | load | keystroke p50 | keystroke p95 |\n| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const m of rows) {
    console.log(`| ${m.pages.toLocaleString('en')} | ${m.records.toLocaleString('en')} | ${kb(m.gzip)} | ${ms(m.loadMs)} | ${ms(m.p50)} | ${ms(m.p95)} |`);
  }
}

async function browserFirstHits({ settle, publicDir }) {
  const { chromium } = await import('@playwright/test');
  const { createServer } = await import('./lib/serve.mjs');
  const server = await createServer({ root: publicDir, port: 0 });
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  // A run that never renders hits must fail the benchmark, not hang it.
  const guard = setTimeout(() => {
    console.error('bench:search: no hits rendered within 60 s');
    process.exit(1);
  }, 60_000);
  try {
    const runs = { cold: [], warm: [], indexRequests: [] };
    for (let i = 0; i < COLD_RUNS; i++) {
      const page = await browser.newPage();
      let indexRequests = 0;
      // Requests of the page and of its worker alike.
      page.on('request', (request) => {
        if (/search-index\.json/.test(request.url())) indexRequests++;
      });
      // The page has settled (hydrated, its own islands and analytics loaded) before the reader presses the
      // shortcut, so the figure is search's own cold path, not the page's start-up competing with it.
      // `--no-settle` presses it as soon as the button is hydrated instead.
      await page.goto(`${base}/docs/api/atom`, { waitUntil: settle ? 'networkidle' : 'load' });
      // Keys pressed before React hydrates the button reach no listener.
      await page.waitForFunction(() => {
        const button = document.querySelector('[data-search-button]');
        return button !== null && Object.keys(button).some((key) => key.startsWith('__reactFiber'));
      });
      // First keystroke: the shortcut, with the modal code and the index not loaded yet.
      const cold = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector('.DocSearch-Hit')) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
            const type = () => {
              const input = document.querySelector('.DocSearch-Input');
              if (!input) return void requestAnimationFrame(type);
              const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
              setter.call(input, 'store');
              input.dispatchEvent(new Event('input', { bubbles: true }));
            };
            type();
          }),
      );
      await page.waitForSelector('.DocSearch-Hit');
      const warm = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const input = document.querySelector('.DocSearch-Input');
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if ([...document.querySelectorAll('.DocSearch-Hit-title')].some((t) => /atom family/i.test(t.textContent ?? ''))) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
            setter.call(input, 'atomFamily');
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }),
      );
      runs.cold.push(cold);
      runs.warm.push(warm);
      runs.indexRequests.push(indexRequests);
      await page.close();
    }
    return runs;
  } finally {
    clearTimeout(guard);
    await browser.close();
    server.close();
  }
}

async function main() {
  const args = parseCliArgs(process.argv.slice(2), {
    browser: { type: 'boolean' },
    'no-settle': { type: 'boolean' },
    public: { type: 'string' },
  });
  const withBrowser = args.browser ?? false;
  const site = await siteSearchRecords(ROOT, siteConfig);
  const siteMetrics = measureIndex('this site', site);
  printIndex(siteMetrics);
  const scale = SCALE.map((pages) => measureIndex(`generated, ${pages} pages`, generateCorpus(site, { pages })));
  scale.forEach(printIndex);
  printScale([siteMetrics, ...scale]);
  if (withBrowser) {
    const settle = !args['no-settle'];
    const publicDir = path.resolve(args.public ?? path.join(ROOT, 'public'));
    const runs = await browserFirstHits({ settle, publicDir });
    const cold = percentile(runs.cold, 50);
    console.log(
      `\nfirst hits after the shortcut (${COLD_RUNS} fresh pages, loopback, ${settle ? 'page settled' : 'right after hydration'}): ` +
        `cold median ${ms(cold)} (min ${ms(Math.min(...runs.cold))}, max ${ms(Math.max(...runs.cold))}); ` +
        `warm median ${ms(percentile(runs.warm, 50))}; index downloads per page: ${[...new Set(runs.indexRequests)].join(', ')}; ` +
        `target cold median ≤ 150 ms: ${cold <= 150 ? 'ok' : 'OVER'}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
