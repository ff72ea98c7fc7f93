/**
 * onCreateWebpackConfig: the constants the bundles read (each follows from installed files and the site config,
 * so none waits for createPages), the chunk rules that keep lazy code out of every first load, swc as the
 * JavaScript minifier, the HTML renderer without the browser-only packages, and develop's cache written at once.
 */
import type { CreateWebpackConfigArgs } from 'gatsby';
import TerserPlugin from 'terser-webpack-plugin';
import type { SiteConfig } from '../../config/types';
import { browserSiteConfig, type BrowserSiteConfig } from '../../config/browser';
import { defineSources, type BuildDefineName } from '../../contract/build-defines';
import { docsVersionRoutes, readDocsVersions, type DocsVersionMetadata } from '../../config/docs-versions';
import { playgroundAssetsIndex, playgroundVersions, PlaygroundAssetError } from '../playground-assets';
import type { PlaygroundAssetsIndex } from '../../contract/playground-versions';
import { docSearchStylesheetUrl } from '../search-index';
import { mermaidDist, mermaidUrl, VendorAssetError } from '../vendor-assets';
import { DEVELOP_SEARCH_INDEX_DIR } from './develop';
import { siteCardPath } from './social-cards';

/** A URL that follows from installed files, or null when they are missing (the createPages step names the fix). */
function urlOrNull<T>(url: () => T, expected: new (...args: never[]) => Error): T | null {
  try {
    return url();
  } catch (error) {
    if (error instanceof expected) return null;
    throw error;
  }
}

/** The folder where the bundles of a stage fetch each version's search index: the dev server answers in develop. */
export const searchIndexDir = (stage: string): string =>
  stage === 'develop' || stage === 'develop-html' ? DEVELOP_SEARCH_INDEX_DIR : '/';

/** Mermaid's entry module as the diagram island imports it, from the installed version alone. */
export const mermaidEntryUrl = (root: string): string | null => urlOrNull(() => mermaidUrl(mermaidDist(root).version), VendorAssetError);

/** The playground's folders (the worker's and each docs version's), named after their sources and packages. */
export const playgroundFolders = (root: string, versions: readonly DocsVersionMetadata[]): PlaygroundAssetsIndex | null =>
  urlOrNull(() => playgroundAssetsIndex(root, playgroundVersions(versions)), PlaygroundAssetError);

/**
 * The webpack constants of a stage, as JavaScript source: the search indexes' folder (the dev server's in develop) and
 * DocSearch's stylesheet (src/search/assets.ts), mermaid's entry module (islands/Mermaid/import-mermaid.ts), the
 * playground's folders (islands/Playground/assets.ts), the site's social card, the docs versions' names, labels and
 * routes (src/search/versions.ts), and the site config as the browser gets it (no sidebar definitions) with the
 * analytics endpoint alone for the lazy chunks that send events.
 */
export function webpackDefines(stage: string, config: SiteConfig, root = process.cwd()): Record<BuildDefineName, string> {
  const versions = readDocsVersions(config, root);
  return defineSources<BrowserSiteConfig>({
    __STAN_SEARCH_INDEX_DIR__: searchIndexDir(stage),
    __STAN_DOCSEARCH_CSS_URL__: docSearchStylesheetUrl(root),
    __STAN_MERMAID_URL__: mermaidEntryUrl(root),
    __STAN_SITE_CARD__: siteCardPath(config),
    __STAN_PLAYGROUND_ASSETS__: playgroundFolders(root, versions),
    __STAN_DOCS_VERSIONS__: docsVersionRoutes(versions),
    __STAN_SITE_CONFIG__: browserSiteConfig(config),
    __STAN_ANALYTICS_ENDPOINT__: config.analytics?.endpoint ?? null,
  });
}

/*
 * Keeps lazily loaded code (live examples, the search engine, islands) out of every page's first load and out
 * of each other's chunks. Two of Gatsby's splitChunks groups misbehave with unnamed lazy chunks:
 *
 * - `commons`, loaded by every page, takes each module used by at least as many chunks as there are page
 *   components, counting lazy chunks too, so modules shared by many lazy chunks would land in every first load.
 *   Counting only page components keeps the group to what pages share.
 * - `shared` names a chunk by hashing the names of the chunks that share it. Lazy chunks have no name, so every
 *   pair of them hashes alike and webpack would merge unrelated lazy modules into one chunk that each of them then
 *   downloads. `name: false` lets webpack keep one chunk per distinct set of sharing chunks.
 */

/** Gatsby names the chunk of a page component `component---<path>`. */
export const isPageComponentChunk = (chunk: { name?: string | null }): boolean =>
  typeof chunk.name === 'string' && chunk.name.startsWith('component---');

/** The partial webpack config for Gatsby's `build-javascript` stage (merged by actions.setWebpackConfig). */
export function keepLazyChunksApart() {
  return {
    optimization: {
      splitChunks: {
        cacheGroups: {
          commons: { chunks: isPageComponentChunk },
          shared: { name: false as const },
        },
      },
    },
  };
}

/**
 * The packages only ever loaded on a reader's intent (the playground's editor, the search modal and engines, the
 * hosted search client): no page renders them on the server, so the HTML renderer's bundle leaves them empty
 * instead of compiling 1.7 MB it never runs. A page that renders one of them server-side fails the HTML build
 * ("… is not a function" in the page's render); load it through the islands loader instead.
 */
export const BROWSER_ONLY_PACKAGES = /[\\/]node_modules[\\/](?:@codemirror|@lezer|@docsearch[\\/]react|minisearch|algoliasearch|@algolia)[\\/]/;

/** Gatsby's HTML stages: the renderer of `gatsby build` and develop's server renderer. */
export const isHtmlStage = (stage: string): boolean => stage === 'build-html' || stage === 'develop-html';

/** The partial webpack config of an HTML stage: the browser-only packages compile to empty modules (Gatsby's null loader). */
export function skipBrowserOnlyPackages(loaders: Pick<CreateWebpackConfigArgs['loaders'], 'null'>) {
  return { module: { rules: [{ test: BROWSER_ONLY_PACKAGES, use: [loaders.null()] }] } };
}

interface MinimizerConfig {
  optimization?: { minimizer?: unknown[] };
}

/** JavaScript minified by swc, with the options Gatsby gives terser: about the same output in a fraction of the time. */
export const swcJsMinifier = () =>
  new TerserPlugin({
    // Gatsby's own rule: files already minified are copied as they are.
    exclude: /\.min\.js/,
    minify: TerserPlugin.swcMinify,
    terserOptions: { compress: { ecma: 5 }, mangle: { safari10: true }, format: { comments: false } },
  });

/**
 * `build-javascript`'s config with Gatsby's JavaScript minimizer (terser) replaced by swc's through the same webpack
 * plugin; the CSS minimizer and every other setting stay. For actions.replaceWebpackConfig: a merge would keep both.
 */
export function withSwcMinifier<T extends MinimizerConfig>(config: T): T {
  const minimizer = config.optimization?.minimizer;
  if (!minimizer?.some((plugin) => plugin instanceof TerserPlugin)) {
    throw new Error(
      "onCreateWebpackConfig: Gatsby's build-javascript config has no TerserPlugin minimizer to replace " +
        '(has gatsby changed its webpack config?): update withSwcMinifier in src/node/gatsby/webpack.ts',
    );
  }
  return {
    ...config,
    optimization: {
      ...config.optimization,
      minimizer: minimizer.map((plugin) => (plugin instanceof TerserPlugin ? swcJsMinifier() : plugin)),
    },
  };
}

/** The class of the plugin Gatsby adds to its develop bundle to lint while it compiles (eslint-webpack-plugin). */
const DEVELOP_LINT_PLUGIN = 'ESLintWebpackPlugin';

/**
 * The develop bundle's config without Gatsby's ESLint plugin. It lints only .js and .jsx files with its own ESLint 7
 * and react-app rules; every source of the site is .ts or .tsx (`npm run lint` checks them), so it found nothing, and
 * loading its rules took about 4 s of each dev start. Unchanged when Gatsby adds no such plugin.
 */
export function withoutDevelopLint<T extends { plugins?: unknown[] }>(config: T): T {
  const plugins = config.plugins ?? [];
  const kept = plugins.filter((plugin) => (plugin as { constructor?: { name?: string } } | null)?.constructor?.name !== DEVELOP_LINT_PLUGIN);
  return kept.length === plugins.length ? config : { ...config, plugins: kept };
}

/** Gatsby's develop stages: the browser bundle and the server renderer of `gatsby develop`. */
export const isDevelopStage = (stage: string): boolean => stage === 'develop' || stage === 'develop-html';

/**
 * The partial config of a develop stage whose compilations Gatsby keeps on disk: webpack writes that cache as soon as
 * the first compilation is done, not after 5 s of quiet (its default), so a dev server stopped right after it
 * started still leaves the next start the compiled modules.
 * Null when Gatsby keeps no such cache.
 */
export function storeDevelopCacheAtOnce(config: { cache?: unknown }): { cache: { idleTimeoutForInitialStore: number } } | null {
  const cache = config.cache as { type?: string } | undefined;
  return cache?.type === 'filesystem' ? { cache: { idleTimeoutForInitialStore: 0 } } : null;
}
