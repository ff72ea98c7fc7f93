#!/usr/bin/env node
// Serve the production build in public/ (run `npm run build` first).
// Usage: node scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--root public]   (or PORT / HOST env)
//   --root  another build output folder, relative to the repository (e.g. public-hosted from `npm run build:hosted`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, displayUrl, parseServeArgs, readHostingRules } from './lib/serve.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let opts;
try {
  opts = parseServeArgs(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`serve: ${err.message}\nUsage: node scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--root public]`);
  process.exit(2);
}

const root = path.resolve(repoRoot, opts.root);
const shown = path.relative(repoRoot, root) || '.';
const builds = { public: 'npm run build', 'public-hosted': 'npm run build:hosted' };
const fix = builds[shown] ? `: run \`${builds[shown]}\` first` : '';
if (!fs.existsSync(root)) {
  console.error(`serve: ${shown}/ does not exist${fix}.`);
  process.exit(1);
}
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`serve: ${shown}/index.html is missing (incomplete build?)${fix}.`);
  process.exit(1);
}

let server;
try {
  const rules = readHostingRules(root, shown);
  server = await createServer({ root, rules, port: opts.port, host: opts.host });
} catch (err) {
  if (err.code === 'EADDRINUSE') {
    console.error(`serve: port ${opts.port} on ${opts.host} is already in use (set PORT or --port).`);
  } else {
    console.error(`serve: ${err.message}`);
  }
  process.exit(1);
}

const { port } = server.address();
console.log(`Serving ${shown}/ at ${displayUrl(opts.host, port)}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
