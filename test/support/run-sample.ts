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
import { claimPageFile, type ClaimPage, type VersionedClaimPage } from './claims';
import { codeSamples, REPO_ROOT, versionPackage } from './samples';
import { initialCode } from '@src/contract/code-marks';

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
 * What the samples of an older docs version import: the same React, and the release that version documents (its
 * npm alias, `stan-<name>`) under the package's own name, as the samples write it.
 */
export function sampleModulesOf(version: string): SampleModules {
  const alias = versionPackage(version);
  // The alias is named at run time (one per version in content/versions.json), so it is required by name.
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    ...SAMPLE_MODULES,
    '@rkrupinski/stan': require(alias) as unknown,
    '@rkrupinski/stan/react': require(`${alias}/react`) as unknown,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * The exports of the block titled `title` on `page`; `modules` maps each import specifier to its module (by
 * default the package of the page's version). A sample with diff marks runs as it ends, or with
 * `version: 'initial'` as it starts (the code its `--` lines show).
 */
export function runSample<T = Record<string, unknown>>(
  page: ClaimPage | VersionedClaimPage,
  title: string,
  modules?: SampleModules,
  version: 'final' | 'initial' = 'final',
): T {
  const { version: docsVersion, file: relative } = claimPageFile(page);
  modules ??= docsVersion === undefined ? SAMPLE_MODULES : sampleModulesOf(docsVersion);
  const file = path.join(REPO_ROOT, relative);
  const blocks = codeSamples(fs.readFileSync(file, 'utf8'), relative).filter((block) => block.title === title);
  if (blocks.length !== 1) throw new Error(`${relative}: expected one code block titled "${title}", found ${blocks.length}`);
  const code = version === 'initial' ? initialCode(blocks[0]?.shown ?? '') : (blocks[0]?.code ?? '');
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
    fileName: title,
  });
  const sampleModules = modules;
  const exports: Record<string, unknown> = {};
  const requireModule = (specifier: string) => {
    if (!(specifier in sampleModules)) throw new Error(`${relative} "${title}" imports ${specifier}: pass it to runSample`);
    return sampleModules[specifier];
  };
  // The sample's own code, evaluated once with the test's modules.
  new Function('require', 'exports', 'module', outputText)(requireModule, exports, { exports });
  return exports as T;
}
