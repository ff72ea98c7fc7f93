// Static server for a Gatsby build (used by `npm run serve`, the Playwright webServer, Lighthouse and benchmarks).
// It applies the hosting rules the build wrote (public/_hosting/rules.json, from src/node/hosting.ts), the same
// rules the generated nginx snippet and `_headers` carry, so it answers as production does.
// Routing is decided here (pure, testable); send streams the chosen file. Ranges and conditional requests are read
// as nginx reads them (./byte-ranges.mjs, ./preconditions.mjs), where send's own reading differs.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import stream from 'node:stream';
import compression from 'compression';
import Negotiator from 'negotiator';
import send from 'send';
import { multipartByteranges, requestedRanges } from './byte-ranges.mjs';
import { parseCliArgs } from './cli.mjs';
import { conditionalStatus, fileValidators, rangeStillValid, weakEtag } from './preconditions.mjs';

import { BROTLI_SUFFIX, PRECOMPRESSED_SUFFIX, RULES_FILE } from '../../src/contract/hosting-layout.mjs';

export { RULES_FILE };

/**
 * The build's hosting rules from `<root>/_hosting/rules.json`.
 * @param {string} root  the build folder
 * @param {string} shown how to name it in errors ("public")
 */
export function readHostingRules(root, shown = root) {
  const file = path.join(root, RULES_FILE);
  let rules;
  try {
    rules = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    const why = err.code === 'ENOENT' ? 'is missing' : `is unreadable (${err.message})`;
    throw new Error(`${shown}/${RULES_FILE} ${why}: every build writes it, so rebuild ${shown}/ (\`npm run build\`).`);
  }
  return checkHostingRules(rules, `${shown}/${RULES_FILE}`);
}

/** Throws naming `file` when the rules lack a field, or a redirect could leave the site. */
export function checkHostingRules(rules, file) {
  const fields = ['headers', 'cacheControl', 'immutable', 'redirects', 'notFound', 'hidden', 'contentTypes', 'textTypes', 'markdownTwins', 'markdownAccept'];
  const missing = fields.filter((f) => rules?.[f] === undefined);
  if (missing.length) throw new Error(`${file} has no ${missing.join(', ')}: it was written by an older build; rebuild.`);
  for (const { from, to } of rules.redirects) {
    if (!isSitePath(from) || !isSitePath(to)) {
      throw new Error(`${file}: the redirect ${from} → ${to} does not stay on the site; rebuild.`);
    }
  }
  return rules;
}

// "//host" and "/\host" are other hosts to a browser; a site path starts with one "/" and a path character.
const isSitePath = (p) => typeof p === 'string' && /^\/(?![/\\])/.test(p);

/** Resolves "." and ".." segments (as browsers and nginx do); null when a path climbs above the root. */
function removeDotSegments(p) {
  const segments = p.split('/').slice(1);
  const out = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    }
    if (segment === '.' || segment === '..') {
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  }
  return `/${out.join('/')}`;
}

const matches = (list, urlPath) => list.some((p) => (p.endsWith('/') ? urlPath.startsWith(p) : urlPath === p));

/**
 * Decide what to do with a request path. Pure apart from `stat`.
 *
 * @param {string} pathname  raw (still percent-encoded) URL path, e.g. "/docs/api/atom/"
 * @param {string} search    query string including "?" or ""
 * @param {(rel: string) => 'file' | 'dir' | null} stat  looks a path up relative to the build folder
 * @param {{ redirects: Array<{ from: string, to: string }>, hidden: string[] }} rules
 * @returns {{ type: 'file', file: string } | { type: 'redirect', location: string } | { type: 'not-found' }}
 */
export function resolveRoute(pathname, search, stat, rules) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname || '/');
  } catch {
    return { type: 'not-found' }; // malformed percent-encoding names no file
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { type: 'not-found' };
  // Repeated slashes count as one, as in nginx: "//evil.com/" is the path "/evil.com/".
  const urlPath = removeDotSegments(decoded.replace(/\/{2,}/g, '/'));
  if (urlPath === null || matches(rules.hidden, urlPath)) return { type: 'not-found' };

  const redirect = rules.redirects.find((r) => r.from === urlPath);
  if (redirect) return { type: 'redirect', location: encodeURI(redirect.to) + (search || '') };

  const rel = urlPath.slice(1);
  if (rel !== '' && !rel.endsWith('/') && stat(rel) === 'file') return { type: 'file', file: rel };
  const index = `${rel}${rel === '' || rel.endsWith('/') ? '' : '/'}index.html`;
  if (stat(index) === 'file') return { type: 'file', file: index };
  return { type: 'not-found' };
}

/** Cache-Control for a file of the build ("docs/index.html"). */
export function cacheControlFor(file, rules) {
  return matches(rules.immutable, `/${file}`) ? rules.cacheControl.immutable : rules.cacheControl.revalidate;
}

/** Content-Type for a file of the build, and whether it is text (compressed when the client accepts gzip). */
export function contentTypeFor(file, rules) {
  const type = rules.contentTypes[path.posix.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
  const text = rules.textTypes.includes(type);
  return { type: text ? `${type}; charset=utf-8` : type, text };
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

/** Whether the request's Accept-Encoding allows gzip (negotiator parses it in linear time, q-values included). */
export function acceptsGzip(headers) {
  return new Negotiator({ headers }).encodings(['gzip']).includes('gzip');
}

/**
 * The build's precompressed twin a request gets for a file, as the nginx snippet chooses it: the brotli twin when
 * the build wrote one and Accept-Encoding matches the build's `brotliAccept`, else the gzip twin when gzip is
 * accepted; null to send the file itself.
 * @param {string} file  relative to the build folder
 * @param {(rel: string) => 'file' | 'dir' | null} stat
 * @returns {{ encoding: 'br' | 'gzip', twin: string } | null}
 */
export function precompressedTwin(file, headers, rules, stat) {
  const brotli = `${file}${BROTLI_SUFFIX}`;
  if (rules.brotliAccept && new RegExp(rules.brotliAccept, 'i').test(headers['accept-encoding'] ?? '') && stat(brotli) === 'file') {
    return { encoding: 'br', twin: brotli };
  }
  const gzipped = `${file}${PRECOMPRESSED_SUFFIX}`;
  return acceptsGzip(headers) && stat(gzipped) === 'file' ? { encoding: 'gzip', twin: gzipped } : null;
}

/**
 * Whether the request's Accept header asks for Markdown, by the build's pattern (`markdownAccept`), the one the
 * nginx snippet matches: both servers answer every header alike.
 */
export function prefersMarkdown(headers, rules) {
  return new RegExp(rules.markdownAccept, 'i').test(headers.accept ?? '');
}

/**
 * The file to answer a page's request with, by its Accept header: the page's Markdown twin when the request
 * prefers Markdown. `vary` is set for every page with a twin, whichever file answers.
 */
export function negotiatedFile(file, headers, rules) {
  const page = file === 'index.html' ? '/' : `/${file.replace(/\/index\.html$/, '')}`;
  const twin = file.endsWith('index.html') ? rules.markdownTwins[page] : undefined;
  if (twin === undefined) return { file, vary: false };
  return { file: prefersMarkdown(headers, rules) ? twin.slice(1) : file, vary: true };
}

// Every text answer is compressed, however short (compression's default leaves out those under 1 KB).
const compressText = compression({ threshold: 0, filter: () => true });

/** Longest request target nginx takes with its default buffers (`large_client_header_buffers 4 8k`): longer gets 414. */
export const MAX_REQUEST_TARGET = 8192;

/**
 * Longest header line nginx takes, its name, value and line break included: it reads each into one buffer of
 * `large_client_header_buffers 4 8k`, and answers a longer one with 400 (a 15 KB Range header, for one).
 */
export const MAX_HEADER_LINE = 8192;

/**
 * Whether a request has a header line longer than nginx takes, from Node's raw name/value list (read as latin1, so a
 * string's length is its bytes): `Name: value` and its CRLF.
 */
export function hasOverlongHeader(rawHeaders) {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length + rawHeaders[i + 1].length + 4 > MAX_HEADER_LINE) return true;
  }
  return false;
}

/** The methods a static site answers; nginx answers 405 to any other on an existing file. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** A short HTML page for an error status, as nginx sends instead of a whole page (a few hundred bytes). */
export function statusPage(status, title) {
  const heading = `${status} ${title}`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${heading}</title></head>\n<body><h1>${heading}</h1></body></html>\n`;
}

function sendStatusPage(req, res, status, title, headers = {}) {
  const body = statusPage(status, title);
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

// The conditional headers a file's answer has already been decided by (conditionalStatus): send must not decide again.
const CONDITIONS = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'if-range'];

/**
 * Streams `file` of the build with `send` (Content-Length, one byte range, HEAD), the headers already set on `res`
 * winning over send's own. Ranges and conditions are decided before: what reaches send is a plain GET or HEAD,
 * or one range in its plainest form.
 */
function sendFile(req, res, absRoot, file) {
  const urlPath = '/' + file.split('/').map(encodeURIComponent).join('/');
  send(req, urlPath, { root: absRoot, index: false, dotfiles: 'allow', etag: false, lastModified: false, cacheControl: false })
    .on('error', (err) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      console.error(err);
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    })
    .pipe(res);
}

/**
 * A node http request listener serving a build folder with its hosting rules.
 * @param {{ root: string, rules: object, gzip?: boolean }} options
 */
export function createHandler({ root, rules, gzip = true }) {
  const absRoot = path.resolve(root);
  const stat = makeStat(absRoot);
  const notFoundFile = rules.notFound.slice(1);

  return function handle(req, res) {
    for (const [name, value] of Object.entries(rules.headers)) res.setHeader(name, value);
    // The request target as sent: split by hand, since WHATWG URL parsing would read "//host/x" as another host.
    const target = req.url || '/';
    const q = target.indexOf('?');
    const pathname = q === -1 ? target : target.slice(0, q);
    const search = q === -1 ? '' : target.slice(q);
    if (target.length > MAX_REQUEST_TARGET) {
      sendStatusPage(req, res, 414, 'URI Too Long', { 'Cache-Control': rules.cacheControl.revalidate });
      return;
    }
    if (hasOverlongHeader(req.rawHeaders)) {
      sendStatusPage(req, res, 400, 'Request Header Or Cookie Too Large', { Connection: 'close' });
      return;
    }
    const decision = resolveRoute(pathname, search, stat, rules);

    if (decision.type === 'redirect') {
      res.writeHead(301, { Location: decision.location, 'Cache-Control': rules.cacheControl.revalidate });
      res.end();
      return;
    }

    let file;
    const found = decision.type !== 'not-found';
    if (!found) {
      if (stat(notFoundFile) !== 'file') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': rules.cacheControl.revalidate });
        res.end('Not Found\n');
        return;
      }
      file = notFoundFile;
      res.statusCode = 404; // send keeps a preset status
    } else {
      // A page with a Markdown twin answers by the Accept header; caches are told so before compression adds its own Vary.
      const negotiated = negotiatedFile(decision.file, req.headers, rules);
      file = negotiated.file;
      if (negotiated.vary) res.setHeader('Vary', 'Accept');
      // A file is only read: other methods get 405 (as from nginx), a missing one the not-found page above.
      if (!READ_METHODS.has(req.method)) {
        sendStatusPage(req, res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD', 'Cache-Control': rules.cacheControl.revalidate });
        return;
      }
      // A file with its own security headers (the playground's frame) sends those instead of the site's.
      const own = rules.ownHeaders?.[`/${file}`];
      if (own) {
        for (const name of Object.keys(rules.headers)) res.removeHeader(name);
        for (const [name, value] of Object.entries(own)) res.setHeader(name, value);
      }
    }

    const { type, text } = contentTypeFor(file, rules);
    const cacheControl = found ? cacheControlFor(file, rules) : rules.cacheControl.revalidate;
    const accepted = gzip && text && acceptsGzip(req.headers);
    // The build's precompressed twin, when it wrote one, as nginx sends it (gzip_static, the snippet's brotli rule),
    // with its own validators.
    const twin = gzip && text && found ? precompressedTwin(file, req.headers, rules, stat) : null;
    const range = found && !accepted && !twin ? req.headers.range : undefined;
    const ifRange = req.headers['if-range'];
    // The not-found page is always sent whole, and never 304s; a file found answers conditions before any range.
    const validators = found ? fileValidators(fs.statSync(path.join(absRoot, twin?.twin ?? file))) : null;
    const status = validators ? conditionalStatus(req.headers, validators) : 200;
    for (const name of [...CONDITIONS, 'range']) delete req.headers[name];
    if (status === 412) {
      sendStatusPage(req, res, 412, 'Precondition Failed', { 'Cache-Control': cacheControl });
      return;
    }
    if (status === 304) {
      // nginx's brotli rule names the twin's encoding on a 304 too (gzip_static does not).
      const encoding = twin?.encoding === 'br' ? { 'Content-Encoding': 'br', Vary: 'Accept-Encoding' } : {};
      res.writeHead(304, { ETag: validators.etag, 'Last-Modified': validators.lastModified, 'Cache-Control': cacheControl, ...encoding });
      res.end();
      return;
    }

    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl);
    if (validators) {
      // Compressed on the fly, the bytes are not the file's: the tag is weak, as nginx's gzip makes it.
      res.setHeader('ETag', accepted && !twin ? weakEtag(validators.etag) : validators.etag);
      res.setHeader('Last-Modified', validators.lastModified);
    }
    if (twin) {
      res.setHeader('Content-Encoding', twin.encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      sendFile(req, res, absRoot, twin.twin);
      return;
    }
    if (gzip && text) {
      // compression also offers br and deflate, and leaves HEAD alone; this server offers gzip only (as the nginx
      // snippet does) and answers HEAD with the headers of its GET, so compression is shown that GET.
      compressText({ method: 'GET', headers: { 'accept-encoding': accepted ? 'gzip' : 'identity' } }, res, () => {});
    }

    // A Range whose If-Range names another version of the file gets the whole file: the client's part is stale.
    // A compressed answer is the whole file too: like nginx, a Range is then ignored (range was left unset above).
    const ranges = range && rangeStillValid(ifRange, validators) ? requestedRanges(range, fs.statSync(path.join(absRoot, file)).size) : null;
    if (ranges === 'unsatisfiable') {
      const { size } = fs.statSync(path.join(absRoot, file));
      res.removeHeader('ETag');
      res.removeHeader('Last-Modified');
      sendStatusPage(req, res, 416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${size}`, 'Cache-Control': cacheControl });
      return;
    }
    if (ranges?.length > 1) {
      const { size } = fs.statSync(path.join(absRoot, file));
      const multipart = multipartByteranges(path.join(absRoot, file), ranges, size, type);
      res.writeHead(206, { 'Content-Type': multipart.type, 'Content-Length': multipart.length });
      if (req.method === 'HEAD') res.end();
      else stream.Readable.from(multipart.body()).on('error', () => res.destroy()).pipe(res);
      return;
    }
    if (ranges) req.headers.range = `bytes=${ranges[0].start}-${ranges[0].end}`;
    sendFile(req, res, absRoot, file);
  };
}

/**
 * The raw HTTP answer to a request Node's parser refused (its default is an empty 431 or 400): a short page with
 * the build's headers, 414 when the request line alone is longer than nginx takes (a long `/search?q=` address),
 * 431 when the headers are too large, 400 for anything malformed.
 */
export function refusedRequestAnswer(error, rules) {
  let status = 400;
  let title = 'Bad Request';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = error.rawPacket ? error.rawPacket.toString('latin1') : '';
    const lineEnd = raw.indexOf('\r\n');
    const longLine = lineEnd === -1 ? raw.length > MAX_REQUEST_TARGET : lineEnd > MAX_REQUEST_TARGET;
    [status, title] = longLine ? [414, 'URI Too Long'] : [431, 'Request Header Fields Too Large'];
  }
  const body = statusPage(status, title);
  const headers = {
    ...rules.headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': rules.cacheControl.revalidate,
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${title}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Create and start the server for a build folder (its rules read from `<root>/_hosting/rules.json` unless given).
 * Resolves once listening; port 0 picks a free port (read it from `server.address().port`).
 * @param {{ root: string, rules?: object, port?: number, host?: string, gzip?: boolean }} options
 * @returns {Promise<http.Server>}
 */
export function createServer({ root, rules = readHostingRules(root), port = 9000, host = '127.0.0.1', gzip = true }) {
  const server = http.createServer(createHandler({ root, rules, gzip }));
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(refusedRequestAnswer(error, rules));
  });
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
  const values = parseCliArgs(argv, { port: { type: 'string' }, host: { type: 'string' }, root: { type: 'string' } });
  const opts = {
    port: Number(values.port ?? (env.PORT || 9000)),
    host: values.host ?? (env.HOST || '127.0.0.1'),
    root: values.root ?? 'public',
  };
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
