/** What gatsby-config.ts sources besides the docs, named once (gatsby-config loads this module, so it stays tiny). */

/** Where the claim tests live: Jest runs every `*.test.ts(x)` below it as part of `npm test`. */
export const CLAIM_TESTS_DIR = 'src/content-tests/__tests__';

/** The gatsby-source-filesystem instance that reads CLAIM_TESTS_DIR. */
export const CLAIM_TESTS_SOURCE = 'claim-tests';
