// Bundle-size measurement over Gatsby's public/ (used by scripts/size.mjs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { parse } from 'parse5';
import { DEFERRED_SCRIPTS_ID, isExecutableScriptType, PRECOMPRESSED_SUFFIX } from '../../src/contract/hosting-layout.mjs';
import { parseCliArgs } from './cli.mjs';

export const DEFAULT_ROUTES = ['/', '/docs', '/docs/api/atom', '/docs/getting-started/installation', '/404.html'];
/**
 * The first-load JS ratchet (gzip, KB): what the home page and a docs page weigh today, on Gatsby's own runtime
 * with the site's layout. `--check` fails on any growth; raise a figure only on purpose, in the commit whose change
 * needs the bytes, and say there what they buy. Last raised for reliability: the inline scripts that repair a hash
 * Gatsby cannot decode and stand in for a sessionStorage that throws (0.6 KB), the runtime that keeps hashes
 * readable on later changes and clicks and scrolls to the nearest heading, and the offline notice that keeps the
 * page instead of Gatsby's full load (1.4 KB): +2.0 KB on the home page and on docs pages. Then +0.3 KB on docs
 * pages for the sidebar as one static query loaded once per visit (the code that rebuilds its tree from rows): each
 * doc's page data no longer carries the whole sidebar, so it stays the same size however many docs there are. Then
 * +0.4 KB on docs pages for the line that ends every doc (what was checked against which release) and the release
 * beside the version badge. Then +0.1 KB (53 B) on the home page after the restructuring that moved the modules
 * build and browser share into src/contract and split the search modal (no feature was added; not traced further).
 * Then measured as sent (a script's precompressed twin where the build writes one, about 3% smaller than gzip -9):
 * 94.8 KB home, 99.1 KB docs, after the doc template gained Copy page, the doc footer (edit link, last updated) and
 * the "Was this page helpful?" question (+1.2 KB on docs pages) and every page the deferred-scripts loader (0.5 KB).
 * Then +0.3 KB on the home page and docs pages for the islands that load on a reader's intent (the listener that
 * holds a click until the code is there), which took 2.6 KB off what a docs page receives until idle. Then +0.2 KB
 * on the home page and +0.3 KB on docs pages (which were 4 bytes under) for the deferred-scripts loader holding a
 * click on a button until the page has hydrated (before, a press between the first paint and hydration did nothing).
 * Then +0.1 KB on the home page (39 B: it was 8 B over already) for the navbar's Playground item and the playground's
 * route among the constants analytics reads.
 */
export const JS_BUDGETS_KB = { home: 95.4, docs: 99.7 };
/**
 * What a browser receives until the network is idle (KB as sent: `npm run serve`'s compression, precompressed twins
 * included), measured in Chromium by ./received.mjs: the first load plus what follows it (the page's component,
 * islands, the runtime's late pieces). Docusaurus 3.8 sends 165 KB for a docs page; the target is under 99 KB (0.6×).
 * Copy page, the doc footer, page feedback and "Edit and run" took docs pages to 100.6–101.7; since the copy and
 * "Edit and run" buttons and the type popups load on a reader's intent, 98.0–99.0 (the budget keeps 0.2 KB of slack).
 * Then +0.1 KB on the home page and +0.2 KB on docs pages: every analytics event passes a gate that keeps a share
 * link's code out of it and bounds its size (142 B in the page-view chunk), and the navbar links to the playground.
 */
export const RECEIVED_BUDGETS_KB = { home: 93.6, docs: 99.4 };
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


/** gzip size at level 9 */
export function gzipSize(data) {
  return zlib.gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 9 }).length;
}

export function formatKB(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const isElement = (node) => 'tagName' in node;
const attribute = (element, name) => element.attrs.find((a) => a.name === name)?.value;

/**
 * Scripts and styles referenced by an HTML document, in document order, as a browser parses it (parse5).
 * Only executable scripts count (no type, text/javascript, module); JSON/ld+json data blocks are ignored.
 *
 * @param {string} html
 * @returns {{ scripts: Array<{ src: string } | { inline: string }>, styles: Array<{ href: string } | { inline: string }> }}
 */
export function extractAssets(html) {
  const scripts = [];
  const styles = [];
  const text = (element) => element.childNodes.map((child) => child.value ?? '').join('');
  const visit = (node) => {
    if (isElement(node)) {
      if (node.tagName === 'script' && isExecutableScriptType(attribute(node, 'type'))) {
        const src = attribute(node, 'src');
        if (src !== undefined) scripts.push({ src });
        else if (text(node).trim()) scripts.push({ inline: text(node) });
      } else if (node.tagName === 'style' && text(node).trim()) {
        styles.push({ inline: text(node) });
      } else if (node.tagName === 'link') {
        const rel = (attribute(node, 'rel') ?? '').toLowerCase().split(/\s+/);
        const href = attribute(node, 'href');
        if (rel.includes('stylesheet') && href) styles.push({ href });
      }
    }
    // The page's own scripts, which it starts after the first paint (src/runtime/deferred-scripts.tsx), are first-load.
    if (isElement(node) && node.tagName === 'template' && attribute(node, 'id') === DEFERRED_SCRIPTS_ID) visit(node.content);
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parse(html));
  return { scripts, styles };
}

/** '/' → 'index.html', '/docs/api/atom' → 'docs/api/atom/index.html', '/404.html' → '404.html' */
export function routeToFile(route) {
  let r = String(route).split(/[?#]/)[0].trim();
  if (!r.startsWith('/')) r = `/${r}`;
  r = r.replace(/\/+$/, '');
  if (r === '') return 'index.html';
  if (/\.html?$/i.test(r)) return r.slice(1);
  return `${r.slice(1)}/index.html`;
}

/** Map a src/href in the page at `route` to a path relative to public/, or null when external. */
export function assetToFile(ref, route) {
  if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(ref) || /^(?:data|blob):/i.test(ref)) return null;
  const clean = ref.split(/[?#]/)[0];
  let abs;
  if (clean.startsWith('/')) abs = clean;
  else {
    const base = routeToFile(route);
    abs = path.posix.join('/', path.posix.dirname(base), clean);
  }
  let decoded;
  try {
    decoded = decodeURIComponent(abs);
  } catch {
    decoded = abs;
  }
  return path.posix.normalize(decoded).replace(/^\/+/, '');
}

/** '/' → 'page-data/index/page-data.json', '/docs/api/atom' → 'page-data/docs/api/atom/page-data.json' */
export function routeToPageData(route) {
  const r = String(route).split(/[?#]/)[0].replace(/\/+$/, '').replace(/^\/+/, '');
  return `page-data/${r === '' ? 'index' : r}/page-data.json`;
}

/**
 * Gatsby's loader fetches the page's component chunk (template + MDX content + shared chunks) before it
 * hydrates, so it is first-load JS even though the HTML has no <script> for it: read it from the page data
 * and webpack.stats.json.
 */
export function pageChunkScripts(root, route) {
  const pageDataPath = path.join(root, routeToPageData(route));
  const statsPath = path.join(root, 'webpack.stats.json');
  if (!fs.existsSync(pageDataPath) || !fs.existsSync(statsPath)) return [];
  const { componentChunkName } = JSON.parse(fs.readFileSync(pageDataPath, 'utf8'));
  const { assetsByChunkName, namedChunkGroups } = JSON.parse(fs.readFileSync(statsPath, 'utf8'));
  // The chunk group lists shared chunks split off the component chunk too; the loader fetches them all.
  const group = namedChunkGroups && namedChunkGroups[componentChunkName];
  const assets = group
    ? group.assets.map((a) => (typeof a === 'string' ? a : a.name))
    : (assetsByChunkName && assetsByChunkName[componentChunkName]) || [];
  return assets.filter((a) => a.endsWith('.js')).map((a) => ({ src: `/${a}` }));
}

/** The first-load JS budget of a route, in bytes: its page kind's ratchet, or null for pages without one. */
export function jsBudgetFor(route, budgets = JS_BUDGETS_KB) {
  const r = String(route).replace(/\/+$/, '') || '/';
  if (r === '/') return Math.round(budgets.home * 1024);
  if (r === '/docs' || r.startsWith('/docs/')) return Math.round(budgets.docs * 1024);
  return null;
}

/** "first-load JS ≤ 93.2 KB on the home page, ≤ 95.7 KB on docs pages", or the one figure that replaces them. */
export function describeJsBudgets(override = null) {
  if (override !== null) return `first-load JS ≤ ${formatKB(override)} on the home and docs pages`;
  return `first-load JS ≤ ${formatKB(jsBudgetFor('/'))} on the home page, ≤ ${formatKB(jsBudgetFor('/docs'))} on docs pages`;
}

/** Is this route subject to a first-load JS budget? (home and docs pages) */
export function isBudgetedRoute(route) {
  return jsBudgetFor(route) !== null;
}

/** Module paths bundled into a chunk, from its source map (`app-1.js.map`), or null when it has none. */
export function chunkSources(file) {
  const mapPath = `${file}.map`;
  if (!fs.existsSync(mapPath)) return null;
  try {
    const map = JSON.parse(fs.readFileSync(mapPath, 'utf8'));
    const sections = Array.isArray(map.sections) ? map.sections.map((s) => s.map) : [map];
    return sections.flatMap((m) => (Array.isArray(m && m.sources) ? m.sources : []));
  } catch (err) {
    throw new Error(`${path.basename(mapPath)} is not a valid source map: ${err.message}`);
  }
}

/**
 * Bytes of generated code attributed to each source module of a chunk (what source-map-explorer shows):
 * each mapping segment owns the code up to the next segment on its line.
 * @returns {Array<{ source: string, bytes: number }>} largest first; unmapped code under "(unmapped)"
 */
export function moduleBreakdown(code, map) {
  const lines = code.split('\n');
  const totals = new Map();
  const add = (source, bytes) => bytes > 0 && totals.set(source, (totals.get(source) || 0) + bytes);
  const mappingLines = decode(String(map.mappings || ''));
  lines.forEach((line, i) => {
    let covered = 0;
    // Only the generated column and the source index matter here (a one-field segment maps to no source).
    const starts = (mappingLines[i] || []).map(([column, sourceIndex]) => ({
      column,
      source: sourceIndex === undefined ? null : (map.sources[sourceIndex] ?? '(unknown)'),
    }));
    starts.forEach((start, k) => {
      const end = k + 1 < starts.length ? starts[k + 1].column : line.length;
      add(start.source ?? '(unmapped)', end - start.column);
      covered += Math.max(0, end - start.column);
    });
    add('(unmapped)', line.length - covered);
  });
  return [...totals].map(([source, bytes]) => ({ source, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Groups a webpack source path by package (`node_modules/react-dom`) or by project folder (`src/theme/Navbar`). */
export function moduleGroup(source) {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return `node_modules/${pkg[1]}`;
  const parts = clean.split('/');
  return parts.length > 2 ? parts.slice(0, -1).join('/') : clean;
}

/**
 * Banned modules found in a page's first-load chunks.
 * @param {Array<{ name: string, file: string }>} chunks  URL as shown and absolute path of each chunk
 * @returns {{ found: Array<{ name: string, chunk: string, modules: string[] }>, unmapped: string[] }}
 */
export function findForbiddenModules(chunks, rules = FORBIDDEN_MODULES) {
  const found = [];
  const unmapped = [];
  for (const chunk of chunks) {
    const sources = chunkSources(chunk.file);
    if (sources === null) {
      unmapped.push(chunk.name);
      continue;
    }
    let code = null;
    for (const rule of rules) {
      const modules = [...new Set(sources.filter((s) => rule.source.test(s)))];
      if (modules.length === 0) continue;
      if (rule.marker) {
        code ??= fs.readFileSync(chunk.file, 'utf8');
        if (!rule.marker.test(code)) continue;
      }
      found.push({ name: rule.name, chunk: chunk.name, modules });
    }
  }
  return { found, unmapped };
}

/**
 * Measure one page.
 * @param {string} root  public/ directory
 * @param {string} route
 */
export function measurePage(root, route) {
  const htmlFile = routeToFile(route);
  const htmlPath = path.join(root, htmlFile);
  if (!fs.existsSync(htmlPath)) {
    return { route, htmlFile, error: `missing ${path.posix.join('public', htmlFile)}` };
  }
  const html = fs.readFileSync(htmlPath);
  const { scripts, styles } = extractAssets(html.toString('utf8'));
  const errors = [];

  const measureRefs = (refs, key) => {
    const items = [];
    const seen = new Set();
    let inlineIndex = 0;
    for (const ref of refs) {
      if ('inline' in ref) {
        const bytes = Buffer.byteLength(ref.inline);
        items.push({ name: `(inline #${++inlineIndex})`, bytes, gzip: gzipSize(ref.inline), inline: true });
        continue;
      }
      const url = ref[key];
      if (seen.has(url)) continue;
      seen.add(url);
      const file = assetToFile(url, route);
      if (file === null) {
        items.push({ name: url, bytes: 0, gzip: 0, external: true });
        continue;
      }
      const p = path.join(root, file);
      if (!fs.existsSync(p) || !fs.statSync(p).isFile()) {
        errors.push(`${route}: ${url} not found in public/`);
        items.push({ name: url, bytes: 0, gzip: 0, missing: true });
        continue;
      }
      const buf = fs.readFileSync(p);
      // As sent: the build's precompressed twin where it wrote one (src/node/precompress.ts), else gzip -9.
      const twin = `${p}${PRECOMPRESSED_SUFFIX}`;
      const gzip = fs.existsSync(twin) ? fs.statSync(twin).size : gzipSize(buf);
      items.push({ name: url, bytes: buf.length, gzip });
    }
    return items;
  };

  const js = measureRefs([...scripts, ...pageChunkScripts(root, route)], 'src');
  const css = measureRefs(styles, 'href');
  const sum = (items, k) => items.reduce((n, i) => n + i[k], 0);
  const chunks = js
    .filter((f) => !f.inline && !f.external && !f.missing)
    .map((f) => ({ name: f.name, file: path.join(root, assetToFile(f.name, route)) }));
  let forbidden = [];
  let unmapped = [];
  try {
    ({ found: forbidden, unmapped } = findForbiddenModules(chunks));
  } catch (err) {
    errors.push(`${route}: ${err.message}`);
  }
  return {
    route,
    htmlFile,
    html: { bytes: html.length, gzip: gzipSize(html) },
    js: { bytes: sum(js, 'bytes'), gzip: sum(js, 'gzip'), files: js },
    css: { bytes: sum(css, 'bytes'), gzip: sum(css, 'gzip'), files: css },
    forbidden,
    unmapped,
    errors,
  };
}

/** Every file under `dir`, as absolute paths. */
function listFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Totals over all of public/. */
export function measurePublic(root) {
  const files = listFiles(root);
  const totals = {
    files: files.length,
    bytes: 0,
    js: { files: 0, bytes: 0, gzip: 0 },
    css: { files: 0, bytes: 0, gzip: 0 },
  };
  for (const f of files) {
    const size = fs.statSync(f).size;
    totals.bytes += size;
    const ext = path.extname(f).toLowerCase();
    const bucket = ext === '.js' || ext === '.mjs' ? totals.js : ext === '.css' ? totals.css : null;
    if (bucket) {
      bucket.files += 1;
      bucket.bytes += size;
      bucket.gzip += gzipSize(fs.readFileSync(f));
    }
  }
  return totals;
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

/** Every page route in public/ (each index.html and top-level .html file), for the site-wide checks. */
export function allPageRoutes(root) {
  return listFiles(root)
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((rel) => rel.endsWith('.html') && !rel.startsWith('static/') && !rel.startsWith('page-data/'))
    .map((rel) => (rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${rel.slice(0, -'/index.html'.length)}` : `/${rel}`))
    .sort();
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

/**
 * CLI arguments: --json, --check, --modules, --route /x (repeatable), --root dir
 * @param {string[]} argv
 */
export function parseSizeArgs(argv) {
  const values = parseCliArgs(argv, {
    json: { type: 'boolean' },
    check: { type: 'boolean' },
    modules: { type: 'boolean' },
    route: { type: 'string', multiple: true },
    root: { type: 'string' },
    'js-budget-kb': { type: 'string' },
  });
  let jsBudget = null;
  if (values['js-budget-kb'] !== undefined) {
    const kb = Number(values['js-budget-kb']);
    if (!Number.isFinite(kb) || kb <= 0) throw new Error('--js-budget-kb needs a positive number of KB');
    jsBudget = Math.round(kb * 1024);
  }
  return {
    json: values.json ?? false,
    check: values.check ?? false,
    modules: values.modules ?? false,
    routes: values.route ?? [...DEFAULT_ROUTES],
    root: values.root ?? null,
    jsBudget,
  };
}

/**
 * What a page's first-load JS is made of: raw bytes per package or project folder over all its chunks that
 * have source maps, largest first.
 */
export function pageModuleGroups(root, page) {
  const groups = new Map();
  for (const f of page.js.files) {
    if (f.inline || f.external || f.missing) continue;
    const file = path.join(root, assetToFile(f.name, page.route));
    if (!fs.existsSync(`${file}.map`)) continue;
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
    for (const { source, bytes } of moduleBreakdown(fs.readFileSync(file, 'utf8'), map)) {
      const group = moduleGroup(source);
      groups.set(group, (groups.get(group) || 0) + bytes);
    }
  }
  return [...groups].map(([group, bytes]) => ({ group, bytes })).sort((a, b) => b.bytes - a.bytes);
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
