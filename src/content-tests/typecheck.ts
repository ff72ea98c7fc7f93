/**
 * Type-checks doc samples against the installed @rkrupinski/stan with the TypeScript compiler API: one
 * Program holds every sample as a virtual module, so checking all of them costs one compilation.
 */
import path from 'path';
import ts from 'typescript';
import { REPO_ROOT, type CodeSample } from './samples';

/** Strict options a reader's project would use (see the installation page), resolved against node_modules. */
export const SAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
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

// Samples import CSS modules the way the site's bundler provides them.
const AMBIENT = `declare module '*.module.css' { const classes: { readonly [key: string]: string }; export = classes; }\n`;

export interface SampleDiagnostic {
  /** Line in the MDX file (frontmatter included). */
  line: number;
  message: string;
}

const virtualDir = path.join(REPO_ROOT, 'content-samples.virtual');
/** Where a sample lives in the virtual file system: beside the repo's node_modules so imports resolve. */
export const virtualPath = (s: CodeSample) =>
  path.join(virtualDir, `${s.file.replace(/[/\\.]/g, '_')}_L${s.line}.${s.lang === 'ts' || s.lang === 'typescript' ? 'ts' : 'tsx'}`);

/** Diagnostics per sample, keyed by `file:line`; an empty list means the sample compiles. */
export function typeCheckSamples(samples: readonly CodeSample[]): Map<string, SampleDiagnostic[]> {
  const files = new Map<string, CodeSample>();
  for (const s of samples) files.set(virtualPath(s), s);
  const ambientPath = path.join(virtualDir, 'ambient.d.ts');

  const host = ts.createCompilerHost(SAMPLE_COMPILER_OPTIONS, true);
  const sourceOf = (fileName: string): string | undefined =>
    fileName === ambientPath ? AMBIENT : files.get(path.resolve(fileName))?.code;
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = sourceOf(fileName);
    return text !== undefined
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
  };
  host.fileExists = (fileName) => sourceOf(fileName) !== undefined || fileExists.call(host, fileName);
  host.readFile = (fileName) => sourceOf(fileName) ?? readFile.call(host, fileName);

  const program = ts.createProgram([...files.keys(), ambientPath], SAMPLE_COMPILER_OPTIONS, host);
  const result = new Map<string, SampleDiagnostic[]>();
  for (const [fileName, sample] of files) {
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) throw new Error(`${sample.file}:${sample.line}: the sample was not compiled`);
    const diagnostics = ts.getPreEmitDiagnostics(program, sourceFile).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
      // +1: the code starts on the line after the opening fence.
      return { line: sample.line + 1 + at, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
    });
    result.set(`${sample.file}:${sample.line}`, diagnostics);
  }
  return result;
}
