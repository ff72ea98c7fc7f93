// The human-readable reports of `npm run size`: the pages' table and files, what Chromium received, budget
// violations and the --modules breakdown.
import { CSS_BUDGET_BYTES, FORBIDDEN_MODULES, RECEIVED_BUDGETS_KB, isBudgetedRoute, jsBudgetFor } from './budgets.mjs';

export function formatKB(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** "first-load JS ≤ 93.2 KB on the home page, ≤ 95.7 KB on docs pages", or the one figure that replaces them. */
export function describeJsBudgets(override = null) {
  if (override !== null) return `first-load JS ≤ ${formatKB(override)} on the home and docs pages`;
  return `first-load JS ≤ ${formatKB(jsBudgetFor('/'))} on the home page, ≤ ${formatKB(jsBudgetFor('/docs'))} on docs pages`;
}

// Hand-written: no table package is a dependency, and these few lines are all the report needs.
function table(rows, align) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (align[c] === 'r' ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Human-readable report. */
export function formatReport(pages, totals, { budget = null, cssBudget = CSS_BUDGET_BYTES } = {}) {
  const lines = [];
  const rows = [['Page', 'HTML KB', 'HTML gz KB', 'JS gz KB', 'Scripts', 'CSS gz KB', 'On demand only', 'Budget']];
  for (const p of pages) {
    if (p.error) {
      rows.push([p.route, '-', '-', '-', '-', '-', '-', p.error]);
      continue;
    }
    const jsBudget = isBudgetedRoute(p.route) ? (budget ?? jsBudgetFor(p.route)) : null;
    const over = (jsBudget !== null && p.js.gzip > jsBudget) || p.css.gzip > cssBudget;
    const banned = p.forbidden || [];
    const budgetCell = over || banned.length ? 'OVER' : isBudgetedRoute(p.route) ? 'ok' : 'ok (CSS)';
    const demandCell = banned.length ? `SHIPS ${[...new Set(banned.map((f) => f.name))].join(', ')}` : p.unmapped && p.unmapped.length ? `? ${p.unmapped.length} unmapped` : 'ok';
    rows.push([p.route, kb(p.html.bytes), kb(p.html.gzip), kb(p.js.gzip), p.js.files.length, kb(p.css.gzip), demandCell, budgetCell]);
  }
  lines.push(table(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'l', 'l']));
  lines.push(
    `Budgets (gzip): ${describeJsBudgets(budget)}; first-load CSS ≤ ${formatKB(cssBudget)} on every page; ` +
      `no ${FORBIDDEN_MODULES.map((r) => r.name).join(', ')} in any first load ("On demand only").`,
  );

  for (const p of pages) {
    if (p.error) continue;
    lines.push('', `${p.route}  (public/${p.htmlFile})`);
    const fileRows = [['  JS', 'KB', 'gz KB']];
    for (const f of p.js.files) fileRows.push([`  ${f.name}${f.missing ? ' (missing)' : f.external ? ' (external)' : ''}`, kb(f.bytes), kb(f.gzip)]);
    fileRows.push(['  total JS', kb(p.js.bytes), kb(p.js.gzip)]);
    if (p.css.files.length) {
      fileRows.push(['  CSS', '', '']);
      for (const f of p.css.files) fileRows.push([`  ${f.name}${f.missing ? ' (missing)' : ''}`, kb(f.bytes), kb(f.gzip)]);
      fileRows.push(['  total CSS', kb(p.css.bytes), kb(p.css.gzip)]);
    }
    lines.push(table(fileRows, ['l', 'r', 'r']));
  }

  if (totals) {
    lines.push(
      '',
      'public/ overall',
      table(
        [
          ['  ', 'files', 'KB', 'gz KB'],
          ['  everything', totals.files, kb(totals.bytes), ''],
          ['  JS', totals.js.files, kb(totals.js.bytes), kb(totals.js.gzip)],
          ['  CSS', totals.css.files, kb(totals.css.bytes), kb(totals.css.gzip)],
        ],
        ['l', 'r', 'r', 'r'],
      ),
    );
  }
  return lines.join('\n');
}

/** The table of what Chromium received per page, largest scripts first. */
export function formatReceived(results, budgets = RECEIVED_BUDGETS_KB) {
  const lines = ['JS received by Chromium until the network is idle (as sent by `npm run serve`):'];
  for (const r of results) {
    const budget = isBudgetedRoute(r.route) ? ` (budget ${formatKB(jsBudgetFor(r.route, budgets))})` : '';
    lines.push(`  ${r.route.padEnd(40)} ${formatKB(r.total).padStart(9)}${budget}`);
    for (const script of [...r.scripts].sort((a, b) => b.bytes - a.bytes)) {
      lines.push(`    ${script.url.padEnd(60)} ${formatKB(script.bytes).padStart(9)}`);
    }
  }
  return lines.join('\n');
}

export function formatViolation(v) {
  if (v.kind === 'forbidden') {
    const shown = v.modules.slice(0, 3).join(', ') + (v.modules.length > 3 ? `, … (${v.modules.length} modules)` : '');
    return `size: ${v.route}: the first load ships ${v.name} (${v.chunk}: ${shown}); load it with import() on demand`;
  }
  const what = v.kind === 'css' ? 'first-load CSS' : v.kind === 'received' ? 'JS received until idle' : 'first-load JS';
  return (
    `size: ${v.route}: ${what} is ${formatKB(v.gzip)} gzip, over the ${formatKB(v.budget)} budget ` +
    `by ${formatKB(v.excess)} (${v.excess} bytes)`
  );
}

/** The --modules report of one page: the top groups with their share of the first-load JS. */
export function formatModuleGroups(route, groups, top = 15) {
  const total = groups.reduce((n, g) => n + g.bytes, 0) || 1;
  const rows = [[`  ${route}: first-load JS by module`, 'KB', 'share']];
  for (const g of groups.slice(0, top)) rows.push([`  ${g.group}`, kb(g.bytes), `${((g.bytes / total) * 100).toFixed(1)}%`]);
  if (groups.length > top) {
    const rest = groups.slice(top).reduce((n, g) => n + g.bytes, 0);
    rows.push([`  (${groups.length - top} more)`, kb(rest), `${((rest / total) * 100).toFixed(1)}%`]);
  }
  return table(rows, ['l', 'r', 'r']);
}
