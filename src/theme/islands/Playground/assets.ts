/**
 * Where the build put the playground's worker, types and frame runtime (src/node/playground-assets.ts). Outside
 * webpack (Jest) the constant is absent and a fixed path stands in.
 */
import type { BuildDefines } from '../../../contract/build-defines';

declare const __STAN_PLAYGROUND_BASE__: BuildDefines['__STAN_PLAYGROUND_BASE__'] | undefined;

export const PLAYGROUND_BASE: string =
  (typeof __STAN_PLAYGROUND_BASE__ !== 'undefined' && __STAN_PLAYGROUND_BASE__) || '/vendor/playground/';

/** A file of the folder; a retry asks under a new query string, past a cached failure. */
export const playgroundAsset = (file: string, attempt = 0) =>
  `${PLAYGROUND_BASE}${file}${attempt === 0 ? '' : `?retry=${attempt}`}`;
