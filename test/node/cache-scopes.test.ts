/** @jest-environment node */
// The build's own caches: each is versioned by the code that computes it, found by following imports.
import fs from 'fs';
import path from 'path';
import '../../gatsby-node';
import { registeredOutputCaches } from '@src/node/build-cache';
import { codeBlockCache } from '@src/node/mdx/fences';
import { docFieldsCode } from '@src/node/gatsby/doc-fields';

const ROOT = path.resolve(__dirname, '../..');

describe("the build's caches", () => {
  const caches = registeredOutputCaches();

  it('each has a namespace of its own and is versioned by the code of the module that declares it', () => {
    expect(caches.length).toBeGreaterThanOrEqual(10);
    const namespaces = caches.map((cache) => cache.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    for (const cache of caches) {
      const entries = cache.scope?.entries ?? [];
      expect(entries).not.toEqual([]);
      const declared = entries.some((entry) => fs.readFileSync(path.join(ROOT, entry), 'utf8').includes(`'${cache.namespace}'`));
      expect({ cache: cache.namespace, declared }).toEqual({ cache: cache.namespace, declared: true });
    }
  });

  it("draws fences again when the samples' compiler options or the TypeScript loader change, not when a component does", () => {
    const files = codeBlockCache.scope?.files() ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        'src/node/highlight.ts',
        'src/node/type-hints.ts',
        'src/node/typescript.ts',
        'src/contract/sample-compiler-options.ts',
        'src/contract/code-marks.ts',
      ]),
    );
    expect(files).not.toContain('src/node/mdx/components/Tabs.tsx');
  });

  it("re-runs no doc query for code that computes no doc's fields (the hosting rules)", () => {
    const files = docFieldsCode.files();
    expect(files).toContain('src/node/render-mdx.ts');
    expect(files).not.toContain('src/node/hosting.ts');
    expect(files).not.toContain('src/node/hosting-files.ts');
  });
});
