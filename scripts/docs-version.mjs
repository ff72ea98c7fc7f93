#!/usr/bin/env node
// Cuts the current docs into an older version pinned to a release: npm run docs:version -- <release> (--help).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CutError, USAGE, cutDocsVersion, parseDocsVersionArgs } from './lib/docs-version.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const options = parseDocsVersionArgs(process.argv.slice(2), REPO_ROOT);
  if (options.help) {
    console.log(USAGE);
  } else {
    const { installed } = await cutDocsVersion(options);
    // The cut is complete; a failed install is the one step left, and the exit code says so.
    if (options.install && !installed) process.exitCode = 1;
  }
} catch (err) {
  if (!(err instanceof CutError)) throw err;
  console.error(`docs:version: ${err.message}\nNothing was changed.`);
  process.exitCode = 1;
}
