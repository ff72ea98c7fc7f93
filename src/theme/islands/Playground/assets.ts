/**
 * Where the build put the playground's worker and each docs version's types and frame runtime
 * (src/node/playground-assets.ts). Outside webpack (Jest) the constant is absent and fixed paths stand in.
 */
import type { BuildDefines } from '../../../contract/build-defines';
import { CURRENT_VERSION_NAME } from '../../../contract/docs-versions';
import { chooseVersion, type PlaygroundAssetsIndex, type PlaygroundVersionAssets } from '../../../contract/playground-versions';

declare const __STAN_PLAYGROUND_ASSETS__: BuildDefines['__STAN_PLAYGROUND_ASSETS__'] | undefined;

const WITHOUT_BUILD: PlaygroundAssetsIndex = {
  workerBase: '/vendor/playground/',
  versions: [{ name: CURRENT_VERSION_NAME, release: 'installed', base: '/vendor/playground/' }],
};

/** The folders the build wrote (read when asked, so a test can stand in for the build's constant). */
export const playgroundAssets = (): PlaygroundAssetsIndex =>
  (typeof __STAN_PLAYGROUND_ASSETS__ !== 'undefined' && __STAN_PLAYGROUND_ASSETS__) || WITHOUT_BUILD;

/** The versions the playground runs, the last one first. */
export const playgroundVersions = (): readonly PlaygroundVersionAssets[] => playgroundAssets().versions;

/** The version a launch or link names (by name or release), else the last one, with what was asked for. */
export const playgroundVersion = (requested: string | null | undefined) => chooseVersion(requested, playgroundVersions());

/** A retry asks under a new query string, past a cached failure. */
const retry = (attempt: number) => (attempt === 0 ? '' : `?retry=${attempt}`);

/**
 * The worker's script, told in its fragment which types to load: one script for every version, so switching release
 * keeps it cached (a fragment is not part of what the browser caches by).
 */
export const workerUrl = (version: PlaygroundVersionAssets, attempt = 0) =>
  `${playgroundAssets().workerBase}worker.js${retry(attempt)}#types=${encodeURIComponent(`${version.base}types.json`)}`;

/** The frame runtime of a version (its package as `@rkrupinski/stan`, and React). */
export const runtimeUrl = (version: PlaygroundVersionAssets, attempt = 0) => `${version.base}runtime.js${retry(attempt)}`;

/** react-dom/server for the frame of a version, sent with code that imports it. */
export const serverUrl = (version: PlaygroundVersionAssets, attempt = 0) => `${version.base}server.js${retry(attempt)}`;
