/**
 * Compiles snippets in claim tests with the compiler the build uses for samples (src/node/type-hints.ts), so
 * type claims are checked under the same options as the code on the pages.
 */
import { loadTypeHints, sampleDiagnostics, type SampleDiagnostic } from '../node/type-hints';

/** Compiler errors of a snippet; `line` is 1-based within the snippet. */
export async function compileErrors(code: string, lang: 'ts' | 'tsx' = 'ts'): Promise<SampleDiagnostic[]> {
  return sampleDiagnostics(await loadTypeHints(), code, lang, { file: 'snippet', line: 0 });
}

/** The type TypeScript shows for each identifier of a snippet (its hover text), by name, in order. */
export async function hoverTypes(code: string, lang: 'ts' | 'tsx' = 'ts'): Promise<Map<string, string[]>> {
  const hints = await loadTypeHints();
  const result = hints.twoslasher(code, lang);
  const types = new Map<string, string[]>();
  for (const hover of result.hovers) {
    const list = types.get(hover.target) ?? [];
    list.push(hover.text);
    types.set(hover.target, list);
  }
  return types;
}
