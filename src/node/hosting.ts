/**
 * The hosting rules of a build, as data: security headers (with a Content-Security-Policy that allows the
 * build's own inline scripts by hash), caching, redirects to the routes as the site links them, the not-found
 * page and content types. Written after the build to public/_hosting/rules.json, which scripts/serve.mjs
 * applies, and turned into the files hosts read (./hosting-files.ts): `_headers`, `_redirects` and an nginx
 * snippet. All pure but listFiles; src/node/gatsby/post-build.ts writes them after the build.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

import {
  BROTLI_SUFFIX,
  HOSTING_DIR,
  isExecutableScriptType,
  isPrecompressedTwin,
  NGINX_FILE,
  RULES_FILE,
} from '../contract/hosting-layout.mjs';
import { PLAYGROUND_FRAME_PATH } from '../contract/playground';

export { HOSTING_DIR, NGINX_FILE, RULES_FILE };
export const HEADERS_FILE = '_headers';
export const REDIRECTS_FILE = '_redirects';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

export interface HostingRules {
  /** Sent with every response: pages, assets, redirects and the not-found page. */
  headers: Record<string, string>;
  cacheControl: { immutable: string; revalidate: string };
  /** URL paths cached for a year: folders (ending in "/") and single files. Everything else revalidates. */
  immutable: string[];
  /** Every page's URL path, served from `<path>/index.html`. */
  pages: string[];
  /** Other spellings of a page's path (trailing slash, `.html`, `/index.html`), answered with 301 to it. */
  redirects: Array<{ from: string; to: string }>;
  /** Served with status 404 for every path that names no file or page, malformed ones included. */
  notFound: string;
  /** URL paths never served (the host files themselves): folders (ending in "/") and single files. */
  hidden: string[];
  /** File extension → content type. */
  contentTypes: Record<string, string>;
  /** Content types sent as UTF-8 text (`; charset=utf-8`) and compressed. */
  textTypes: string[];
  /**
   * Pages with a Markdown twin (page → the twin's URL path): a request for the page that prefers text/markdown
   * (`markdownAccept`) gets the twin, and both answers carry `Vary: Accept` so caches keep them apart.
   */
  markdownTwins: Record<string, string>;
  /** The pattern (case-insensitive) an Accept header matches when it prefers Markdown (MARKDOWN_ACCEPT_PATTERN). */
  markdownAccept: string;
  /**
   * Files (URL paths) with a brotli twin (`<file>.br`, the search indexes): sent in their place, with
   * `Content-Encoding: br`, to a request whose Accept-Encoding matches `brotliAccept`.
   */
  brotliTwins: string[];
  /** The pattern (case-insensitive) an Accept-Encoding header matches when it accepts brotli (BROTLI_ACCEPT_PATTERN). */
  brotliAccept: string;
  /**
   * Files (URL paths) whose security headers replace `headers`: the playground's sandboxed frame, the one
   * document that may eval and be framed (by the site's own pages only).
   */
  ownHeaders?: Record<string, Record<string, string>>;
}

/**
 * When a request for a page with a Markdown twin gets the Markdown, as a pattern over the Accept header (nginx
 * can only match one): text/markdown is listed, not refused with q=0, and before any text/html; its other
 * parameters (`charset=utf-8`, `variant=GFM`) are ignored. Browsers list text/html and never text/markdown, so
 * they keep getting HTML. `npm run serve` applies the same pattern (`markdownAccept` in the rules), so both
 * servers give every header the same answer. No `$` in it: nginx would read one as a variable.
 */
export const MARKDOWN_ACCEPT_PATTERN = String.raw`^(?:(?!text/html\s*(?![^;,])).)*text/markdown(?=\s*(?![^;,]))(?![^,]*;\s*q\s*=\s*0(?:\.0*)?\s*(?![^;,]))`;

/**
 * When a request accepts brotli, as a pattern over its Accept-Encoding header (nginx reads it in the snippet, and
 * `npm run serve` from `brotliAccept`): `br` listed, without `q=0`. No `$` in it: nginx would read one as a variable.
 */
export const BROTLI_ACCEPT_PATTERN = String.raw`(?:^|,)\s*br\s*(?![^,;])(?!;\s*q\s*=\s*0(?:\.0*)?\s*(?![^,;]))`;

export class HostingRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostingRulesError';
  }
}

// Gatsby names its bundles and the search index after their content: app-0f3c2a9b8d7e6f5a4b3c.js, styles.1a2b3c4d.css.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|json)(?:\.map)?$/i;
// static/ holds Gatsby's content-hashed files; vendor/<package>-<version>/ the libraries the build copies.
const IMMUTABLE_FOLDERS = ['/static/', '/vendor/'];

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  map: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
  xml: 'application/xml',
  webmanifest: 'application/manifest+json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};
const TEXT_TYPES = [
  'text/html',
  'text/css',
  'text/javascript',
  'application/json',
  'text/markdown',
  'text/plain',
  'application/xml',
  'application/manifest+json',
  'image/svg+xml',
];

const toUrl = (file: string) => `/${file.split(path.sep).join('/')}`;

/** `/docs` for docs/index.html, `/` for index.html; null for any other file. */
export function pageOf(file: string): string | null {
  const url = toUrl(file);
  if (url === '/index.html') return '/';
  const m = /^(\/.+)\/index\.html$/.exec(url);
  return m?.[1] ?? null;
}

const inImmutableFolder = (file: string) => IMMUTABLE_FOLDERS.some((folder) => toUrl(file).startsWith(folder));

/** Whether a file (relative to public/) may be cached for a year: its URL changes whenever its content does. */
export function isImmutable(file: string): boolean {
  const url = toUrl(file);
  if (inImmutableFolder(file)) return true;
  // Only top-level names: page-data/sq/d/<id>.json is named after its query, not its content.
  return url.lastIndexOf('/') === 0 && HASHED_NAME.test(url);
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

/**
 * The script-src hash (`'sha256-…'`) of every inline script a browser would run in an HTML document (JSON-LD and
 * other data blocks excluded), parsed as a browser parses it.
 * @throws HostingRulesError for an inline event handler or `javascript:` URL, which no hash can allow.
 */
export function inlineScriptHashes(html: string, file: string): string[] {
  const hashes: string[] = [];
  const visit = (node: Node) => {
    if (isElement(node)) {
      for (const attr of node.attrs) {
        const value = attr.value.trim().toLowerCase();
        if (/^on[a-z]+$/i.test(attr.name) || value.startsWith('javascript:')) {
          throw new HostingRulesError(
            `${file}: <${node.tagName} ${attr.name}="…"> runs inline code, which the Content-Security-Policy blocks; ` +
              'attach the handler from a script instead.',
          );
        }
      }
      const type = node.attrs.find((a) => a.name === 'type')?.value;
      if (node.tagName === 'script' && !node.attrs.some((a) => a.name === 'src') && isExecutableScriptType(type)) {
        const text = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
        hashes.push(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      }
      if (node.tagName === 'template') visit((node as DefaultTreeAdapterMap['template']).content);
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(parse(html));
  return hashes;
}

export interface PolicyOptions {
  /** `'sha256-…'` sources of the inline scripts. */
  scriptHashes: string[];
  /** Origins the pages fetch from besides their own (hosted search, an analytics endpoint). */
  connectOrigins?: string[];
  /** Script URLs loaded from elsewhere (the hosted search's insights library). */
  scriptUrls?: string[];
}

/**
 * The Content-Security-Policy: only the site's own files and its hashed inline scripts run (no 'unsafe-inline'
 * for scripts, no eval); styles may be inline (Gatsby inlines its CSS, mermaid styles the SVG it draws).
 */
export function contentSecurityPolicy({ scriptHashes, connectOrigins = [], scriptUrls = [] }: PolicyOptions): string {
  const unique = (list: string[]) => [...new Set(list)];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...unique(scriptHashes).sort(), ...unique(scriptUrls)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...unique(connectOrigins)]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The policy of the playground's frame: its inline bootstrap (by hash) and the reader's code (eval) run, it
 * fetches and loads nothing, and only the site's own pages may frame it. The frame is sandboxed without
 * allow-same-origin, so nothing running there reaches the site's storage or cookies.
 */
export function framePolicy(scriptHashes: string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', [...new Set(scriptHashes)].sort().concat("'unsafe-eval'")],
    ['style-src', ["'unsafe-inline'"]],
    ['img-src', ['data:', 'blob:']],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The frame's headers: the site's, with its own policy and without X-Frame-Options (its policy says who frames it). */
export function frameHeaders(scriptHashes: string[]): Record<string, string> {
  const { 'X-Frame-Options': _denied, ...rest } = securityHeaders(framePolicy(scriptHashes));
  return rest;
}

/** The headers every response carries. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), geolocation=(), microphone=()',
  };
}

/** The origin of an absolute https:// URL (an analytics endpoint); null for a path of this site. */
export function externalOrigin(url: string | undefined): string | null {
  return url && /^https:\/\//i.test(url) ? new URL(url).origin : null;
}

export interface BuildOutput {
  /** Every file of the build, relative to public/ with "/" separators. */
  files: string[];
  /** Inline-script hashes collected from every HTML file but the playground's frame. */
  scriptHashes: string[];
  /** The inline-script hashes of the playground's frame, when the build has one. */
  frameScriptHashes?: string[];
}

/** The rules for a build's files; the policy's other origins come from `policy`. */
export function hostingRules({ files, scriptHashes, frameScriptHashes = [] }: BuildOutput, policy: Omit<PolicyOptions, 'scriptHashes'> = {}): HostingRules {
  const all = new Set(files);
  // A precompressed twin (app-….js.gz) is an encoding of its file, sent in its place to browsers that accept gzip.
  const served = files.filter((f) => !isHostFile(f) && !isPrecompressedTwin(f, all)).sort();
  const contentTypes: Record<string, string> = {};
  for (const file of served) {
    const ext = path.posix.extname(file).slice(1).toLowerCase();
    const type = CONTENT_TYPES[ext];
    if (!type) {
      throw new HostingRulesError(
        `public/${file}: no content type is known for ".${ext}" files, so servers would send it as a download; ` +
          'add the extension to CONTENT_TYPES in src/node/hosting.ts.',
      );
    }
    contentTypes[ext] = type;
  }
  const fileSet = new Set(served);
  const pages = served.map(pageOf).filter((p): p is string => p !== null);
  const redirects = pages.flatMap((page) =>
    page === '/'
      ? [{ from: '/index.html', to: '/' }]
      : [`${page}/`, `${page}/index.html`, `${page}.html`]
          // A real .html file keeps its URL (404.html beside the /404 page).
          .filter((from) => from.endsWith('/index.html') || !fileSet.has(from.slice(1)))
          .map((from) => ({ from, to: page })),
  );
  if (!fileSet.has('404.html')) {
    throw new HostingRulesError('public/404.html is missing: the not-found page (src/pages/404.tsx) did not build.');
  }
  return {
    headers: securityHeaders(contentSecurityPolicy({ scriptHashes, ...policy })),
    cacheControl: { immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE },
    // The folders once, then each content-hashed file outside them.
    immutable: [...IMMUTABLE_FOLDERS, ...served.filter((f) => isImmutable(f) && !inImmutableFolder(f)).map(toUrl)],
    pages,
    redirects,
    notFound: '/404.html',
    hidden: [`/${HOSTING_DIR}/`, `/${HEADERS_FILE}`, `/${REDIRECTS_FILE}`],
    contentTypes,
    textTypes: TEXT_TYPES.filter((t) => Object.values(contentTypes).includes(t)),
    // A doc page's twin is `<page>.md` (src/contract/markdown-path.ts), written by the Markdown export.
    markdownTwins: Object.fromEntries(
      pages.filter((page) => page !== '/' && fileSet.has(`${page.slice(1)}.md`)).map((page) => [page, `${page}.md`]),
    ),
    markdownAccept: MARKDOWN_ACCEPT_PATTERN,
    brotliTwins: served.filter((f) => all.has(`${f}${BROTLI_SUFFIX}`)).map(toUrl),
    brotliAccept: BROTLI_ACCEPT_PATTERN,
    ...(fileSet.has(PLAYGROUND_FRAME_PATH.slice(1))
      ? { ownHeaders: { [PLAYGROUND_FRAME_PATH]: frameHeaders(frameScriptHashes) } }
      : {}),
  };
}

/** The files this module writes, which are configuration, not content. */
function isHostFile(file: string): boolean {
  return file === HEADERS_FILE || file === REDIRECTS_FILE || file.startsWith(`${HOSTING_DIR}/`);
}

/** Every file under `dir`, relative, with "/" separators. */
export function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
