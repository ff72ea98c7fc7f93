/**
 * The build's hosting rules (./hosting.ts) in the formats hosts read: `_headers` and `_redirects` (Netlify's
 * format; Cloudflare Pages reads the same `_headers`) and an nginx snippet for a server block. No library writes
 * these from data, so they are printed here; tests parse them back with each host's own rules.
 * src/node/gatsby/post-build.ts writes them after the build.
 */
import fs from 'fs';
import path from 'path';
import { liteClient } from 'algoliasearch/lite';
import type { SiteConfig } from '../config/types';
import { BROTLI_SUFFIX } from '../contract/hosting-layout.mjs';
import { PLAYGROUND_FRAME_PATH } from '../contract/playground';
import { isHostedSearch } from '../search/hosted-mode';
import { digest, outputCache } from './build-cache';
import {
  HEADERS_FILE,
  HostingRulesError,
  MARKDOWN_ACCEPT_PATTERN,
  NGINX_FILE,
  REDIRECTS_FILE,
  RULES_FILE,
  externalOrigin,
  hostingRules,
  inlineScriptHashes,
  listFiles,
  type HostingRules,
  type PolicyOptions,
} from './hosting';

const GENERATED = 'Written by `npm run build` (src/node/hosting.ts) from this build; edit the code, not this file.';

/** Folders (ending in "/", but not the home page "/") as a host's wildcard path. */
const hostPath = (p: string) => (p !== '/' && p.endsWith('/') ? `${p}*` : p);

/** `_headers`: security headers on every path; Cache-Control on paths that no other rule matches. */
export function toHeadersFile(rules: HostingRules): string {
  const block = (p: string, headers: Record<string, string>) =>
    [p, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const cache = (value: string) => ({ 'Cache-Control': value });
  // Hosts join the values of one header from several matching rules, so each Cache-Control rule is exclusive.
  // A file with its own headers detaches the site's (`! Name`, as Cloudflare Pages reads it) and sets its own.
  const own = Object.entries(rules.ownHeaders ?? {}).map(([p, headers]) =>
    [p, ...Object.keys(rules.headers).map((name) => `  ! ${name}`), ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return [
    `# ${GENERATED}`,
    block('/*', rules.headers),
    ...own,
    ...rules.immutable.map((p) => block(hostPath(p), cache(rules.cacheControl.immutable))),
    ...['/page-data/', ...rules.pages, rules.notFound].map((p) => block(hostPath(p), cache(rules.cacheControl.revalidate))),
    '',
  ].join('\n\n');
}

/**
 * `_redirects`: `.html` and `/index.html` spellings to their page, and the host files answered as not found.
 * No trailing-slash rules: Netlify matches rules with or without the slash, so they would redirect in a loop.
 */
export function toRedirectsFile(rules: HostingRules): string {
  const lines = [
    ...rules.redirects.filter((r) => !r.from.endsWith('/')).map((r) => `${r.from}  ${r.to}  301!`),
    ...rules.hidden.map((p) => `${hostPath(p)}  ${rules.notFound}  404!`),
  ];
  return `# ${GENERATED}\n${lines.join('\n')}\n`;
}

const nginxString = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The nginx snippet, for a server block whose root is the build's folder. Every location sets the Cache-Control
 * the server-level headers send, so the security headers are written once and reach every response.
 */
export function toNginxSnippet(rules: HostingRules): string {
  if ([rules.headers, ...Object.values(rules.ownHeaders ?? {})].some((h) => Object.values(h).some((v) => v.includes('$')))) {
    throw new HostingRulesError(`${NGINX_FILE}: a header value contains "$", which nginx would read as a variable.`);
  }
  const byType = new Map<string, string[]>();
  for (const [ext, type] of Object.entries(rules.contentTypes)) byType.set(type, [...(byType.get(type) ?? []), ext]);
  const cache = (value: string) => `set $stan_cache_control ${nginxString(value)};`;
  const immutable = cache(rules.cacheControl.immutable);
  const revalidate = cache(rules.cacheControl.revalidate);
  const location = (match: string, ...body: string[]) => `location ${match} {\n${body.map((l) => `  ${l}\n`).join('')}}`;
  const exact = (p: string) => (p.endsWith('/') ? `^~ ${p}` : `= ${p}`);
  return [
    `# ${GENERATED}`,
    '# Include it in the server block that serves this folder:',
    '#   server { listen 443 ssl; server_name docs.example.org; root /srv/stan-docs; include /srv/stan-docs/_hosting/nginx.conf; }',
    '',
    `types {\n${[...byType].map(([type, exts]) => `  ${type} ${exts.join(' ')};\n`).join('')}}`,
    'default_type application/octet-stream;',
    'charset utf-8;',
    // text/html is in both lists already.
    `charset_types ${rules.textTypes.filter((t) => t !== 'text/html').join(' ')};`,
    'gzip on;',
    // The build's precompressed twins (app-….js.gz, smaller than nginx's own gzip) are sent in place of their files.
    'gzip_static on;',
    'gzip_vary on;',
    `gzip_types ${rules.textTypes.filter((t) => t !== 'text/html').join(' ')};`,
    'server_tokens off;',
    // Relative Location headers: a redirect never names another host.
    'absolute_redirect off;',
    `error_page 404 ${rules.notFound};`,
    // nginx rejects malformed paths (bad percent-encoding, "/.." past the root) with 400: they are not found too.
    `error_page 400 =404 ${rules.notFound};`,
    ...Object.entries(rules.headers).map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`),
    'add_header Cache-Control $stan_cache_control always;',
    // Empty except on pages with a Markdown twin; nginx sends no header whose value is empty.
    'set $stan_vary "";',
    'add_header Vary $stan_vary always;',
    // A snippet inside a server block cannot declare a map, so the Accept header is read once here.
    'set $stan_markdown "";',
    `if ($http_accept ~* ${nginxString(MARKDOWN_ACCEPT_PATTERN)}) {\n  set $stan_markdown 1;\n}`,
    '',
    location('/', revalidate, 'try_files $uri $uri/index.html =404;'),
    ...Object.entries(rules.markdownTwins).map(([page, twin]) =>
      location(
        `= ${page}`,
        revalidate,
        'set $stan_vary Accept;',
        // `rewrite … last` is one of the two things nginx documents as safe inside an `if` in a location.
        `if ($stan_markdown) {\n    rewrite ^ ${twin} last;\n  }`,
        'try_files $uri $uri/index.html =404;',
      ),
    ),
    // A file with a brotli twin sends it when the request accepts br (`rewrite … last` again), else as any file (with
    // its gzip twin by gzip_static); the twin's own location is internal, so only this rule reaches it.
    ...rules.brotliTwins.flatMap((p) => {
      const cacheOfFile = rules.immutable.some((i) => (i.endsWith('/') ? p.startsWith(i) : p === i)) ? immutable : revalidate;
      const type = rules.contentTypes[path.posix.extname(p).slice(1).toLowerCase()] ?? 'application/octet-stream';
      return [
        location(
          `= ${p}`,
          cacheOfFile,
          `if ($http_accept_encoding ~* ${nginxString(rules.brotliAccept)}) {\n    rewrite ^ ${p}${BROTLI_SUFFIX} last;\n  }`,
          'try_files $uri =404;',
        ),
        location(
          `= ${p}${BROTLI_SUFFIX}`,
          'internal;',
          cacheOfFile,
          `types {}`,
          `default_type ${type};`,
          'gzip off;',
          'gzip_static off;',
          // The whole twin, as `npm run serve` sends it: a range of compressed bytes is no use to a browser.
          'max_ranges 0;',
          // add_header here replaces the server's: the location lists all it sends.
          ...Object.entries(rules.headers).map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`),
          'add_header Cache-Control $stan_cache_control always;',
          'add_header Content-Encoding br always;',
          'add_header Vary Accept-Encoding always;',
          'try_files $uri =404;',
        ),
      ];
    }),
    // add_header in a location replaces the server's: a file with its own headers lists all it sends.
    ...Object.entries(rules.ownHeaders ?? {}).map(([p, headers]) =>
      location(
        `= ${p}`,
        revalidate,
        ...Object.entries(headers).map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`),
        'add_header Cache-Control $stan_cache_control always;',
        'try_files $uri =404;',
      ),
    ),
    ...rules.immutable.map((p) => location(exact(p), immutable, 'try_files $uri =404;')),
    ...rules.redirects.map((r) => location(`= ${r.from}`, revalidate, `return 301 ${r.to}$is_args$args;`)),
    ...rules.hidden.map((p) => location(exact(p), revalidate, 'return 404;')),
    '',
  ].join('\n');
}

interface HostingContext {
  config: Pick<SiteConfig, 'search' | 'analytics'>;
}

/** The origins and script URLs the policy allows besides the site: hosted search (only when on) and analytics. */
export function policyOrigins({ config }: HostingContext): Omit<PolicyOptions, 'scriptHashes'> {
  const connectOrigins: string[] = [];
  const scriptUrls: string[] = [];
  if (isHostedSearch(config.search)) {
    // The hosts the search client reads from (its write host is never used by search).
    const { transporter } = liteClient(config.search.appId, config.search.apiKey);
    for (const host of transporter.hosts) {
      if (host.accept !== 'write') connectOrigins.push(`${host.protocol}://${host.url.toLowerCase()}`);
    }
    if (config.search.insights) {
      // DocSearch's insights load search-insights from jsDelivr, which sends events to the insights API.
      scriptUrls.push('https://cdn.jsdelivr.net/npm/search-insights@2.15.0/dist/search-insights.min.js');
      connectOrigins.push('https://insights.algolia.io');
    }
  }
  const analytics = externalOrigin(config.analytics?.endpoint);
  if (analytics) connectOrigins.push(analytics);
  return { connectOrigins: connectOrigins.sort(), scriptUrls };
}

/**
 * Reads the build in `publicDir` and writes its rules and host files there. `known` holds the inline-script hashes
 * of pages already read (by file), so only the others are parsed.
 */
export function buildHostingFiles(publicDir: string, context: HostingContext, known?: ReadonlyMap<string, string[]>): HostingRules {
  const files = listFiles(publicDir);
  const hashesOf = (f: string) => known?.get(f) ?? inlineScriptHashes(fs.readFileSync(path.join(publicDir, f), 'utf8'), `public/${f}`);
  // The playground's frame has a policy of its own: its script is allowed there only.
  const isFrame = (f: string) => `/${f}` === PLAYGROUND_FRAME_PATH;
  const scriptHashes = files.filter((f) => f.endsWith('.html') && !isFrame(f)).flatMap(hashesOf);
  const frameScriptHashes = files.filter(isFrame).flatMap(hashesOf);
  const rules = hostingRules({ files, scriptHashes, frameScriptHashes }, policyOrigins(context));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, file), text);
  };
  write(RULES_FILE, `${JSON.stringify(rules, null, 2)}\n`);
  write(HEADERS_FILE, toHeadersFile(rules));
  write(REDIRECTS_FILE, toRedirectsFile(rules));
  write(NGINX_FILE, toNginxSnippet(rules));
  return rules;
}

/** Each page's inline-script hashes, kept across builds by the page's HTML: an unchanged page is not parsed again. */
export const inlineScriptsCache = outputCache<string[]>('inline-scripts', 'src/node/hosting-files.ts');

/** The inline-script hashes of every page of the build, by file (a page whose HTML did not change is not parsed). */
export async function inlineScriptsOfPages(publicDir: string): Promise<Map<string, string[]>> {
  const known = new Map<string, string[]>();
  for (const file of listFiles(publicDir).filter((f) => f.endsWith('.html'))) {
    // Keyed by the file's bytes: decoding every page's HTML to text took longer than hashing it (0.45 s at 245 pages).
    const bytes = fs.readFileSync(path.join(publicDir, file));
    known.set(file, await inlineScriptsCache.get(digest(bytes), () => inlineScriptHashes(bytes.toString('utf8'), `public/${file}`)));
  }
  return known;
}

