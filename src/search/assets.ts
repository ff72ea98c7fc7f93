/**
 * Where the build put the search files. The names are webpack constants set by gatsby-node
 * (src/node/gatsby/webpack.ts, typed by src/contract/build-defines.ts); outside webpack (Jest) they fall back to fixed
 * names. Kept minimal: every page's first load carries this module.
 */
import type { BuildDefines } from '../contract/build-defines';

declare const __STAN_DOCSEARCH_CSS_URL__: BuildDefines['__STAN_DOCSEARCH_CSS_URL__'] | undefined;

export const DOCSEARCH_CSS_URL: string =
  (typeof __STAN_DOCSEARCH_CSS_URL__ !== 'undefined' && __STAN_DOCSEARCH_CSS_URL__) || '/docsearch.css';
