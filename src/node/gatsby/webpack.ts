/**
 * onCreateWebpackConfig: the constants the bundles read (each follows from installed files and the site config,
 * so none waits for createPages), and the chunk rules that keep lazy code out of every first load.
 */
import type { SiteConfig } from '../../config/types';
import { browserSiteConfig, type BrowserSiteConfig } from '../../config/browser';
import { defineSources, type BuildDefineName } from '../../contract/build-defines';
import { playgroundAssetsIndex, PlaygroundAssetError } from '../playground-assets';
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
export const playgroundFolders = (root: string): PlaygroundAssetsIndex | null => urlOrNull(() => playgroundAssetsIndex(root), PlaygroundAssetError);

/**
 * The webpack constants of a stage, as JavaScript source: the search indexes' folder (the dev server's in develop) and
 * DocSearch's stylesheet (src/search/assets.ts), mermaid's entry module (islands/Mermaid/import-mermaid.ts), the
 * playground's folders (islands/Playground/assets.ts), the site's social card, and the site config as the browser
 * gets it (no sidebar definitions) with the analytics endpoint alone for the lazy chunks that send events.
 */
export function webpackDefines(stage: string, config: SiteConfig, root = process.cwd()): Record<BuildDefineName, string> {
  return defineSources<BrowserSiteConfig>({
    __STAN_SEARCH_INDEX_DIR__: searchIndexDir(stage),
    __STAN_DOCSEARCH_CSS_URL__: docSearchStylesheetUrl(root),
    __STAN_MERMAID_URL__: mermaidEntryUrl(root),
    __STAN_SITE_CARD__: siteCardPath(config),
    __STAN_PLAYGROUND_ASSETS__: playgroundFolders(root),
    __STAN_SITE_CONFIG__: browserSiteConfig(config),
    __STAN_ANALYTICS_ENDPOINT__: config.analytics?.endpoint ?? null,
  });
}

/*
 * Keeps lazily loaded code (live examples, the search engine, islands) out of every page's first load and out
 * of each other's chunks. (mermaid is no longer bundled: see src/node/vendor-assets.ts.) Two of Gatsby's splitChunks
 * groups misbehave with unnamed lazy chunks:
 *
 * - `commons`, loaded by every page, takes each module used by at least as many chunks as there are page
 *   components, counting lazy chunks too. When webpack bundled mermaid, its dozens of lazy diagram chunks
 *   sharing d3, khroma… landed in every first load. Counting only page components restores the intent.
 * - `shared` names a chunk by hashing the names of the chunks that share it. Lazy chunks have no name, so
 *   every pair of them hashed alike and webpack merged unrelated modules (mermaid, the search engine,
 *   the lazy-loading helpers) into one 75 KB chunk that each of them then downloaded. `name: false` lets webpack keep one
 *   chunk per distinct set of sharing chunks.
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
