/** How gatsby-node.ts wraps each lifecycle step. */
import { useBuildCacheStore, type BuildCacheStore } from '../build-cache';

/**
 * A lifecycle step that first hands Gatsby's cache to the build's output caches, in whichever process runs it (the
 * main one, each query worker): no cache can be left in memory only.
 */
export const step =
  <Args extends { cache: BuildCacheStore }, Result>(run: (args: Args) => Result) =>
  (args: Args): Result => {
    useBuildCacheStore(args.cache);
    return run(args);
  };
