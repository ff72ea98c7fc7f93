/** @jest-environment node */
// The samples' answers kept across builds: served only for the same sample, language and compiler environment (the
// release's declarations as they are on disk among it), and the same answer a fresh compile gives.
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { TwoslashInstance, TwoslashReturn } from 'twoslash';
import { declarationsDigest, keptSampleResults, sampleEnvironmentDigest } from '@src/node/sample-results';
import { SAMPLE_AMBIENT_TYPES, sampleCompilerOptions } from '@src/node/type-hints';

jest.setTimeout(60_000);

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-results-'));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in compiler that counts its compiles and answers with the code it was given. */
function fakeCompiler() {
  const compile = jest.fn((code: string) => ({ code, nodes: [{ type: 'hover', text: `of ${code}`, start: 0, length: 1 }], errors: [] }) as unknown as TwoslashReturn);
  return Object.assign(compile, { getCacheMap: () => undefined }) as unknown as TwoslashInstance & jest.Mock;
}

const store = (compiler: TwoslashInstance, environment = 'env-1') => keptSampleResults(compiler, { dir: path.join(dir, 'kept'), environment });

it('answers a sample compiled before, by a later process too, without compiling it again', () => {
  const first = fakeCompiler();
  expect(store(first)('const a = 1;', 'ts')).toMatchObject({ code: 'const a = 1;' });
  const later = fakeCompiler();
  const kept = store(later);
  expect(kept('const a = 1;', 'ts')).toEqual(first.mock.results[0]?.value);
  expect(later).not.toHaveBeenCalled();
  expect(kept.stats).toEqual({ hits: 1, misses: 0 });
});

it('compiles again for another sample, language, option or compiler environment', () => {
  store(fakeCompiler())('const a = 1;', 'ts');
  const compiler = fakeCompiler();
  store(compiler)('const a = 2;', 'ts');
  store(compiler)('const a = 1;', 'tsx');
  store(compiler)('const a = 1;', 'ts', { compilerOptions: { strict: false } });
  store(compiler, 'env-2')('const a = 1;', 'ts');
  expect(compiler).toHaveBeenCalledTimes(4);
});

it("takes the release's declaration files as they are on disk, through a link too, and nothing else of the package", () => {
  const release = path.join(dir, 'release');
  fs.mkdirSync(path.join(release, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(release, 'dist/index.d.ts'), 'export declare const answer: number;\n');
  fs.writeFileSync(path.join(release, 'dist/index.js'), 'export const answer = 1;\n');
  const linked = path.join(dir, 'linked');
  fs.symlinkSync(release, linked, 'dir');
  const before = declarationsDigest(linked);
  expect(declarationsDigest(release)).toBe(before);
  fs.writeFileSync(path.join(release, 'dist/index.js'), 'export const answer = 2;\n');
  expect(declarationsDigest(linked)).toBe(before);
  fs.writeFileSync(path.join(release, 'dist/index.d.ts'), 'export declare const answer: string;\n');
  expect(declarationsDigest(linked)).not.toBe(before);
});

it('gives the same digest for the same environment, in any order of its parts, and another for any change', () => {
  expect(sampleEnvironmentDigest({ a: '1', b: '2' })).toBe(sampleEnvironmentDigest({ b: '2', a: '1' }));
  expect(sampleEnvironmentDigest({ a: '1', b: '2' })).not.toBe(sampleEnvironmentDigest({ a: '1', b: '3' }));
});

it("keeps twoslash's own answer whole: hovers, errors and positions are those of a fresh compile", async () => {
  const { createTwoslasher } = await import('twoslash');
  const make = () =>
    createTwoslasher({
      compilerOptions: sampleCompilerOptions(),
      vfsRoot: process.cwd(),
      extraFiles: { 'ambient.d.ts': SAMPLE_AMBIENT_TYPES },
      handbookOptions: { noErrorValidation: true },
    });
  const code = "import { atom } from '@rkrupinski/stan';\n\nexport const count = atom(0);\nconst wrong: string = 1;\n";
  const fresh = make()(code, 'ts');
  expect(fresh.errors).toHaveLength(1);
  const compiler = make();
  store(compiler, 'real')(code, 'ts');
  const kept = store(jest.fn() as unknown as TwoslashInstance, 'real');
  expect(kept(code, 'ts')).toEqual(JSON.parse(JSON.stringify(fresh)));
  expect(kept.stats.hits).toBe(1);
});
