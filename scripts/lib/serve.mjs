// Static server for Gatsby's built public/ (used by `npm run serve` and the Playwright webServer).
// Routing is decided here (pure, testable); serve-handler streams the chosen file.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import serveHandler from 'serve-handler';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

// Content-hashed files: app-0f3c2a9b8d7e6f5a4b3c.js, styles.1a2b3c4d.css, 123-abcdef0123.js, search-index.0f3c2a9b8d7e.json
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.(?:js|css|json)(?:\.map)?$/i;
const COMPRESSIBLE = /\.(?:html?|js|mjs|css|json|map|svg|txt|xml|webmanifest|ico|md)$/i;

/**
 * Cache-Control for a file served from public/, given its path relative to public/ ("docs/x/index.html").
 * @param {string} file
 */
export function cacheControlFor(file) {
  const rel = file.replace(/\\/g, '/').replace(/^\/+/, '');
  // static/ is Gatsby's content-hashed files; vendor/<package>-<version>/ holds libraries copied by the build.
  if (rel.startsWith('static/') || rel.startsWith('vendor/')) return CACHE_IMMUTABLE;
  if (rel.startsWith('page-data/')) return CACHE_REVALIDATE;
  if (HASHED_ASSET.test(path.posix.basename(rel))) return CACHE_IMMUTABLE;
  return CACHE_REVALIDATE;
}

/**
 * Decide what to do with a request path. Pure apart from `stat`.
 *
 * @param {string} pathname  raw (still percent-encoded) URL path, e.g. "/docs/api/atom/"
 * @param {string} search    query string including "?" or ""
 * @param {(rel: string) => 'file' | 'dir' | null} stat  looks a path up relative to public/
 * @returns {{ type: 'file', file: string }
 *   | { type: 'redirect', location: string }
 *   | { type: 'not-found' }
 *   | { type: 'bad-request' }}
 */
export function resolveRoute(pathname, search, stat) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname || '/');
  } catch {
    return { type: 'bad-request' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { type: 'bad-request' };
  const segments = decoded.split('/');
  if (segments.includes('..') || segments.includes('.')) return { type: 'bad-request' };

  const redirect = (route) => ({ type: 'redirect', location: encodePath(route) + (search || '') });
  // Route "/a/b" → the file Gatsby wrote for it, or null.
  const routeFile = (route) => {
    const rel = route.replace(/^\/+/, '');
    if (rel === '') return stat('index.html') === 'file' ? 'index.html' : null;
    if (stat(`${rel}/index.html`) === 'file') return `${rel}/index.html`;
    if (stat(`${rel}.html`) === 'file') return `${rel}.html`;
    return null;
  };

  if (decoded === '/') {
    const file = routeFile('/');
    return file ? { type: 'file', file } : { type: 'not-found' };
  }

  // No trailing slashes: /docs/api/atom/ → /docs/api/atom
  if (decoded.endsWith('/')) {
    return redirect(decoded.replace(/\/+$/, '') || '/');
  }

  const rel = decoded.slice(1);
  const kind = stat(rel);

  // Explicit .html: serve real files as-is (e.g. /404.html) unless it is a route's index.html;
  // otherwise strip the suffix and redirect when that names a route.
  if (/\.html?$/i.test(decoded)) {
    const isIndex = /(^|\/)index\.html?$/i.test(decoded);
    if (kind === 'file' && !isIndex) return { type: 'file', file: rel };
    const route = isIndex ? decoded.replace(/\/?index\.html?$/i, '') || '/' : decoded.replace(/\.html?$/i, '');
    if (route !== decoded && routeFile(route)) return redirect(route);
    return { type: 'not-found' };
  }

  if (kind === 'file') return { type: 'file', file: rel };
  const file = routeFile(decoded);
  return file ? { type: 'file', file } : { type: 'not-found' };
}

function encodePath(p) {
  return p
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

function makeStat(root) {
  return (rel) => {
    try {
      const s = fs.statSync(path.join(root, rel));
      if (s.isFile()) return 'file';
      if (s.isDirectory()) return 'dir';
      return null;
    } catch {
      return null;
    }
  };
}

function acceptsGzip(req) {
  const ae = String(req.headers['accept-encoding'] || '');
  return /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*($|,))[0-9.]+)?\s*($|,)/i.test(ae);
}

/**
 * A node http request listener serving `root` (Gatsby's public/).
 * @param {{ root: string, gzip?: boolean }} options
 */
export function createHandler({ root, gzip = true }) {
  const absRoot = path.resolve(root);
  const stat = makeStat(absRoot);

  return async function handle(req, res) {
    const url = new URL(req.url || '/', 'http://localhost');
    const decision = resolveRoute(url.pathname, url.search, stat);

    if (decision.type === 'redirect') {
      res.writeHead(301, { Location: decision.location, 'Cache-Control': CACHE_REVALIDATE });
      res.end();
      return;
    }
    if (decision.type === 'bad-request') {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request\n');
      return;
    }

    let file;
    if (decision.type === 'not-found') {
      if (stat('404.html') !== 'file') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_REVALIDATE });
        res.end('Not Found\n');
        return;
      }
      file = '404.html';
      res.statusCode = 404; // serve-handler keeps a preset status when it writes the head
      delete req.headers['if-none-match'];
      delete req.headers.range;
    } else {
      file = decision.file;
    }

    res.setHeader('Cache-Control', cacheControlFor(file));

    const compress =
      gzip && req.method !== 'HEAD' && !req.headers.range && COMPRESSIBLE.test(file) && acceptsGzip(req);
    if (compress) {
      const writeHead = res.writeHead;
      res.writeHead = function (status, ...rest) {
        const headers = rest.find((h) => h && typeof h === 'object');
        if (headers) {
          for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-length') delete headers[k];
        }
        this.removeHeader('Content-Length');
        this.setHeader('Content-Encoding', 'gzip');
        this.setHeader('Vary', 'Accept-Encoding');
        return writeHead.call(this, status, ...rest);
      };
    } else if (gzip && COMPRESSIBLE.test(file)) {
      res.setHeader('Vary', 'Accept-Encoding');
    }

    req.url = '/' + file.split('/').map(encodeURIComponent).join('/');
    try {
      await serveHandler(
        req,
        res,
        { public: absRoot, cleanUrls: false, directoryListing: false, etag: false },
        {
          createReadStream(p, opts) {
            const stream = fs.createReadStream(p, opts);
            if (!compress) return stream;
            const gz = zlib.createGzip({ level: 6 });
            stream.on('error', (err) => gz.destroy(err));
            return stream.pipe(gz);
          },
        },
      );
    } catch (err) {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      }
      res.end();
      console.error(err);
    }
  };
}

/**
 * Create and start the server. Resolves once listening; port 0 picks a free port
 * (read it from `server.address().port`).
 * @param {{ root: string, port?: number, host?: string, gzip?: boolean }} options
 * @returns {Promise<http.Server>}
 */
export function createServer({ root, port = 9000, host = '127.0.0.1', gzip = true }) {
  const server = http.createServer(createHandler({ root, gzip }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Port/host from argv (`--port 9100`, `--port=9100`, `--host x`) and env (PORT, HOST).
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} env
 */
export function parseServeArgs(argv, env = {}) {
  const opts = { port: 9000, host: '127.0.0.1', root: 'public' };
  if (env.PORT) opts.port = Number(env.PORT);
  if (env.HOST) opts.host = env.HOST;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--(port|host|root)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`unknown argument: ${a}`);
    const value = m[2] !== undefined ? m[2] : argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    if (m[1] === 'port') opts.port = Number(value);
    else opts[m[1]] = value;
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    throw new Error(`invalid port: ${opts.port}`);
  }
  return opts;
}

export function displayUrl(host, port) {
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(host);
  const h = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}
