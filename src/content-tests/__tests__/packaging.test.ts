/** @jest-environment node */
// Installation page: what the pinned package ships (version, entry points, dependencies, React peer).
import fs from 'fs';
import path from 'path';
import { gzipSync } from 'zlib';
import * as core from '@rkrupinski/stan';
import * as react from '@rkrupinski/stan/react';

const pkgDir = path.resolve(__dirname, '../../../node_modules/@rkrupinski/stan');
// Babel's CommonJS interop adds these to the namespace object; they are not exports of the package.
const exportsOf = (ns: object) => Object.keys(ns).filter((k) => k !== '__esModule' && k !== 'default').sort();

const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
  version: string;
  type?: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, string>;
};

describe('installation page', () => {
  it('documents version 1.2.0-rc4, with two entry points and no "type": "module"', () => {
    expect(pkg.version).toBe('1.2.0-rc4');
    expect(Object.keys(pkg.exports)).toEqual(['.', './react']);
    expect(pkg.type).toBeUndefined();
  });

  it('has one runtime dependency and React (18 or newer) as its peer', () => {
    expect(Object.keys(pkg.dependencies)).toEqual(['fast-json-stable-stringify']);
    expect(pkg.peerDependencies).toEqual({ react: '>=18.0.0' });
  });

  it('the core entry point exports exactly the documented values', () => {
    expect(exportsOf(core)).toEqual(
      ['Aborted', 'DEFAULT_STORE', 'Store', 'atom', 'atomFamily', 'makeStore', 'refresh', 'reset', 'selector', 'selectorFamily'].sort(),
    );
  });

  it('the react entry point exports exactly the documented values', () => {
    expect(exportsOf(react)).toEqual(
      ['StanProvider', 'useSetStanValue', 'useStan', 'useStanCtx', 'useStanRefresher', 'useStanReset', 'useStanValue', 'useStanValueAsync'].sort(),
    );
  });

  it("the React bindings bundle React 19's JSX runtime (why the page asks for React 19)", () => {
    const bundle = fs.readFileSync(path.join(pkgDir, 'dist/react.js'), 'utf8');
    expect(bundle).toContain('Symbol.for("react.transitional.element")');
  });

  it('frameworks page: the React entry has no "use client" directive and uses context and hooks', () => {
    const bundle = fs.readFileSync(path.join(pkgDir, 'dist/react.js'), 'utf8');
    expect(bundle).not.toMatch(/^\s*["']use client["']/);
    expect(bundle).toMatch(/createContext as \w+/);
    expect(bundle).toMatch(/useMemo as \w+/);
  });

  it('introduction: the core is under 2 KB gzipped and the React bindings add under 3 KB', () => {
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(pkgDir, 'dist', file))).length;
    const shared = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => /^store-.*\.js$/.test(f));
    expect(shared).toHaveLength(1);
    expect(gz('index.js') + gz(shared[0] as string)).toBeLessThan(2048);
    expect(gz('react.js')).toBeLessThan(3072);
  });

  it('the core entry point does not import React', () => {
    const files = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => f.endsWith('.js') && f !== 'react.js');
    files.forEach((f) => expect(fs.readFileSync(path.join(pkgDir, 'dist', f), 'utf8')).not.toMatch(/from\s*["']react/));
  });
});
