// The size budgets `npm run size -- --check` enforces, and the checks of measured pages against them. Each ratchet
// is the last entry of its history: raising a figure means adding an entry, in the commit whose change needs the
// bytes, that says what they buy.

/**
 * The first-load JS ratchet (gzip, KB, as sent), oldest first: what the home page and a docs page weigh on Gatsby's
 * own runtime with the site's layout. `--check` fails on any growth past the last entry.
 */
export const JS_BUDGET_HISTORY = [
  {
    home: 96.5,
    docs: 99.1,
    why:
      'Reliability: the inline scripts that repair a hash Gatsby cannot decode and stand in for a sessionStorage that ' +
      'throws (0.6 KB), the runtime that keeps hashes readable on later changes and clicks and scrolls to the nearest ' +
      "heading, and the offline notice that keeps the page instead of Gatsby's full load (1.4 KB): +2.0 KB on both.",
  },
  {
    home: 96.5,
    docs: 99.4,
    why:
      "The sidebar as one static query loaded once per visit (the code that rebuilds its tree from rows): a doc's page " +
      'data no longer carries the whole sidebar, so it stays the same size however many docs there are (+0.3 KB docs).',
  },
  {
    home: 96.5,
    docs: 99.8,
    why: 'The line that ends every doc (what was checked against which release) and the release beside the version badge (+0.4 KB docs).',
  },
  {
    home: 96.6,
    docs: 99.8,
    why:
      'The restructuring that moved the modules build and browser share into src/contract and split the search modal ' +
      '(+53 B home; no feature was added, not traced further).',
  },
  {
    home: 94.8,
    docs: 99.1,
    why:
      "Measured as sent (a script's precompressed twin where the build writes one, about 3% smaller than gzip -9), after " +
      'the doc template gained Copy page, the doc footer (edit link, last updated) and the "Was this page helpful?" ' +
      'question (+1.2 KB docs), and every page the deferred-scripts loader (0.5 KB).',
  },
  {
    home: 95.1,
    docs: 99.4,
    why:
      "The islands that load on a reader's intent (the listener that holds a click until the code is there), which took " +
      '2.6 KB off what a docs page receives until idle (+0.3 KB on both).',
  },
  {
    home: 95.3,
    docs: 99.7,
    why:
      'The deferred-scripts loader holds a click on a button until the page has hydrated (before, a press between the ' +
      'first paint and hydration did nothing): +0.2 KB home, +0.3 KB docs (which were 4 bytes under).',
  },
  {
    home: 96.1,
    docs: 100.8,
    why:
      "Docs versions for readers: the navbar's docs links and the version item follow the version being read, else the " +
      'preferred one, else the last, drawn with the page (the route given to every page, the version of a route), and ' +
      'the unmaintained-version banner on docs pages; the version menu and its manifest load on intent: +801 B home, ' +
      '+1,120 B docs as gzip (95.2 → 96.0 KB home, 99.6 → 100.7 KB docs).',
  },
  {
    home: 95.1,
    docs: 99.6,
    why:
      "Minified by swc instead of terser (Gatsby's webpack plugin, swc's minifier; the JS pass of a cold build 19.8 → " +
      '12.9 s at 217 pages): 95.8 → 95.0 KB home, 100.7 → 99.5 KB docs, below the figures before docs versions.',
  },
  {
    home: 95.5,
    docs: 100.2,
    why:
      'The version menu on every device: drawn with the page as a <details> holding every version\'s link to the same ' +
      'page (it opens on the first tap before any script runs, and needs no request), the current docs named by ' +
      'their release; on docs pages the banner\'s missing-page notice and its unreleased kind, and the canonical and ' +
      'noindex fields; the phone work drew its icons in CSS (-0.1 KB): 95.1 → 95.4 KB home, 99.6 → 100.1 KB docs.',
  },
  {
    home: 95.5,
    docs: 100.3,
    why:
      'Nothing a reader does early is lost: an arrow key pressed on a navbar menu while its keys load is held and ' +
      'acted on, and an island pointed at or focused before hydration loads its code at hydration (a type popup ' +
      'never came otherwise): docs pages 100.1 → 100.2 KB gzip, the largest 102,622 B (18 B over 100.2 KB).',
  },
];

/**
 * What a browser receives until the network is idle (KB as sent: `npm run serve`'s compression, precompressed twins
 * included), measured in Chromium by ../received.mjs: the first load plus what follows it (the page's component,
 * islands, the runtime's late pieces). Oldest first; the last entry is the budget.
 */
export const RECEIVED_BUDGET_HISTORY = [
  {
    home: 96,
    docs: 99,
    why: 'Docusaurus 3.8 sends 165 KB for a docs page; the target is under 99 KB (0.6×).',
  },
  {
    home: 96,
    docs: 102,
    why: 'Copy page, the doc footer, page feedback and "Edit and run" took docs pages to 100.6–101.7 KB.',
  },
  {
    home: 93.5,
    docs: 99.2,
    why:
      'The copy and "Edit and run" buttons and the type popups load on a reader\'s intent: docs pages receive ' +
      '98.0–99.0 KB (the budget keeps 0.2 KB of slack).',
  },
  {
    home: 94.3,
    docs: 100.4,
    why:
      'Docs versions for readers (see the first-load entry of the same change): home 94.1 KB, docs pages 99.4–100.2 KB; ' +
      'the version menu itself loads only on intent (loaded with the page it put 2.5 KB more on every page).',
  },
];

/** The current ratchet of a history: its last entry's figures. */
const current = (history) => {
  const { home, docs } = history.at(-1);
  return { home, docs };
};

export const JS_BUDGETS_KB = current(JS_BUDGET_HISTORY);
export const RECEIVED_BUDGETS_KB = current(RECEIVED_BUDGET_HISTORY);
export const CSS_BUDGET_BYTES = 20 * 1024; // first-load CSS (inline <style> + stylesheets), gzip, per page

/**
 * Code that must never be part of a page's first load (it is loaded on demand), recognised by the
 * module paths in the chunks' source maps. `marker`, when set, must also occur in the chunk's code: the
 * DocSearch package is one file holding both the small button and the modal, and only the modal is banned.
 */
export const FORBIDDEN_MODULES = [
  { name: 'mermaid', source: /node_modules\/(?:mermaid|@mermaid-js|cytoscape[^/]*|dagre-d3-es|khroma)\// },
  { name: 'search engine', source: /node_modules\/(?:minisearch|algoliasearch|@algolia\/[^/]+)\// },
  { name: 'DocSearch modal', source: /node_modules\/@docsearch\//, marker: /DocSearch-Modal/ },
];

/** The first-load JS budget of a route, in bytes: its page kind's ratchet, or null for pages without one. */
export function jsBudgetFor(route, budgets = JS_BUDGETS_KB) {
  const r = String(route).replace(/\/+$/, '') || '/';
  if (r === '/') return Math.round(budgets.home * 1024);
  if (r === '/docs' || r.startsWith('/docs/')) return Math.round(budgets.docs * 1024);
  return null;
}

/** Is this route subject to a first-load JS budget? (home and docs pages) */
export function isBudgetedRoute(route) {
  return jsBudgetFor(route) !== null;
}

/**
 * Budget violations for measured pages (`jsBudget`, in bytes, replaces every page kind's ratchet when given):
 * JS over budget on the home and docs pages ({ kind: 'js', route, gzip, budget, excess }), CSS over budget
 * on any page ({ kind: 'css', ... }), and banned modules in any page's first load ({ kind: 'forbidden', route,
 * name, chunk, modules }).
 */
export function checkBudgets(pages, jsBudget = null, { cssBudget = CSS_BUDGET_BYTES } = {}) {
  const violations = [];
  for (const p of pages) {
    if (p.error) continue;
    const budget = isBudgetedRoute(p.route) ? (jsBudget ?? jsBudgetFor(p.route)) : null;
    if (budget !== null && p.js.gzip > budget) {
      violations.push({ kind: 'js', route: p.route, gzip: p.js.gzip, budget, excess: p.js.gzip - budget });
    }
    if (p.css && p.css.gzip > cssBudget) {
      violations.push({ kind: 'css', route: p.route, gzip: p.css.gzip, budget: cssBudget, excess: p.css.gzip - cssBudget });
    }
    for (const f of p.forbidden || []) violations.push({ kind: 'forbidden', route: p.route, ...f });
  }
  return violations;
}

/** Routes whose JS as received is over its budget ({ kind: 'received', route, gzip, budget, excess }). */
export function checkReceived(results, budgets = RECEIVED_BUDGETS_KB) {
  return results
    .filter((r) => isBudgetedRoute(r.route))
    .map((r) => ({ route: r.route, gzip: r.total, budget: jsBudgetFor(r.route, budgets) }))
    .filter((r) => r.gzip > r.budget)
    .map((r) => ({ kind: 'received', ...r, excess: r.gzip - r.budget }));
}
