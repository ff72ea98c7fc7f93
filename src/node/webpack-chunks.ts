/**
 * Keeps lazily loaded code (live examples, the search engine, islands) out of every page's first load and out
 * of each other's chunks. (mermaid is no longer bundled: see vendor-assets.ts.) Two of Gatsby's splitChunks
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
