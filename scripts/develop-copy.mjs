#!/usr/bin/env node
/**
 * `gatsby develop` for the browser smoke tests against the development server (e2e/smoke.spec.ts, Playwright
 * project "develop"), run in a copy of the site in a temporary folder: develop writes a .cache/ and a public/ of
 * its own (page data with another compilation hash), which must not touch the production build the other browser
 * tests serve. The copy holds the working tree's files (tracked and new), with node_modules linked, not copied;
 * it is removed when the server stops.
 * Usage: node scripts/develop-copy.mjs --port 8123
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCliArgs } from './lib/cli.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let port;
try {
  ({ port } = parseCliArgs(process.argv.slice(2), { port: { type: 'string', default: '8123' } }));
  if (!/^\d+$/.test(port)) throw new Error('--port needs a number, e.g. --port 8123');
} catch (err) {
  console.error(`develop-copy: ${err.message}`);
  process.exit(2);
}

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString('utf8')
  .split('\0')
  .filter(Boolean);
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-develop-'));
for (const file of files) {
  const from = path.join(root, file);
  if (!fs.existsSync(from)) continue; // deleted in the working tree
  fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  fs.copyFileSync(from, path.join(copy, file));
}
fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
console.log(`develop-copy: ${files.length} files in ${copy}; gatsby develop on port ${port}`);
// Where the editing tests (e2e/develop.spec.ts) find the files the server watches.
export const SITE_FILE = path.join(root, 'test-results', `develop-site-${port}.txt`);
fs.mkdirSync(path.dirname(SITE_FILE), { recursive: true });
fs.writeFileSync(SITE_FILE, copy);

const child = spawn(path.join(root, 'node_modules/.bin/gatsby'), ['develop', '-H', '127.0.0.1', '-p', port], {
  cwd: copy,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code, signal) => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(SITE_FILE, { force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
