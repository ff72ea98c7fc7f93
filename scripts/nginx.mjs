#!/usr/bin/env node
// Serve a build with nginx and the rules the build wrote for it (public/_hosting/nginx.conf), as production would.
// Usage: node scripts/nginx.mjs [--port 9000] [--host 127.0.0.1] [--root public]   (or PORT / HOST env)
// Needs nginx (Debian: `bash scripts/ensure-nginx.sh`); used by the Playwright projects that test on nginx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NGINX_SNIPPET, findNginx, nginxConfig } from './lib/nginx.mjs';
import { displayUrl, parseServeArgs } from './lib/serve.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'Usage: node scripts/nginx.mjs [--port 9000] [--host 127.0.0.1] [--root public]';

let opts;
try {
  opts = parseServeArgs(process.argv.slice(2), process.env);
  if (opts.port === 0) throw new Error('nginx needs a fixed port, not 0');
} catch (err) {
  console.error(`nginx: ${err.message}\n${usage}`);
  process.exit(2);
}

const root = path.resolve(repoRoot, opts.root);
const shown = path.relative(repoRoot, root) || '.';
if (!fs.existsSync(path.join(root, NGINX_SNIPPET))) {
  console.error(`nginx: ${shown}/${NGINX_SNIPPET} is missing: every build writes it, so rebuild ${shown}/ (\`npm run build\`).`);
  process.exit(1);
}
const nginx = findNginx();
if (!nginx) {
  console.error('nginx: no nginx binary found (set NGINX to its path); on Debian/Ubuntu run `bash scripts/ensure-nginx.sh`.');
  process.exit(1);
}

// Everything nginx writes (pid, temp files) stays in a folder of its own, removed on exit.
const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-nginx-'));
const conf = path.join(prefix, 'nginx.conf');
// As root, nginx's workers would run as "nobody", who may not read a checkout under /root.
const user = process.getuid?.() === 0 ? 'root' : null;
fs.writeFileSync(conf, nginxConfig({ root, port: opts.port, host: opts.host, prefix, user }));

const child = spawn(nginx, ['-p', prefix, '-c', conf, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
console.log(`Serving ${shown}/ with ${nginx} at ${displayUrl(opts.host, opts.port)}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill('SIGTERM'));
child.on('error', (err) => {
  console.error(`nginx: cannot start ${nginx}: ${err.message}`);
  process.exitCode = 1;
});
child.on('exit', (code, signal) => {
  fs.rmSync(prefix, { recursive: true, force: true });
  process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
});
