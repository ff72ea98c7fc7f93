/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import { isPrecompressible, precompressBuild, PRECOMPRESS_MAX_BYTES, zopfliGzip } from '@src/node/precompress';
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
