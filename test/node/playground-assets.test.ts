/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  libFilesFor,
  playgroundKeys,
  playgroundTypes,
  playgroundVersions,
  withoutComments,
  writePlaygroundAssets,
} from '@src/node/playground-assets';
import { sampleCompilerOptions } from '@src/node/type-hints';
import siteConfig from '../../site.config';
import { readDocsVersions } from '@src/config/docs-versions';

const root = process.cwd();
/** This repository's docs versions as the playground serves them. */
const versions = playgroundVersions(readDocsVersions(siteConfig));

describe('the playground types', () => {
  it("bundles the libs the sample options name and every lib they reference, and no others", () => {
    const libs = [...libFilesFor(sampleCompilerOptions(), path.join(root, 'node_modules/typescript/lib')).keys()];
    expect(libs).toEqual(expect.arrayContaining(['lib.es2023.d.ts', 'lib.es2022.d.ts', 'lib.es5.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts']));
    expect(libs).not.toContain('lib.webworker.d.ts');
    expect(libs).not.toContain('lib.es2024.d.ts');
  });

  it('reads references from a lib it is given, and follows them once each', () => {
    const files: Record<string, string> = {
      'lib.a.d.ts': '/// <reference lib="b" />\n/// <reference lib="c" />\ndeclare const a: 1;',
      'lib.b.d.ts': '/// <reference lib="c" />\ndeclare const b: 1;',
      'lib.c.d.ts': 'declare const c: 1;',
    };
    const read = (file: string) => files[path.basename(file)] ?? '';
    expect([...libFilesFor({ lib: ['lib.a.d.ts'] }, '/libs', read).keys()]).toEqual(['lib.a.d.ts', 'lib.b.d.ts', 'lib.c.d.ts']);
  });

  it('drops comments but keeps reference directives and strings that look like comments', () => {
    const text = '/// <reference lib="es5" />\n/** Docs. */\ndeclare const url: "http://x/*y*/"; // note\n/* block */ declare const b: 1;\n';
    expect(withoutComments(text)).toBe('/// <reference lib="es5" />\ndeclare const url: "http://x/*y*/"; \n declare const b: 1;\n');
  });

  it("holds the package's declarations and React's at the paths module resolution looks at", () => {
    const types = playgroundTypes(root);
    expect(Object.keys(types)).toEqual(
      expect.arrayContaining([
        '/node_modules/@rkrupinski/stan/package.json',
        '/node_modules/@rkrupinski/stan/dist/index.d.ts',
        '/node_modules/@rkrupinski/stan/dist/react.d.ts',
        '/node_modules/@types/react/index.d.ts',
        '/node_modules/@types/react/jsx-runtime.d.ts',
        '/node_modules/csstype/index.d.ts',
        '/ambient.d.ts',
      ]),
    );
    expect(Object.keys(types).some((file) => file.includes('.test.'))).toBe(false);
  });

  it('names its folders after the installed versions and sources: the same inputs, the same names', () => {
    const keys = playgroundKeys(root, versions);
    expect(keys.worker).toMatch(/^[0-9a-f]{12}$/);
    expect(playgroundKeys(root, versions)).toEqual(keys);
  });
});

describe('the playground per docs version', () => {
  const [current, older] = versions;

  it('runs every docs version, the last (current) first, each on the release its package installs', () => {
    expect(versions).toEqual([
      { name: 'current', release: '1.2.0-rc4', packageName: '@rkrupinski/stan' },
      { name: '1.0.0-rc14', release: '1.0.0-rc14', packageName: 'stan-1.0.0-rc14' },
    ]);
  });

  it('puts the last version first whatever its place among the versions (a link naming none opens it)', () => {
    const listed = [
      { name: 'current', release: '1.3.0', installName: '@rkrupinski/stan', isLast: false },
      { name: '1.2.0-rc4', release: '1.2.0-rc4', installName: 'stan-1.2.0-rc4', isLast: true },
    ];
    expect(playgroundVersions(listed).map((v) => v.name)).toEqual(['1.2.0-rc4', 'current']);
  });

  it("gives a version's code its own package's declarations under the name the code imports", () => {
    const v10 = playgroundTypes(root, older!.packageName);
    const v12 = playgroundTypes(root, current!.packageName);
    expect(JSON.parse(v10['/node_modules/@rkrupinski/stan/package.json']!).version).toBe('1.0.0-rc14');
    expect(JSON.parse(v12['/node_modules/@rkrupinski/stan/package.json']!).version).toBe('1.2.0-rc4');
    // 1.0.0-rc14 has no stores: its declarations never name makeStore; 1.2.0-rc4's do.
    const declares = (types: Record<string, string>, name: string) =>
      Object.entries(types).some(([file, text]) => file.startsWith('/node_modules/@rkrupinski/stan/') && text.includes(name));
    expect(declares(v10, 'makeStore')).toBe(false);
    expect(declares(v12, 'makeStore')).toBe(true);
    expect(Object.keys(v10).some((file) => file.includes('stan-1.0.0-rc14'))).toBe(false);
  });

  it("keys each version's folder apart, shares the worker's, and keeps a version's key whatever other versions exist", () => {
    const both = playgroundKeys(root, [current!, older!]);
    const alone = playgroundKeys(root, [older!]);
    expect(both.versions['1.0.0-rc14']).not.toBe(both.versions.current);
    expect(alone.versions['1.0.0-rc14']).toBe(both.versions['1.0.0-rc14']);
    expect(alone.worker).toBe(both.worker);
  });

  it("builds one worker and each version's types and runtime once, with the version's package in its runtime, then reuses them", async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-public-'));
    try {
      const first = await writePlaygroundAssets({ root, publicDir, prune: true, versions });
      expect(first.worker.reused).toBe(false);
      expect(Object.values(first.versions).map((v) => [v.release, v.reused])).toEqual([
        ['1.2.0-rc4', false],
        ['1.0.0-rc14', false],
      ]);
      const folder = (url: string) => path.join(publicDir, url);
      expect(fs.readdirSync(folder(first.worker.url))).toEqual(['worker.js']);
      for (const version of first.index.versions) expect(fs.readdirSync(folder(version.base)).sort()).toEqual(['runtime.js', 'server.js', 'types.json']);
      // react-dom/server, evaluated as the frame does with the runtime's React, renders with hooks.
      const server = new Function('frameModules', fs.readFileSync(path.join(folder(first.versions.current!.url), 'server.js'), 'utf8'))({
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        react: require('react'),
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        'react-dom': require('react-dom'),
      }) as { renderToString(element: unknown): string };
      expect(Object.keys(server)).toEqual(expect.arrayContaining(['renderToString', 'renderToStaticMarkup']));
      // Its types are there for the checker.
      expect(Object.keys(JSON.parse(fs.readFileSync(path.join(folder(first.versions.current!.url), 'types.json'), 'utf8')))).toContain(
        '/node_modules/@types/react-dom/server.d.ts',
      );
      // The runtime hands the code the package's namespace: 1.2.0-rc4's exports makeStore, 1.0.0-rc14's does not.
      const runtime = (name: string) => fs.readFileSync(path.join(folder(first.versions[name]!.url), 'runtime.js'), 'utf8');
      expect(runtime('current')).toContain('makeStore');
      expect(runtime('1.0.0-rc14')).not.toContain('makeStore');
      expect(runtime('1.0.0-rc14')).toContain('useStanRefresher');
      const again = await writePlaygroundAssets({ root, publicDir, prune: true, versions });
      expect([again.worker, ...Object.values(again.versions)].map((folderOf) => [folderOf.reused, folderOf.seconds])).toEqual([
        [true, 0],
        [true, 0],
        [true, 0],
      ]);
      expect(again.index).toEqual(first.index);
      // Pruning keeps this build's folders only.
      fs.mkdirSync(path.join(publicDir, 'vendor/playground-stale'));
      await writePlaygroundAssets({ root, publicDir, prune: true, versions });
      expect(fs.readdirSync(path.join(publicDir, 'vendor')).sort()).toEqual(
        [first.worker.url, ...first.index.versions.map((v) => v.base)].map((url) => path.basename(url)).sort(),
      );
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  }, 180_000);
});
