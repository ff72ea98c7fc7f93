/** @jest-environment node */
import fs from 'fs';
import path from 'path';
import { checkLinks, formatLinkReport, type PageLinks } from '@src/node/link-check';
import { extractMdxLinks } from '@src/node/mdx-extract';

const REPO_ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'fixtures/broken-link');

const page = (route: string, links: Array<[string, number]>, headingIds: string[] = []): PageLinks => ({
  file: `content/docs${route.replace(/^\/docs/, '') || '/intro'}.mdx`,
  route,
  links: links.map(([url, line]) => ({ url, line })),
  headingIds,
});

const ROUTES = ['/', '/search', '/docs', '/docs/api/atom', '/docs/api/selector', '/docs/guides/caching', '/docs/guides/ssr'];

const caching = page('/docs/guides/caching', [], ['caching', 'cache-policy', 'invalidation']);

/** Checks the links of one page written on /docs/api/atom, with the caching guide's headings known. */
const checkFromAtom = (urls: string[], options?: Parameters<typeof checkLinks>[2]) =>
  checkLinks([page('/docs/api/atom', urls.map((u, i) => [u, i + 1]), ['atom', 'usage']), caching], ROUTES, options);

describe('checkLinks on the broken-link fixture (read from disk)', () => {
  const load = async (name: string, route: string): Promise<PageLinks> => {
    const absolute = path.join(FIXTURES, name);
    const { links, headingIds } = await extractMdxLinks(fs.readFileSync(absolute, 'utf8'));
    return { file: path.relative(REPO_ROOT, absolute).split(path.sep).join('/'), route, links, headingIds };
  };

  it('fails on the missing route and warns on the missing anchor, naming file, line and target', async () => {
    const pages = [await load('atom.mdx', '/docs/api/atom'), await load('caching.mdx', '/docs/guides/caching')];
    const result = checkLinks(pages, ROUTES);
    const file = 'test/node/fixtures/broken-link/atom.mdx';
    expect(result.errors).toEqual([
      {
        file,
        line: 16,
        target: '/docs/api/atm',
        message: `${file}:16: broken link to "/docs/api/atm": no page has this route. Fix the link or create the page.`,
      },
    ]);
    expect(result.warnings).toEqual([
      {
        file,
        line: 16,
        target: '/docs/guides/caching#cache-polcy',
        message: `${file}:16: broken anchor "#cache-polcy" in link to "/docs/guides/caching": that page has no heading with this id.`,
      },
    ]);
  });
});

describe('checkLinks', () => {
  it('accepts links to known routes and existing anchors', () => {
    expect(checkFromAtom(['/docs/api/selector', '/docs/guides/caching#cache-policy', '/search?q=atom', '/'])).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it('skips external links', () => {
    expect(
      checkFromAtom([
        'https://github.com/rkrupinski/stan',
        'http://example.com/nope',
        'mailto:someone@example.com',
        '//cdn.example.com/x.js',
      ]),
    ).toEqual({ errors: [], warnings: [] });
  });

  it('resolves relative links against the page route like a file path', () => {
    const result = checkFromAtom(['./selector', 'selector', '../guides/ssr', '../guides/caching#invalidation', './selctor']);
    expect(result.warnings).toEqual([]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'content/docs/api/atom.mdx:5: broken link to "./selctor" (resolves to "/docs/api/selctor"): no page has this route. Fix the link or create the page.',
    ]);
  });

  it('checks same-page anchors against the page own headings', () => {
    const result = checkFromAtom(['#usage', '#usge', '#']);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'content/docs/api/atom.mdx:2: broken anchor "#usge" in link to "/docs/api/atom": that page has no heading with this id.',
    ]);
  });

  it('does not check anchors on routes whose headings are unknown', () => {
    expect(checkFromAtom(['/#features', '/search#results'])).toEqual({ errors: [], warnings: [] });
  });

  it('matches percent-encoded anchors against heading ids', () => {
    const result = checkLinks([page('/docs/guides/ssr', [['#caf%C3%A9', 1]], ['café'])], ROUTES);
    expect(result).toEqual({ errors: [], warnings: [] });
  });

  it('strips .html and /index.html like the site does, without a warning', () => {
    expect(checkFromAtom(['/docs/api/selector.html', '/docs/guides/caching/index.html#cache-policy', '/index.html'])).toEqual({
      errors: [],
      warnings: [],
    });
    expect(checkFromAtom(['/docs/api/selectr.html']).errors.map((e) => e.target)).toEqual(['/docs/api/selectr.html']);
  });

  it('accepts a trailing-slash link but warns with the canonical form', () => {
    const result = checkFromAtom(['/docs/guides/caching/#cache-polcy', '../guides/ssr/']);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'content/docs/api/atom.mdx:1: link to "/docs/guides/caching/#cache-polcy" ends with a slash; write "/docs/guides/caching#cache-polcy" (routes have no trailing slash, so this redirects).',
      'content/docs/api/atom.mdx:1: broken anchor "#cache-polcy" in link to "/docs/guides/caching": that page has no heading with this id.',
      'content/docs/api/atom.mdx:2: link to "../guides/ssr/" ends with a slash; write "../guides/ssr" (routes have no trailing slash, so this redirects).',
    ]);
  });

  it('counts static files as known targets', () => {
    expect(checkFromAtom(['/img/logo.svg']).errors).toHaveLength(1);
    expect(checkFromAtom(['/img/logo.svg'], { staticFiles: ['/img/logo.svg'] }).errors).toEqual([]);
  });

  it('treats known routes given with a trailing slash (as Gatsby lists some) like their canonical form', () => {
    const result = checkLinks([page('/docs', [['/404', 3]])], ['/404/', '/docs']);
    expect(result).toEqual({ errors: [], warnings: [] });
  });
});

describe('formatLinkReport', () => {
  it('summarises, then lists broken links before warnings', () => {
    const result = checkFromAtom(['/docs/api/atm', '/docs/guides/caching#nope', '/docs/guides/ssr/']);
    expect(formatLinkReport(result)).toBe(
      [
        'Link check: 1 broken link, 2 warnings.',
        'Broken links (the build fails until they are fixed):',
        '  content/docs/api/atom.mdx:1: broken link to "/docs/api/atm": no page has this route. Fix the link or create the page.',
        'Warnings:',
        '  content/docs/api/atom.mdx:2: broken anchor "#nope" in link to "/docs/guides/caching": that page has no heading with this id.',
        '  content/docs/api/atom.mdx:3: link to "/docs/guides/ssr/" ends with a slash; write "/docs/guides/ssr" (routes have no trailing slash, so this redirects).',
      ].join('\n'),
    );
  });

  it('says so when every link resolves', () => {
    expect(formatLinkReport({ errors: [], warnings: [] })).toBe('Link check: every internal link resolves.');
  });
});
