/** @jest-environment node */
// The search index in Gatsby: written by createPages in a build, served on request in develop, named for webpack.
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../../site.config';
import { loadSearchIndex, searchRecords } from '@src/search/engine';
import { mdx, mdxOfBoth, olderVersion, version } from '../search-site-fixture';
import { buildSearchAssets } from '@src/node/gatsby/assets';
import { DEVELOP_SEARCH_INDEX_DIR, DEVELOP_SEARCH_INDEX_PATH, serveDevelopSearchIndex } from '@src/node/gatsby/develop';
import { docSearchStylesheetUrl } from '@src/node/search-index';
import { searchIndexDir } from '@src/node/gatsby/webpack';

const ROOT = path.resolve(__dirname, '../../..');


const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));

describe('buildSearchAssets', () => {
  const fakeRoot = () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'node_modules/@docsearch/css/dist'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src/theme/SearchBar'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'node_modules/@docsearch/css/dist/style.css'), path.join(dir, 'node_modules/@docsearch/css/dist/style.css'));
    fs.copyFileSync(path.join(ROOT, 'src/theme/SearchBar/docsearch-theme.css'), path.join(dir, 'src/theme/SearchBar/docsearch-theme.css'));
    return dir;
  };
  const docs = {
    version,
    mdxByFile: new Map(
      ['intro', 'api/store'].map((id) => [
        `content/docs/${id}.mdx`,
        { body: fs.readFileSync(path.join(ROOT, `content/docs/${id}.mdx`), 'utf8'), internal: {} },
      ]),
    ),
  };

  it('indexes the docs of a build and names the stylesheet for webpack', async () => {
    const dir = fakeRoot();
    const reporter = { panic: jest.fn(), panicOnBuild: jest.fn(), info: jest.fn() };
    const assets = await buildSearchAssets({ docs, reporter, config: siteConfig, root: dir });
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(assets?.records).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(dir, 'public/search-index.json'))).toBe(true);
    // Another process (webpack's) names the same stylesheet without having written it.
    expect({ folder: searchIndexDir('build-javascript'), css: docSearchStylesheetUrl(dir) }).toEqual({
      folder: '/',
      css: assets?.cssUrl,
    });
    expect(fs.existsSync(path.join(dir, 'public', String(assets?.cssUrl).slice(1)))).toBe(true);
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^Search: \d+ records, index \/search-index\.json/));
  });

  it('in develop writes no index (the dev server answers for it) and points the bundle at that address', async () => {
    const dir = fakeRoot();
    const reporter = { panic: jest.fn(), panicOnBuild: jest.fn(), info: jest.fn() };
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(await buildSearchAssets({ docs, reporter, config: siteConfig, root: dir })).toBeNull();
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    expect(fs.existsSync(path.join(dir, 'public/search-index.json'))).toBe(false);
    expect(searchIndexDir('develop')).toBe(DEVELOP_SEARCH_INDEX_DIR);
    // The stylesheet develop writes is the one the bundle names.
    const css = docSearchStylesheetUrl(dir);
    expect(fs.existsSync(path.join(dir, 'public', css.slice(1)))).toBe(true);
  });

  it('writes one index per published version', async () => {
    const dir = fakeRoot();
    const reporter = { panic: jest.fn(), panicOnBuild: jest.fn(), info: jest.fn() };
    const both = { version, versions: [version, olderVersion], mdxByFile: mdxOfBoth };
    const assets = await buildSearchAssets({ docs: both, reporter, config: siteConfig, root: dir });
    expect(assets?.indexes.map((index) => index.url)).toEqual(['/search-index.json', '/search-index-1.0.0-rc14.json']);
    expect(fs.existsSync(path.join(dir, 'public/search-index-1.0.0-rc14.json'))).toBe(true);
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/indexes \/search-index\.json \(\d+ records, \d+ KB\), \/search-index-1\.0\.0-rc14\.json/));
  });

  it('fails the build when createPages built no docs model', async () => {
    const reporter = { panic: jest.fn(), panicOnBuild: jest.fn(), info: jest.fn() };
    expect(await buildSearchAssets({ docs: null, reporter, config: siteConfig, root: fakeRoot() })).toBeNull();
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/needs the docs model/));
  });
});

describe('serveDevelopSearchIndex', () => {
  interface Res {
    status(c: number): Res;
    set(h: Record<string, string>): Res;
    send(b: string): unknown;
  }
  type Handler = (req: { path: string }, res: Res) => void;
  /** The handler of the dev server's index route, and the request of one path, as Express would route it. */
  const serve = (docs: Parameters<typeof serveDevelopSearchIndex>[0]['docs']) => {
    const routes: Array<[RegExp, Handler]> = [];
    const app = { get: (route: RegExp, handler: Handler) => routes.push([route, handler]) };
    serveDevelopSearchIndex({ app, docs, config: siteConfig, reporter: { error: jest.fn() } });
    return (pathname = DEVELOP_SEARCH_INDEX_PATH) => {
      const found = routes.find(([route]) => route.test(pathname));
      if (!found) throw new Error(`no route for ${pathname}`);
      return request(found[1], pathname);
    };
  };
  const request = (handler: Handler, pathname: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve) => {
      const answer = { status: 0, headers: {} as Record<string, string>, body: '' };
      const res: Res = {
        status(code: number) {
          answer.status = code;
          return res;
        },
        set(headers: Record<string, string>) {
          Object.assign(answer.headers, headers);
          return res;
        },
        send(body: string) {
          answer.body = body;
          resolve(answer);
          return res;
        },
      };
      handler({ path: pathname }, res);
    });

  it('answers with the index of the docs as they are now, never cached by the browser', async () => {
    const answer = await serve(() => ({ version, versions: [version], mdxByFile: mdx }))();
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(searchRecords(loadSearchIndex(answer.body), 'DEFAULT_STORE')[0]?.record.url).toBe('/docs/api/store#makestore');
  });

  it("answers each version's address with that version's index", async () => {
    const both = serve(() => ({ version, versions: [version, olderVersion], mdxByFile: mdxOfBoth }));
    const older = await both(`${DEVELOP_SEARCH_INDEX_DIR}search-index-1.0.0-rc14.json`);
    expect(older.status).toBe(200);
    const urls = searchRecords(loadSearchIndex(older.body), 'core ideas').map((hit) => hit.record.url);
    expect(urls).toEqual(['/docs/1.0.0-rc14#core-ideas']);
    const last = await both();
    expect(searchRecords(loadSearchIndex(last.body), 'core ideas').map((hit) => hit.record.url)).toEqual(['/docs#core-ideas']);
  });

  it('answers 404 for the index of a version the docs do not have', async () => {
    const answer = await serve(() => ({ version, versions: [version], mdxByFile: mdx }))(`${DEVELOP_SEARCH_INDEX_DIR}search-index-9.9.9.json`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatch(/No docs version/);
  });

  it('answers 503 while the docs have not been read yet', async () => {
    expect((await serve(() => null)()).status).toBe(503);
  });
});
