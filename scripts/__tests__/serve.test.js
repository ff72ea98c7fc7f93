/** @jest-environment node */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import { createServer, resolveRoute, cacheControlFor, parseServeArgs, displayUrl, CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../lib/serve.mjs';

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
  'legal.html': '<h1>legal</h1>',
  'docs/api/atom.md': '# Atom\n\n> Writable state.\n',
  'docs.md': '# Introduction\n',
  'llms.txt': '# Stan\n',
  'manifest.webmanifest': '{"name":"Stan"}',
};

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
  server = await createServer({ root, port: 0 });
  port = server.address().port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('HTTP', () => {
  test('serves a route without trailing slash', async () => {
    const res = await get('/docs/api/atom');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body.toString()).toBe('<h1>atom</h1>');
    expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
  });

  test('serves the home page', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<h1>home</h1>');
  });

  test('301 for a trailing slash, keeping the query string', async () => {
    const res = await get('/docs/api/atom/?q=1&x=a%20b');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/docs/api/atom?q=1&x=a%20b');
  });

  test('301 for .html and /index.html, keeping the query string', async () => {
    expect((await get('/docs/api/atom.html')).headers.location).toBe('/docs/api/atom');
    const res = await get('/docs/api/atom/index.html?v=2');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/docs/api/atom?v=2');
    expect((await get('/index.html')).headers.location).toBe('/');
  });

  test('existing .html files are served as-is', async () => {
    const res = await get('/404.html');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<h1>not found page</h1>');
    expect((await get('/legal.html')).status).toBe(200);
  });

  test('unknown paths answer 404 with public/404.html', async () => {
    for (const p of ['/nope', '/docs/nope', '/nope.html', '/emptydir', '/docs/nope/index.html']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe('<h1>not found page</h1>');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  test('hashed assets are immutable, others revalidate', async () => {
    const app = await get('/app-0123456789abcdef0123.js');
    expect(app.status).toBe(200);
    expect(app.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect((await get('/static/0123abcd/logo.svg')).headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect((await get('/page-data/docs/api/atom/page-data.json')).headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect((await get('/sw.js')).headers['cache-control']).toBe(CACHE_REVALIDATE);
  });

  test('gzip when accepted', async () => {
    const res = await get('/app-0123456789abcdef0123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString()).toBe(files['app-0123456789abcdef0123.js']);
    const plain = await get('/app-0123456789abcdef0123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(files['app-0123456789abcdef0123.js']);
  });

  test('404 page is gzipped with status 404 too', async () => {
    const res = await get('/missing', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(zlib.gunzipSync(res.body).toString()).toBe('<h1>not found page</h1>');
  });

  test('Markdown sources beside their pages are served as text/markdown, gzipped when accepted', async () => {
    const res = await get('/docs/api/atom.md', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(files['docs/api/atom.md']);
    // The root doc's Markdown sits beside /docs, not inside the docs/ folder.
    const root = await get('/docs.md');
    expect(root.status).toBe(200);
    expect(root.body.toString()).toBe('# Introduction\n');
    expect(root.headers['cache-control']).toBe(CACHE_REVALIDATE);
  });

  test('llms.txt and the web manifest get their content types', async () => {
    expect((await get('/llms.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('/manifest.webmanifest')).headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  });

  test('rejects path traversal', async () => {
    const res = await get('/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(400);
  });
});

describe('resolveRoute', () => {
  const fsMap = { 'index.html': 'file', 'docs/index.html': 'file', docs: 'dir', 'a.html': 'file' };
  const stat = (rel) => fsMap[rel] || null;

  test.each([
    ['/', '', { type: 'file', file: 'index.html' }],
    ['/docs', '', { type: 'file', file: 'docs/index.html' }],
    ['/a', '', { type: 'file', file: 'a.html' }],
    ['/a.html', '', { type: 'file', file: 'a.html' }],
    ['/docs/', '?x=1', { type: 'redirect', location: '/docs?x=1' }],
    ['/docs//', '', { type: 'redirect', location: '/docs' }],
    ['/docs.html', '', { type: 'redirect', location: '/docs' }],
    ['/docs/index.html', '?a', { type: 'redirect', location: '/docs?a' }],
    ['/missing', '', { type: 'not-found' }],
    ['/%E0%A4%A', '', { type: 'bad-request' }],
  ])('%s%s', (pathname, search, expected) => {
    expect(resolveRoute(pathname, search, stat)).toEqual(expected);
  });
});

test('cacheControlFor', () => {
  expect(cacheControlFor('webpack-runtime-3c4f0a1b2c3d4e5f6a7b.js')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('component---src-templates-doc-tsx-3c4f0a1b2c3d4e5f6a7b.js')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('styles.3c4f0a1b2c3d4e5f6a7b.css')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('static/abc/img.png')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('search-index.aefd7090ac83.json')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('vendor/mermaid-11.17.2/chunks/mermaid.esm.min/chunk-A.mjs')).toBe(CACHE_IMMUTABLE);
  expect(cacheControlFor('docs/index.html')).toBe(CACHE_REVALIDATE);
  expect(cacheControlFor('page-data/app-data.json')).toBe(CACHE_REVALIDATE);
  expect(cacheControlFor('favicon-32x32.png')).toBe(CACHE_REVALIDATE);
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
