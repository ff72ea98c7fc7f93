/** @jest-environment node */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import { hostingRules } from '../../src/node/hosting';
import { checkHostingRules, createServer, displayUrl, parseServeArgs, readHostingRules, resolveRoute } from '../lib/serve.mjs';

const files = {
  'index.html': '<h1>home</h1>',
  '404.html': '<h1>not found page</h1>',
  '404/index.html': '<h1>404 route</h1>',
  'docs/index.html': '<h1>docs</h1>',
  'docs/api/atom/index.html': '<h1>atom</h1>',
  'app-0123456789abcdef0123.js': 'console.log("app");'.repeat(50),
  'styles.0123456789abcdef.css': 'body{color:red}',
  'sw.js': 'self.x=1',
  'page-data/docs/api/atom/page-data.json': '{"path":"/docs/api/atom"}',
  'static/0123abcd/logo.svg': '<svg/>',
  'vendor/mermaid-11.17.2/mermaid.esm.min.mjs': 'export default 1;',
  'legal.html': '<h1>legal</h1>',
  'docs/api/atom.md': '# Atom\n\n> Writable state.\n',
  'docs.md': '# Introduction\n',
  'llms.txt': '# Stan\n',
  'manifest.webmanifest': '{"name":"Stan"}',
  'img/logo.png': 'png',
  '_headers': '/*\n  X-Test: 1\n',
  '_hosting/rules.json': '{}',
};
const rules = hostingRules({ files: Object.keys(files), scriptHashes: ["'sha256-abc='"] });
const { immutable: IMMUTABLE, revalidate: REVALIDATE } = rules.cacheControl;

let root;
let server;
let port;

function get(urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  fs.mkdirSync(path.join(root, 'emptydir'));
  server = await createServer({ root, rules, port: 0 });
  port = server.address().port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('HTTP', () => {
  test('serves a page without trailing slash', async () => {
    const res = await get('/docs/api/atom');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toBe('<h1>atom</h1>');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  test('serves the home page', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<h1>home</h1>');
  });

  test("every response carries the build's security headers: pages, assets, redirects, not found", async () => {
    for (const target of ['/', '/app-0123456789abcdef0123.js', '/docs/', '/nope', '/%E0%A4%A']) {
      const res = await get(target);
      for (const [name, value] of Object.entries(rules.headers)) expect([target, res.headers[name.toLowerCase()]]).toEqual([target, value]);
    }
  });

  test('301 for a trailing slash, keeping the query string', async () => {
    const res = await get('/docs/api/atom/?q=1&x=a%20b');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/docs/api/atom?q=1&x=a%20b');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect((await get('/docs//')).headers.location).toBe('/docs');
  });

  test('301 for .html and /index.html, keeping the query string', async () => {
    expect((await get('/docs/api/atom.html')).headers.location).toBe('/docs/api/atom');
    const res = await get('/docs/api/atom/index.html?v=2');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/docs/api/atom?v=2');
    expect((await get('/index.html')).headers.location).toBe('/');
  });

  test('never redirects off the site: paths that normalise to //host or \\host are not found', async () => {
    for (const target of ['//evil.com/', '/%2Fevil.com/', '/%2F%2Fevil.com', '/%5Cevil.com/', '/\\evil.com/', '/.//evil.com/', '/%2e%2e//evil.com/']) {
      const res = await get(target);
      expect([target, res.status, res.headers.location]).toEqual([target, 404, undefined]);
    }
  });

  test('existing .html files are served as-is', async () => {
    const res = await get('/404.html');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<h1>not found page</h1>');
    expect((await get('/legal.html')).status).toBe(200);
  });

  test('unknown and malformed paths answer 404 with 404.html', async () => {
    const paths = ['/nope', '/docs/nope', '/nope/', '/nope.html', '/emptydir', '/docs/nope/index.html', '/x%25y', '/docs/api/atom%20', '/%E0%A4%A', '/%zz', '/..%2f..%2fetc%2fpasswd', '/static/', '/a%00b'];
    for (const p of paths) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.body.toString()).toBe('<h1>not found page</h1>');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
    }
  });

  test('the host configuration files are not served', async () => {
    for (const p of ['/_headers', '/_hosting/rules.json', '/_hosting/']) {
      const res = await get(p);
      expect([p, res.status, res.body.toString()]).toEqual([p, 404, '<h1>not found page</h1>']);
    }
  });

  test('content-hashed and versioned files are immutable, others revalidate', async () => {
    for (const p of ['/app-0123456789abcdef0123.js', '/static/0123abcd/logo.svg', '/vendor/mermaid-11.17.2/mermaid.esm.min.mjs']) {
      const res = await get(p);
      expect([p, res.status, res.headers['cache-control']]).toEqual([p, 200, IMMUTABLE]);
    }
    for (const p of ['/page-data/docs/api/atom/page-data.json', '/sw.js', '/img/logo.png', '/docs.md']) {
      const res = await get(p);
      expect([p, res.status, res.headers['cache-control']]).toEqual([p, 200, REVALIDATE]);
    }
  });

  test('gzip when accepted, for text only', async () => {
    const res = await get('/app-0123456789abcdef0123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString()).toBe(files['app-0123456789abcdef0123.js']);
    const plain = await get('/app-0123456789abcdef0123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(files['app-0123456789abcdef0123.js']);
    expect((await get('/img/logo.png', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });

  test('404 page is gzipped with status 404 too', async () => {
    const res = await get('/missing', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(zlib.gunzipSync(res.body).toString()).toBe('<h1>not found page</h1>');
  });

  test("content types come from the build's rules", async () => {
    const types = {
      '/docs/api/atom.md': 'text/markdown; charset=utf-8',
      '/llms.txt': 'text/plain; charset=utf-8',
      '/manifest.webmanifest': 'application/manifest+json; charset=utf-8',
      '/vendor/mermaid-11.17.2/mermaid.esm.min.mjs': 'text/javascript; charset=utf-8',
      '/static/0123abcd/logo.svg': 'image/svg+xml; charset=utf-8',
      '/img/logo.png': 'image/png',
    };
    for (const [p, type] of Object.entries(types)) expect([p, (await get(p)).headers['content-type']]).toEqual([p, type]);
  });
});

describe('resolveRoute', () => {
  const fsMap = { 'index.html': 'file', 'docs/index.html': 'file', docs: 'dir', 'a.html': 'file', 'x.js': 'file' };
  const stat = (rel) => fsMap[rel] || null;
  const routeRules = { redirects: [{ from: '/docs/', to: '/docs' }, { from: '/docs.html', to: '/docs' }], hidden: ['/_hosting/'] };

  test.each([
    ['/', '', { type: 'file', file: 'index.html' }],
    ['/docs', '', { type: 'file', file: 'docs/index.html' }],
    ['/a.html', '', { type: 'file', file: 'a.html' }],
    ['/a', '', { type: 'not-found' }],
    ['/x.js', '?v=1', { type: 'file', file: 'x.js' }],
    ['/docs/', '?x=1', { type: 'redirect', location: '/docs?x=1' }],
    ['/docs//', '', { type: 'redirect', location: '/docs' }],
    ['/docs/../docs/', '', { type: 'redirect', location: '/docs' }],
    ['/docs.html', '', { type: 'redirect', location: '/docs' }],
    ['//docs/', '', { type: 'redirect', location: '/docs' }],
    ['/missing', '', { type: 'not-found' }],
    ['/%E0%A4%A', '', { type: 'not-found' }],
    ['/..', '', { type: 'not-found' }],
    ['/_hosting/rules.json', '', { type: 'not-found' }],
  ])('%s%s', (pathname, search, expected) => {
    expect(resolveRoute(pathname, search, stat, routeRules)).toEqual(expected);
  });
});

describe('readHostingRules', () => {
  const dirWith = (text) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-'));
    if (text !== undefined) {
      fs.mkdirSync(path.join(dir, '_hosting'));
      fs.writeFileSync(path.join(dir, '_hosting/rules.json'), text);
    }
    return dir;
  };

  test("reads the build's rules", () => {
    expect(readHostingRules(dirWith(JSON.stringify(rules)))).toEqual(rules);
  });

  test('a build without rules, or with unreadable ones, names the file and the fix', () => {
    expect(() => readHostingRules(dirWith(undefined), 'public')).toThrow(
      'public/_hosting/rules.json is missing: every build writes it, so rebuild public/ (`npm run build`).',
    );
    expect(() => readHostingRules(dirWith('{'), 'public')).toThrow(/^public\/_hosting\/rules\.json is unreadable \(/);
    expect(() => readHostingRules(dirWith('{"headers":{}}'), 'public')).toThrow(/has no cacheControl, immutable, .*: it was written by an older build; rebuild/);
  });

  test('refuses a redirect that would leave the site', () => {
    for (const to of ['//evil.com', '/\\evil.com', 'https://evil.com/']) {
      expect(() => checkHostingRules({ ...rules, redirects: [{ from: '/a/', to }] }, 'rules.json')).toThrow(`rules.json: the redirect /a/ → ${to} does not stay on the site`);
    }
  });
});

test('parseServeArgs and displayUrl', () => {
  expect(parseServeArgs([], {})).toEqual({ port: 9000, host: '127.0.0.1', root: 'public' });
  expect(parseServeArgs([], { PORT: '9200', HOST: '0.0.0.0' })).toEqual({ port: 9200, host: '0.0.0.0', root: 'public' });
  expect(parseServeArgs(['--root', 'public-hosted']).root).toBe('public-hosted');
  expect(parseServeArgs(['--root=out']).root).toBe('out');
  expect(() => parseServeArgs(['--root'])).toThrow(/--root needs a value/);
  expect(parseServeArgs(['--port', '9100'], { PORT: '9200' }).port).toBe(9100);
  expect(parseServeArgs(['--port=9101']).port).toBe(9101);
  expect(() => parseServeArgs(['--port', 'x'])).toThrow(/invalid port/);
  expect(() => parseServeArgs(['--nope'])).toThrow(/unknown argument/);
  expect(displayUrl('127.0.0.1', 9000)).toBe('http://localhost:9000');
  expect(displayUrl('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
});
