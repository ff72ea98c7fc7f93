#!/usr/bin/env node
/**
 * `npm run build:hosted`: a production build with hosted search switched on (the three GATSBY_DOCSEARCH_*
 * variables of e2e/hosted-env.json: fake credentials, never sent anywhere, since the browser tests answer the
 * hosted service's requests themselves), copied to public-hosted/ for e2e/hosted-search.spec.ts.
 * public/ is left holding this build: run `npm run build` afterwards to serve the default (local) search.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = JSON.parse(fs.readFileSync(path.join(root, 'e2e/hosted-env.json'), 'utf8'));
const out = path.join(root, 'public-hosted');

const gatsby = path.join(root, 'node_modules/.bin/gatsby');
const result = spawnSync(gatsby, ['build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) {
  console.error(`build:hosted: gatsby build failed (exit ${result.status ?? result.signal}); public-hosted/ left as it was.`);
  process.exit(1);
}
fs.rmSync(out, { recursive: true, force: true });
fs.cpSync(path.join(root, 'public'), out, { recursive: true });
console.log(`build:hosted: hosted-search build (index ${env.GATSBY_DOCSEARCH_INDEX_NAME}) copied to public-hosted/`);
