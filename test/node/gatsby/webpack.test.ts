/** @jest-environment node */
import path from 'path';
import TerserPlugin from 'terser-webpack-plugin';
import {
  BROWSER_ONLY_PACKAGES,
  isDevelopStage,
  isHtmlStage,
  isPageComponentChunk,
  keepLazyChunksApart,
  skipBrowserOnlyPackages,
  storeDevelopCacheAtOnce,
  swcJsMinifier,
  withoutDevelopLint,
  withSwcMinifier,
} from '@src/node/gatsby/webpack';
import { listFiles } from '@src/node/hosting';

describe('keepLazyChunksApart', () => {
  it('makes the commons chunk count page components only, not lazy chunks such as mermaid diagrams', () => {
    const chunks = keepLazyChunksApart().optimization.splitChunks.cacheGroups.commons.chunks;
    expect(chunks({ name: 'component---src-templates-doc-tsx' })).toBe(true);
    expect(chunks({ name: 'component---src-pages-index-tsx' })).toBe(true);
    // Lazy chunks (mermaid's diagrams, islands, examples) have no name or another one.
    expect(chunks({ name: null })).toBe(false);
    expect(chunks({})).toBe(false);
    expect(chunks({ name: 'app' })).toBe(false);
    expect(isPageComponentChunk({ name: 'framework' })).toBe(false);
  });

  it('lets webpack split shared modules per set of chunks instead of by (missing) chunk names', () => {
    expect(keepLazyChunksApart().optimization.splitChunks.cacheGroups.shared).toEqual({ name: false });
  });
});

describe('withSwcMinifier', () => {
  class CssMinimizer {}

  it("swaps Gatsby's terser minimizer for swc's, in place, and keeps the CSS minimizer and the rest of the config", () => {
    const css = new CssMinimizer();
    const gatsbys = { mode: 'production', optimization: { minimize: true, minimizer: [new TerserPlugin(), css] } };
    const config = withSwcMinifier(gatsbys);
    expect(config.mode).toBe('production');
    expect(config.optimization.minimize).toBe(true);
    const [js, rest] = config.optimization.minimizer;
    expect(rest).toBe(css);
    expect(js).toBeInstanceOf(TerserPlugin);
    expect(js).not.toBe(gatsbys.optimization.minimizer[0]);
    const { minimizer } = (js as unknown as { options: { minimizer: { implementation: unknown; options: Record<string, unknown> } } }).options;
    expect(minimizer.implementation).toBe(TerserPlugin.swcMinify);
    // Gatsby's terser-only options (ie8, parse, output) would be refused by swc.
    expect(Object.keys(minimizer.options).sort()).toEqual(['compress', 'format', 'mangle']);
    // Gatsby's own config is left as it was.
    expect(gatsbys.optimization.minimizer[0]).not.toBe(js);
  });

  it('gives swc options it accepts: the minified script runs the same and drops comments', async () => {
    const { minimizer } = (swcJsMinifier() as unknown as { options: { minimizer: { implementation: typeof TerserPlugin.swcMinify; options: object } } }).options;
    const source = '/* a comment */\nfunction total(items) { let sum = 0; for (const item of items) { sum += item.price; } return sum; }\nglobalThis.result = total([{ price: 2 }, { price: 3 }]);\n';
    const { code = '' } = await minimizer.implementation({ 'page.js': source }, undefined, minimizer.options);
    expect(code.length).toBeGreaterThan(0);
    expect(code.length).toBeLessThan(source.length);
    expect(code).not.toContain('a comment');
    const scope: { result?: number } = {};
    new Function('globalThis', code)(scope);
    expect(scope.result).toBe(5);
  });

  it('fails naming the file to update when Gatsby no longer minifies with terser', () => {
    expect(() => withSwcMinifier({ optimization: { minimizer: [new CssMinimizer()] } })).toThrow(/src\/node\/gatsby\/webpack\.ts/);
    expect(() => withSwcMinifier({})).toThrow(/no TerserPlugin minimizer/);
  });
});

describe('skipBrowserOnlyPackages', () => {
  it("leaves the packages only loaded on a reader's intent empty in Gatsby's HTML stages", () => {
    const loaders = { null: () => ({ loader: 'null-loader' }) };
    const { rules } = skipBrowserOnlyPackages(loaders).module;
    expect(rules).toHaveLength(1);
    const rule = rules[0] as (typeof rules)[number];
    expect(rule.use).toEqual([{ loader: 'null-loader' }]);
    expect(rule.test).toBe(BROWSER_ONLY_PACKAGES);
    expect(isHtmlStage('build-html')).toBe(true);
    expect(isHtmlStage('develop-html')).toBe(true);
    expect(isHtmlStage('build-javascript')).toBe(false);
    expect(isHtmlStage('develop')).toBe(false);
  });

  it('names the editor, the search modal and engines and the hosted client, never what a page renders on the server', () => {
    const skipped = [
      '/site/node_modules/@codemirror/view/dist/index.js',
      '/site/node_modules/@lezer/highlight/dist/index.js',
      '/site/node_modules/@docsearch/react/dist/esm/index.js',
      '/site/node_modules/minisearch/dist/es/index.js',
      '/site/node_modules/algoliasearch/dist/lite/builds/browser.js',
      '/site/node_modules/@algolia/client-common/dist/common.js',
      'C:\\site\\node_modules\\@codemirror\\state\\dist\\index.js',
    ];
    const kept = [
      '/site/node_modules/react-dom/server.js',
      '/site/node_modules/@docsearch/css/dist/style.css',
      '/site/node_modules/gatsby/cache-dir/static-entry.js',
      '/site/src/theme/SearchBar/index.tsx',
      '/site/src/theme/islands/Playground/editor-setup.ts',
    ];
    for (const file of skipped) expect([file, BROWSER_ONLY_PACKAGES.test(file)]).toEqual([file, true]);
    for (const file of kept) expect([file, BROWSER_ONLY_PACKAGES.test(file)]).toEqual([file, false]);
  });
});

describe('storeDevelopCacheAtOnce', () => {
  it("has webpack write develop's disk cache once the first compilation is done, merged into Gatsby's cache settings", () => {
    const gatsbys = { cache: { type: 'filesystem', name: 'develop', cacheLocation: '/site/.cache/webpack/stage-develop' } };
    expect(storeDevelopCacheAtOnce(gatsbys)).toEqual({ cache: { idleTimeoutForInitialStore: 0 } });
    expect(isDevelopStage('develop')).toBe(true);
    expect(isDevelopStage('develop-html')).toBe(true);
    expect(isDevelopStage('build-javascript')).toBe(false);
  });

  it('adds nothing where Gatsby keeps no disk cache (a memory cache has nothing to write)', () => {
    expect(storeDevelopCacheAtOnce({})).toBeNull();
    expect(storeDevelopCacheAtOnce({ cache: { type: 'memory' } })).toBeNull();
    expect(storeDevelopCacheAtOnce({ cache: false })).toBeNull();
  });
});

describe('withoutDevelopLint', () => {
  // The plugin as Gatsby installs it for itself (it is Gatsby's dependency, not the site's).
  const gatsbyDir = path.dirname(require.resolve('gatsby/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ESLintWebpackPlugin = require(require.resolve('eslint-webpack-plugin', { paths: [gatsbyDir] })) as new (options: object) => object;

  it("removes Gatsby's ESLint plugin from the develop bundle and keeps every other plugin in order", () => {
    const hot = { apply: () => undefined };
    const define = { definitions: {} };
    const gatsbys = { mode: 'development', plugins: [hot, new ESLintWebpackPlugin({ extensions: ['js', 'jsx'] }), define] };
    const config = withoutDevelopLint(gatsbys);
    expect(config.plugins).toEqual([hot, define]);
    expect(config.mode).toBe('development');
    expect(gatsbys.plugins).toHaveLength(3);
  });

  it('leaves a config without it as it is', () => {
    const gatsbys = { plugins: [{ apply: () => undefined }] };
    expect(withoutDevelopLint(gatsbys)).toBe(gatsbys);
    expect(withoutDevelopLint({})).toEqual({});
  });

  it('loses no check: the plugin lints only .js and .jsx files, and no source of the site is one', () => {
    const scripts = listFiles(path.resolve(__dirname, '../../../src')).filter((file) => /\.jsx?$/.test(file));
    expect(scripts).toEqual([]);
  });
});
