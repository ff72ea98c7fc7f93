/** @jest-environment node */
import crypto from 'crypto';
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  HostingRulesError,
  contentSecurityPolicy,
  externalOrigin,
  framePolicy,
  hostingRules,
  inlineScriptHashes,
  isImmutable,
  pageOf,
} from '@src/node/hosting';

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The files of a small build, as Gatsby lays them out. */
const FILES = [
  'index.html',
  '404.html',
  '404/index.html',
  'docs/index.html',
  'docs/api/atom/index.html',
  'docs/api/atom.md',
  'app-0f3c2a9b8d7e6f5a4b3c.js',
  'app-0f3c2a9b8d7e6f5a4b3c.js.map',
  'styles.1a2b3c4d5e6f7a8b9c0d.css',
  'search-index.aefd7090ac83.json',
  'static/d41d8cd98f/logo.png',
  'vendor/mermaid-11.17.2/mermaid.esm.min.mjs',
  'page-data/app-data.json',
  'page-data/sq/d/1234567890.json',
  'page-data/docs/page-data.json',
  'manifest.webmanifest',
  'robots.txt',
  'sitemap-index.xml',
  'img/favicon.svg',
  '_headers',
  '_redirects',
  '_hosting/rules.json',
  '_hosting/nginx.conf',
];

describe('inlineScriptHashes', () => {
  it('hashes each inline script a browser runs, as the browser reads it', () => {
    const html =
      '<!doctype html><html><head><script>window.a=1</script><script type="module">import "/x.js"</script>' +
      '<script src="/app.js"></script><script type="application/ld+json">{"@type":"Thing"}</script></head>' +
      '<body><script id="late">\r\nwindow.b=2;\r\n</script><template><script>window.c=3</script></template></body></html>';
    // The parser turns CR LF into LF before the browser hashes the text.
    expect(inlineScriptHashes(html, 'public/x.html')).toEqual([
      hash('window.a=1'),
      hash('import "/x.js"'),
      hash('\nwindow.b=2;\n'),
      hash('window.c=3'),
    ]);
  });

  it('keeps an empty inline script (the browser checks its hash too)', () => {
    expect(inlineScriptHashes('<script></script>', 'public/x.html')).toEqual([hash('')]);
  });

  it.each([
    ['<img src="/a.png" onerror="alert(1)">', /public\/docs\/index\.html: <img onerror="…"> runs inline code/],
    ['<a href="javascript:void(0)">x</a>', /public\/docs\/index\.html: <a href="…"> runs inline code/],
  ])('fails on inline code no hash can allow: %s', (html, message) => {
    expect(() => inlineScriptHashes(html, 'public/docs/index.html')).toThrow(message);
  });
});

describe('contentSecurityPolicy', () => {
  it("allows scripts from the site and by hash only, each hash once and in a stable order", () => {
    const csp = contentSecurityPolicy({ scriptHashes: [hash('b'), hash('a'), hash('b')] });
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", ...[hash('a'), hash('b')].sort()]);
    expect(csp).not.toMatch(/'unsafe-eval'|\*/);
    expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);
    expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/);
  });

  it('adds the given origins to connect-src and script URLs to script-src', () => {
    const csp = contentSecurityPolicy({
      scriptHashes: [],
      connectOrigins: ['https://search.example', 'https://search.example'],
      scriptUrls: ['https://cdn.example/lib.js'],
    });
    expect(csp).toMatch(/(^|; )connect-src 'self' https:\/\/search\.example(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'self' https:\/\/cdn\.example\/lib\.js(;|$)/);
  });
});

test('externalOrigin: the origin of an https endpoint, nothing for a path of the site', () => {
  expect(externalOrigin('https://stats.example.org/collect?x=1')).toBe('https://stats.example.org');
  expect(externalOrigin('/api/views')).toBeNull();
  expect(externalOrigin(undefined)).toBeNull();
});

test('pageOf and isImmutable', () => {
  expect(['index.html', 'docs/index.html', 'docs/api/atom/index.html', '404.html', 'docs/api/atom.md'].map(pageOf)).toEqual([
    '/',
    '/docs',
    '/docs/api/atom',
    null,
    null,
  ]);
  const immutable = FILES.filter(isImmutable);
  expect(immutable).toEqual([
    'app-0f3c2a9b8d7e6f5a4b3c.js',
    'app-0f3c2a9b8d7e6f5a4b3c.js.map',
    'styles.1a2b3c4d5e6f7a8b9c0d.css',
    'search-index.aefd7090ac83.json',
    'static/d41d8cd98f/logo.png',
    'vendor/mermaid-11.17.2/mermaid.esm.min.mjs',
  ]);
});

describe('hostingRules', () => {
  const rules = hostingRules({ files: FILES, scriptHashes: [hash('a')] });

  it('lists the pages and redirects their other spellings to them', () => {
    expect([...rules.pages].sort()).toEqual(['/', '/404', '/docs', '/docs/api/atom']);
    expect(rules.redirects).toEqual(
      expect.arrayContaining([
        { from: '/index.html', to: '/' },
        { from: '/docs/', to: '/docs' },
        { from: '/docs/index.html', to: '/docs' },
        { from: '/docs.html', to: '/docs' },
        { from: '/docs/api/atom/', to: '/docs/api/atom' },
        { from: '/404/index.html', to: '/404' },
      ]),
    );
    // 404.html is a file of its own: it keeps its URL.
    expect(rules.redirects.find((r) => r.from === '/404.html')).toBeUndefined();
    // / has one other spelling, /404 two (404.html being a file), the other pages three each.
    expect(rules.redirects).toHaveLength(9);
  });

  it('caches content-hashed files and versioned folders for a year, by URL path', () => {
    expect(rules.cacheControl).toEqual({ immutable: CACHE_IMMUTABLE, revalidate: CACHE_REVALIDATE });
    expect(rules.immutable).toEqual([
      '/static/',
      '/vendor/',
      '/app-0f3c2a9b8d7e6f5a4b3c.js',
      '/app-0f3c2a9b8d7e6f5a4b3c.js.map',
      '/search-index.aefd7090ac83.json',
      '/styles.1a2b3c4d5e6f7a8b9c0d.css',
    ]);
  });

  it('pairs each page that has a .md beside it with that Markdown twin, and no other page', () => {
    expect(rules.markdownTwins).toEqual({ '/docs/api/atom': '/docs/api/atom.md' });
    expect(hostingRules({ files: [...FILES, 'docs.md', 'index.md'], scriptHashes: [] }).markdownTwins).toEqual({
      '/docs': '/docs.md',
      '/docs/api/atom': '/docs/api/atom.md',
    });
  });

  it("serves an older docs version's pages, Markdown twins and search index under its own paths, never cached for a year", () => {
    const versioned = hostingRules({
      files: [
        ...FILES,
        'docs/1.0.0-rc14/index.html',
        'docs/1.0.0-rc14.md',
        'docs/1.0.0-rc14/api/atom/index.html',
        'docs/1.0.0-rc14/api/atom.md',
        'search-index.json',
        'search-index-1.0.0-rc14.json',
      ],
      scriptHashes: [hash('a')],
    });
    expect(versioned.pages).toEqual(expect.arrayContaining(['/docs/1.0.0-rc14', '/docs/1.0.0-rc14/api/atom']));
    expect(versioned.markdownTwins).toEqual({
      '/docs/api/atom': '/docs/api/atom.md',
      '/docs/1.0.0-rc14': '/docs/1.0.0-rc14.md',
      '/docs/1.0.0-rc14/api/atom': '/docs/1.0.0-rc14/api/atom.md',
    });
    expect(versioned.redirects).toEqual(
      expect.arrayContaining([
        { from: '/docs/1.0.0-rc14/', to: '/docs/1.0.0-rc14' },
        { from: '/docs/1.0.0-rc14.html', to: '/docs/1.0.0-rc14' },
        { from: '/docs/1.0.0-rc14/api/atom/index.html', to: '/docs/1.0.0-rc14/api/atom' },
      ]),
    );
    // Each version's index keeps its URL and changes with the docs: revalidated, like the pages.
    expect(versioned.immutable.filter((p) => p.includes('search-index') && !p.includes('aefd7090ac83'))).toEqual([]);
    expect(['search-index.json', 'search-index-1.0.0-rc14.json', 'docs/1.0.0-rc14/api/atom.md'].map(isImmutable)).toEqual([false, false, false]);
    expect(versioned.contentTypes.md).toBe('text/markdown');
  });

  it('gives every served extension a content type, text ones as UTF-8, and hides the host files', () => {
    expect(rules.contentTypes).toMatchObject({ mjs: 'text/javascript', md: 'text/markdown', webmanifest: 'application/manifest+json' });
    expect(Object.keys(rules.contentTypes).sort()).toEqual(['css', 'html', 'js', 'json', 'map', 'md', 'mjs', 'png', 'svg', 'txt', 'webmanifest', 'xml']);
    expect(rules.textTypes).not.toContain('image/png');
    expect(rules.textTypes).toContain('image/svg+xml');
    expect(rules.hidden).toEqual(['/_hosting/', '/_headers', '/_redirects']);
    expect(rules.notFound).toBe('/404.html');
    expect(rules.headers['Content-Security-Policy']).toContain(hash('a'));
  });

  it('fails naming a file whose type no server would know, and the fix', () => {
    expect(() => hostingRules({ files: [...FILES, 'docs/data.parquet'], scriptHashes: [] })).toThrow(
      new HostingRulesError(
        'public/docs/data.parquet: no content type is known for ".parquet" files, so servers would send it as a download; ' +
          'add the extension to CONTENT_TYPES in src/node/hosting.ts.',
      ),
    );
  });

  it('fails when the not-found page is missing', () => {
    expect(() => hostingRules({ files: FILES.filter((f) => f !== '404.html'), scriptHashes: [] })).toThrow(/public\/404\.html is missing/);
  });
});

describe("the playground frame's own headers", () => {
  const withFrame = hostingRules({
    files: [...FILES, 'playground-frame.html', 'playground/index.html'],
    scriptHashes: [hash('page')],
    frameScriptHashes: [hash('frame')],
  });
  const frame = withFrame.ownHeaders?.['/playground-frame.html'];

  it('lets the frame eval and its bootstrap run, be framed by the site only, and load nothing', () => {
    expect(frame?.['Content-Security-Policy']).toBe(framePolicy([hash('frame')]));
    expect(framePolicy([hash('frame')])).toBe(
      `default-src 'none'; script-src ${hash('frame')} 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; ` +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    expect(frame).not.toHaveProperty('X-Frame-Options');
    expect(frame?.['X-Content-Type-Options']).toBe('nosniff');
  });

  it("keeps every other route's policy as it was: no eval, no framing, and no frame script hash", () => {
    const csp = withFrame.headers['Content-Security-Policy'];
    expect(withFrame.headers['X-Frame-Options']).toBe('DENY');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain(hash('frame'));
    expect(Object.keys(withFrame.ownHeaders ?? {})).toEqual(['/playground-frame.html']);
    expect(withFrame.pages).toContain('/playground');
  });

  it('gives no file headers of its own in a build without the frame', () => {
    expect(hostingRules({ files: FILES, scriptHashes: [] }).ownHeaders).toBeUndefined();
  });
});
