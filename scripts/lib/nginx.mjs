// nginx serving a build folder with the snippet the build wrote (<root>/_hosting/nginx.conf), as a deployment
// would: the configuration around it is the minimum a server block needs, so what the tests see is the snippet.
import fs from 'node:fs';
import path from 'node:path';
import { NGINX_FILE } from '../../src/contract/hosting-layout.mjs';

/** The snippet the build wrote, relative to the build folder. */
export const NGINX_SNIPPET = NGINX_FILE;
const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/usr/bin/nginx'];
const MIME_TYPES = '/etc/nginx/mime.types';

/** The nginx binary, or null when none is installed. */
export function findNginx(env = process.env, exists = fs.existsSync) {
  if (env.NGINX) return exists(env.NGINX) ? env.NGINX : null;
  return NGINX_PATHS.find((p) => exists(p)) ?? null;
}

/**
 * A complete nginx.conf: one foreground master, one worker, everything nginx writes kept under `prefix`, and a
 * server block whose root is the build that includes the build's own snippet.
 * @param {{ root: string, port: number, host?: string, prefix: string, user?: string | null }} options
 */
export function nginxConfig({ root, port, host = '127.0.0.1', prefix, user = null }) {
  const abs = path.resolve(root);
  const quote = (p) => `"${p.replace(/["\\]/g, '\\$&')}"`;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `  ${name}_temp_path ${quote(path.join(prefix, `${name}_temp`))};`,
  );
  return [
    '# Written by scripts/nginx.mjs for one test or preview run.',
    ...(user ? [`user ${user};`] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${quote(path.join(prefix, 'nginx.pid'))};`,
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    `  include ${quote(MIME_TYPES)};`,
    '  access_log off;',
    '  sendfile on;',
    ...temp,
    '  server {',
    `    listen ${host.includes(':') ? `[${host}]` : host}:${port};`,
    `    root ${quote(abs)};`,
    `    include ${quote(path.join(abs, NGINX_SNIPPET))};`,
    '  }',
    '}',
    '',
  ].join('\n');
}
