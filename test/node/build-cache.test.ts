/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { CodeScope, CodeScopeError, digest, importClosures, OutputCache, useBuildCacheStore, type BuildCacheStore } from '@src/node/build-cache';

/** Gatsby's cache as a Map, counting reads and writes. */
function mapStore(): BuildCacheStore & { entries: Map<string, unknown>; sets: number; gets: number } {
  const entries = new Map<string, unknown>();
  const store = {
    entries,
    sets: 0,
    gets: 0,
    get: async (key: string) => {
      store.gets += 1;
      return entries.get(key);
    },
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

  it('keeps no settled value in memory: the store holds it (a long develop session keeps no body)', async () => {
    const store = mapStore();
    const cache = new OutputCache<string>('html', () => 'v1', store);
    await cache.get('doc', async () => 'rendered');
    // Gone from the store (evicted): the cache has no copy of its own, so it computes again.
    store.entries.clear();
    const compute = jest.fn(async () => 'rendered again');
    expect(await cache.get('doc', compute)).toBe('rendered again');
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.put('fence', '<pre>');
    store.entries.clear();
    expect(await cache.peek('fence')).toBeUndefined();
  });

  it('peek and put serve work done synchronously elsewhere (a fence drawn during a render)', async () => {
    const store = mapStore();
    const cache = new OutputCache<string>('code', () => 'v1', store);
    expect(await cache.peek('fence')).toBeUndefined();
    await cache.put('fence', '<pre>');
    expect(await new OutputCache<string>('code', () => 'v1', store).peek('fence')).toBe('<pre>');
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });
  });

  it('without a store keeps values in memory, and needs no version of the code', async () => {
    const cache = new OutputCache<string>('html', () => {
      throw new Error('no code version outside a build');
    });
    const compute = jest.fn(async () => 'x');
    expect(await cache.get('a', compute)).toBe('x');
    expect(await cache.get('a', compute)).toBe('x');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("uses the process's store once a lifecycle step hands it over, whenever the cache was made", async () => {
    const before = new OutputCache<string>('early', () => 'v1');
    const store = mapStore();
    useBuildCacheStore(store);
    try {
      const after = new OutputCache<string>('late', () => 'v1');
      await before.get('a', async () => 'x');
      await after.get('b', async () => 'y');
      expect([...store.entries.keys()].sort()).toEqual(['early:v1:a', 'late:v1:b']);
    } finally {
      useBuildCacheStore(null);
    }
  });
});

describe('code scopes', () => {
  /** A site whose `render.ts` imports `draw.ts` (and a type from `types.ts`); `hosting.ts` is apart. */
  const site = () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'code-scope-')));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('src/node/render.ts', "import { draw } from './draw';\nimport type { Doc } from './types';\nimport { join } from 'path';\nimport { createElement } from 'react';\nexport const render = (d: Doc) => join(draw(d.code), String(createElement));\n");
    write('src/node/draw.ts', "import { mark } from '../contract/marks.mjs';\nexport const draw = (code: string) => mark + code;\n");
    write('src/contract/marks.mjs', "export const mark = '>';\n");
    write('src/node/types.ts', 'export interface Doc { code: string }\n');
    write('src/node/hosting.ts', '// Hosting rules.\nexport const rules = 1;\n');
    write('package-lock.json', '{"v":1}');
    return { root, write };
  };

  it('are the files an entry reaches through its imports, and the packages it imports (type-only imports left out)', () => {
    const { root } = site();
    const closure = importClosures(['src/node/render.ts'], root).get('src/node/render.ts');
    expect(closure).toEqual({
      files: ['src/contract/marks.mjs', 'src/node/draw.ts', 'src/node/render.ts'],
      packages: ['react'],
    });
  });

  it('miss after an edit inside the scope, and hit after an edit outside it (or of a type it only imports as a type)', async () => {
    const { root, write } = site();
    const store = mapStore();
    // Each run is a new process: a new scope, computed once, and a new cache over the same store.
    const run = async () => {
      const cache = new OutputCache<string>('html', new CodeScope(['src/node/render.ts'], root), store);
      const compute = jest.fn(async () => 'rendered');
      await cache.get('doc', compute);
      return compute.mock.calls.length === 0 ? 'hit' : 'miss';
    };
    expect(await run()).toBe('miss');
    expect(await run()).toBe('hit');
    write('src/node/hosting.ts', '// Hosting rules, reworded.\nexport const rules = 1;\n');
    expect(await run()).toBe('hit');
    write('src/node/types.ts', 'export interface Doc { code: string; title?: string }\n');
    expect(await run()).toBe('hit');
    write('src/node/draw.ts', "import { mark } from '../contract/marks.mjs';\nexport const draw = (code: string) => `${mark} ${code}`;\n");
    expect(await run()).toBe('miss');
    write('src/contract/marks.mjs', "export const mark = '»';\n");
    expect(await run()).toBe('miss');
    write('package-lock.json', '{"v":2}');
    expect(await run()).toBe('miss');
    expect(await run()).toBe('hit');
  });

  it('name a missing entry file and the fix', () => {
    const { root } = site();
    expect(() => new CodeScope(['src/node/gone.ts'], root).version()).toThrow(CodeScopeError);
    expect(() => new CodeScope(['src/node/gone.ts'], root).version()).toThrow(/^src\/node\/gone\.ts: .*Fix: /);
  });

  it('digest separates its parts', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
  });

  it("digest gives a file's bytes the key of its text, so a cache that reads bytes keeps the entries made from text", () => {
    const html = '<p>Ça va — “Stan” 🙂</p>';
    expect(digest(Buffer.from(html, 'utf8'), 'b')).toBe(digest(html, 'b'));
    expect(digest(Buffer.from(html, 'latin1'))).not.toBe(digest(html));
  });
});
