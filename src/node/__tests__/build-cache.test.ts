/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { digest, OutputCache, outputCodeVersion, type BuildCacheStore } from '../build-cache';

/** Gatsby's cache as a Map, counting reads and writes. */
function mapStore(): BuildCacheStore & { entries: Map<string, unknown>; sets: number } {
  const entries = new Map<string, unknown>();
  const store = {
    entries,
    sets: 0,
    get: async (key: string) => entries.get(key),
    set: async (key: string, value: unknown) => {
      store.sets += 1;
      entries.set(key, value);
      return value;
    },
  };
  return store;
}

describe('OutputCache', () => {
  it('computes a key once, shares it between concurrent callers and keeps it in the store', async () => {
    const store = mapStore();
    const cache = new OutputCache<string>('html', () => 'v1', store);
    const compute = jest.fn(async () => 'rendered');
    const [a, b] = await Promise.all([cache.get('doc-1', compute), cache.get('doc-1', compute)]);
    expect([a, b]).toEqual(['rendered', 'rendered']);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(store.sets).toBe(1);
    expect([...store.entries.keys()]).toEqual(['html:v1:doc-1']);
  });

  it('in a new process (a new cache over the same store) reuses what an earlier run stored', async () => {
    const store = mapStore();
    await new OutputCache<string>('html', () => 'v1', store).get('doc-1', async () => 'rendered');
    const next = new OutputCache<string>('html', () => 'v1', store);
    const compute = jest.fn(async () => 'again');
    expect(await next.get('doc-1', compute)).toBe('rendered');
    expect(compute).not.toHaveBeenCalled();
    expect(next.stats).toEqual({ hits: 1, misses: 0 });
    // A changed input is a new key: computed.
    expect(await next.get('doc-1-edited', compute)).toBe('again');
    expect(next.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('forgets everything stored by another version of the code', async () => {
    const store = mapStore();
    await new OutputCache<string>('html', () => 'v1', store).get('doc-1', async () => 'old renderer');
    const compute = jest.fn(async () => 'new renderer');
    expect(await new OutputCache<string>('html', () => 'v2', store).get('doc-1', compute)).toBe('new renderer');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed computation: the next call tries again', async () => {
    const store = mapStore();
    const cache = new OutputCache<string>('html', () => 'v1', store);
    await expect(cache.get('doc', async () => Promise.reject(new Error('MDX error')))).rejects.toThrow('MDX error');
    expect(store.sets).toBe(0);
    expect(await cache.get('doc', async () => 'fixed')).toBe('fixed');
  });

  it('peek and put serve work done synchronously elsewhere (a fence drawn during a render)', async () => {
    const store = mapStore();
    const cache = new OutputCache<string>('code', () => 'v1', store);
    expect(await cache.peek('fence')).toBeUndefined();
    await cache.put('fence', '<pre>');
    expect(await new OutputCache<string>('code', () => 'v1', store).peek('fence')).toBe('<pre>');
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });
  });

  it('works in memory without a store, until one is attached', async () => {
    const cache = new OutputCache<string>('html', () => 'v1');
    expect(await cache.get('a', async () => 'x')).toBe('x');
    const store = mapStore();
    cache.attach(store);
    await cache.get('b', async () => 'y');
    expect([...store.entries.keys()]).toEqual(['html:v1:b']);
  });
});

describe('outputCodeVersion', () => {
  const site = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-version-'));
    fs.mkdirSync(path.join(root, 'src/node/__tests__'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/node/render.ts'), 'export const a = 1;');
    fs.writeFileSync(path.join(root, 'src/node/__tests__/render.test.ts'), 'test');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"v":1}');
    fs.writeFileSync(path.join(root, 'site.config.ts'), 'export default {}');
    return root;
  };

  it('changes with the rendering code and the installed packages, not with tests', () => {
    const root = site();
    const first = outputCodeVersion(root);
    expect(outputCodeVersion(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'src/node/__tests__/render.test.ts'), 'another test');
    expect(outputCodeVersion(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'src/node/render.ts'), 'export const a = 2;');
    const second = outputCodeVersion(root);
    expect(second).not.toBe(first);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"v":2}');
    expect(outputCodeVersion(root)).not.toBe(second);
  });

  it('can be scoped to some files: the fences\' version ignores the rest of the renderer', () => {
    const root = site();
    const scoped = outputCodeVersion(root, ['src/node/highlight.ts']);
    fs.writeFileSync(path.join(root, 'src/node/render.ts'), 'export const a = 3;');
    expect(outputCodeVersion(root, ['src/node/highlight.ts'])).toBe(scoped);
    fs.writeFileSync(path.join(root, 'src/node/highlight.ts'), 'export const h = 1;');
    expect(outputCodeVersion(root, ['src/node/highlight.ts'])).not.toBe(scoped);
  });

  it('digest separates its parts', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
  });
});
