/**
 * Runs a titled code sample of a doc page as it is printed there: TypeScript's transpiler turns it into
 * CommonJS, and its imports resolve to the modules the test itself uses (the same React and the same Stan), so
 * a claim test exercises the page's own code rather than a copy of it.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDomServer from 'react-dom/server';
import * as stan from '@rkrupinski/stan';
import * as stanReact from '@rkrupinski/stan/react';
import type { ClaimPage } from './claims';
import { CONTENT_DIR, codeSamples } from './samples';
import { initialCode } from '../contract/code-marks';

export type SampleModules = Record<string, unknown>;

/** What the samples import: React (with its server renderer) and both entry points of the package. */
export const SAMPLE_MODULES: SampleModules = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom/server': reactDomServer,
  '@rkrupinski/stan': stan,
  '@rkrupinski/stan/react': stanReact,
};

/**
 * The exports of the block titled `title` on `page`; `modules` maps each import specifier to its module. A sample
 * with diff marks runs as it ends, or with `version: 'initial'` as it starts (the code its `--` lines show).
 */
export function runSample<T = Record<string, unknown>>(
  page: ClaimPage,
  title: string,
  modules = SAMPLE_MODULES,
  version: 'final' | 'initial' = 'final',
): T {
  const file = path.join(CONTENT_DIR, `${page}.mdx`);
  const blocks = codeSamples(fs.readFileSync(file, 'utf8'), `${page}.mdx`).filter((block) => block.title === title);
  if (blocks.length !== 1) throw new Error(`${page}.mdx: expected one code block titled "${title}", found ${blocks.length}`);
  const code = version === 'initial' ? initialCode(blocks[0]?.shown ?? '') : (blocks[0]?.code ?? '');
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
    fileName: title,
  });
  const exports: Record<string, unknown> = {};
  const requireModule = (specifier: string) => {
    if (!(specifier in modules)) throw new Error(`${page}.mdx "${title}" imports ${specifier}: pass it to runSample`);
    return modules[specifier];
  };
  // The sample's own code, evaluated once with the test's modules.
  new Function('require', 'exports', 'module', outputText)(requireModule, exports, { exports });
  return exports as T;
}
