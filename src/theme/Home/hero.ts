/** What the home page's hero says about the package; each figure is checked in __tests__/hero.test.ts. */

/**
 * The gzipped size of the package's core entry (`@rkrupinski/stan`, everything it exports) in kB of 1,000 bytes,
 * to one decimal: bundled with esbuild (minified, as an ES module) and gzipped at level 9, 1,698 bytes for 1.2.0-rc4.
 */
export const CORE_GZIP_KB = 1.7;

/** Where the docs compare Stan with the libraries the hero names. */
export const COMPARISON_HREF = '/docs#compared-with-recoil-and-jotai';
