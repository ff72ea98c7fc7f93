/** @jest-environment node */
// The same build served by `npm run serve` and by nginx with the snippet the build wrote: every request of the
// table gets the same answer from both (status, content, validators, ranges, negotiation). Needs nginx; skipped
// where it is not installed (CI installs it).
import { spawn } from 'child_process';
import fs from 'fs';
import http from 'http';
import net from 'net';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import { hostingRules } from '../../src/node/hosting';
import { toNginxSnippet } from '../../src/node/hosting-files';
import { NGINX_SNIPPET, findNginx, nginxConfig } from '../lib/nginx.mjs';
import { RULES_FILE, createServer } from '../lib/serve.mjs';

const page = `<!DOCTYPE html><html><body><h1>atom</h1>${'<p>State that holds a value.</p>'.repeat(30)}</body></html>`;
const script = 'console.log("app");'.repeat(60);
const INDEX = JSON.stringify({ documents: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `atom ${i}` })) });
const files = {
  'index.html': '<h1>home</h1>',
  '404.html': '<h1>not found page</h1>',
  'docs/index.html': '<h1>docs</h1>',
  'docs/api/atom/index.html': page,
  'docs/api/atom.md': '# Atom\n\n> Writable state.\n',
  'docs.md': '# Introduction\n',
  'app-0123456789abcdef0123.js': script,
  'img/logo.png': 'not really a png, but bytes all the same',
  // The search index with the twins the build writes (src/node/precompress.ts).
  'search-index.json': INDEX,
  'search-index.json.gz': zlib.gzipSync(INDEX, { level: 9 }),
  'search-index.json.br': zlib.brotliCompressSync(INDEX),
};
const SIZE = { page: Buffer.byteLength(page), script: script.length };
const MODIFIED = new Date('2026-11-28T02:15:57.503Z');
const rules = hostingRules({ files: Object.keys(files), scriptHashes: [] });

let root;
let prefix;
let nginx;
let server;
const ports = {};

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

function request(port, target, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: nginx closes one after some error answers.
    const req = http.request({ host: '127.0.0.1', port, path: target, headers, method, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function untilAnswering(port) {
  for (let i = 0; i < 100; i++) {
    try {
      return await request(port, '/');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer on port ${port}`);
}

const nginxBinary = findNginx();
const describeWithNginx = nginxBinary ? describe : describe.skip;

beforeAll(async () => {
  if (!nginxBinary) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'agree-root-'));
  prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'agree-nginx-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
    fs.utimesSync(path.join(root, rel), MODIFIED, MODIFIED);
  }
  fs.mkdirSync(path.join(root, '_hosting'));
  fs.writeFileSync(path.join(root, RULES_FILE), JSON.stringify(rules));
  fs.writeFileSync(path.join(root, NGINX_SNIPPET), toNginxSnippet(rules));
  ports.nginx = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ root, port: ports.nginx, prefix, user: process.getuid?.() === 0 ? 'root' : null }));
  nginx = spawn(nginxBinary, ['-p', prefix, '-c', conf, '-e', 'stderr'], { stdio: 'ignore' });
  server = await createServer({ root, rules, port: 0 });
  ports.serve = server.address().port;
  await untilAnswering(ports.nginx);
});

afterAll(async () => {
  if (!nginxBinary) return;
  nginx.kill('SIGTERM');
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(prefix, { recursive: true, force: true });
});

/** A header's comma-separated values once each: nginx repeats the headers it adds on a 416 (they pass its filter twice). */
const once = (value) => (value === undefined ? undefined : [...new Set(value.split(/\s*,\s*/))].join(', '));

/**
 * What a client can tell of an answer: the status, the headers that describe the content, whether it varies by
 * Accept, and the content (a multipart boundary is each server's own, so are the text of a short error page and
 * the bytes of a compression).
 */
function answer({ status, headers, body }) {
  const boundary = /boundary=(\S+)/.exec(headers['content-type'] ?? '')?.[1];
  const decode = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync }[headers['content-encoding']] ?? ((bytes) => bytes);
  // A HEAD answer has no body to decode.
  const content = (body.length > 0 ? decode(body) : body).toString('latin1');
  const text = boundary ? content.split(boundary).join('BOUNDARY') : content;
  const errorPage = status >= 400 && status !== 404;
  return {
    status,
    type: headers['content-type']?.replace(boundary ?? '\0', 'BOUNDARY'),
    range: headers['content-range'],
    encoding: headers['content-encoding'],
    etag: headers.etag,
    modified: status < 400 ? headers['last-modified'] : undefined,
    length: headers['content-encoding'] && headers['content-length'] ? Number(headers['content-length']) : undefined,
    cache: once(headers['cache-control']),
    location: headers.location,
    variesByAccept: (headers.vary ?? '').split(',').some((name) => name.trim().toLowerCase() === 'accept'),
    body: errorPage ? `${status} page (${body.length < 400 ? 'short' : 'long'})` : text,
  };
}

const ETAG = `"${(Math.floor(MODIFIED.getTime() / 1000)).toString(16)}-${SIZE.page.toString(16)}"`;
const DATE = 'Sat, 28 Nov 2026 02:15:57 GMT';
const LATER = 'Sat, 28 Nov 2026 02:15:58 GMT';

const ACCEPT = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  '*/*',
  'text/markdown',
  'text/markdown, text/html;q=0.9, */*;q=0.8',
  'text/markdown; charset=utf-8',
  'text/markdown;variant=GFM',
  'text/markdown; charset=UTF-8; variant=GFM, text/html;q=0.9',
  'text/markdown;charset=utf-8;q=0, text/html',
  'text/markdown; variant=GFM; q=0.000',
  'text/markdown;q=0.5, text/html;q=0.9',
  'text/html;q=0.9, text/markdown',
  'text/html;q=0, text/markdown',
  'text/markdownish',
  'TEXT/MARKDOWN;Q=0',
  'application/json, text/markdown;q=0.001',
];

const RANGES = [
  'bytes=0-9',
  'BYTES=0-9',
  'bytes=-10',
  `bytes=-${SIZE.page + 500}`,
  'bytes=100-',
  `bytes=${SIZE.page}-`,
  'bytes=5-2',
  'bytes=5-2,0-9',
  'bytes=0-9,20-29,0-4',
  'bytes= 0 - 9 , 20-29',
  'bytes=0-,0-',
  `bytes=0-${SIZE.page / 2},${SIZE.page / 2 - 10}-`,
  `bytes=0-${SIZE.page / 2 - 1},${SIZE.page / 2}-`,
  `bytes=${Array(1700).fill('0-').join(',')}`,
  'bytes=',
  'bytes=abc',
  'bytes=0-9x',
  'bytes=0-9,',
  'bytes=,0-9',
  'bytes=-0',
  'bytes=0-9223372036854775807',
  'bytes=0-9223372036854775808',
  'items=0-9',
];

const CONDITIONS = [
  { 'if-none-match': ETAG },
  { 'if-none-match': `W/${ETAG}` },
  { 'if-none-match': `"a", ${ETAG}` },
  { 'if-none-match': '*' },
  { 'if-none-match': '"stale"' },
  { 'if-modified-since': DATE },
  { 'if-modified-since': LATER },
  { 'if-modified-since': 'Sat, 28 Nov 2026 02:15:56 GMT' },
  { 'if-modified-since': '2026-11-28T02:15:57Z' },
  { 'if-none-match': ETAG, 'if-modified-since': LATER },
  { 'if-none-match': ETAG, 'cache-control': 'no-cache' },
  { 'if-none-match': ETAG, range: 'bytes=0-9' },
  { 'if-none-match': `W/${ETAG}`, 'accept-encoding': 'gzip' },
  { 'if-match': '"stale"' },
  { 'if-match': `W/${ETAG}` },
  { 'if-match': ETAG },
  { 'if-unmodified-since': 'Sat, 28 Nov 2026 02:15:56 GMT' },
  { 'if-unmodified-since': DATE },
  { range: 'bytes=0-9', 'if-range': ETAG },
  { range: 'bytes=0-9', 'if-range': DATE },
  { range: 'bytes=0-9', 'if-range': '"stale"' },
  { range: 'bytes=0-9', 'if-range': `W/${ETAG}` },
  { range: 'bytes=0-9', 'if-range': LATER },
  { range: 'bytes=0-9,20-29', 'if-range': 'garbage' },
];

describeWithNginx('npm run serve and nginx give the same answers', () => {
  const agree = async (target, headers, method = 'GET') => {
    const [fromNginx, fromServe] = [await request(ports.nginx, target, headers, method), await request(ports.serve, target, headers, method)];
    expect({ target, headers, method, ...answer(fromServe) }).toEqual({ target, headers, method, ...answer(fromNginx) });
    return answer(fromServe);
  };

  test.each(ACCEPT)('Accept %j', async (accept) => {
    for (const target of ['/docs/api/atom', '/docs', '/']) await agree(target, { accept });
  });

  /** A long header named by its start and length. */
  const named = (range) => [range.length > 60 ? `${range.slice(0, 24)}… (${range.length} characters)` : JSON.stringify(range), range];

  test.each(RANGES.map(named))('Range %s', async (_name, range) => {
    for (const target of ['/docs/api/atom', '/img/logo.png']) await agree(target, { range });
    await agree('/docs/api/atom', { range }, 'HEAD');
  });

  test.each(CONDITIONS)('conditions %j', async (headers) => {
    await agree('/docs/api/atom', headers);
    await agree('/docs/api/atom', headers, 'HEAD');
  });

  test('the table asks what it means to: Markdown, 206, 200 for many ranges, 304, 412 all occur', async () => {
    expect((await agree('/docs/api/atom', { accept: 'text/markdown; charset=utf-8' })).type).toBe('text/markdown; charset=utf-8');
    expect((await agree('/docs/api/atom', { range: 'bytes=0-9,20-29' })).status).toBe(206);
    expect((await agree('/docs/api/atom', { range: RANGES[13] })).status).toBe(200);
    expect((await agree('/docs/api/atom', CONDITIONS[0])).status).toBe(304);
    expect((await agree('/docs/api/atom', CONDITIONS[13])).status).toBe(412);
    expect((await agree('/docs/api/atom', CONDITIONS[20])).status).toBe(200);
  });

  test('a header line is taken up to 8 KB with its name; a longer one, such as a 15 KB Range, gets 400', async () => {
    const longest = 8192 - 'X-Long: \r\n'.length;
    expect((await agree('/docs/api/atom', { 'x-long': 'x'.repeat(longest) })).status).toBe(200);
    expect((await agree('/docs/api/atom', { 'x-long': 'x'.repeat(longest + 1) })).status).toBe(400);
    const range = `bytes=${Array(2200).fill(`0-${SIZE.page - 1}`).join(',')}`;
    expect(range.length).toBeGreaterThan(15_000);
    expect((await agree('/docs/api/atom', { range })).status).toBe(400);
  });

  test.each([
    'gzip, deflate, br, zstd',
    'br',
    'BR;q=0.5, gzip',
    'gzip, br;q=0',
    'gzip, br; q=0.000',
    'gzip, brotli',
    'gzip',
    'identity',
    '',
  ])('the search index for Accept-Encoding %j: its brotli or gzip twin, whole, with its validators', async (encoding) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    const sent = await agree('/search-index.json', headers);
    expect(sent.body).toBe(INDEX);
    await agree('/search-index.json', headers, 'HEAD');
    await agree('/search-index.json', { ...headers, range: 'bytes=0-9' });
    await agree('/search-index.json', { ...headers, 'if-none-match': sent.etag });
  });

  test('the search index: br to a browser, the build’s gzip twin without br, the file itself without either', async () => {
    const twin = (name) => Buffer.byteLength(files[name]);
    const brotli = await agree('/search-index.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([brotli.status, brotli.encoding, brotli.length]).toEqual([200, 'br', twin('search-index.json.br')]);
    for (const port of [ports.nginx, ports.serve]) {
      expect((await request(port, '/search-index.json', { 'accept-encoding': 'br' })).headers.vary).toBe('Accept-Encoding');
    }
    const gzipped = await agree('/search-index.json', { 'accept-encoding': 'gzip' });
    expect([gzipped.encoding, gzipped.length]).toEqual(['gzip', twin('search-index.json.gz')]);
    expect((await agree('/search-index.json', { 'accept-encoding': 'br', 'if-none-match': brotli.etag })).status).toBe(304);
  });

  test('gzip: on the fly for a page, the whole file whatever the range', async () => {
    const gzipped = await agree('/docs/api/atom', { 'accept-encoding': 'gzip', range: 'bytes=0-9' });
    expect([gzipped.status, gzipped.encoding, gzipped.etag]).toEqual([200, 'gzip', `W/${ETAG}`]);
    await agree('/app-0123456789abcdef0123.js', { 'accept-encoding': 'gzip' });
  });
});
