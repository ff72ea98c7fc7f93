/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import siteConfig from '../../site.config';
import { validateSiteConfig } from '@src/config/schema';
import { buildSearchIndex, loadSearchIndex, searchRecords } from '@src/search/engine';
import { siteSearchRecords } from '@src/node/search-site';
import { OutputCache } from '@src/node/build-cache';
import {
  collectSearchRecords,
  collectVersionRecords,
  searchIndexJson,
  writeSearchAssets,
  SEARCH_RECORDS_FILE,
} from '@src/node/search-index';
import type { SearchRecord } from '@src/search/types';
import { mdx, mdxOfBoth, olderVersion, version } from './search-site-fixture';

const ROOT = path.resolve(__dirname, '../..');

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

describe('collectSearchRecords cache', () => {
  it('makes the records of a doc again only when its content or its place in the sidebar changed', async () => {
    const cache = new OutputCache<SearchRecord[]>('test-records', () => 'v1');
    const config = { i18n: { defaultLocale: 'en' as const, locales: [] } };
    const withDigests = (intro: string) =>
      new Map([...mdx].map(([file, node]) => [file, { ...node, internal: { contentDigest: file === 'content/docs/intro.mdx' ? intro : 'store-1' } }]));
    const first = await collectSearchRecords(version, withDigests('intro-1'), config, cache);
    expect(cache.stats).toEqual({ hits: 0, misses: 2 });
    expect(await collectSearchRecords(version, withDigests('intro-1'), config, cache)).toEqual(first);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
    // The intro changed: only its records are made again.
    await collectSearchRecords(version, withDigests('intro-2'), config, cache);
    expect(cache.stats).toEqual({ hits: 3, misses: 3 });
    // The store page's category was renamed: its records carry the new lvl0, the intro's come from the cache.
    const renamed = {
      ...version,
      sidebars: { docs: (version.sidebars.docs ?? []).map((item) => (item.type === 'category' ? { ...item, label: 'Reference' } : item)) },
    };
    const records = await collectSearchRecords(renamed, withDigests('intro-2'), config, cache);
    expect(cache.stats).toEqual({ hits: 4, misses: 4 });
    expect(records.find((r) => r.url === '/docs/api/store')?.hierarchy.lvl0).toBe('Reference');
  });
});

describe('writeSearchAssets', () => {
  it('writes the index at one URL, the full records and the stylesheet under a content hash', async () => {
    const dir = tmp();
    const records = await collectSearchRecords(version, mdx, { i18n: { defaultLocale: 'en', locales: [] } });
    const assets = await writeSearchAssets([{ version, records }], { publicDir: dir, root: ROOT, prune: true });
    expect(assets.indexes.map((i) => i.url)).toEqual(['/search-index.json']);
    expect(assets.cssUrl).toMatch(/^\/docsearch\.[0-9a-f]{12}\.css$/);
    expect(fs.existsSync(path.join(dir, 'search-index.json'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, SEARCH_RECORDS_FILE), 'utf8'))).toEqual(records);
    const css = fs.readFileSync(path.join(dir, assets.cssUrl.slice(1)), 'utf8');
    expect(css).toContain('.DocSearch-Modal');
    expect(css).toContain("html[data-theme='dark']");
    // The browser loads the file as is: no rebuild, and code-only identifiers are found.
    const index = loadSearchIndex(fs.readFileSync(path.join(dir, 'search-index.json'), 'utf8'));
    expect(searchRecords(index, 'DEFAULT_STORE')[0]?.record.url).toBe('/docs/api/store#makestore');
    expect(searchRecords(index, 'container')[0]?.record.url).toBe('/docs/api/store');
    // Unchanged records: the file is not written again.
    const written = fs.statSync(path.join(dir, 'search-index.json')).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeSearchAssets([{ version, records }], { publicDir: dir, root: ROOT, prune: true });
    expect(fs.statSync(path.join(dir, 'search-index.json')).mtimeMs).toBe(written);
  });

  it('writes each version its own index, with only its pages, tagged with its version; all records for the hosted push', async () => {
    const dir = tmp();
    const config = { i18n: { defaultLocale: 'en' as const, locales: [] } };
    const versions = await collectVersionRecords({ versions: [olderVersion, version], mdxByFile: mdxOfBoth }, config);
    // The last version first, whatever the order given.
    expect(versions.map((v) => v.version.name)).toEqual(['current', '1.0.0-rc14']);
    const assets = await writeSearchAssets(versions, { publicDir: dir, root: ROOT, prune: true });
    expect(assets.indexes.map((i) => i.url)).toEqual(['/search-index.json', '/search-index-1.0.0-rc14.json']);
    const older = loadSearchIndex(fs.readFileSync(path.join(dir, 'search-index-1.0.0-rc14.json'), 'utf8'));
    const last = loadSearchIndex(fs.readFileSync(path.join(dir, 'search-index.json'), 'utf8'));
    // "Core ideas" is in both versions' intros: each index finds its own only.
    expect(searchRecords(older, 'core ideas').map((h) => h.record.url)).toEqual(['/docs/1.0.0-rc14#core-ideas']);
    expect(searchRecords(last, 'core ideas').every((h) => !h.record.url.includes('1.0.0-rc14'))).toBe(true);
    expect(searchRecords(last, 'core ideas').length).toBeGreaterThan(0);
    expect(searchRecords(last, 'atom').filter((h) => h.record.url.includes('/api/atom'))).toEqual([]);
    const all = JSON.parse(fs.readFileSync(path.join(dir, SEARCH_RECORDS_FILE), 'utf8')) as SearchRecord[];
    expect(new Set(all.map((r) => `${r.url_without_anchor.startsWith('/docs/1.0.0-rc14') ? 'older' : 'last'} ${r.docusaurus_tag}`))).toEqual(
      new Set(['last docs-default-current', 'older docs-default-1.0.0-rc14']),
    );
    // A one-line edit of an older version's page rewrites that version's index (and the records of all), not the others'.
    const mtime = (f: string) => fs.statSync(path.join(dir, f)).mtimeMs;
    const lastBefore = mtime('search-index.json');
    const olderBefore = mtime('search-index-1.0.0-rc14.json');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const edited = new Map(mdxOfBoth);
    edited.set('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', { body: '## atom\n\nMakes an atom, edited.', internal: {} });
    const again = await collectVersionRecords({ versions: [olderVersion, version], mdxByFile: edited }, config);
    await writeSearchAssets(again, { publicDir: dir, root: ROOT, prune: true });
    expect(mtime('search-index.json')).toBe(lastBefore);
    expect(mtime('search-index-1.0.0-rc14.json')).not.toBe(olderBefore);

    // A version no longer built: its index goes.
    await writeSearchAssets(versions.slice(0, 1), { publicDir: dir, root: ROOT, prune: true });
    expect(fs.existsSync(path.join(dir, 'search-index-1.0.0-rc14.json'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'search-index.json'))).toBe(true);
  });

  it('builds the index of a set of records once', async () => {
    const cache = new OutputCache<string>('test-index', () => 'v1');
    const records = await collectSearchRecords(version, mdx, { i18n: { defaultLocale: 'en', locales: [] } });
    const json = await searchIndexJson(records, cache);
    expect(await searchIndexJson(records, cache)).toBe(json);
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    await searchIndexJson(records.slice(1), cache);
    expect(cache.stats.misses).toBe(2);
  });
});

describe('the site index', () => {
  it('keeps the whole site index within its 116 KB gzip guard', async () => {
    const records = await siteSearchRecords(ROOT, siteConfig);
    expect(new Set(records.map((r) => r.url_without_anchor)).size).toBe(22);
    // About 108 KB today, for 22 pages: the guard catches an accidental jump (say, every code block indexed as text).
    expect(zlib.gzipSync(buildSearchIndex(records)).length).toBeLessThanOrEqual(116 * 1024);
  });
});

describe('configuration errors', () => {
  it('validates the search block: the missing-results URL and insights', () => {
    const withSearch = (search: object) => ({ ...siteConfig, search: { ...siteConfig.search, ...search } });
    expect(() => validateSiteConfig(withSearch({ missingResultsUrl: 'github.com/x' }))).toThrow(/search\.missingResultsUrl/);
    expect(() => validateSiteConfig(withSearch({ insights: 'yes' }))).toThrow(/search\.insights/);
    expect(() => validateSiteConfig(withSearch({ appId: 'APP', apiKey: undefined }))).toThrow(/GATSBY_DOCSEARCH_API_KEY/);
    expect(() => validateSiteConfig(withSearch({}))).not.toThrow();
  });
});
