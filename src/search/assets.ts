/**
 * Where the build put the hashed search files. The names are webpack constants set by gatsby-node
 * (src/node/search-index.ts searchWebpackDefines); outside webpack (Jest) they fall back to fixed names.
 */
declare const __STAN_SEARCH_INDEX_URL__: string | null | undefined;
declare const __STAN_DOCSEARCH_CSS_URL__: string | null | undefined;

export const SEARCH_INDEX_URL: string =
  (typeof __STAN_SEARCH_INDEX_URL__ !== 'undefined' && __STAN_SEARCH_INDEX_URL__) || '/search-index.json';
export const DOCSEARCH_CSS_URL: string =
  (typeof __STAN_DOCSEARCH_CSS_URL__ !== 'undefined' && __STAN_DOCSEARCH_CSS_URL__) || '/docsearch.css';
