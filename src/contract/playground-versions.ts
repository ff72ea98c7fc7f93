/**
 * Which release of the package the playground runs: the folders the build wrote for each docs version (shared by the
 * build, which writes them, and the browser, which loads them), the version a launch or a link asks for, and how a
 * link names it. A link names the release it runs (`#lang=ts&version=1.0.0-rc14&code=…`); a link without one runs
 * the last version, so links made before versions existed keep working.
 */

/** One docs version's playground folder: `types.json` (the worker's .d.ts files) and `runtime.js` (the frame's). */
export interface PlaygroundVersionAssets {
  /** The docs version's name (`current`, `1.0.0-rc14`). */
  name: string;
  /** The package release its code runs against (`1.2.0-rc4`, `1.0.0-rc14`). */
  release: string;
  /** The folder's URL path, ending in `/`. */
  base: string;
}

/** What the build tells the browser: the worker's folder (one for every version), then each version's folder. */
export interface PlaygroundAssetsIndex {
  workerBase: string;
  /** The last version first, then the older ones newest first. */
  versions: readonly PlaygroundVersionAssets[];
}

/** The fragment parameter of a /playground link that names the release its code runs against. */
export const VERSION_PARAM = 'version';

export interface ChosenVersion<V> {
  version: V;
  /** What the launch or link asked for when no version matches it (the last version opens instead); else null. */
  unknown: string | null;
}

/**
 * The version a launch (a docs version's name) or a link (a release) asks for: matched by name or release; nothing
 * asked for, or nothing matching, gives the last version (with what was asked for, to say so).
 */
export function chooseVersion<V extends { name: string; release: string }>(requested: string | null | undefined, versions: readonly V[]): ChosenVersion<V> {
  const last = versions[0];
  if (!last) throw new Error('The playground knows no versions: the build writes at least the current one.');
  if (requested === null || requested === undefined || requested === '') return { version: last, unknown: null };
  const found = versions.find((version) => version.name === requested) ?? versions.find((version) => version.release === requested);
  return found ? { version: found, unknown: null } : { version: last, unknown: requested };
}
