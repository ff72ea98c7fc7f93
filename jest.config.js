// Gatsby's documented Jest setup (babel-preset-gatsby + TypeScript), jsdom by default.
const esmPackages = [
  '@rkrupinski/stan', 'stemmer',
  // Releases documented by older docs versions, installed beside the current one as npm aliases (stan-<version>)
  'stan-\\d[^/]*',
  'unified', 'bail', 'trough', 'vfile', 'vfile-message', 'unist-.*', 'mdast-.*', 'micromark.*',
  'remark-.*', 'decode-named-character-reference', 'character-entities', 'ccount', 'devlop',
  'estree-util-.*', 'zwitch', 'longest-streak', 'is-plain-obj', 'parse-entities',
  'character-reference-invalid', 'is-decimal', 'is-hexadecimal', 'is-alphanumerical',
  'is-alphabetical', 'stringify-entities', 'character-entities-legacy', 'character-entities-html4',
  'markdown-table', 'acorn-jsx', 'uvu', 'kleur', 'diff', 'dequal', 'sade', 'mri',
  '@mdx-js/mdx', 'hast-util-.*', 'hastscript', 'rehype-.*', 'estree-walker', 'periscopic', 'is-reference',
  'property-information', 'space-separated-tokens', 'comma-separated-tokens', 'web-namespaces',
  'html-void-elements', 'trim-lines', 'unist-builder', 'astring', 'recma-.*', 'vfile-location',
  'markdown-extensions', 'is-buffer', 'extend', 'ccount', 'character-entities-.*', 'stringify-entities',
  'unist-util-.*', 'estree-util-.*', 'mdast-util-.*', 'hast-to-hyperscript', 'style-to-object', 'inline-style-parser',
  // Gatsby's browser runtime, which the malformed-address test runs (test/runtime/ssr/loadable-address.test.ts)
  'gatsby/cache-dir',
  // Netlify's own parsers of _headers and _redirects (test/node/hosting-files.test.ts)
  '@netlify/headers-parser', '@netlify/redirect-parser', 'escape-string-regexp', 'map-obj', 'path-exists',
  // shiki (build-time highlighting, src/node/highlight.ts)
  'shiki', '@shikijs/.*', 'oniguruma-to-es', 'oniguruma-parser', 'regex', 'regex-recursion', 'regex-utilities',
];

module.exports = {
  testEnvironment: 'jsdom',
  // The tests of src/ sit in test/, a tree that mirrors it (src/node/x.ts → test/node/x.test.ts): Gatsby parses
  // every src/ file that names a query word, in each build and develop process, and tests are no part of the site.
  // src/ stays a root, so --watch and --findRelatedTests see its files.
  roots: ['<rootDir>/test', '<rootDir>/src', '<rootDir>/scripts', '<rootDir>/__mocks__'],
  testMatch: ['<rootDir>/test/**/*.test.[jt]s?(x)', '<rootDir>/scripts/__tests__/**/*.test.[jt]s?(x)'],
  transform: {
    '^.+\\.[cm]?[jt]sx?$': '<rootDir>/jest-preprocess.js',
  },
  moduleNameMapper: {
    // Tests import the site's modules as @src/… (tsconfig.json's paths say the same to TypeScript).
    '^@src/(.*)$': '<rootDir>/src/$1',
    '.+\\.(css|styl|less|sass|scss)$': 'identity-obj-proxy',
    '^@docsearch/css$': 'identity-obj-proxy',
    '.+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$':
      '<rootDir>/__mocks__/file-mock.js',
  },
  resolver: '<rootDir>/jest-resolver.js',
  // *.build.test.js need a finished `npm run build` and run as their own step of `npm test` (scripts/test-all.mjs).
  testPathIgnorePatterns: ['node_modules', '\\.cache', '<rootDir>.*/public', '\\.build\\.test\\.js$'],
  transformIgnorePatterns: [`node_modules/(?!(${esmPackages.join('|')})/)`, '\\.pnp\\.[^\\/]+$'],
  // What Gatsby's webpack config defines for this site (gatsby-config: no path prefix, trailingSlash 'never').
  globals: { __PATH_PREFIX__: '', __BASE_PATH__: '', __TRAILING_SLASH__: 'never' },
  setupFiles: ['<rootDir>/loadershim.js'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
