import type TS from 'typescript';

/**
 * The compiler options of every sample: the build compiles the docs' samples with them (src/node/type-hints.ts)
 * and the playground's worker checks a reader's code with them. Strict options a reader's project would use (the
 * installation page shows them). Takes TypeScript's module so neither side loads it for the other.
 */
export function sampleCompilerOptionsFor(ts: typeof TS): TS.CompilerOptions {
  return {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
  };
}
