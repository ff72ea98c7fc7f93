/** @jest-environment node */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

import { hostingRules } from '../../src/node/hosting';
import { toNginxSnippet } from '../../src/node/hosting-files';
import { NGINX_SNIPPET, findNginx, nginxConfig } from '../lib/nginx.mjs';

test('findNginx: $NGINX when it exists, else the first usual path that does, else null', () => {
  const exists = (p) => ['/usr/sbin/nginx', '/opt/nginx'].includes(p);
  expect(findNginx({}, exists)).toBe('/usr/sbin/nginx');
  expect(findNginx({ NGINX: '/opt/nginx' }, exists)).toBe('/opt/nginx');
  expect(findNginx({ NGINX: '/missing/nginx' }, exists)).toBeNull();
  expect(findNginx({}, () => false)).toBeNull();
});

describe('nginxConfig', () => {
  const conf = nginxConfig({ root: '/srv/site', port: 9105, prefix: '/tmp/run' });

  it("serves the build's root on the port, with the build's own snippet and nothing else of the site", () => {
    expect(conf).toContain('    listen 127.0.0.1:9105;\n    root "/srv/site";\n    include "/srv/site/_hosting/nginx.conf";\n');
    expect(conf).not.toMatch(/add_header|location|error_page/);
  });

  it('runs in the foreground and writes only under its prefix', () => {
    expect(conf).toContain('daemon off;');
    expect(conf).toContain('pid "/tmp/run/nginx.pid";');
    expect(conf.match(/_temp_path "([^"]+)"/g)).toHaveLength(5);
    expect([...conf.matchAll(/_temp_path "([^"]+)"/g)].every(([, p]) => p.startsWith('/tmp/run/'))).toBe(true);
    expect(conf).not.toMatch(/^user /m);
    expect(nginxConfig({ root: '/srv/site', port: 1, prefix: '/tmp/run', user: 'root' })).toMatch(/^user root;$/m);
    expect(nginxConfig({ root: '/srv/site', port: 1, host: '::1', prefix: '/tmp/run' })).toContain('listen [::1]:1;');
  });
});

const nginx = findNginx();
// nginx itself checks the whole configuration, the build's snippet included (where it is installed).
(nginx ? test : test.skip)('nginx accepts the configuration with a generated snippet', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-root-'));
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-run-'));
  const rules = hostingRules({ files: ['index.html', '404.html', 'docs/index.html', 'docs.md', 'app-0123456789abcdef0123.js'], scriptHashes: [] });
  expect(rules.markdownTwins).toEqual({ '/docs': '/docs.md' });
  fs.mkdirSync(path.join(root, '_hosting'));
  fs.writeFileSync(path.join(root, NGINX_SNIPPET), toNginxSnippet(rules));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ root, port: 9199, prefix, user: process.getuid?.() === 0 ? 'root' : null }));
  const result = spawnSync(nginx, ['-t', '-p', prefix, '-c', conf, '-e', 'stderr'], { encoding: 'utf8' });
  expect(result.stderr).toContain('test is successful');
  expect(result.stderr).not.toMatch(/\[warn\]/);
});
