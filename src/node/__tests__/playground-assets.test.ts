/** @jest-environment node */
import path from 'path';
import { libFilesFor, playgroundKey, playgroundTypes, withoutComments } from '../playground-assets';
import { sampleCompilerOptions } from '../type-hints';

const root = process.cwd();

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

  it('names its folder after the installed versions and sources: the same inputs, the same name', () => {
    expect(playgroundKey(root)).toMatch(/^[0-9a-f]{12}$/);
    expect(playgroundKey(root)).toBe(playgroundKey(root));
  });
});
