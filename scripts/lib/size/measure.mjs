// What `npm run size` measures over Gatsby's public/: each page's first-load scripts and styles (gzip, as sent),
// the on-demand code found in them, the totals of public/, and what a page's JS is made of (from source maps).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { parse } from 'parse5';
import { DEFERRED_SCRIPTS_ID, isExecutableScriptType, PRECOMPRESSED_SUFFIX } from '../../../src/contract/hosting-layout.mjs';
import { FORBIDDEN_MODULES } from './budgets.mjs';

/** gzip size at level 9 */
export function gzipSize(data) {
  return zlib.gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 9 }).length;
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
    // The page's own scripts, which it starts after the first paint (src/runtime/ssr/deferred-scripts.tsx), are first-load.
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

/** Every page route in public/ (each index.html and top-level .html file), for the site-wide checks. */
export function allPageRoutes(root) {
  return listFiles(root)
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((rel) => rel.endsWith('.html') && !rel.startsWith('static/') && !rel.startsWith('page-data/'))
    .map((rel) => (rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${rel.slice(0, -'/index.html'.length)}` : `/${rel}`))
    .sort();
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

