/**
 * The constants the build defines in every bundle (webpack's DefinePlugin, set by src/node/gatsby/webpack.ts) and
 * the browser reads by name, each with the type of its value. A browser module declares the one it reads with its
 * type from here (`declare const __STAN_MERMAID_URL__: BuildDefines['__STAN_MERMAID_URL__'] | undefined`); outside
 * webpack (Jest) a constant may be absent.
 */
import type { DocsVersionRoute } from './docs-versions';
import type { PlaygroundAssetsIndex } from './playground-versions';

export interface BuildDefines<BrowserSiteConfig = unknown> {
  /** The site config as the browser gets it (src/config/browser.ts: no sidebar definitions). */
  __STAN_SITE_CONFIG__: BrowserSiteConfig;
  /** Where analytics events go (site config `analytics.endpoint`), or null: the lazy chunks that send events read it alone. */
  __STAN_ANALYTICS_ENDPOINT__: string | null;
  /** The URL path of the social card of the pages without their own. */
  __STAN_SITE_CARD__: string;
  /** The folder of the local search indexes, one file per docs version (`/`; the dev server's folder in develop). */
  __STAN_SEARCH_INDEX_DIR__: string;
  /** DocSearch's stylesheet, named after its content. */
  __STAN_DOCSEARCH_CSS_URL__: string;
  /** mermaid's entry module, or null when mermaid is not installed (the build then fails naming the fix). */
  __STAN_MERMAID_URL__: string | null;
  /** The playground's folders (the worker's, and each docs version's types and frame runtime), or null without its packages. */
  __STAN_PLAYGROUND_ASSETS__: PlaygroundAssetsIndex | null;
  /** Every docs version's name, label, release and route, newest first: what search reads to pick the version to search. */
  __STAN_DOCS_VERSIONS__: readonly DocsVersionRoute[];
}

export type BuildDefineName = keyof BuildDefines;

/** Every constant's value as the JavaScript source webpack puts in its place. */
export function defineSources<BrowserSiteConfig>(values: BuildDefines<BrowserSiteConfig>): Record<BuildDefineName, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, JSON.stringify(value)])) as Record<BuildDefineName, string>;
}
