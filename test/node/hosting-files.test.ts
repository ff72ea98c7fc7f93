/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { liteClient } from 'algoliasearch/lite';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, MARKDOWN_ACCEPT_PATTERN, hostingRules, type HostingRules } from '@src/node/hosting';
import {
  buildHostingFiles,
  inlineScriptsCache,
  inlineScriptsOfPages,
  policyOrigins,
  toHeadersFile,
  toNginxSnippet,
  toRedirectsFile,
} from '@src/node/hosting-files';

const FILES = [
  'index.html',
  '404.html',
  'docs/index.html',
  'docs/api/atom/index.html',
  'docs/api/atom.md',
  'app-0f3c2a9b8d7e6f5a4b3c.js',
  'static/d41d8cd98f/logo.png',
  'vendor/mermaid-11.17.2/mermaid.esm.min.mjs',
  'page-data/docs/page-data.json',
  'robots.txt',
];
const rules = hostingRules({ files: FILES, scriptHashes: ["'sha256-abc='"] });

function tempFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-')), name);
  fs.writeFileSync(file, text);
  return file;
}

/** The headers Netlify sends for a path, by its own parser and matching (the later rule wins per header). */
async function netlifyHeaders(text: string, urlPath: string): Promise<Record<string, string>> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [tempFile('_headers', text)], configHeaders: [], minimal: false });
  expect(errors).toEqual([]);
  return Object.assign({}, ...(headers as Header[]).filter((h) => h.forRegExp.test(urlPath)).map((h) => h.values));
}

describe('_headers', () => {
  const text = toHeadersFile(rules);

  it.each([
    ['/docs', CACHE_REVALIDATE],
    ['/', CACHE_REVALIDATE],
    ['/404.html', CACHE_REVALIDATE],
    ['/page-data/docs/page-data.json', CACHE_REVALIDATE],
    ['/app-0f3c2a9b8d7e6f5a4b3c.js', CACHE_IMMUTABLE],
    ['/static/d41d8cd98f/logo.png', CACHE_IMMUTABLE],
    ['/vendor/mermaid-11.17.2/mermaid.esm.min.mjs', CACHE_IMMUTABLE],
  ])('Netlify sends %s the security headers and Cache-Control %s', async (urlPath, cacheControl) => {
    expect(await netlifyHeaders(text, urlPath)).toEqual({ ...rules.headers, 'Cache-Control': cacheControl });
  });

  it("Netlify sends an older docs version's page and its Markdown twin the security headers (the page revalidated)", async () => {
    const versioned = hostingRules({ files: [...FILES, 'docs/1.0.0-rc14/api/atom/index.html', 'docs/1.0.0-rc14/api/atom.md'], scriptHashes: [] });
    const headersText = toHeadersFile(versioned);
    expect(await netlifyHeaders(headersText, '/docs/1.0.0-rc14/api/atom')).toEqual({ ...versioned.headers, 'Cache-Control': CACHE_REVALIDATE });
    expect(await netlifyHeaders(headersText, '/docs/1.0.0-rc14/api/atom.md')).toEqual(expect.objectContaining(versioned.headers));
  });

  it('gives each path one Cache-Control rule at most (hosts that join repeated headers stay correct)', async () => {
    const { headers } = await parseAllHeaders({ headersFiles: [tempFile('_headers', text)], configHeaders: [], minimal: false });
    for (const urlPath of ['/docs', '/app-0f3c2a9b8d7e6f5a4b3c.js', '/static/x/y.png', '/page-data/docs/page-data.json']) {
      const withCache = (headers as Header[]).filter((h) => h.forRegExp.test(urlPath) && 'Cache-Control' in h.values);
      expect(withCache).toHaveLength(1);
    }
  });
});

describe('_redirects', () => {
  it('Netlify reads .html and /index.html redirects and the hidden host files, with no trailing-slash rule', async () => {
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [tempFile('_redirects', toRedirectsFile(rules))],
      configRedirects: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    const parsed = redirects as Array<{ from: string; to: string; status: number; force: boolean }>;
    expect(parsed.map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual([
      { from: '/docs/api/atom/index.html', to: '/docs/api/atom', status: 301, force: true },
      { from: '/docs/api/atom.html', to: '/docs/api/atom', status: 301, force: true },
      { from: '/docs/index.html', to: '/docs', status: 301, force: true },
      { from: '/docs.html', to: '/docs', status: 301, force: true },
      { from: '/index.html', to: '/', status: 301, force: true },
      { from: '/_hosting/*', to: '/404.html', status: 404, force: true },
      { from: '/_headers', to: '/404.html', status: 404, force: true },
      { from: '/_redirects', to: '/404.html', status: 404, force: true },
    ]);
  });
});

describe('nginx snippet', () => {
  const snippet = toNginxSnippet(rules);

  it('redirects each other spelling with an exact location to a path of the site, keeping the query', () => {
    for (const { from, to } of rules.redirects) {
      expect(snippet).toContain(`location = ${from} {\n  set $stan_cache_control "${CACHE_REVALIDATE}";\n  return 301 ${to}$is_args$args;\n}`);
    }
    expect(snippet).toContain('absolute_redirect off;');
  });

  it('sends every security header on every response, and the Cache-Control each location sets', () => {
    for (const [name, value] of Object.entries(rules.headers)) expect(snippet).toContain(`add_header ${name} "${value}" always;`);
    expect(snippet).toContain('add_header Cache-Control $stan_cache_control always;');
    expect(snippet).toContain(`location ^~ /static/ {\n  set $stan_cache_control "${CACHE_IMMUTABLE}";`);
    expect(snippet).toContain(`location = /app-0f3c2a9b8d7e6f5a4b3c.js {\n  set $stan_cache_control "${CACHE_IMMUTABLE}";`);
  });

  it('serves ES modules as JavaScript and answers unknown, malformed and hidden paths with the not-found page', () => {
    expect(snippet).toMatch(/^ {2}text\/javascript js mjs;$/m);
    expect(snippet).toContain('error_page 404 /404.html;');
    expect(snippet).toContain('error_page 400 =404 /404.html;');
    expect(snippet).toContain(`location ^~ /_hosting/ {\n  set $stan_cache_control "${CACHE_REVALIDATE}";\n  return 404;\n}`);
  });

  it('answers a page with a Markdown twin by its Accept header, and says so in Vary on that page only', () => {
    expect(snippet).toContain('set $stan_vary "";\nadd_header Vary $stan_vary always;');
    expect(snippet).toContain(
      `location = /docs/api/atom {\n  set $stan_cache_control "${CACHE_REVALIDATE}";\n  set $stan_vary Accept;\n` +
        '  if ($stan_markdown) {\n    rewrite ^ /docs/api/atom.md last;\n  }\n  try_files $uri $uri/index.html =404;\n}',
    );
    expect(snippet).not.toContain('location = /docs {');
    // The pattern reaches nginx intact: its quoted string unescapes "\\" to one backslash.
    const quoted = /if \(\$http_accept ~\* "((?:[^"\\]|\\.)*)"\) \{\n {2}set \$stan_markdown 1;\n\}/.exec(snippet)?.[1];
    expect(quoted?.replace(/\\(["\\])/g, '$1')).toBe(MARKDOWN_ACCEPT_PATTERN);
  });

  it("negotiates Markdown on an older docs version's pages too, each with an exact location", () => {
    const versioned = toNginxSnippet(
      hostingRules({ files: [...FILES, 'docs/1.0.0-rc14/api/atom/index.html', 'docs/1.0.0-rc14/api/atom.md'], scriptHashes: [] }),
    );
    expect(versioned).toContain(
      `location = /docs/1.0.0-rc14/api/atom {\n  set $stan_cache_control "${CACHE_REVALIDATE}";\n  set $stan_vary Accept;\n` +
        '  if ($stan_markdown) {\n    rewrite ^ /docs/1.0.0-rc14/api/atom.md last;\n  }\n  try_files $uri $uri/index.html =404;\n}',
    );
  });

  it('refuses a header value nginx would read as a variable', () => {
    const odd: HostingRules = { ...rules, headers: { ...rules.headers, 'X-Odd': 'a$b' } };
    expect(() => toNginxSnippet(odd)).toThrow(/contains "\$"/);
  });
});

describe('policyOrigins', () => {
  const local = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };

  it('adds nothing for the local index and no analytics endpoint', () => {
    expect(policyOrigins({ config: local })).toEqual({ connectOrigins: [], scriptUrls: [] });
  });

  it('adds the hosts the hosted search client reads from, and nothing it only writes to', () => {
    const search = { ...local.search, appId: 'ABC123', apiKey: 'key' };
    const { connectOrigins } = policyOrigins({ config: { search } });
    const reads = liteClient('ABC123', 'key')
      .transporter.hosts.filter((h) => h.accept !== 'write')
      .map((h) => `https://${h.url.toLowerCase()}`);
    expect(connectOrigins).toEqual([...reads].sort());
    expect(connectOrigins).toContain('https://abc123-dsn.algolia.net');
    expect(connectOrigins).not.toContain('https://abc123.algolia.net');
  });

  it('adds the insights library DocSearch loads, and its API, when insights are on', () => {
    const search = { ...local.search, appId: 'ABC123', apiKey: 'key', insights: true };
    const { connectOrigins, scriptUrls } = policyOrigins({ config: { search } });
    expect(connectOrigins).toContain('https://insights.algolia.io');
    const docsearch = fs.readFileSync(require.resolve('@docsearch/react/dist/esm/index.js'), 'utf8');
    const loaded = /="([\d.]+)",\w+="(https:\/\/cdn\.jsdelivr\.net\/npm\/search-insights@)"\.concat\(\w+,"([^"]+)"\)/.exec(docsearch);
    expect(scriptUrls).toEqual([`${loaded?.[2]}${loaded?.[1]}${loaded?.[3]}`]);
  });

  it("adds an analytics endpoint's origin, not a path of the site", () => {
    expect(policyOrigins({ config: { ...local, analytics: { endpoint: 'https://stats.example.org/v' } } }).connectOrigins).toEqual([
      'https://stats.example.org',
    ]);
    expect(policyOrigins({ config: { ...local, analytics: { endpoint: '/v' } } }).connectOrigins).toEqual([]);
  });
});

describe('buildHostingFiles', () => {
  function fakeBuild(files: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }
  const config = { search: { indexName: 'stan-docs', contextualSearch: true, searchPagePath: 'search' } };

  it("writes the rules and the host files, with the build's inline scripts in the policy", () => {
    const dir = fakeBuild({ 'index.html': '<script>window.x=1</script>', '404.html': '<p>not found</p>' });
    const written = buildHostingFiles(dir, { config });
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, '_hosting/rules.json'), 'utf8')) as HostingRules;
    expect(onDisk).toEqual(written);
    expect(onDisk.headers['Content-Security-Policy']).toContain("'sha256-");
    expect(fs.readFileSync(path.join(dir, '_headers'), 'utf8')).toBe(toHeadersFile(written));
    expect(fs.readFileSync(path.join(dir, '_redirects'), 'utf8')).toBe(toRedirectsFile(written));
    expect(fs.readFileSync(path.join(dir, '_hosting/nginx.conf'), 'utf8')).toBe(toNginxSnippet(written));
    // Written again over its own output, the rules do not list the host files.
    expect(buildHostingFiles(dir, { config })).toEqual(written);
  });

  it('reads each page once: a second build parses only the pages whose HTML changed', async () => {
    const dir = fakeBuild({ 'index.html': '<script>a()</script>', 'docs/index.html': '<script>b()</script>', '404.html': '' });
    const before = { ...inlineScriptsCache.stats };
    buildHostingFiles(dir, { config }, await inlineScriptsOfPages(dir));
    fs.writeFileSync(path.join(dir, 'docs/index.html'), '<script>c()</script>');
    buildHostingFiles(dir, { config }, await inlineScriptsOfPages(dir));
    expect(inlineScriptsCache.stats.misses - before.misses).toBe(3 + 1);
    const rules = JSON.parse(fs.readFileSync(path.join(dir, '_hosting/rules.json'), 'utf8')) as { headers: Record<string, string> };
    expect(rules.headers['Content-Security-Policy']?.match(/'sha256-/g)).toHaveLength(2);
  });

});

describe("the playground frame's headers in the host files", () => {
  const withFrame = hostingRules({ files: [...FILES, 'playground-frame.html'], scriptHashes: ["'sha256-abc='"], frameScriptHashes: ["'sha256-frame='"] });
  const own = withFrame.ownHeaders!['/playground-frame.html']!;

  it('_headers detaches the site headers from the frame and sets its own (the Cloudflare Pages syntax)', async () => {
    const text = toHeadersFile(withFrame);
    expect(text).toContain(
      ['/playground-frame.html', ...Object.keys(withFrame.headers).map((name) => `  ! ${name}`), ...Object.entries(own).map(([n, v]) => `  ${n}: ${v}`)].join('\n'),
    );
    // Netlify's parser reads the file without errors; the site's paths keep their headers.
    expect(await netlifyHeaders(text, '/docs')).toEqual({ ...withFrame.headers, 'Cache-Control': CACHE_REVALIDATE });
  });

  it('nginx gives the frame an exact location that sends its own headers only', () => {
    const snippet = toNginxSnippet(withFrame);
    const block = /location = \/playground-frame\.html \{\n([\s\S]*?)\n\}/.exec(snippet)?.[1] ?? '';
    for (const [name, value] of Object.entries(own)) expect(block).toContain(`add_header ${name} "${value}" always;`);
    expect(block).not.toContain('X-Frame-Options');
    expect(block).toContain('add_header Cache-Control $stan_cache_control always;');
    expect(block).toContain('try_files $uri =404;');
  });
});
