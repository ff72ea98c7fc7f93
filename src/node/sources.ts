/** What gatsby-config.ts sources besides the docs, named once (gatsby-config loads this module, so it stays tiny). */

/** Where the claim tests live: Jest runs every `*.test.ts(x)` below it as part of `npm test`. */
export const CLAIM_TESTS_DIR = 'test/content-tests';

/** The files below CLAIM_TESTS_DIR that are tests (the others are helpers and fixtures). */
export const CLAIM_TEST_FILE = /\.test\.[jt]sx?$/;

/** The gatsby-source-filesystem instance that reads CLAIM_TESTS_DIR. */
export const CLAIM_TESTS_SOURCE = 'claim-tests';
