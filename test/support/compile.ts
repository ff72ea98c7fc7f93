/**
 * Compiles snippets in claim tests with the compiler the build uses for samples (src/node/type-hints.ts), so
 * type claims are checked under the same options as the code on the pages. With `version`, a snippet compiles
 * against the release that older docs version documents (installed as `stan-<name>`), as its samples do.
 */
import { loadTypeHints, sampleDiagnostics, type SampleDiagnostic } from '@src/node/type-hints';
import { versionPackageDir } from './samples';

const hintsFor = (version?: string) => loadTypeHints(version === undefined ? undefined : versionPackageDir(version));

/** Compiler errors of a snippet; `line` is 1-based within the snippet. */
export async function compileErrors(code: string, lang: 'ts' | 'tsx' = 'ts', version?: string): Promise<SampleDiagnostic[]> {
  return sampleDiagnostics(await hintsFor(version), code, lang, { file: 'snippet', line: 0 });
}

/** The type TypeScript shows for each identifier of a snippet (its hover text), by name, in order. */
export async function hoverTypes(code: string, lang: 'ts' | 'tsx' = 'ts', version?: string): Promise<Map<string, string[]>> {
  const hints = await hintsFor(version);
  const result = hints.twoslasher(code, lang);
  const types = new Map<string, string[]>();
  for (const hover of result.hovers) {
    const list = types.get(hover.target) ?? [];
    list.push(hover.text);
    types.set(hover.target, list);
  }
  return types;
}
