#!/usr/bin/env node
// Bundle sizes of the production build in public/ (run `npm run build` first).
// Usage: node scripts/size.mjs [--route /docs/api/atom ...] [--json] [--check]
//   --check  exit 1 when first-load JS (gzip) of the home or a docs page is over budget
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  JS_BUDGET_BYTES,
  checkBudgets,
  formatKB,
  formatReport,
  formatViolation,
  measurePage,
  measurePublic,
  parseSizeArgs,
} from './lib/size.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let opts;
try {
  opts = parseSizeArgs(process.argv.slice(2));
} catch (err) {
  console.error(`size: ${err.message}\nUsage: node scripts/size.mjs [--route /x ...] [--json] [--check]`);
  process.exit(2);
}

const root = opts.root ? path.resolve(opts.root) : path.join(repoRoot, 'public');
if (!fs.existsSync(root)) {
  console.error(`size: ${path.relative(process.cwd(), root) || root}/ does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

const pages = opts.routes.map((route) => measurePage(root, route));
const totals = measurePublic(root);
const violations = checkBudgets(pages);
const problems = [
  ...pages.filter((p) => p.error).map((p) => `size: ${p.route}: ${p.error}`),
  ...pages.flatMap((p) => p.errors || []).map((e) => `size: ${e}`),
];

if (opts.json) {
  console.log(JSON.stringify({ budget: { firstLoadJsGzip: JS_BUDGET_BYTES }, pages, totals, violations }, null, 2));
} else {
  console.log(formatReport(pages, totals));
}

if (opts.check) {
  const out = opts.json ? console.error : console.log;
  if (problems.length || violations.length) {
    for (const p of problems) console.error(p);
    for (const v of violations) console.error(formatViolation(v));
    process.exitCode = 1;
  } else {
    out(`size: budgets OK (first-load JS ≤ ${formatKB(JS_BUDGET_BYTES)} gzip on the home and docs pages)`);
  }
} else if (problems.length) {
  for (const p of problems) console.error(p);
  process.exitCode = 1;
}
