#!/usr/bin/env node
// Bundle sizes of the production build in public/ (run `npm run build` first).
// Usage: node scripts/size.mjs [--route /docs/api/atom ...] [--json] [--check] [--modules]
//   --modules  also list what each page's first-load JS is made of (raw bytes per package/folder, from source maps)
//   --check  exit 1 when first-load JS (gzip) of the home or a docs page is over budget, when any page's
//            first-load CSS is over budget, or when any page ships mermaid, the search engine or the DocSearch
//            modal in its first load (every page in public/ is checked, not only the ones in the table)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ROUTES, parseSizeArgs } from './lib/size/args.mjs';
import {
  CSS_BUDGET_BYTES,
  FORBIDDEN_MODULES,
  JS_BUDGETS_KB,
  RECEIVED_BUDGETS_KB,
  checkBudgets,
  checkReceived,
} from './lib/size/budgets.mjs';
import { allPageRoutes, measurePage, measurePublic, pageModuleGroups } from './lib/size/measure.mjs';
import { describeJsBudgets, formatKB, formatModuleGroups, formatReceived, formatReport, formatViolation } from './lib/size/report.mjs';
import { canMeasureReceived, measureReceived } from './lib/received.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let opts;
try {
  opts = parseSizeArgs(process.argv.slice(2));
} catch (err) {
  console.error(`size: ${err.message}\nUsage: node scripts/size.mjs [--route /x ...] [--json] [--check] [--modules]`);
  process.exit(2);
}

const root = opts.root ? path.resolve(opts.root) : path.join(repoRoot, 'public');
if (!fs.existsSync(root)) {
  console.error(`size: ${path.relative(process.cwd(), root) || root}/ does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

const explicitRoutes = opts.routes.join('\n') !== DEFAULT_ROUTES.join('\n');
// The search page is reported once it exists.
if (!explicitRoutes && fs.existsSync(path.join(root, 'search', 'index.html'))) opts.routes.splice(-1, 0, '/search');
const pages = opts.routes.map((route) => measurePage(root, route));
const totals = measurePublic(root);
const shown = new Set(opts.routes);
// --check covers every page of the site: the table's pages plus all the others.
const others = opts.check && !explicitRoutes ? allPageRoutes(root).filter((r) => !shown.has(r)).map((r) => measurePage(root, r)) : [];
const checked = [...pages, ...others];
const violations = checkBudgets(checked, opts.jsBudget);
const problems = [
  ...checked.filter((p) => p.error).map((p) => `size: ${p.route}: ${p.error}`),
  ...checked.flatMap((p) => p.errors || []).map((e) => `size: ${e}`),
  // Without a source map the on-demand check cannot see inside a chunk, so it must not pass silently.
  ...checked.flatMap((p) => (p.unmapped || []).map((c) => `size: ${p.route}: ${c} has no source map, so its modules cannot be checked`)),
];

// What Chromium receives until the network is idle, on the table's pages (skipped without a browser, except in CI).
const isCI = !!process.env.CI && process.env.CI !== 'false';
let received = null;
if (canMeasureReceived()) {
  received = await measureReceived(root, opts.routes.filter((r) => !r.endsWith('.html')));
  violations.push(...checkReceived(received));
} else if (isCI) {
  problems.push('size: /usr/bin/chromium is missing, so what a browser receives cannot be measured (bash scripts/ensure-chromium.sh)');
}

if (opts.json) {
  const budget = {
    firstLoadJsGzipKb: opts.jsBudget === null ? JS_BUDGETS_KB : { home: opts.jsBudget / 1024, docs: opts.jsBudget / 1024 },
    firstLoadCssGzip: CSS_BUDGET_BYTES,
    onDemandOnly: FORBIDDEN_MODULES.map((r) => r.name),
  };
  console.log(JSON.stringify({ budget, pages, totals, received, violations, checkedPages: checked.length }, null, 2));
} else {
  console.log(formatReport(pages, totals, { budget: opts.jsBudget }));
  console.log(received ? `\n${formatReceived(received)}` : '\nReceived by a browser: not measured (no /usr/bin/chromium).');
  if (opts.modules) {
    for (const p of pages.filter((x) => !x.error)) console.log(`\n${formatModuleGroups(p.route, pageModuleGroups(root, p))}`);
  }
}

if (opts.check) {
  const out = opts.json ? console.error : console.log;
  if (problems.length || violations.length) {
    for (const p of problems) console.error(p);
    for (const v of violations) console.error(formatViolation(v));
    process.exitCode = 1;
  } else {
    out(
      `size: budgets OK on ${checked.length} pages (${describeJsBudgets(opts.jsBudget)}, gzip; ` +
        `${received ? `received until idle ≤ ${RECEIVED_BUDGETS_KB.home} KB home, ≤ ${RECEIVED_BUDGETS_KB.docs} KB docs; ` : ''}` +
        `CSS ≤ ${formatKB(CSS_BUDGET_BYTES)} gzip, no ${FORBIDDEN_MODULES.map((r) => r.name).join(', ')} in a first load)`,
    );
  }
} else if (problems.length) {
  for (const p of problems) console.error(p);
  process.exitCode = 1;
}
