/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import { DEFAULT_ROUTES, parseSizeArgs } from '../lib/size/args.mjs';
import {
  CSS_BUDGET_BYTES,
  FORBIDDEN_MODULES,
  JS_BUDGET_HISTORY,
  JS_BUDGETS_KB,
  RECEIVED_BUDGET_HISTORY,
  RECEIVED_BUDGETS_KB,
  checkBudgets,
  checkReceived,
  isBudgetedRoute,
  jsBudgetFor,
} from '../lib/size/budgets.mjs';
import {
  allPageRoutes,
  assetToFile,
  chunkSources,
  extractAssets,
  findForbiddenModules,
  gzipSize,
  measurePage,
  measurePublic,
  moduleBreakdown,
  moduleGroup,
  pageChunkScripts,
  pageModuleGroups,
  routeToFile,
} from '../lib/size/measure.mjs';
import { describeJsBudgets, formatKB, formatModuleGroups, formatReceived, formatReport, formatViolation } from '../lib/size/report.mjs';

// Shaped like Gatsby 5's SSR output.
const gatsbyHtml = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<style data-href="/styles.0a1b2c3d4e5f60718293.css" data-identity="gatsby-global-css">body{margin:0}</style>
<link as="script" rel="preload" href="/webpack-runtime-0a1b2c3d4e5f60718293.js"/>
<link as="fetch" rel="preload" href="/page-data/docs/page-data.json" crossorigin="anonymous"/>
<link rel="stylesheet" href="/extra.css?v=1"/><link rel="icon" href="/favicon.svg"/>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
</head><body><div id="___gatsby"><p>a &lt;script src="/fake.js"&gt; in text</p></div>
<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/docs";/*]]>*/</script><!-- slice-start id="_gatsby-scripts-1" -->
          <script
            id="gatsby-chunk-mapping"
          >
            window.___chunkMapping="{\\"app\\":[\\"/app-0a1b2c3d4e5f60718293.js\\"]}";
          </script>
        <script>window.___webpackCompilationHash="abc";</script><script src="/webpack-runtime-0a1b2c3d4e5f60718293.js" async></script><script src="/app-0a1b2c3d4e5f60718293.js" async></script><!-- slice-end id="_gatsby-scripts-1" -->
<!-- <script src="/commented-out.js"></script> -->
<script src='/framework-0a1b2c3d.js' data-x="a>b" async></script>
<SCRIPT SRC=/upper.js></SCRIPT>
<script type="module" src="/mod.js"></script>
<script>if (a < b && "</scr" + "ipt>") {}</script>
</body></html>`;

describe('extractAssets', () => {
  const { scripts, styles } = extractAssets(gatsbyHtml);

  test('finds external scripts in order, not preloads, comments or text', () => {
    expect(scripts.filter((s) => 'src' in s).map((s) => s.src)).toEqual([
      '/webpack-runtime-0a1b2c3d4e5f60718293.js',
      '/app-0a1b2c3d4e5f60718293.js',
      '/framework-0a1b2c3d.js',
      '/upper.js',
      '/mod.js',
    ]);
  });

  test('keeps inline scripts (Gatsby loader, chunk mapping, …), not JSON data blocks', () => {
    const inline = scripts.filter((s) => 'inline' in s).map((s) => s.inline.trim());
    expect(inline).toHaveLength(4);
    expect(inline[0]).toContain('window.pagePath');
    expect(inline[1]).toContain('window.___chunkMapping');
    expect(inline[2]).toBe('window.___webpackCompilationHash="abc";');
    expect(inline[3]).toContain('"</scr" + "ipt>"');
    expect(inline.join('')).not.toContain('schema.org');
  });

  test('finds stylesheets: link rel=stylesheet and inline <style>', () => {
    expect(styles).toEqual([{ inline: 'body{margin:0}' }, { href: '/extra.css?v=1' }]);
  });

  test('what a browser running scripts ignores is not first load: <noscript> styles', () => {
    expect(extractAssets('<noscript><style>.tabs{display:none}</style></noscript><style>a{}</style>').styles).toEqual([{ inline: 'a{}' }]);
  });

  test('the scripts a page starts after its first paint (its deferred template) are first load; other templates are not', () => {
    const html =
      '<body><template id="deferred-scripts"><script>window.pagePath="/"</script><script src="/app-1.js" async></script>' +
      '</template><template id="other"><script src="/never.js"></script></template><script>load()</script></body>';
    expect(extractAssets(html).scripts).toEqual([{ inline: 'window.pagePath="/"' }, { src: '/app-1.js' }, { inline: 'load()' }]);
  });

  test('empty and unterminated documents', () => {
    expect(extractAssets('')).toEqual({ scripts: [], styles: [] });
    expect(extractAssets('<script src="/a.js">')).toEqual({ scripts: [{ src: '/a.js' }], styles: [] });
    expect(extractAssets('<!-- <script src="/a.js"></script>')).toEqual({ scripts: [], styles: [] });
    expect(extractAssets('<scripts src="/a.js"></scripts><script></script>')).toEqual({ scripts: [], styles: [] });
  });
});

test('attribute values are read as a browser reads them: entities decoded, any quoting', () => {
  expect(extractAssets('<script src="/a.js?x=1&amp;y=2" async data-x=\'q\' id=plain></script>').scripts).toEqual([{ src: '/a.js?x=1&y=2' }]);
  expect(extractAssets('<link rel=stylesheet href=\'/b.css?x=1&amp;y=2\'>').styles).toEqual([{ href: '/b.css?x=1&y=2' }]);
});

test('routeToFile', () => {
  expect(routeToFile('/')).toBe('index.html');
  expect(routeToFile('/docs')).toBe('docs/index.html');
  expect(routeToFile('/docs/api/atom')).toBe('docs/api/atom/index.html');
  expect(routeToFile('/docs/api/atom/')).toBe('docs/api/atom/index.html');
  expect(routeToFile('/404.html')).toBe('404.html');
  expect(routeToFile('docs')).toBe('docs/index.html');
});

test('assetToFile', () => {
  expect(assetToFile('/app-1.js', '/docs')).toBe('app-1.js');
  expect(assetToFile('/app-1.js?v=2#x', '/')).toBe('app-1.js');
  expect(assetToFile('chunk.js', '/docs/api/atom')).toBe('docs/api/atom/chunk.js');
  expect(assetToFile('../x.js', '/docs/api/atom')).toBe('docs/api/x.js');
  expect(assetToFile('https://cdn.example/x.js', '/')).toBeNull();
  expect(assetToFile('//cdn.example/x.js', '/')).toBeNull();
});

test('each budgeted page kind has its own ratchet, and one figure can replace them', () => {
  const budgets = { home: 1, docs: 2 };
  expect(jsBudgetFor('/', budgets)).toBe(1024);
  expect(jsBudgetFor('/docs', budgets)).toBe(2048);
  expect(jsBudgetFor('/docs/api/atom/', budgets)).toBe(2048);
  expect(jsBudgetFor('/search', budgets)).toBeNull();
  expect(describeJsBudgets()).toMatch(/^first-load JS ≤ [\d.]+ KB on the home page, ≤ [\d.]+ KB on docs pages$/);
  expect(describeJsBudgets(92.5 * 1024)).toBe('first-load JS ≤ 92.5 KB on the home and docs pages');
});

test('--check holds each page kind to the last entry of its budget history, and every entry says what it bought', () => {
  for (const [history, current] of [[JS_BUDGET_HISTORY, JS_BUDGETS_KB], [RECEIVED_BUDGET_HISTORY, RECEIVED_BUDGETS_KB]]) {
    const last = history.at(-1);
    expect(current).toEqual({ home: last.home, docs: last.docs });
    for (const entry of history) expect([entry, entry.why.length > 40]).toEqual([entry, true]);
  }
  const page = (route, kb) => ({ route, js: { gzip: Math.round(kb * 1024) }, css: { gzip: 0 } });
  const { home, docs } = JS_BUDGET_HISTORY.at(-1);
  expect(checkBudgets([page('/', home), page('/docs/api/atom', docs)])).toEqual([]);
  expect(checkBudgets([page('/', home + 0.1), page('/docs/api/atom', docs + 0.1)]).map((v) => v.route)).toEqual(['/', '/docs/api/atom']);
  const received = RECEIVED_BUDGET_HISTORY.at(-1);
  expect(checkReceived([{ route: '/docs', total: Math.round(received.docs * 1024) + 1, scripts: [] }])).toHaveLength(1);
});

test('isBudgetedRoute', () => {
  expect(isBudgetedRoute('/')).toBe(true);
  expect(isBudgetedRoute('/docs')).toBe(true);
  expect(isBudgetedRoute('/docs/api/atom')).toBe(true);
  expect(isBudgetedRoute('/404.html')).toBe(false);
  expect(isBudgetedRoute('/docsearch')).toBe(false);
});

describe('measuring a public/ fixture', () => {
  let root;
  // Incompressible-ish: a linear congruential sequence of printable characters.
  let seed = 42;
  const big = Buffer.from(
    Array.from({ length: 200000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String.fromCharCode(33 + (seed % 90));
    }).join(''),
  );
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-test-'));
    const write = (rel, content) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), content);
    };
    write('index.html', '<script src="/app.js" async></script><script>var x=1</script><style>a{b:c}</style>');
    write('docs/index.html', '<script src="/app.js"></script><script src="/app.js"></script><script src="/big.js"></script>');
    write('404.html', '<script src="/big.js"></script><script src="/gone.js"></script>');
    write('app.js', 'console.log("app");');
    write('big.js', big);
    write('styles.css', 'body{}');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('first-load JS is the sum of gzip -9 sizes of scripts and inline scripts', () => {
    const home = measurePage(root, '/');
    const expected = zlib.gzipSync(Buffer.from('console.log("app");'), { level: 9 }).length + gzipSize('var x=1');
    expect(home.js.gzip).toBe(expected);
    expect(home.js.files.map((f) => f.name)).toEqual(['/app.js', '(inline #1)']);
    expect(home.css.gzip).toBe(gzipSize('a{b:c}'));
    expect(home.html.bytes).toBe(fs.statSync(path.join(root, 'index.html')).size);
    expect(home.errors).toEqual([]);
  });

  test('a script the build precompressed counts as its twin, the bytes a browser is sent', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'size-twin-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/app-0123456789abcdef0123.js" async></script>');
      fs.writeFileSync(path.join(dir, 'app-0123456789abcdef0123.js'), 'console.log("app");'.repeat(30));
      fs.writeFileSync(path.join(dir, 'app-0123456789abcdef0123.js.gz'), Buffer.alloc(17));
      expect(measurePage(dir, '/').js.gzip).toBe(17);
      fs.rmSync(path.join(dir, 'app-0123456789abcdef0123.js.gz'));
      expect(measurePage(dir, '/').js.gzip).toBe(gzipSize('console.log("app");'.repeat(30)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('duplicate script tags count once; missing files are reported', () => {
    const docs = measurePage(root, '/docs');
    expect(docs.js.files.map((f) => f.name)).toEqual(['/app.js', '/big.js']);
    expect(measurePage(root, '/404.html').errors).toEqual(['/404.html: /gone.js not found in public/']);
    expect(measurePage(root, '/nope').error).toMatch(/missing public\/nope\/index.html/);
  });

  test('budgets apply to home and docs pages only', () => {
    const pages = ['/', '/docs', '/404.html'].map((r) => measurePage(root, r));
    const budget = 1024;
    const violations = checkBudgets(pages, budget);
    expect(violations.map((v) => v.route)).toEqual(['/docs']);
    expect(violations[0].excess).toBe(pages[1].js.gzip - budget);
    expect(formatViolation(violations[0])).toMatch(/^size: \/docs: first-load JS is [\d.]+ KB gzip, over the 1\.0 KB budget by [\d.]+ KB \(\d+ bytes\)$/);
    expect(checkBudgets(pages)).toEqual([]);
  });

  test('public/ totals and report', () => {
    const totals = measurePublic(root);
    expect(totals.files).toBe(6);
    expect(totals.js.files).toBe(2);
    expect(totals.css.files).toBe(1);
    expect(totals.bytes).toBeGreaterThan(200000);
    const report = formatReport([measurePage(root, '/'), measurePage(root, '/nope')], totals);
    expect(report).toMatch(/^Page\s+HTML KB/);
    expect(report).toContain('/app.js');
    expect(report).toContain('public/ overall');
  });
});

test('formatKB and parseSizeArgs', () => {
  expect(formatKB(1536)).toBe('1.5 KB');
  expect(formatKB(0)).toBe('0.0 KB');
  expect(parseSizeArgs([])).toEqual({
    json: false,
    check: false,
    modules: false,
    routes: DEFAULT_ROUTES,
    root: null,
    jsBudget: null,
  });
  expect(parseSizeArgs(['--json', '--check', '--modules', '--route', '/x', '--route=/y', '--js-budget-kb', '92.5'])).toEqual({
    json: true,
    check: true,
    modules: true,
    routes: ['/x', '/y'],
    root: null,
    jsBudget: Math.round(92.5 * 1024),
  });
  expect(() => parseSizeArgs(['--js-budget-kb', 'lots'])).toThrow(/positive number/);
  expect(() => parseSizeArgs(['--route'])).toThrow(/needs a value/);
  expect(() => parseSizeArgs(['--bogus'])).toThrow(/unknown argument/);
});

describe('first-load checks: CSS budget and code that must load on demand', () => {
  let root;
  const write = (rel, content) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  const bigCss = Array.from({ length: 400 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join('');
  const sourceMap = (sources) => JSON.stringify({ version: 3, sources, names: [], mappings: '' });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-forbidden-'));
    // Shapes as webpack writes them in Gatsby's public/: webpack://<name>/./node_modules/...
    write('app-1.js', 'app();');
    write('app-1.js.map', sourceMap(['webpack://stan-docs/./.cache/app.js', 'webpack://stan-docs/./src/theme/Layout/index.tsx']));
    write('mermaid-2.js', 'mermaid();');
    write('mermaid-2.js.map', sourceMap(['webpack://stan-docs/./node_modules/mermaid/dist/mermaid.core.mjs', 'webpack://stan-docs/./node_modules/khroma/dist/index.js']));
    write('engine-3.js', 'search();');
    write('engine-3.js.map', sourceMap(['webpack://stan-docs/./node_modules/minisearch/dist/es/index.js', 'webpack://stan-docs/./src/search/client.ts']));
    write('button-4.js', 'createElement("button",{className:"DocSearch DocSearch-Button"})');
    write('button-4.js.map', sourceMap(['webpack://stan-docs/./node_modules/@docsearch/react/dist/esm/index.js']));
    write('modal-5.js', 'createElement("div",{className:"DocSearch-Modal"})');
    write('modal-5.js.map', sourceMap(['webpack://stan-docs/./node_modules/@docsearch/react/dist/esm/index.js']));
    write('nomap-6.js', 'x();');
    write('sections-7.js', 'y();');
    write('sections-7.js.map', JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, sources: ['webpack://x/./node_modules/algoliasearch/dist/lite.js'], mappings: '' } }] }));
    write('broken-8.js', 'z();');
    write('broken-8.js.map', '{ not json');
    write('index.html', '<script src="/app-1.js"></script><script src="/button-4.js"></script><style>a{color:red}</style>');
    write('docs/index.html', '<script src="/app-1.js"></script><script src="/mermaid-2.js"></script>');
    write('docs/x/index.html', '<script src="/app-1.js"></script><script src="/nomap-6.js"></script>');
    write('search/index.html', '<script src="/app-1.js"></script>');
    write('page-data/search/page-data.json', JSON.stringify({ componentChunkName: 'component---src-pages-search-tsx' }));
    write(
      'webpack.stats.json',
      JSON.stringify({
        assetsByChunkName: { 'component---src-pages-search-tsx': ['engine-3.js'] },
        // The chunk group also lists chunks split off the component chunk, which the loader fetches too.
        namedChunkGroups: {
          'component---src-pages-search-tsx': { assets: [{ name: 'engine-3.js' }, { name: 'modal-5.js' }, { name: 'styles.css' }] },
        },
      }),
    );
    write('404.html', `<link rel="stylesheet" href="/big.css"><script src="/app-1.js"></script>`);
    write('big.css', bigCss);
    write('static/x/index.html', '');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('the rules name the three kinds of on-demand code', () => {
    expect(FORBIDDEN_MODULES.map((r) => r.name)).toEqual(['mermaid', 'search engine', 'DocSearch modal']);
    expect(CSS_BUDGET_BYTES).toBe(20 * 1024);
  });

  test('chunkSources reads the source map beside a chunk (plain and indexed maps)', () => {
    expect(chunkSources(path.join(root, 'app-1.js'))).toEqual([
      'webpack://stan-docs/./.cache/app.js',
      'webpack://stan-docs/./src/theme/Layout/index.tsx',
    ]);
    expect(chunkSources(path.join(root, 'sections-7.js'))).toEqual(['webpack://x/./node_modules/algoliasearch/dist/lite.js']);
    expect(chunkSources(path.join(root, 'nomap-6.js'))).toBeNull();
    expect(() => chunkSources(path.join(root, 'broken-8.js'))).toThrow(/broken-8\.js\.map is not a valid source map/);
  });

  test('findForbiddenModules: mermaid and the search engine by module; DocSearch only when the modal code is there', () => {
    const chunk = (name) => ({ name: `/${name}`, file: path.join(root, name) });
    const { found, unmapped } = findForbiddenModules(
      ['app-1.js', 'mermaid-2.js', 'engine-3.js', 'button-4.js', 'modal-5.js', 'nomap-6.js', 'sections-7.js'].map(chunk),
    );
    expect(found).toEqual([
      {
        name: 'mermaid',
        chunk: '/mermaid-2.js',
        modules: ['webpack://stan-docs/./node_modules/mermaid/dist/mermaid.core.mjs', 'webpack://stan-docs/./node_modules/khroma/dist/index.js'],
      },
      { name: 'search engine', chunk: '/engine-3.js', modules: ['webpack://stan-docs/./node_modules/minisearch/dist/es/index.js'] },
      { name: 'DocSearch modal', chunk: '/modal-5.js', modules: ['webpack://stan-docs/./node_modules/@docsearch/react/dist/esm/index.js'] },
      { name: 'search engine', chunk: '/sections-7.js', modules: ['webpack://x/./node_modules/algoliasearch/dist/lite.js'] },
    ]);
    expect(unmapped).toEqual(['/nomap-6.js']);
  });

  test('measurePage reports banned modules, including those in the page component chunk group', () => {
    expect(measurePage(root, '/').forbidden).toEqual([]);
    expect(measurePage(root, '/docs').forbidden.map((f) => f.name)).toEqual(['mermaid']);
    expect(pageChunkScripts(root, '/search')).toEqual([{ src: '/engine-3.js' }, { src: '/modal-5.js' }]);
    expect(measurePage(root, '/search').forbidden.map((f) => f.name)).toEqual(['search engine', 'DocSearch modal']);
    expect(measurePage(root, '/docs/x').unmapped).toEqual(['/nomap-6.js']);
  });

  test('checkBudgets: JS on budgeted routes, CSS and banned modules on every page', () => {
    const pages = ['/', '/docs', '/search', '/404.html'].map((r) => measurePage(root, r));
    const violations = checkBudgets(pages, null, { cssBudget: 100 });
    expect(violations.map((v) => [v.kind, v.route, v.name])).toEqual([
      ['forbidden', '/docs', 'mermaid'],
      ['forbidden', '/search', 'search engine'],
      ['forbidden', '/search', 'DocSearch modal'],
      ['css', '/404.html', undefined],
    ]);
    const css = violations.find((v) => v.kind === 'css');
    expect(css.gzip).toBe(gzipSize(bigCss));
    expect(css.excess).toBe(css.gzip - 100);
    expect(formatViolation(css)).toMatch(/^size: \/404\.html: first-load CSS is [\d.]+ KB gzip, over the 0\.1 KB budget/);
    expect(formatViolation(violations[0])).toBe(
      'size: /docs: the first load ships mermaid (/mermaid-2.js: webpack://stan-docs/./node_modules/mermaid/dist/mermaid.core.mjs, ' +
        'webpack://stan-docs/./node_modules/khroma/dist/index.js); load it with import() on demand',
    );
    expect(checkBudgets([measurePage(root, '/')])).toEqual([]);
  });

  test('the report shows a row per page with the on-demand verdict', () => {
    const report = formatReport(['/', '/docs', '/docs/x'].map((r) => measurePage(root, r)));
    const row = (route) => report.split('\n').find((l) => l.startsWith(`${route} `));
    expect(report.split('\n')[0]).toMatch(/^Page\s+HTML KB\s+HTML gz KB\s+JS gz KB\s+Scripts\s+CSS gz KB\s+On demand only\s+Budget$/);
    expect(row('/')).toMatch(/\sok\s+ok$/);
    expect(row('/docs')).toMatch(/SHIPS mermaid\s+OVER$/);
    expect(row('/docs/x')).toMatch(/\? 1 unmapped\s+ok$/);
    expect(report).toContain('first-load CSS ≤ 20.0 KB on every page');
  });

  test('allPageRoutes lists every page of public/', () => {
    expect(allPageRoutes(root)).toEqual(['/', '/404.html', '/docs', '/docs/x', '/search']);
  });
});

describe('--modules: what the first-load JS is made of', () => {
  test('moduleBreakdown attributes each mapped span to its source; unmapped code is counted apart', () => {
    const map = { version: 3, sources: ['webpack://x/./src/a.js', 'webpack://x/./node_modules/b/index.js'], mappings: 'AAAA,CCAA;ADAA,E' };
    // line 0 "ab": a=[0,1) b=[1,2); line 1 "cdef": a=[0,2) then a 1-field segment: unmapped [2,4)
    expect(moduleBreakdown('ab\ncdef', map)).toEqual([
      { source: 'webpack://x/./src/a.js', bytes: 3 },
      { source: '(unmapped)', bytes: 2 },
      { source: 'webpack://x/./node_modules/b/index.js', bytes: 1 },
    ]);
    expect(moduleBreakdown('xyz', { sources: [], mappings: '' })).toEqual([{ source: '(unmapped)', bytes: 3 }]);
  });

  test('moduleGroup groups by package or folder', () => {
    expect(moduleGroup('webpack://stan-docs/./node_modules/react-dom/cjs/react-dom.production.js')).toBe('node_modules/react-dom');
    expect(moduleGroup('webpack://stan-docs/./node_modules/@docsearch/react/dist/esm/index.js')).toBe('node_modules/@docsearch/react');
    expect(moduleGroup('webpack://stan-docs/./src/theme/Navbar/index.tsx')).toBe('src/theme/Navbar');
    expect(moduleGroup('webpack://stan-docs/./site.config.ts')).toBe('site.config.ts');
  });

  test('pageModuleGroups sums the chunks of a page; the report shows shares', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-modules-'));
    try {
      fs.writeFileSync(path.join(root, 'index.html'), '<script src="/a.js"></script><script src="/b.js"></script><script>inline()</script>');
      fs.writeFileSync(path.join(root, 'a.js'), 'aaaa');
      fs.writeFileSync(path.join(root, 'a.js.map'), JSON.stringify({ version: 3, sources: ['webpack://x/./node_modules/react/index.js'], mappings: 'AAAA' }));
      fs.writeFileSync(path.join(root, 'b.js'), 'bb');
      fs.writeFileSync(path.join(root, 'b.js.map'), JSON.stringify({ version: 3, sources: ['webpack://x/./src/theme/Navbar/index.tsx'], mappings: 'AAAA' }));
      const groups = pageModuleGroups(root, measurePage(root, '/'));
      expect(groups).toEqual([
        { group: 'node_modules/react', bytes: 4 },
        { group: 'src/theme/Navbar', bytes: 2 },
      ]);
      const report = formatModuleGroups('/', groups, 1);
      expect(report).toMatch(/node_modules\/react\s+0\.0\s+66\.7%/);
      expect(report).toMatch(/\(1 more\)\s+0\.0\s+33\.3%/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('what a browser receives', () => {
  test('receivedScripts keeps the site’s own scripts with their bytes on the wire', async () => {
    const { receivedScripts } = await import('../lib/received.mjs');
    const origin = 'http://127.0.0.1:9000';
    const entries = [
      { name: `${origin}/app-1.js`, initiatorType: 'script', encodedBodySize: 2000 },
      { name: `${origin}/page-data/docs/page-data.json`, initiatorType: 'fetch', encodedBodySize: 900 },
      { name: `${origin}/vendor/mermaid-11/mermaid.esm.min.mjs?v=1`, initiatorType: 'script', encodedBodySize: 70 },
      { name: 'https://elsewhere.example/x.js', initiatorType: 'script', encodedBodySize: 5 },
    ];
    expect(receivedScripts(entries, origin)).toEqual([
      { url: '/app-1.js', bytes: 2000 },
      { url: '/vendor/mermaid-11/mermaid.esm.min.mjs', bytes: 70 },
    ]);
  });

  test('checkReceived holds home and docs pages to their own budgets', () => {
    const budgets = { home: 1, docs: 2 };
    const results = [
      { route: '/', total: 1025, scripts: [] },
      { route: '/docs/api/atom', total: 2048, scripts: [] },
      { route: '/search', total: 999999, scripts: [] },
    ];
    expect(checkReceived(results, budgets)).toEqual([{ kind: 'received', route: '/', gzip: 1025, budget: 1024, excess: 1 }]);
    expect(formatViolation(checkReceived(results, budgets)[0])).toBe(
      'size: /: JS received until idle is 1.0 KB gzip, over the 1.0 KB budget by 0.0 KB (1 bytes)',
    );
    const table = formatReceived([{ route: '/docs/api/atom', total: 3072, scripts: [{ url: '/a.js', bytes: 1024 }, { url: '/b.js', bytes: 2048 }] }], budgets);
    expect(table.split('\n').slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['/docs/api/atom', '/b.js', '/a.js']);
  });
});
