/**
 * Imports mermaid's own ES module build from the URL the build copied it to (src/node/vendor-assets.ts), not
 * through webpack: its many lazy chunks would otherwise weigh on every page's webpack runtime. Outside webpack
 * (Jest) the constant is absent and a fixed path stands in; tests mock this module.
 */
import type { Mermaid } from 'mermaid';
import type { BuildDefines } from '../../../contract/build-defines';

declare const __STAN_MERMAID_URL__: BuildDefines['__STAN_MERMAID_URL__'] | undefined;

export const MERMAID_URL: string =
  (typeof __STAN_MERMAID_URL__ !== 'undefined' && __STAN_MERMAID_URL__) || '/vendor/mermaid/mermaid.esm.min.mjs';

/**
 * A browser keeps a failed module fetch in its module map, so importing the same URL again would fail at
 * once: each retry asks for the entry module under a new query string.
 */
export function importMermaid(attempt: number): Promise<Mermaid> {
  const url = attempt === 0 ? MERMAID_URL : `${MERMAID_URL}?retry=${attempt}`;
  return import(/* webpackIgnore: true */ url).then((module: { default: Mermaid }) => module.default);
}
