// Flat config: @eslint/js + typescript-eslint (recommended, not type-checked: fast) + react-hooks.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The floors of src/, from the ground up: a file imports only from its own floor or below, and never from a
 * neighbour on its floor (theme-common and search stand side by side, as do theme and node). The gatsby-* files
 * at the root stand on top of all of them.
 */
const FLOORS = [
  ['contract', 'examples'],
  ['config'],
  ['theme-common', 'search'],
  ['theme', 'node'],
  ['runtime', 'templates', 'pages'],
];
/** What each folder may not import: every folder of a higher floor, and its neighbours on its own floor. */
const forbiddenFor = (folder) => {
  const floor = FLOORS.findIndex((names) => names.includes(folder));
  return FLOORS.flatMap((names, index) =>
    index > floor ? names : index === floor ? names.filter((name) => name !== folder) : [],
  );
};
const floorRule = (folder) => ({
  files: [`src/${folder}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbiddenFor(folder).map((other) => ({
              regex: `^(\\.\\./)+${other}(/|$)`,
              message: `src/${folder} stands below or beside src/${other} and does not import from it: move what both need to a lower floor (src/contract for what build code and the theme share).`,
            })),
          {
            regex: '^(\\.\\./)+test(/|$)',
            message: `src/${folder} does not import from test/: the site never depends on its tests (move what both need into src/).`,
          },
        ],
      },
    ],
  },
});

export default defineConfig(
  globalIgnores([
    'public/',
    'public-hosted/',
    '.cache/',
    'node_modules/',
    'src/gatsby-types.d.ts',
    'test-results/',
    'playwright-report/',
    'coverage/',
    'reports/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // The floors hold in src/ only: the tests (test/, mirroring src/) may reach up, they build the markup and the pages they check.
  ...FLOORS.flat().map(floorRule),
  {
    // Tests name the site's modules by the alias Jest and TypeScript resolve, so a test reads the same wherever it sits.
    files: ['test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src(/|$)', message: 'Import the site\'s modules as @src/… (jest.config.js and tsconfig.json resolve it).' }] },
      ],
    },
  },
  {
    // CommonJS config and Jest helper files.
    files: [
      'jest.config.js',
      'jest-preprocess.js',
      'loadershim.js',
      '__mocks__/**/*.js',
      'scripts/__tests__/load-esm.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
