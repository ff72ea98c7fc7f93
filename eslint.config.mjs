// Flat config: @eslint/js + typescript-eslint (recommended, not type-checked: fast) + react-hooks.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Relative imports of one source folder, from anywhere under src/ (build code and the theme meet in src/contract). */
const importsOf = (folder) => ({
  regex: `^(\\.\\./)+${folder}(/|$)`,
  message: `Import what build code and the theme share from src/contract, not from src/${folder}.`,
});
const IMPORTS_OF = { node: importsOf('node'), theme: importsOf('theme'), themeCommon: importsOf('theme-common') };

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
  {
    // Build code meets the theme only in src/contract, so it never loads presentation code.
    files: ['src/node/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [IMPORTS_OF.theme] }] },
  },
  {
    // The theme meets build code only in src/contract, so no build code reaches a bundle. Tests may still build
    // the markup they check the browser code against.
    files: ['src/theme/**', 'src/theme-common/**'],
    ignores: ['**/__tests__/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [IMPORTS_OF.node] }] },
  },
  {
    // What both sides import leans on neither.
    files: ['src/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [IMPORTS_OF.node, IMPORTS_OF.theme, IMPORTS_OF.themeCommon] }] },
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
