import fs from 'fs';
import http from 'http';
import zlib from 'zlib';
import { expect, test, type Page } from '@playwright/test';
import { inlineScriptHashes } from '../src/node/hosting';
import { DOC_ROUTES, gotoHydrated, recordProblems } from './site';

// Serving as production does: security headers, caching, redirects that stay on the site, the not-found page
// for unknown and malformed paths. Run on `npm start`'s server and on nginx with the build's snippet.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request sent exactly as written (no URL normalisation, no redirects followed). */
function raw(baseURL: string, target: string, { method = 'GET', headers = {} as Record<string, string> } = {}) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<Raw>((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy'];

/** The directives of a Content-Security-Policy header. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

test.describe('headers', () => {
  test('every response carries the security headers: pages, assets, redirects and the not-found page', async ({ baseURL }) => {
    const home = await raw(baseURL!, '/');
    const app = /<script src="(\/app-[0-9a-f]+\.js)"/.exec(home.body.toString())?.[1];
    expect(app).toBeTruthy();
    const responses = {
      page: home,
      asset: await raw(baseURL!, app!),
      pageData: await raw(baseURL!, '/page-data/docs/page-data.json'),
      redirect: await raw(baseURL!, '/docs/'),
      notFound: await raw(baseURL!, '/nothing-here'),
    };
    for (const [kind, response] of Object.entries(responses)) {
      for (const name of SECURITY_HEADERS) expect(response.headers[name], `${kind}: ${name}`).toBeTruthy();
      expect(response.headers['content-security-policy'], kind).toBe(home.headers['content-security-policy']);
    }
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['x-frame-options']).toBe('DENY');
  });

  test("the policy runs only the site's own scripts and each page's inline scripts by hash", async ({ baseURL }) => {
    const policy = directives(String((await raw(baseURL!, '/')).headers['content-security-policy']));
    const scripts = policy.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // This build searches its own index: no other origin may be fetched from.
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    for (const route of ['/', ...DOC_ROUTES, '/search', '/404.html']) {
      const html = (await raw(baseURL!, route)).body.toString();
      // The served page's inline scripts, as the build detects the ones a browser runs.
      const hashesOfPage = inlineScriptHashes(html, route);
      expect(hashesOfPage.length, route).toBeGreaterThan(0);
      for (const hash of hashesOfPage) expect(scripts, `${route}: ${hash}`).toContain(hash);
    }
  });

  test('another site cannot show a page in a frame', async ({ page, baseURL }) => {
    await page.setContent(`<iframe src="${baseURL}/docs" title="framed"></iframe>`);
    const frame = page.frameLocator('iframe[title="framed"]');
    await expect(page.locator('iframe')).toBeVisible();
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(frame.locator('main h1')).toHaveCount(0);
  });

  test("the playground's frame has its own policy (eval, framed by the site only); the pages keep theirs", async ({ baseURL }) => {
    const frame = await raw(baseURL!, '/playground-frame.html');
    expect(frame.status).toBe(200);
    const policy = directives(String(frame.headers['content-security-policy']));
    expect(policy.get('script-src')).toEqual([...inlineScriptHashes(frame.body.toString(), 'frame'), "'unsafe-eval'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.headers['x-content-type-options']).toBe('nosniff');
    for (const route of ['/', '/docs', '/playground']) {
      const page = await raw(baseURL!, route);
      const csp = String(page.headers['content-security-policy']);
      expect(csp, route).not.toContain('unsafe-eval');
      expect(directives(csp).get('frame-ancestors'), route).toEqual(["'none'"]);
      expect(page.headers['x-frame-options'], route).toBe('DENY');
    }
  });

  test('content types are explicit (nosniff trusts them) and text is gzipped on request', async ({ baseURL }) => {
    const home = (await raw(baseURL!, '/')).body.toString();
    const mermaid = /"(\/vendor\/mermaid-[^"]+\.mjs)"/.exec(
      (await raw(baseURL!, '/docs/api/selector')).body.toString() + home,
    )?.[1];
    const types: Array<[string, RegExp]> = [
      ['/docs', /^text\/html; charset=utf-8$/i],
      ['/docs/api/atom.md', /^text\/markdown; charset=utf-8$/i],
      ['/page-data/docs/page-data.json', /^application\/json; charset=utf-8$/i],
      ['/manifest.webmanifest', /^application\/manifest\+json; charset=utf-8$/i],
      [/<script src="(\/app-[0-9a-f]+\.js)"/.exec(home)![1]!, /^text\/javascript; charset=utf-8$/i],
      ['/img/apple-touch-icon.png', /^image\/png$/],
      ['/img/favicon.svg', /^image\/svg\+xml/],
    ];
    if (mermaid) types.push([mermaid, /^text\/javascript; charset=utf-8$/i]);
    for (const [target, type] of types) expect((await raw(baseURL!, target)).headers['content-type'], target).toMatch(type);

    const gzipped = await raw(baseURL!, '/docs/api/atom', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzipped.body).toString()).toContain('</html>');
  });

  test('the page scripts are sent as the build precompressed them, smaller than gzip on the fly', async ({ baseURL }) => {
    const home = (await raw(baseURL!, '/')).body.toString();
    const app = /<script src="(\/app-[0-9a-f]+\.js)"/.exec(home)![1]!;
    const plain = await raw(baseURL!, app);
    const sent = await raw(baseURL!, app, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect([sent.status, sent.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(sent.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(sent.body).equals(plain.body)).toBe(true);
    // The zopfli twin, with its length (a server's own gzip streams without one), and smaller than gzip -9.
    expect(Number(sent.headers['content-length'])).toBe(sent.body.length);
    expect(sent.body.length).toBeLessThan(zlib.gzipSync(plain.body, { level: 9 }).length);
  });
});

test.describe('content negotiation', () => {
  const CHROMIUM_ACCEPT =
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
  const varies = (response: Raw) => String(response.headers.vary ?? '').split(',').some((n) => n.trim().toLowerCase() === 'accept');

  test('a doc route asked for text/markdown answers with its .md; a browser still gets HTML; both vary by Accept', async ({ baseURL }) => {
    for (const route of ['/docs', '/docs/api/atom', '/docs/guides/ssr']) {
      const twin = await raw(baseURL!, `${route}.md`);
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9, */*;q=0.8']) {
        const markdown = await raw(baseURL!, route, { headers: { accept } });
        expect([route, accept, markdown.status, markdown.headers['content-type']]).toEqual([route, accept, 200, 'text/markdown; charset=utf-8']);
        expect(markdown.body.equals(twin.body), `${route} (${accept})`).toBe(true);
        expect(varies(markdown), route).toBe(true);
        expect(markdown.headers['cache-control'], route).toBe(REVALIDATE);
      }
      for (const accept of [CHROMIUM_ACCEPT, '*/*', 'text/markdown;q=0, text/html']) {
        const html = await raw(baseURL!, route, { headers: { accept } });
        expect([route, accept, html.headers['content-type']]).toEqual([route, accept, 'text/html; charset=utf-8']);
        expect(html.body.toString()).toContain('</html>');
        expect(varies(html), route).toBe(true);
      }
      // Compressed, the Markdown keeps both reasons to vary.
      const gzipped = await raw(baseURL!, route, { headers: { accept: 'text/markdown', 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzipped.body).equals(twin.body), route).toBe(true);
      expect(varies(gzipped) && /accept-encoding/i.test(String(gzipped.headers.vary)), route).toBe(true);
    }
  });

  test('media-type parameters do not change the answer: text/markdown with a charset or variant gets Markdown, q=0 refuses it', async ({ baseURL }) => {
    const twin = await raw(baseURL!, '/docs/api/atom.md');
    for (const accept of ['text/markdown; charset=utf-8', 'text/markdown;variant=GFM', 'text/markdown; charset=UTF-8; variant=GFM, text/html;q=0.9']) {
      const markdown = await raw(baseURL!, '/docs/api/atom', { headers: { accept } });
      expect([accept, markdown.headers['content-type']]).toEqual([accept, 'text/markdown; charset=utf-8']);
      expect(markdown.body.equals(twin.body), accept).toBe(true);
    }
    for (const accept of ['text/markdown;charset=utf-8;q=0, text/html', 'text/markdown; variant=GFM; q=0.000', 'text/markdownish']) {
      const html = await raw(baseURL!, '/docs/api/atom', { headers: { accept } });
      expect([accept, html.headers['content-type']]).toEqual([accept, 'text/html; charset=utf-8']);
    }
  });

  test('pages without Markdown, files and redirects answer as before, without varying by Accept', async ({ baseURL }) => {
    for (const target of ['/', '/search', '/docs/api/atom.md', '/llms.txt', '/nothing-here']) {
      const response = await raw(baseURL!, target, { headers: { accept: 'text/markdown' } });
      expect([target, varies(response)]).toEqual([target, false]);
    }
    expect((await raw(baseURL!, '/', { headers: { accept: 'text/markdown' } })).headers['content-type']).toBe('text/html; charset=utf-8');
    const redirect = await raw(baseURL!, '/docs/api/atom/', { headers: { accept: 'text/markdown' } });
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/docs/api/atom']);
  });

  test('a browser opening a doc gets the page, not its Markdown', async ({ page }) => {
    const response = await page.goto('/docs/api/atom');
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('caching', () => {
  test('content-hashed files are cached for a year; pages, page data and other files revalidate', async ({ baseURL }) => {
    const html = (await raw(baseURL!, '/docs/api/selector')).body.toString();
    const hashed = [...html.matchAll(/(?:src|href)="(\/[^"/]+[.-][0-9a-f]{8,}\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(hashed.length).toBeGreaterThan(2);
    const immutable = [...hashed, ...[...html.matchAll(/"(\/vendor\/[^"]+)"/g)].map((m) => m[1]!)];
    for (const target of immutable) {
      const response = await raw(baseURL!, target);
      expect(response.status, target).toBe(200);
      expect(response.headers['cache-control'], target).toBe(IMMUTABLE);
    }
    for (const target of ['/', '/docs/api/selector', '/page-data/docs/api/selector/page-data.json', '/page-data/app-data.json', '/docs/api/selector.md', '/img/favicon.svg', '/robots.txt']) {
      const response = await raw(baseURL!, target);
      expect(response.status, target).toBe(200);
      expect(response.headers['cache-control'], target).toBe(REVALIDATE);
    }
    expect((await raw(baseURL!, '/nothing-here')).headers['cache-control']).toBe(REVALIDATE);
  });
});

test.describe('redirects', () => {
  test('a trailing slash, .html or /index.html redirects to the page, keeping the query', async ({ baseURL }) => {
    const cases: Array<[string, string]> = [
      ['/docs/api/atom/?tab=types', '/docs/api/atom?tab=types'],
      ['/docs/api/atom.html', '/docs/api/atom'],
      ['/docs/guides/ssr/index.html?from=old', '/docs/guides/ssr?from=old'],
      ['/docs//', '/docs'],
      ['/index.html', '/'],
    ];
    for (const [from, to] of cases) {
      const response = await raw(baseURL!, from);
      expect(response.status, from).toBe(301);
      // A relative location: a redirect never names a host.
      expect(response.headers.location, from).toBe(to);
    }
  });

  test('never redirects to another site, whatever the path normalises to', async ({ baseURL }) => {
    for (const target of ['//evil.example/', '/%2Fevil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '/\\evil.example/', '/.//evil.example/', '/%2e%2e//evil.example/']) {
      const response = await raw(baseURL!, target);
      expect(response.headers.location, target).toBeUndefined();
      expect(response.status, target).toBe(404);
    }
  });
});

test.describe('not found', () => {
  test('unknown and malformed paths get the not-found page with status 404', async ({ baseURL }) => {
    for (const target of ['/nothing-here', '/docs/api/nothing', '/x%25y', '/docs/api/atom%20', '/docs/%E0%A4%A', '/docs/%zz', '/..%2f..%2fetc%2fpasswd', '/static/', '/vendor/']) {
      const response = await raw(baseURL!, target);
      expect(response.status, target).toBe(404);
      expect(response.headers['content-type'], target).toMatch(/^text\/html/);
      expect(response.body.toString(), target).toContain('Page not found');
    }
  });

  test("the host configuration files are not served", async ({ baseURL }) => {
    for (const target of ['/_headers', '/_redirects', '/_hosting/rules.json', '/_hosting/nginx.conf']) {
      const response = await raw(baseURL!, target);
      expect(response.status, target).toBe(404);
      expect(response.body.toString(), target).toContain('Page not found');
    }
  });

  for (const [typed, shown] of [
    ['/x%25y', '/x%EF%BF%BDy'],
    ['/docs/api/atom%20', '/docs/api/atom%EF%BF%BD'],
    ['/docs/%E0%A4%A', '/docs/%EF%BF%BD%EF%BF%BDA'],
  ]) {
    test(`${typed}: the not-found page starts and its search works`, async ({ page }) => {
      const problems = await recordProblems(page);
      await gotoHydrated(page, `${typed}?from=link#top`);
      await expect(page.locator('main h1')).toHaveText('Page not found');
      // The address Gatsby's runtime could not decode is shown with U+FFFD in place of what broke it.
      expect(new URL(page.url()).pathname).toBe(shown);
      expect(new URL(page.url()).search + new URL(page.url()).hash).toBe('?from=link#top');
      await searchFromNotFound(page);
      expect(problems.violations).toEqual([]);
      // The only errors: the 404 answers for the address itself, as Gatsby checks it.
      expect(problems.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    });
  }

  // Gatsby's router keeps an escaped reserved character escaped where its loader decodes it: without the not-found
  // page's script, such an address rendered a blank page ("Cannot read properties of undefined (reading 'page')").
  for (const [typed, shown] of [
    ['/docs/api/atom%3Futm_source%3Dnews', '/docs/api/atom%EF%BF%BDutm_source=news'],
    ['/x%3Dy%26z%3Aa%2Bb%40c%24d%2Ce%3Bf', '/x=y&z:a+b@c$d,e;f'],
    ['/docs/api/x%2Fy', '/docs/api/x%EF%BF%BDy'],
    ['/docs/1.0.0-rc14/api/atom%3Bv%3D2', '/docs/1.0.0-rc14/api/atom;v=2'],
    ['/docs/1.0.0-rc14/x%2c%3d', '/docs/1.0.0-rc14/x,='],
  ] as const) {
    test(`${typed}: the not-found page starts, with no error but the address's 404`, async ({ page }) => {
      const problems = await recordProblems(page);
      const response = await page.goto(typed);
      expect(response?.status()).toBe(404);
      await expect(page.locator('main h1')).toHaveText('Page not found');
      await expect.poll(() => new URL(page.url()).pathname).toBe(shown);
      await page.waitForTimeout(500);
      // Nothing but the address's own 404 is logged (no hydration error inside a version either).
      expect(problems.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      expect(problems.violations).toEqual([]);
    });
  }
});

// The search index is the largest file a reader fetches: each server sends the build's twins instead of
// compressing 673 KB on every request.
test.describe('the search index', () => {
  test('is sent as its brotli twin to a browser, its gzip twin without br, itself without either', async ({ baseURL }) => {
    const file = (name: string) => fs.readFileSync(`public/${name}`);
    for (const name of ['search-index.json', 'search-index-1.0.0-rc14.json']) {
      const brotli = await raw(baseURL!, `/${name}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect([brotli.status, brotli.headers['content-encoding'], brotli.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
      expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(brotli.body.equals(file(`${name}.br`))).toBe(true);
      expect(zlib.brotliDecompressSync(brotli.body).equals(file(name))).toBe(true);
      const gzipped = await raw(baseURL!, `/${name}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.body.equals(file(`${name}.gz`))).toBe(true);
      const plain = await raw(baseURL!, `/${name}`);
      expect([plain.headers['content-encoding'], plain.body.equals(file(name))]).toEqual([undefined, true]);
    }
    // Smaller than what a server's on-the-fly gzip sends.
    expect(file('search-index.json.br').length).toBeLessThan(zlib.gzipSync(file('search-index.json'), { level: 6 }).length);
  });
});

async function searchFromNotFound(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await page.locator('.DocSearch-Input').fill('atomFamily');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(/atom ?family/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/api\/atomFamily/);
}

// Where a static server has choices, `npm run serve` makes nginx's: the same assertions pass on both.
test.describe('answers as nginx does', () => {
  test('methods other than GET and HEAD get a short 405 with the security headers', async ({ baseURL }) => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      const res = await raw(baseURL!, '/docs', { method });
      expect([method, res.status]).toEqual([method, 405]);
      expect(res.body.length).toBeLessThan(400);
      for (const name of SECURITY_HEADERS) expect(res.headers[name]).toBeTruthy();
    }
  });

  test('ranges: a short 416 past the end, every range of several, and HEAD sends what GET sends', async ({ baseURL }) => {
    const page = await raw(baseURL!, '/docs');
    const size = page.body.length;
    const beyond = await raw(baseURL!, '/docs', { headers: { range: `bytes=${size + 10}-` } });
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${size}`]);
    expect(beyond.body.length).toBeLessThan(400);

    const several = await raw(baseURL!, '/docs', { headers: { range: 'bytes=0-9,20-29' } });
    expect(several.status).toBe(206);
    expect(several.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=/);
    const text = several.body.toString();
    for (const [start, end] of [[0, 9], [20, 29]] as const) {
      expect(text).toContain(`Content-Range: bytes ${start}-${end}/${size}\r\n\r\n${page.body.subarray(start, end + 1).toString()}`);
    }

    const gzip = { 'accept-encoding': 'gzip' };
    const [head, get] = [await raw(baseURL!, '/docs', { method: 'HEAD', headers: gzip }), await raw(baseURL!, '/docs', { headers: gzip })];
    expect([head.status, head.body.length, head.headers['content-encoding']]).toEqual([200, 0, 'gzip']);
    expect(head.headers['content-encoding']).toBe(get.headers['content-encoding']);
  });

  test('ranges that add up to more than the file (1,700 whole-file ranges) get the page once, with status 200', async ({ baseURL }) => {
    const page = await raw(baseURL!, '/docs/api/atom');
    const answer = await raw(baseURL!, '/docs/api/atom', { headers: { range: `bytes=${Array(1700).fill('0-').join(',')}` } });
    expect([answer.status, answer.headers['content-range'], answer.body.length]).toEqual([200, undefined, page.body.length]);
    // Overlapping halves too; halves that do not overlap are two parts.
    const half = Math.floor(page.body.length / 2);
    expect((await raw(baseURL!, '/docs/api/atom', { headers: { range: `bytes=0-${half},${half - 10}-` } })).status).toBe(200);
    expect((await raw(baseURL!, '/docs/api/atom', { headers: { range: `bytes=0-${half - 1},${half}-` } })).status).toBe(206);
  });

  test('a 15 KB Range header (1,700 whole-file ranges) is refused with a short 400, as any header line over 8 KB', async ({ baseURL }) => {
    const size = (await raw(baseURL!, '/docs/api/atom')).body.length;
    const range = `bytes=${Array(1700).fill(`0-${size - 1}`).join(',')}`;
    expect(range.length).toBeGreaterThan(15_000);
    const answer = await raw(baseURL!, '/docs/api/atom', { headers: { range } });
    expect([answer.status, answer.body.length < 400]).toEqual([400, true]);
    for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
  });

  test('If-Range: the current ETag or date gets the range; a stale one gets the whole page (200)', async ({ baseURL }) => {
    const page = await raw(baseURL!, '/docs');
    const { etag, 'last-modified': modified } = page.headers;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    for (const ifRange of [etag!, modified!]) {
      const part = await raw(baseURL!, '/docs', { headers: { range: 'bytes=0-9', 'if-range': ifRange } });
      expect([ifRange, part.status, part.body.equals(page.body.subarray(0, 10))]).toEqual([ifRange, 206, true]);
    }
    for (const ifRange of ['"0-0"', `W/${etag}`, new Date(Date.parse(modified!) - 1000).toUTCString()]) {
      const whole = await raw(baseURL!, '/docs', { headers: { range: 'bytes=0-9', 'if-range': ifRange } });
      expect([ifRange, whole.status, whole.body.equals(page.body)]).toEqual([ifRange, 200, true]);
    }
  });

  test('a copy that is current gets 304 without a body; another version named by If-Match gets 412', async ({ baseURL }) => {
    for (const encoding of ['identity', 'gzip']) {
      const page = await raw(baseURL!, '/docs/api/atom', { headers: { 'accept-encoding': encoding } });
      const { etag, 'last-modified': modified } = page.headers;
      const conditions: Array<Record<string, string>> = [{ 'if-none-match': etag! }, { 'if-modified-since': modified! }];
      for (const headers of conditions) {
        const current = await raw(baseURL!, '/docs/api/atom', { headers: { ...headers, 'accept-encoding': encoding } });
        expect([encoding, headers, current.status, current.body.length]).toEqual([encoding, headers, 304, 0]);
        expect(current.headers['cache-control']).toBe(REVALIDATE);
        for (const name of SECURITY_HEADERS) expect(current.headers[name], name).toBeTruthy();
      }
      const stale = await raw(baseURL!, '/docs/api/atom', { headers: { 'if-none-match': '"0-0"', 'accept-encoding': encoding } });
      expect(stale.status).toBe(200);
    }
    // The date of another copy is not this file's: the page is sent.
    const modified = (await raw(baseURL!, '/docs')).headers['last-modified']!;
    const later = await raw(baseURL!, '/docs', { headers: { 'if-modified-since': new Date(Date.parse(modified) + 1000).toUTCString() } });
    expect(later.status).toBe(200);
    const conflict = await raw(baseURL!, '/docs', { headers: { 'if-match': '"0-0"' } });
    expect([conflict.status, conflict.body.length < 400]).toEqual([412, true]);
  });

  test('an address too long to take (a 19.6 KB search) gets a short 414, not an empty answer', async ({ baseURL }) => {
    const res = await raw(baseURL!, `/search?q=${encodeURIComponent('ąęś'.repeat(1090))}`);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThan(400);
  });
});
