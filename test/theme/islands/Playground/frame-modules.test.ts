import { createRequire, missingImports, requiredSpecifiers, resolveSpecifier } from '@src/theme/islands/Playground/frame/modules';
import { formatConsoleArgs } from '@src/theme/islands/Playground/frame/format';

describe('module resolution in the frame', () => {
  it('resolves the package, its React entry and React 19 modules, and nothing else', () => {
    expect(resolveSpecifier('@rkrupinski/stan')).toBe('@rkrupinski/stan');
    expect(resolveSpecifier('@rkrupinski/stan/react')).toBe('@rkrupinski/stan/react');
    expect(resolveSpecifier('react/jsx-runtime')).toBe('react/jsx-runtime');
    expect(resolveSpecifier('react-dom/client')).toBe('react-dom/client');
    expect(resolveSpecifier('react-dom/server')).toBe('react-dom/server');
    expect(resolveSpecifier('@rkrupinski/stan/internal')).toBeNull();
    expect(resolveSpecifier('./local')).toBeNull();
    expect(resolveSpecifier('node:fs')).toBeNull();
    expect(resolveSpecifier('https://cdn.example.org/react.js')).toBeNull();
  });

  it('hands out the provided module objects and names the provided ones when asked for another', () => {
    const stan = { atom: () => 1 };
    const requireModule = createRequire({ '@rkrupinski/stan': stan });
    expect(requireModule('@rkrupinski/stan')).toBe(stan);
    expect(() => requireModule('lodash')).toThrow('Cannot import "lodash" here: the playground provides "@rkrupinski/stan"');
    // Listed but missing from this runtime: an error, not undefined.
    expect(() => requireModule('react')).toThrow(/Cannot import "react"/);
  });

  it('finds the imports of compiled CommonJS code the frame cannot provide', () => {
    const js = [
      'const stan_1 = require("@rkrupinski/stan");',
      "const jsx_runtime_1 = require('react/jsx-runtime');",
      'const x = require("lodash"); const y = require( "./util" );',
    ].join('\n');
    expect(missingImports(js)).toEqual(['lodash', './util']);
    expect(missingImports('require("react"); require("react")')).toEqual([]);
    expect(requiredSpecifiers('require("react-dom/server"); require("react"); require("react-dom/server")')).toEqual(['react-dom/server', 'react']);
  });

  it('provides a CSS module next to the code as its class names, whichever way it is imported', () => {
    expect(resolveSpecifier('./styles.module.css')).toBe('a CSS module');
    expect(resolveSpecifier('../ui/app.module.css')).toBe('a CSS module');
    expect(resolveSpecifier('./styles.css')).toBeNull();
    expect(resolveSpecifier('styles.module.css')).toBeNull();
    expect(missingImports('require("./styles.module.css")')).toEqual([]);
    const styles = createRequire({})('./styles.module.css') as Record<string, unknown>;
    expect(styles.button).toBe('button');
    expect(styles.__esModule).toBe(true);
    expect((styles.default as Record<string, string>).row).toBe('row');
    // As TypeScript's CommonJS output reads `import * as styles` (esModuleInterop): the module itself.
    const importStar = (mod: Record<string, unknown>) => (mod && mod.__esModule ? mod : { default: mod });
    expect((importStar(styles) as Record<string, string>).value).toBe('value');
  });
});

describe('console output as text', () => {
  it('shows strings as they are at the top and quoted inside values', () => {
    expect(formatConsoleArgs(['count:', 2, { name: 'a', list: ['x', 1n] }])).toBe('count: 2 { name: "a", list: ["x", 1n] }');
  });

  it('shows errors by name and message (with their cause), and functions by name', () => {
    const error = new TypeError('bad value', { cause: new Error('root') });
    expect(formatConsoleArgs([error])).toBe('TypeError: bad value [cause: Error: root]');
    expect(formatConsoleArgs([function selectTotal() {}])).toBe('[Function selectTotal]');
  });

  it('handles Map, Set, Date, nested and circular values', () => {
    const loop: Record<string, unknown> = { id: 1 };
    loop.self = loop;
    expect(formatConsoleArgs([new Map([['a', 1]]), new Set([1, 2])])).toBe('Map(1) { "a" => 1 } Set(2) { 1, 2 }');
    expect(formatConsoleArgs([new Date(0)])).toBe('1970-01-01T00:00:00.000Z');
    expect(formatConsoleArgs([loop])).toBe('{ id: 1, self: [Circular] }');
    expect(formatConsoleArgs([{ a: { b: { c: { d: { e: 1 } } } } }])).toBe('{ a: { b: { c: { d: [Object] } } } }');
    expect(formatConsoleArgs([undefined, null, Symbol('s')])).toBe('undefined null Symbol(s)');
  });
});
