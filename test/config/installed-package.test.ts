/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { packageFiles, packageLabel, PackageNotInstalledError, readInstalledPackage, readPackageAt, requireInstalledPackage } from '@src/config/installed-package';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'installed-package-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

describe('the package reader', () => {
  write('node_modules/stan-1.0.0-rc14/package.json', JSON.stringify({ name: '@rkrupinski/stan', version: '1.0.0-rc14', exports: { '.': './dist/index.js', './react': './dist/react.js' } }));
  write('node_modules/stan-1.0.0-rc14/dist/index.d.ts', 'export {};');
  write('node_modules/stan-1.0.0-rc14/dist/index.test.d.ts', 'export {};');
  write('node_modules/@scope/pkg/package.json', JSON.stringify({ name: '@scope/pkg', version: '2.0.0' }));
  write('node_modules/broken/package.json', '{ nope');

  it('reads an install by its folder name (an alias keeps the aliased name) and a scoped one', () => {
    expect(readInstalledPackage('stan-1.0.0-rc14', root)).toEqual({
      installName: 'stan-1.0.0-rc14',
      name: '@rkrupinski/stan',
      version: '1.0.0-rc14',
      dir: path.join(root, 'node_modules/stan-1.0.0-rc14'),
      exports: { '.': './dist/index.js', './react': './dist/react.js' },
    });
    expect(readInstalledPackage('@scope/pkg', root)).toMatchObject({ name: '@scope/pkg', version: '2.0.0', exports: {} });
    expect(readPackageAt(path.join(root, 'node_modules/@scope/pkg'))?.version).toBe('2.0.0');
    expect(packageLabel(readInstalledPackage('stan-1.0.0-rc14', root)!)).toBe('@rkrupinski/stan 1.0.0-rc14');
  });

  it('gives null for a missing or unreadable package, and an error naming what needs it and the fix when required', () => {
    expect(readInstalledPackage('absent', root)).toBeNull();
    expect(readInstalledPackage('broken', root)).toBeNull();
    expect(() => requireInstalledPackage('absent', { root, neededFor: 'the playground', fix: 'Run `npm ci`.' })).toThrow(PackageNotInstalledError);
    expect(() => requireInstalledPackage('absent', { root, neededFor: 'the playground', fix: 'Run `npm ci`.' })).toThrow(
      `absent is not installed (${path.join(root, 'node_modules/absent')}): the playground needs it. Run \`npm ci\`.`,
    );
  });

  it("lists a package's files a filter keeps, sorted, with their text", () => {
    const pkg = readInstalledPackage('stan-1.0.0-rc14', root)!;
    expect(packageFiles(pkg, (file) => file.endsWith('.d.ts') && !file.includes('.test.')).map(([file]) => file)).toEqual(['dist/index.d.ts']);
    expect(packageFiles(pkg, (file) => file === 'package.json')[0]?.[1]).toContain('1.0.0-rc14');
  });
});
