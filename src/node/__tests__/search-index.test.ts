/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import siteConfig from '../../../site.config';
import { validateSiteConfig } from '../../config/schema';
import { buildSearchIndex, loadSearchIndex, searchRecords } from '../../search/engine';
import { siteSearchRecords } from '../search-site';
import {
  buildSearchAssets,
  checkHostedSearchEnv,
  collectSearchRecords,
  findSearchIndexFile,
  searchWebpackDefines,
  writeSearchAssets,
  SEARCH_RECORDS_FILE,
} from '../search-index';
import type { DocsVersion } from '../types';

const ROOT = path.resolve(__dirname, '../../..');

const version: Pick<DocsVersion, 'docs' | 'sidebars'> = {
  docs: [
    { id: 'api/store', path: '/docs/api/store', title: 'Store', sidebar: 'docs', file: 'content/docs/api/store.mdx' },
    { id: 'intro', path: '/docs', title: 'Introduction', sidebar: 'docs', file: 'content/docs/intro.mdx' },
  ],
  sidebars: {
    docs: [
      { type: 'link', label: 'Introduction', href: '/docs', docId: 'intro', unlisted: false },
      {
        type: 'category',
        label: 'API',
        href: '/docs/api/store',
        linkUnlisted: false,
        collapsed: false,
        collapsible: true,
        items: [{ type: 'link', label: 'store', href: '/docs/api/store', docId: 'api/store', unlisted: false }],
      },
    ],
  },
};

const mdx = new Map([
  ['content/docs/intro.mdx', { body: 'Stan is small.\n\n## Core ideas\n\nAtoms hold values.', internal: {} }],
  [
    'content/docs/api/store.mdx',
    {
      body: '## makeStore\n\nCreates a store.\n\n```ts\nconst s = makeStore();\nDEFAULT_STORE;\n```',
      frontmatter: { keywords: ['container'] },
      internal: {},
    },
  ],
]);

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));

describe('collectSearchRecords', () => {
  it('makes the records of every doc in sidebar order, with lvl0 from the sidebar category', async () => {
    const records = await collectSearchRecords(version, mdx, { i18n: { defaultLocale: 'en', locales: [] } });
    expect(records.map((r) => [r.url, r.type, r.hierarchy.lvl0, r.weight.pageRank])).toEqual([
      ['/docs', 'lvl1', 'Documentation', 0],
      ['/docs', 'content', 'Documentation', 0],
      ['/docs#core-ideas', 'lvl2', 'Documentation', 0],
      ['/docs#core-ideas', 'content', 'Documentation', 0],
      ['/docs/api/store', 'lvl1', 'API', 1],
      ['/docs/api/store#makestore', 'lvl2', 'API', 1],
      ['/docs/api/store#makestore', 'content', 'API', 1],
    ]);
    expect(records.every((r) => r.language === 'en' && r.docusaurus_tag === 'docs-default-current')).toBe(true);
  });
});

describe('writeSearchAssets', () => {
  it('writes the index under a content hash, the full records and the stylesheet; prunes stale indexes', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'search-index.000000000000.json'), '{}');
    const records = await collectSearchRecords(version, mdx, { i18n: { defaultLocale: 'en', locales: [] } });
    const assets = writeSearchAssets(records, { publicDir: dir, root: ROOT, prune: true });
    expect(assets.indexUrl).toMatch(/^\/search-index\.[0-9a-f]{12}\.json$/);
    expect(assets.cssUrl).toMatch(/^\/docsearch\.[0-9a-f]{12}\.css$/);
    expect(fs.existsSync(path.join(dir, 'search-index.000000000000.json'))).toBe(false);
    expect(findSearchIndexFile(dir)).toBe(path.join(dir, assets.indexUrl.slice(1)));
    expect(JSON.parse(fs.readFileSync(path.join(dir, SEARCH_RECORDS_FILE), 'utf8'))).toEqual(records);
    const css = fs.readFileSync(path.join(dir, assets.cssUrl.slice(1)), 'utf8');
    expect(css).toContain('.DocSearch-Modal');
    expect(css).toContain("html[data-theme='dark']");
    // The browser loads the file as is: no rebuild, and code-only identifiers are found.
    const index = loadSearchIndex(fs.readFileSync(path.join(dir, assets.indexUrl.slice(1)), 'utf8'));
    expect(searchRecords(index, 'DEFAULT_STORE')[0]?.record.url).toBe('/docs/api/store#makestore');
    expect(searchRecords(index, 'container')[0]?.record.url).toBe('/docs/api/store');
    // Same content, same name.
    expect(writeSearchAssets(records, { publicDir: dir, root: ROOT, prune: true }).indexUrl).toBe(assets.indexUrl);
  });
});

describe('buildSearchAssets', () => {
  it('indexes the docs and names the files for webpack', async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'node_modules/@docsearch/css/dist'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src/theme/SearchBar'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'node_modules/@docsearch/css/dist/style.css'), path.join(dir, 'node_modules/@docsearch/css/dist/style.css'));
    fs.copyFileSync(path.join(ROOT, 'src/theme/SearchBar/docsearch-theme.css'), path.join(dir, 'src/theme/SearchBar/docsearch-theme.css'));
    const files = ['intro', 'api/store'];
    const graphql: Parameters<typeof buildSearchAssets>[0]['graphql'] = async <T,>() => ({
      data: {
        docsVersion: { docs: version.docs, sidebars: [{ id: 'docs', items: version.sidebars.docs }] },
        allMdx: {
          nodes: files.map((id) => ({
            body: fs.readFileSync(path.join(ROOT, `content/docs/${id}.mdx`), 'utf8'),
            internal: { contentFilePath: path.join(dir, `content/docs/${id}.mdx`) },
          })),
        },
      } as T,
    });
    const reporter = { panic: jest.fn(), panicOnBuild: jest.fn(), info: jest.fn() };
    const assets = await buildSearchAssets({ graphql, reporter, config: siteConfig, root: dir });
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(assets?.records).toBeGreaterThan(10);
    expect(searchWebpackDefines()).toEqual({
      __STAN_SEARCH_INDEX_URL__: JSON.stringify(assets?.indexUrl),
      __STAN_DOCSEARCH_CSS_URL__: JSON.stringify(assets?.cssUrl),
    });
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^Search: \d+ records, index \/search-index\./));
  });

  it('keeps the whole site index within its 88 KB gzip guard', async () => {
    const records = await siteSearchRecords(ROOT, siteConfig);
    expect(new Set(records.map((r) => r.url_without_anchor)).size).toBe(17);
    // About 81 KB today: the guard catches an accidental jump (say, every code block indexed as text).
    expect(zlib.gzipSync(buildSearchIndex(records)).length).toBeLessThanOrEqual(88 * 1024);
  });
});

describe('configuration errors', () => {
  it('fails the build naming the missing hosted-search variables', () => {
    const reporter = { panic: jest.fn(), info: jest.fn() };
    checkHostedSearchEnv({ GATSBY_DOCSEARCH_API_KEY: 'key' }, reporter);
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining('GATSBY_DOCSEARCH_APP_ID, GATSBY_DOCSEARCH_INDEX_NAME are missing'));
    reporter.panic.mockClear();
    checkHostedSearchEnv({}, reporter);
    expect(reporter.panic).not.toHaveBeenCalled();
  });

  it('validates the search block: the missing-results URL and insights', () => {
    const withSearch = (search: object) => ({ ...siteConfig, search: { ...siteConfig.search, ...search } });
    expect(() => validateSiteConfig(withSearch({ missingResultsUrl: 'github.com/x' }))).toThrow(/search\.missingResultsUrl/);
    expect(() => validateSiteConfig(withSearch({ insights: 'yes' }))).toThrow(/search\.insights/);
    expect(() => validateSiteConfig(withSearch({ appId: 'APP', apiKey: undefined }))).toThrow(/GATSBY_DOCSEARCH_API_KEY/);
    expect(() => validateSiteConfig(withSearch({}))).not.toThrow();
  });
});
