/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import {
  brotli,
  isPrecompressible,
  isSearchIndex,
  precompressBuild,
  precompressSearchIndexes,
  startPrecompressingSearchIndexes,
  PRECOMPRESS_MAX_BYTES,
  zopfliGzip,
  gzip9,
} from '@src/node/precompress';
import { hostingRules } from '@src/node/hosting';
import { OutputCache, type BuildCacheStore } from '@src/node/build-cache';

const memoryCache = (): BuildCacheStore & { data: Map<string, unknown> } => {
  const data = new Map<string, unknown>();
  return { data, get: async (k) => data.get(k), set: async (k, v) => data.set(k, v) };
};

describe('precompressed scripts and stylesheets', () => {
  let dir: string;
  const app = 'app-0123456789abcdef0123.js';
  const appCode = 'function stan(){return atom(1)}\n'.repeat(400);
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.writeFileSync(path.join(dir, app), appCode);
    fs.writeFileSync(path.join(dir, 'styles.0123456789abcdef.css'), 'body{color:red}'.repeat(50));
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.x=1');
    fs.mkdirSync(path.join(dir, 'page-data'));
    fs.writeFileSync(path.join(dir, 'page-data', 'app-data.json'), '{}');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a gzip twin that decompresses to the file, smaller than on-the-fly gzip', async () => {
    const report = await precompressBuild(dir);
    const twin = fs.readFileSync(path.join(dir, `${app}.gz`));
    expect(zlib.gunzipSync(twin).toString()).toBe(appCode);
    expect(twin.length).toBeLessThan(zlib.gzipSync(appCode, { level: 9 }).length);
    expect(report.files).toBe(2);
    expect(report.savedBytes).toBeGreaterThan(0);
  });

  it('leaves files whose name does not change with their content, and the ones in folders, alone', async () => {
    await precompressBuild(dir);
    expect(fs.existsSync(path.join(dir, 'sw.js.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'page-data', 'app-data.json.gz'))).toBe(false);
    expect(isPrecompressible('mermaid-0123456789abcdef0123.js', PRECOMPRESS_MAX_BYTES + 1)).toBe(false);
  });

  it('compresses a file once: a later build takes it from Gatsby’s cache', async () => {
    const store = memoryCache();
    const cache = new OutputCache<{ gz: string; gzip6: number }>('test-precompressed', () => 'v1', store);
    const compress = jest.fn(zopfliGzip);
    const first = await precompressBuild(dir, cache, compress);
    expect(compress).toHaveBeenCalledTimes(2);
    fs.rmSync(path.join(dir, `${app}.gz`));
    const gzip = jest.spyOn(zlib, 'gzipSync');
    // A later build: a new process reading the same store.
    const again = await precompressBuild(dir, new OutputCache('test-precompressed', () => 'v1', store), compress);
    expect(gzip).not.toHaveBeenCalled();
    gzip.mockRestore();
    expect(compress).toHaveBeenCalledTimes(2);
    expect(again.compressedFromScratch).toBe(0);
    // What the twins save is cached with them, not measured by compressing the files again.
    expect(again.savedBytes).toBe(first.savedBytes);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${app}.gz`))).toString()).toBe(appCode);
  });

  it('is not a file of its own in the hosting rules', () => {
    const rules = hostingRules({ files: ['index.html', '404.html', app, `${app}.gz`], scriptHashes: [] });
    expect(rules.immutable).toContain(`/${app}`);
    expect(rules.immutable).not.toContain(`/${app}.gz`);
    expect(Object.keys(rules.contentTypes)).not.toContain('gz');
  });
});

describe('precompressed search indexes', () => {
  // brotli at its best takes a few seconds on a busy machine.
  jest.setTimeout(60_000);
  let dir: string;
  const words = ['atom', 'selector', 'store', 'family', 'effect', 'refresh', 'react', 'hook', 'value', 'state'];
  // An index-like JSON: many short, repeated fields.
  const index = JSON.stringify({ documents: Array.from({ length: 150 }, (_, i) => ({ id: i, text: `${words[i % 10]} ${words[(i * 7) % 10]} ${i}` })) });
  const older = JSON.stringify({ documents: [{ id: 0, text: 'atom of 1.0' }] });
  const twinsCache = () => new OutputCache<{ gz: string; br: string }>('test-index-twins', () => 'v1', memoryCache());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-index-'));
    fs.writeFileSync(path.join(dir, 'search-index.json'), index);
    fs.writeFileSync(path.join(dir, 'search-index-1.0.0-rc14.json'), older);
    fs.writeFileSync(path.join(dir, 'search-records.json'), '[]');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names every version’s index, and nothing else', () => {
    expect(['search-index.json', 'search-index-1.0.0-rc14.json'].every(isSearchIndex)).toBe(true);
    expect(['search-records.json', 'search-index.json.gz', 'docs/search-index.json', 'search-index.0123456789ab.js'].some(isSearchIndex)).toBe(false);
  });

  it('writes a gzip and a brotli twin beside each index, both decompressing to it, brotli the smallest', async () => {
    const report = await precompressSearchIndexes(dir, twinsCache());
    expect(report.files).toBe(2);
    const gz = fs.readFileSync(path.join(dir, 'search-index.json.gz'));
    const br = fs.readFileSync(path.join(dir, 'search-index.json.br'));
    expect(zlib.gunzipSync(gz).toString()).toBe(index);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(index);
    expect(br.length).toBeLessThan(gz.length);
    // The fallback twin is level 9's gzip, not zopfli's (an index changes with every edit; browsers get brotli).
    expect(gz.equals(zlib.gzipSync(index, { level: 9 }))).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'search-index-1.0.0-rc14.json.br'))).toString()).toBe(older);
    expect(fs.existsSync(path.join(dir, 'search-records.json.gz'))).toBe(false);
    expect(report.savedBytes).toBeGreaterThan(0);
  });

  it('compresses an index once per content; a twin that did not change keeps its date', async () => {
    const cache = twinsCache();
    const compress = { gzip: jest.fn(gzip9), brotli: jest.fn(brotli) };
    await precompressSearchIndexes(dir, cache, compress);
    const twin = path.join(dir, 'search-index.json.br');
    const date = new Date('2026-11-28T02:16:05Z');
    fs.utimesSync(twin, date, date);
    const again = await precompressSearchIndexes(dir, cache, compress);
    expect(again.compressedFromScratch).toBe(0);
    expect(compress.brotli).toHaveBeenCalledTimes(2);
    expect(fs.statSync(twin).mtime).toEqual(date);
    // An edited index gets new twins.
    fs.writeFileSync(path.join(dir, 'search-index.json'), `${index} `);
    const edited = await precompressSearchIndexes(dir, cache, compress);
    expect(edited.compressedFromScratch).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(twin)).toString()).toBe(`${index} `);
  });

  it('started as soon as the indexes are written, compresses each once; the report after the build counts them', async () => {
    const cache = twinsCache();
    let finishBrotli = () => {};
    const brotliStarted = new Promise<void>((resolve) => (finishBrotli = resolve));
    // brotli is held until the report asks, as on a build whose pages take less time than the index's brotli.
    const compress = { gzip: jest.fn(gzip9), brotli: jest.fn(async (data: Uint8Array) => (await brotliStarted, brotli(data))) };
    startPrecompressingSearchIndexes(dir, cache, compress);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(compress.brotli).toHaveBeenCalledTimes(2);
    const report = precompressSearchIndexes(dir, cache, compress);
    finishBrotli();
    expect((await report).compressedFromScratch).toBe(2);
    expect(compress.brotli).toHaveBeenCalledTimes(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'search-index.json.br'))).toString()).toBe(index);
    // The next build, same indexes: nothing compressed, early or late.
    startPrecompressingSearchIndexes(dir, cache, compress);
    expect((await precompressSearchIndexes(dir, cache, compress)).compressedFromScratch).toBe(0);
    expect(compress.brotli).toHaveBeenCalledTimes(2);
  });

  it("removes the twins of a retired version's index", async () => {
    await precompressSearchIndexes(dir, twinsCache());
    fs.rmSync(path.join(dir, 'search-index-1.0.0-rc14.json'));
    await precompressSearchIndexes(dir, twinsCache());
    expect(fs.readdirSync(dir).filter((f) => f.includes('1.0.0-rc14'))).toEqual([]);
  });

  it('gives the hosting rules the files with a brotli twin, and the twins are not files of their own', () => {
    const rules = hostingRules({
      files: ['index.html', '404.html', 'search-index.json', 'search-index.json.gz', 'search-index.json.br'],
      scriptHashes: [],
    });
    expect(rules.brotliTwins).toEqual(['/search-index.json']);
    expect(Object.keys(rules.contentTypes)).not.toContain('br');
  });
});
