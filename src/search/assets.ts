/**
 * Where the build put the hashed search files, and the one download of the local index. The names are webpack
 * constants set by gatsby-node (src/node/gatsby/webpack.ts, typed by src/contract/build-defines.ts); outside webpack (Jest) they fall
 * back to fixed names. Kept minimal: every page's first load carries this module.
 */
import type { BuildDefines } from '../contract/build-defines';

declare const __STAN_SEARCH_INDEX_URL__: BuildDefines['__STAN_SEARCH_INDEX_URL__'] | undefined;
declare const __STAN_DOCSEARCH_CSS_URL__: BuildDefines['__STAN_DOCSEARCH_CSS_URL__'] | undefined;

export const SEARCH_INDEX_URL: string =
  (typeof __STAN_SEARCH_INDEX_URL__ !== 'undefined' && __STAN_SEARCH_INDEX_URL__) || '/search-index.json';
export const DOCSEARCH_CSS_URL: string =
  (typeof __STAN_DOCSEARCH_CSS_URL__ !== 'undefined' && __STAN_DOCSEARCH_CSS_URL__) || '/docsearch.css';

/**
 * The index download, started at the reader's first sign of wanting search (the button's loader) beside the modal's
 * code. The client takes the response (setting `pending` back to null) and hands the bytes to its worker, so the file
 * is fetched once.
 */
export const indexDownload: { pending: Promise<Response> | null } = { pending: null };

/** Starts the download, once until it is taken; a failed request is forgotten. */
export function downloadSearchIndex(): Promise<Response> {
  return (indexDownload.pending ??= fetch(SEARCH_INDEX_URL).catch((error: unknown) => {
    indexDownload.pending = null;
    throw error;
  }));
}
