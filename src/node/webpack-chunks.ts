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
 *   LazyChunk) into one 75 KB chunk that each of them then downloaded. `name: false` lets webpack keep one
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

/**
 * Slims the Gatsby runtime that every page loads (about 6 KB gzip in all):
 *
 * - Two modules this site never executes in production go to an empty module: the Partytown browser plugin (it
 *   acts only under `gatsby develop`, and pulls gatsby-script and Partytown's integration with it) and the
 *   service-worker registration (required only when a plugin registers one; none does).
 * - prop-types, which Gatsby's runtime declares props with, is one no-op validator: React 19 never checks them.
 * - Gatsby's router (`@gatsbyjs/reach-router`), `gatsby-link` and `gatsby-react-router-scroll` are replaced by
 *   the parts of them a static site runs, in src/runtime/router/: same exports, same markup and the same
 *   navigation, focus, prefetch and scroll behaviour, in a third of the bytes.
 *
 * Browser build only: the server render keeps the real modules, which the replacements' markup matches.
 */
export function slimGatsbyRuntime(root: string) {
  const empty = `${root}/src/node/stubs/empty-module.js`;
  const router = `${root}/src/runtime/router`;
  return {
    resolve: {
      alias: {
        [`${root}/node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js`]: empty,
        [`${root}/.cache/register-service-worker.js`]: empty,
        'prop-types$': `${root}/src/node/stubs/prop-types.js`,
        '@gatsbyjs/reach-router$': `${router}/reach-router.tsx`,
        'gatsby-link$': `${router}/gatsby-link.tsx`,
        'gatsby-react-router-scroll$': `${router}/scroll-handler.tsx`,
      },
    },
  };
}
