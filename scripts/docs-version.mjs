#!/usr/bin/env node
// Cuts the current docs into an older version pinned to a release: npm run docs:version -- <release> (--help).
// Every failure is one message saying what became of the site; none shows a stack trace.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocsVersionArgs, USAGE } from './lib/docs-version/args.mjs';
import { cutDocsVersion } from './lib/docs-version/cut.mjs';
import { CutStopped } from './lib/docs-version/journal.mjs';
import { CutError, loadSiteCode, loadSiteConfig } from './lib/docs-version/site.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A TypeScript module of this repository, loaded with tsx as the command runs in plain Node: as CommonJS, as the
 * build loads them (their `import()` of ES-module packages then resolves from the module's own folder).
 */
async function tsxImport(file) {
  const tsx = await import('tsx/cjs/api');
  return tsx.require(path.join(REPO_ROOT, file), import.meta.url);
}

/** What became of the site, after the reason the cut stopped. */
const OUTCOME = {
  unchanged: 'Nothing was changed.',
  undone: 'Everything it had changed is back as it was.',
  resumable: '',
};

try {
  const options = parseDocsVersionArgs(process.argv.slice(2), REPO_ROOT);
  if (options.help) {
    console.log(USAGE);
  } else {
    const [site, config] = await Promise.all([loadSiteCode(tsxImport), loadSiteConfig(options.root)]);
    const { installed } = await cutDocsVersion({ ...options, site, config });
    // The version is complete; a failed install is the one step left, and the exit code says so.
    if (options.install && !options.undo && !installed) process.exitCode = 1;
  }
} catch (err) {
  const outcome = err instanceof CutStopped ? err.outcome : 'unchanged';
  const message = err instanceof CutError ? err.message : `it stopped on an unexpected error: ${err?.message ?? err}`;
  console.error(`docs:version: ${message}${OUTCOME[outcome] ? `\n${OUTCOME[outcome]}` : ''}`);
  process.exitCode = 1;
}
