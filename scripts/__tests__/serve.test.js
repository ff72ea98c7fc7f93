/** @jest-environment node */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import zlib from 'zlib';

import { hostingRules } from '../../src/node/hosting';
import {
  acceptsGzip,
  prefersMarkdown,
  checkHostingRules,
  createServer,
  displayUrl,
  parseServeArgs,
  readHostingRules,
  resolveRoute,
} from '../lib/serve.mjs';

const files = {
  'index.html': '<h1>home</h1>',
  '404.html': '<h1>not found page</h1>',
  '404/index.html': '<h1>404 route</h1>',
  'docs/index.html': '<h1>docs</h1>',
  'docs/api/atom/index.html': '<h1>atom</h1>',
  'app-0123456789abcdef0123.js': 'console.log("app");'.repeat(50),
  'styles.0123456789abcdef.css': 'body{color:red}',
  // A script the build precompressed (src/node/precompress.ts): its twin is sent in its place.
  'framework-0123456789abcdef0123.js': 'var framework=1;'.repeat(40),
  'framework-0123456789abcdef0123.js.gz': zlib.gzipSync('var framework=1;'.repeat(40), { level: 9 }),
  // The search index, with the gzip and brotli twins the build writes for it.
  'search-index.json': JSON.stringify({ index: 'atom selector '.repeat(200) }),
  'search-index.json.gz': zlib.gzipSync(JSON.stringify({ index: 'atom selector '.repeat(200) }), { level: 9 }),
  'search-index.json.br': zlib.brotliCompressSync(JSON.stringify({ index: 'atom selector '.repeat(200) })),
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
/** When some files last changed (the page at 02:15:57.503, so a validator keeps whole seconds, as nginx's do). */
const DATES = {
  'docs/api/atom/index.html': new Date('2026-11-28T02:15:57.503Z'),
  'framework-0123456789abcdef0123.js': new Date('2026-11-28T02:15:09Z'),
  'framework-0123456789abcdef0123.js.gz': new Date('2026-11-28T02:16:05Z'),
};
const PAGE_MODIFIED = 'Sat, 28 Nov 2026 02:15:57 GMT';
/** nginx's ETag for the page: its date in seconds and its size (13 bytes), in hex. */
const PAGE_ETAG = '"6b0a395d-d"';
const rules = hostingRules({ files: Object.keys(files), scriptHashes: ["'sha256-abc='"] });
const { immutable: IMMUTABLE, revalidate: REVALIDATE } = rules.cacheControl;

let root;
let server;
let port;

function get(urlPath, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers, method }, (res) => {
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
  // Known dates, so the validators below are the ones nginx would write for these files.
  for (const [rel, date] of Object.entries(DATES)) fs.utimesSync(path.join(root, rel), date, date);
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
    // A browser offers br too; the answer is gzip, as nginx sends.
    const browser = await get('/app-0123456789abcdef0123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zlib.gunzipSync(browser.body).toString()).toBe(files['app-0123456789abcdef0123.js']);
  });

  test('the build’s precompressed twin when there is one, with its length, as nginx’s gzip_static sends it', async () => {
    const twin = files['framework-0123456789abcdef0123.js.gz'];
    const res = await get('/framework-0123456789abcdef0123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([res.status, res.headers['content-encoding'], res.headers.vary]).toEqual([200, 'gzip', 'Accept-Encoding']);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(twin.length);
    expect(res.body.equals(twin)).toBe(true);
    const head = await get('/framework-0123456789abcdef0123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(twin.length), 0]);
    // A client without gzip gets the file itself.
    const plain = await get('/framework-0123456789abcdef0123.js');
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, 'var framework=1;'.repeat(40)]);
  });

  test('the search index: its brotli twin to a browser, its gzip twin to a client without br, each whole, with its own validators', async () => {
    const index = files['search-index.json'];
    const brotli = await get('/search-index.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([brotli.status, brotli.headers['content-encoding'], brotli.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe(REVALIDATE);
    expect(Number(brotli.headers['content-length'])).toBe(files['search-index.json.br'].length);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(index);
    expect(brotli.headers.etag).toMatch(new RegExp(`^"[0-9a-f]+-${files['search-index.json.br'].length.toString(16)}"$`));
    // A range is ignored: the twin is sent whole.
    const ranged = await get('/search-index.json', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect([ranged.status, ranged.body.length]).toEqual([200, files['search-index.json.br'].length]);
    const conditional = await get('/search-index.json', { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag });
    expect(conditional.status).toBe(304);
    for (const refused of ['gzip, br;q=0', 'gzip, brotli', 'gzip']) {
      const gzipped = await get('/search-index.json', { 'accept-encoding': refused });
      expect([refused, gzipped.headers['content-encoding'], Number(gzipped.headers['content-length'])]).toEqual([refused, 'gzip', files['search-index.json.gz'].length]);
      expect(zlib.gunzipSync(gzipped.body).toString()).toBe(index);
    }
    const plain = await get('/search-index.json');
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, index]);
    const head = await get('/search-index.json', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
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

describe('answers as nginx does', () => {
  const page = files['docs/api/atom/index.html'];

  test('methods other than GET and HEAD on a file get a short 405, with the build headers', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      for (const target of ['/docs/api/atom', '/app-0123456789abcdef0123.js']) {
        const res = await get(target, {}, method);
        expect([method, target, res.status]).toEqual([method, target, 405]);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body.toString()).toContain('405 Method Not Allowed');
        expect(res.body.length).toBeLessThan(300);
        for (const [name, value] of Object.entries(rules.headers)) expect(res.headers[name.toLowerCase()]).toBe(value);
      }
    }
    // As from nginx: a missing path is still the not-found page, a redirect still a redirect.
    const missing = await get('/nope', {}, 'POST');
    expect([missing.status, missing.body.toString()]).toEqual([404, '<h1>not found page</h1>']);
    expect((await get('/docs/', {}, 'POST')).status).toBe(301);
  });

  test('an unsatisfiable range gets a short 416 naming the size, not the page', async () => {
    for (const range of ['bytes=9999-', 'bytes=5-2']) {
      const res = await get('/docs/api/atom', { range });
      expect([range, res.status]).toEqual([range, 416]);
      expect(res.headers['content-range']).toBe(`bytes */${page.length}`);
      expect(res.body.toString()).toContain('416 Range Not Satisfiable');
      expect(res.body.toString()).not.toContain(page);
    }
  });

  test('one range gets that range; another unit is ignored', async () => {
    const res = await get('/docs/api/atom', { range: 'bytes=4-7' });
    expect([res.status, res.headers['content-range'], res.body.toString()]).toEqual([206, `bytes 4-7/${page.length}`, page.slice(4, 8)]);
    const other = await get('/docs/api/atom', { range: 'items=0-3' });
    expect([other.status, other.body.toString()]).toEqual([200, page]);
  });

  test('several ranges get every range, as multipart/byteranges', async () => {
    const js = files['app-0123456789abcdef0123.js'];
    const res = await get('/app-0123456789abcdef0123.js', { range: 'bytes=0-9,20-29,0-4' });
    expect(res.status).toBe(206);
    const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(res.headers['content-type'])?.[1];
    expect(boundary).toBeDefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const parts = res.body.toString().split(`--${boundary}`);
    expect(parts.pop()).toBe('--\r\n');
    const bodies = parts.slice(1).map((part) => {
      const [head, body] = part.split('\r\n\r\n');
      return [/Content-Range: (.*)/.exec(head)?.[1], body.replace(/\r\n$/, '')];
    });
    expect(bodies).toEqual([
      [`bytes 0-9/${js.length}`, js.slice(0, 10)],
      [`bytes 20-29/${js.length}`, js.slice(20, 30)],
      [`bytes 0-4/${js.length}`, js.slice(0, 5)],
    ]);
    expect(res.body.toString()).toContain('Content-Type: text/javascript; charset=utf-8');
  });

  test('ranges adding up to more than the file (1,700 whole-file ranges in 5 KB) get the file once, as nginx sends it', async () => {
    const range = `bytes=${Array(1700).fill('0-').join(',')}`;
    for (const target of ['/docs/api/atom', '/app-0123456789abcdef0123.js']) {
      const res = await get(target, { range });
      const file = target === '/docs/api/atom' ? page : files['app-0123456789abcdef0123.js'];
      expect([target, res.status, res.headers['content-range'], res.body.toString()]).toEqual([target, 200, undefined, file]);
    }
    // Overlapping halves too; two halves that do not overlap are still two parts.
    expect((await get('/docs/api/atom', { range: 'bytes=0-8,4-' })).status).toBe(200);
    expect((await get('/docs/api/atom', { range: 'bytes=0-5,6-' })).status).toBe(206);
  });

  test('a range is read as nginx reads it: a suffix longer than the file is the file, a stray character is a 416', async () => {
    const whole = await get('/docs/api/atom', { range: 'bytes=-500' });
    expect([whole.status, whole.headers['content-range'], whole.body.toString()]).toEqual([206, `bytes 0-12/${page.length}`, page]);
    for (const range of ['bytes=0-9x', 'bytes=0-9,', 'bytes=abc']) expect([range, (await get('/docs/api/atom', { range })).status]).toEqual([range, 416]);
    expect((await get('/docs/api/atom', { range: 'BYTES=0-3' })).body.toString()).toBe('<h1>');
  });

  test('If-Range: the current ETag or date gets the range; a stale validator gets the whole new file (200)', async () => {
    for (const ifRange of [PAGE_ETAG, PAGE_MODIFIED]) {
      const res = await get('/docs/api/atom', { range: 'bytes=4-7', 'if-range': ifRange });
      expect([ifRange, res.status, res.body.toString()]).toEqual([ifRange, 206, 'atom']);
    }
    for (const ifRange of ['"6b0a3900-d"', `W/${PAGE_ETAG}`, 'Sat, 28 Nov 2026 02:15:58 GMT', 'Sat, 28 Nov 2026 02:15:56 GMT', 'garbage']) {
      const res = await get('/docs/api/atom', { range: 'bytes=4-7', 'if-range': ifRange });
      expect([ifRange, res.status, res.headers['content-range'], res.body.toString()]).toEqual([ifRange, 200, undefined, page]);
    }
    const several = await get('/docs/api/atom', { range: 'bytes=0-1,4-7', 'if-range': '"stale"' });
    expect([several.status, several.body.toString()]).toEqual([200, page]);
  });

  test('a file is sent with the ETag and Last-Modified nginx sends for it: its own, its twin’s, weak when gzipped here', async () => {
    const plain = await get('/docs/api/atom');
    expect([plain.headers.etag, plain.headers['last-modified']]).toEqual([PAGE_ETAG, PAGE_MODIFIED]);
    expect((await get('/docs/api/atom', { range: 'bytes=0-3' })).headers.etag).toBe(PAGE_ETAG);
    expect((await get('/docs/api/atom', { 'accept-encoding': 'gzip' })).headers.etag).toBe(`W/${PAGE_ETAG}`);
    const twin = await get('/framework-0123456789abcdef0123.js', { 'accept-encoding': 'gzip' });
    const twinSize = files['framework-0123456789abcdef0123.js.gz'].length.toString(16);
    expect([twin.headers.etag, twin.headers['last-modified']]).toEqual([`"6b0a3965-${twinSize}"`, 'Sat, 28 Nov 2026 02:16:05 GMT']);
    expect((await get('/framework-0123456789abcdef0123.js')).headers.etag).toBe(`"6b0a392d-${(16 * 40).toString(16)}"`);
    expect((await get('/nope')).headers.etag).toBeUndefined();
  });

  test('a copy that is current gets 304 with its validators and no body, also gzipped, also asked with a range', async () => {
    for (const headers of [
      { 'if-none-match': PAGE_ETAG },
      { 'if-none-match': `"x", W/${PAGE_ETAG}`, 'accept-encoding': 'gzip' },
      { 'if-none-match': '*' },
      { 'if-modified-since': PAGE_MODIFIED },
      { 'if-none-match': PAGE_ETAG, 'if-modified-since': PAGE_MODIFIED, range: 'bytes=0-3' },
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get('/docs/api/atom', headers, method);
        expect([headers, method, res.status, res.body.length]).toEqual([headers, method, 304, 0]);
        expect([res.headers.etag, res.headers['last-modified'], res.headers['cache-control']]).toEqual([PAGE_ETAG, PAGE_MODIFIED, REVALIDATE]);
        expect(res.headers['content-type']).toBeUndefined();
        expect(varies(res)).toBe(true);
        for (const [name, value] of Object.entries(rules.headers)) expect(res.headers[name.toLowerCase()]).toBe(value);
      }
    }
    const twin = await get('/framework-0123456789abcdef0123.js', { 'accept-encoding': 'gzip' });
    expect((await get('/framework-0123456789abcdef0123.js', { 'accept-encoding': 'gzip', 'if-none-match': twin.headers.etag })).status).toBe(304);
  });

  test('a copy that is not current, or a date other than the file’s, gets the file; the not-found page never 304s', async () => {
    for (const headers of [
      { 'if-none-match': '"stale"' },
      { 'if-modified-since': 'Sat, 28 Nov 2026 02:15:58 GMT' },
      { 'if-modified-since': 'Sat, 28 Nov 2026 02:15:56 GMT' },
      { 'if-none-match': PAGE_ETAG, 'if-modified-since': 'Sat, 28 Nov 2026 02:15:56 GMT' },
    ]) {
      const res = await get('/docs/api/atom', headers);
      expect([headers, res.status, res.body.toString()]).toEqual([headers, 200, page]);
    }
    const missing = await get('/nope', { 'if-none-match': '*', 'if-modified-since': PAGE_MODIFIED });
    expect([missing.status, missing.body.toString()]).toEqual([404, '<h1>not found page</h1>']);
  });

  test('If-Match or If-Unmodified-Since naming another version gets a short 412, before any range', async () => {
    for (const headers of [{ 'if-match': '"stale"' }, { 'if-match': `W/${PAGE_ETAG}` }, { 'if-unmodified-since': 'Sat, 28 Nov 2026 02:15:56 GMT', range: 'bytes=0-3' }]) {
      const res = await get('/docs/api/atom', headers);
      expect([headers, res.status]).toEqual([headers, 412]);
      expect(res.body.toString()).toContain('412 Precondition Failed');
      expect(res.headers['content-security-policy']).toBe(rules.headers['Content-Security-Policy']);
    }
    expect((await get('/docs/api/atom', { 'if-match': PAGE_ETAG, 'if-unmodified-since': PAGE_MODIFIED })).status).toBe(200);
  });

  test('a compressed answer is the whole file, whatever the range (as nginx)', async () => {
    const res = await get('/app-0123456789abcdef0123.js', { range: 'bytes=0-9', 'accept-encoding': 'gzip' });
    expect([res.status, res.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(zlib.gunzipSync(res.body).toString()).toBe(files['app-0123456789abcdef0123.js']);
  });

  test('HEAD sends the headers GET sends, Content-Encoding included, and no body', async () => {
    for (const headers of [{ 'accept-encoding': 'gzip' }, {}]) {
      const [head, full] = [await get('/docs/api/atom', headers, 'HEAD'), await get('/docs/api/atom', headers)];
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'cache-control']) {
        expect([name, head.headers[name]]).toEqual([name, full.headers[name]]);
      }
    }
    expect((await get('/docs/api/atom', { 'accept-encoding': 'gzip' }, 'HEAD')).headers['content-encoding']).toBe('gzip');
  });

  test('an address longer than nginx takes gets a short 414, also past what the HTTP parser reads', async () => {
    const long = `/search?q=${encodeURIComponent('ąęś'.repeat(1090))}`; // 19.6 KB, over Node's 16 KB header limit
    for (const target of [`/search?q=${'a'.repeat(9000)}`, long]) {
      const res = await get(target);
      expect([target.length, res.status]).toEqual([target.length, 414]);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('414 URI Too Long');
      expect(res.headers['content-security-policy']).toBe(rules.headers['Content-Security-Policy']);
    }
    const headers = await get('/docs', { 'x-large': 'a'.repeat(20000) });
    expect(headers.status).toBe(431);
    expect(headers.body.toString()).toContain('431 Request Header Fields Too Large');
  });

  test('a header line longer than nginx takes (8 KB with its name) gets a short 400: a 15 KB Range of whole-file ranges too', async () => {
    const fits = await get('/docs/api/atom', { 'x-long': 'x'.repeat(8192 - 'X-Long: \r\n'.length) });
    expect(fits.status).toBe(200);
    const range = `bytes=${Array(1700).fill('0-123456').join(',')}`;
    for (const headers of [{ 'x-long': 'x'.repeat(8192 - 'X-Long: \r\n'.length + 1) }, { range }]) {
      const res = await get('/docs/api/atom', headers);
      expect([Object.values(headers)[0].length, res.status]).toEqual([Object.values(headers)[0].length, 400]);
      expect(res.body.toString()).toContain('400 Request Header Or Cookie Too Large');
      expect(res.body.length).toBeLessThan(400);
      expect(res.headers['content-security-policy']).toBe(rules.headers['Content-Security-Policy']);
    }
    expect(range.length).toBeGreaterThan(15_000);
  });
});

const BROWSER_ACCEPT = {
  chromium: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  firefox: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

/** Whether an answer names Accept among the headers it varies by. */
const varies = (res) => (res.headers.vary ?? '').split(',').some((name) => name.trim().toLowerCase() === 'accept');

describe('content negotiation of doc pages', () => {
  test('Accept: text/markdown gets the Markdown twin, as UTF-8 Markdown, revalidated, with Vary: Accept', async () => {
    const res = await get('/docs/api/atom', { accept: 'text/markdown' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body.toString()).toBe(files['docs/api/atom.md']);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(varies(res)).toBe(true);
    expect((await get('/docs', { accept: 'text/markdown, text/html;q=0.9, */*;q=0.8' })).body.toString()).toBe(files['docs.md']);
  });

  test("a browser's Accept, */* and none get the HTML, also with Vary: Accept", async () => {
    for (const accept of [BROWSER_ACCEPT.chromium, BROWSER_ACCEPT.firefox, '*/*', undefined]) {
      const res = await get('/docs/api/atom', accept ? { accept } : {});
      expect([accept, res.headers['content-type'], res.body.toString(), varies(res)]).toEqual([
        accept,
        'text/html; charset=utf-8',
        '<h1>atom</h1>',
        true,
      ]);
    }
  });

  test('gzip adds its own Vary; pages without a twin, files and redirects do not vary by Accept', async () => {
    const gz = await get('/docs/api/atom', { accept: 'text/markdown', 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(files['docs/api/atom.md']);
    expect(gz.headers.vary).toBe('Accept, Accept-Encoding');
    for (const target of ['/', '/docs/api/atom.md', '/llms.txt', '/docs/api/atom/', '/nope']) {
      expect([target, varies(await get(target, { accept: 'text/markdown' }))]).toEqual([target, false]);
    }
    expect((await get('/', { accept: 'text/markdown' })).body.toString()).toBe('<h1>home</h1>');
  });

  // The build's one pattern (rules.markdownAccept), which the nginx snippet matches too: text/markdown listed, not
  // refused with q=0, before any text/html, whatever its other parameters.
  test.each([
    [BROWSER_ACCEPT.chromium, false],
    [BROWSER_ACCEPT.firefox, false],
    ['*/*', false],
    ['', false],
    ['application/json', false],
    ['text/markdown', true],
    ['TEXT/Markdown', true],
    ['text/markdown, text/html, */*', true],
    ['text/markdown, text/html;q=0.9, */*;q=0.8', true],
    ['text/plain, text/markdown', true],
    ['text/markdown;q=0, text/html', false],
    ['text/markdown; q=0.0, */*', false],
    ['text/markdown;q=0.5', true],
    ['text/html, text/markdown;q=0.9', false],
    ['text/html, text/markdown', false],
    ['text/markdown; charset=utf-8', true],
    ['text/markdown;variant=GFM', true],
    ['text/markdown; charset=UTF-8; variant=GFM, text/html;q=0.9', true],
    ['text/plain, text/markdown;variant=CommonMark;q=0.8, text/html;q=0.7', true],
    ['text/markdown;charset=utf-8;q=0, text/html', false],
    ['text/markdown; variant=GFM; q=0.000', false],
    ['text/markdown;q=0.001', true],
    ['text/markdownish, text/html', false],
    ['text/html;q=0, text/markdown', false],
  ])('Accept %j → Markdown: %s', (accept, markdown) => {
    expect(prefersMarkdown({ accept }, rules)).toBe(markdown);
  });

  test('a Markdown request with parameters gets the twin; one that refuses Markdown gets the page', async () => {
    for (const accept of ['text/markdown; charset=utf-8', 'text/markdown;variant=GFM']) {
      const res = await get('/docs/api/atom', { accept });
      expect([accept, res.headers['content-type'], res.body.toString()]).toEqual([accept, 'text/markdown; charset=utf-8', files['docs/api/atom.md']]);
    }
    const refused = await get('/docs/api/atom', { accept: 'text/markdown;charset=utf-8;q=0, text/html' });
    expect(refused.body.toString()).toBe('<h1>atom</h1>');
  });

  test('reads a long, hostile Accept header in linear time', () => {
    const started = process.hrtime.bigint();
    // Shapes that make a pattern backtrack: many refusals, a long run of spaces, one q=0 at the end of many types.
    for (const accept of ['text/markdown;q=0,'.repeat(900), `text/markdown;${' '.repeat(16_000)}q=0`, `${'text/markdown;'.repeat(1150)}q=0`]) {
      expect(prefersMarkdown({ accept }, rules)).toBe(false);
    }
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
  });
});

describe('acceptsGzip', () => {
  test.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['deflate;q=1, gzip;q=0.5', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['*;q=0', false],
    ['identity', false],
    ['br, deflate', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip({ 'accept-encoding': header })).toBe(expected);
  });

  test('reads a long, hostile header in linear time', () => {
    // 2 MB of the shapes that made the old pattern backtrack: "gzip", a run of spaces and no comma after it took it
    // 0.8 s at 15 KB and grew with the square of the length; also unfinished q-values.
    const hostile = `gzip${' '.repeat(1_000_000)}x,${'gzip ;q=0.'.repeat(100_000)}y`;
    const started = process.hrtime.bigint();
    expect(acceptsGzip({ 'accept-encoding': hostile })).toBe(false);
    // Linear parsing takes a few tens of ms here; the old pattern would take hours.
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2000);
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
