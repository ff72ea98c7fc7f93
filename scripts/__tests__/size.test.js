/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import {
  extractAssets,
  parseAttributes,
  routeToFile,
  assetToFile,
  isBudgetedRoute,
  measurePage,
  measurePublic,
  checkBudgets,
  formatViolation,
  formatReport,
  formatKB,
  gzipSize,
  parseSizeArgs,
  DEFAULT_ROUTES,
  JS_BUDGET_BYTES,
} from '../lib/size.mjs';

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

  test('empty and unterminated documents', () => {
    expect(extractAssets('')).toEqual({ scripts: [], styles: [] });
    expect(extractAssets('<script src="/a.js">')).toEqual({ scripts: [{ src: '/a.js' }], styles: [] });
    expect(extractAssets('<!-- <script src="/a.js"></script>')).toEqual({ scripts: [], styles: [] });
    expect(extractAssets('<scripts src="/a.js"></scripts><script></script>')).toEqual({ scripts: [], styles: [] });
  });
});

test('parseAttributes', () => {
  expect(parseAttributes(' src="/a.js?x=1&amp;y=2" async data-x=\'q\' id=plain')).toEqual({
    src: '/a.js?x=1&y=2',
    async: '',
    'data-x': 'q',
    id: 'plain',
  });
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

test('isBudgetedRoute', () => {
  expect(isBudgetedRoute('/')).toBe(true);
  expect(isBudgetedRoute('/docs')).toBe(true);
  expect(isBudgetedRoute('/docs/api/atom')).toBe(true);
  expect(isBudgetedRoute('/404.html')).toBe(false);
  expect(isBudgetedRoute('/docsearch')).toBe(false);
  expect(DEFAULT_ROUTES).toEqual(['/', '/docs', '/docs/api/atom', '/docs/getting-started/installation', '/404.html']);
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
    expect(JS_BUDGET_BYTES).toBe(85 * 1024);
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
  expect(parseSizeArgs([])).toEqual({ json: false, check: false, routes: DEFAULT_ROUTES, root: null });
  expect(parseSizeArgs(['--json', '--check', '--route', '/x', '--route=/y'])).toEqual({
    json: true,
    check: true,
    routes: ['/x', '/y'],
    root: null,
  });
  expect(() => parseSizeArgs(['--route'])).toThrow(/needs a value/);
  expect(() => parseSizeArgs(['--bogus'])).toThrow(/unknown argument/);
});
