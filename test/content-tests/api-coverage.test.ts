/** @jest-environment node */
// Every export of both entry points is documented on an API page, and every signature block of the API pages
// matches the package's own declarations, so an export without docs or a drifted signature fails here.
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { compileErrors } from '../support/compile';
import { CONTENT_DIR, REPO_ROOT, codeSamples } from '../support/samples';

jest.setTimeout(120_000);

const DIST = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist');
const ENTRY_POINTS = { '@rkrupinski/stan': 'index.d.ts', '@rkrupinski/stan/react': 'react.d.ts' } as const;

/** Names exported by an entry point, read from its .d.ts files with the compiler. */
function exportedNames(entry: string): string[] {
  const file = path.join(DIST, entry);
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`no module symbol for ${file}`);
  return checker.getExportsOfModule(symbol).map((s) => s.getName()).sort();
}

const apiPages = fs
  .readdirSync(path.join(CONTENT_DIR, 'api'))
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => ({ page: `api/${f.replace(/\.mdx$/, '')}`, source: fs.readFileSync(path.join(CONTENT_DIR, 'api', f), 'utf8') }));

/** The ```ts block right under "## Signature" on a page. */
const signatureBlock = (source: string) => /## Signature\n\n```ts\n([\s\S]*?)\n```/.exec(source)?.[1];

/** Names a signature block declares at its top level. */
function declaredNames(block: string): string[] {
  return [...block.matchAll(/^(?:declare )?(?:function|const|class|type|interface) (\w+)/gm)].map((m) => m[1] as string);
}

describe('every export is documented', () => {
  const documented = (name: string) =>
    apiPages.some(
      ({ source }) =>
        new RegExp(`\`${name}\\b`).test(source) || declaredNames(signatureBlock(source) ?? '').includes(name),
    );

  it.each(Object.entries(ENTRY_POINTS))('%s: each export appears in code on an API page or in its signature block', (entry, dts) => {
    const names = exportedNames(dts);
    expect(names.length).toBeGreaterThan(7);
    expect(names.filter((name) => !documented(name)).map((name) => `${entry}: ${name}`)).toEqual([]);
  });

  it('the export list really is read from the .d.ts files (sanity: it has both values and types)', () => {
    expect(exportedNames('index.d.ts')).toEqual(expect.arrayContaining(['atom', 'Scoped', 'SelectorFamilyFn']));
    expect(exportedNames('react.d.ts')).toEqual(expect.arrayContaining(['useStan', 'AsyncValue']));
  });
});

// What a signature block may declare without the package exporting it under that name, and where it really is.
const NOT_EXPORTED: Record<string, string> = {
  CachePolicy: "NonNullable<RealCore.SelectorFamilyOptions<string>['cachePolicy']>",
};

/** Type arguments for a declaration's type parameters: JSON-constrained ones get `string`, others a probe type. */
function typeArguments(block: string, name: string): string {
  const params = new RegExp(`(?:type|interface) ${name}<([^>=]*(?:<[^>]*>[^>=]*)*)>`).exec(block)?.[1];
  if (!params) return '';
  const args = params.split(',').map((param, index) => (param.includes('extends') ? 'string' : `Probe${index}`));
  return `<${args.join(', ')}>`;
}

/** A check module: the block's declarations in namespace Doc, compared both ways with the package's. */
function signatureCheck(block: string): string {
  const imports = block.split('\n').filter((line) => line.startsWith('import')).join('\n');
  const multiLineImports = /^import type \{[\s\S]*?\} from '[^']+';$/gm;
  const importText = [...block.matchAll(multiLineImports)].map((m) => m[0]).join('\n') || imports;
  const body = block
    .replace(multiLineImports, '')
    .replace(/^import .*$/gm, '')
    .replace(/^(?:declare )?(function|const|class|type|interface) /gm, 'export $1 ');
  const checks = declaredNames(block).map((name) => {
    const real = NOT_EXPORTED[name] ?? (name in reactExports ? `RealReact.${name}` : `RealCore.${name}`);
    const isValue = new RegExp(`^(?:declare )?(?:function|const|class) ${name}\\b`, 'm').test(block);
    if (isValue) {
      return `export const ${name}_docIsReal: typeof ${real} = null! as typeof Doc.${name};
export const ${name}_realIsDoc: typeof Doc.${name} = null! as typeof ${real};`;
    }
    const args = typeArguments(block, name);
    // Symbol-keyed members (refresh, reset) are left out of the docs on purpose: compare the public part.
    return `export const ${name}_docIsReal: Public<${real.includes('<') ? real : `${real}${args}`}> = null! as Public<Doc.${name}${args}>;
export const ${name}_realIsDoc: Public<Doc.${name}${args}> = null! as Public<${real.includes('<') ? real : `${real}${args}`}>;`;
  });
  return `${importText}
import type * as RealCore from '@rkrupinski/stan';
import type * as RealReact from '@rkrupinski/stan/react';
declare const RealCoreValues: typeof import('@rkrupinski/stan');
interface Probe0 { readonly probe0: unique symbol }
interface Probe1 { readonly probe1: unique symbol }
type Public<T> = T extends (...args: never[]) => unknown ? T : { [K in keyof T as K extends symbol ? never : K]: T[K] };
declare namespace Doc {
${body}
}
${checks.join('\n')}
void RealCoreValues;
`;
}

const reactExports = Object.fromEntries(exportedNames('react.d.ts').map((n) => [n, true]));

describe('signature blocks compile against the package and match its declarations', () => {
  const blocks = apiPages.flatMap(({ page, source }) => {
    const block = signatureBlock(source);
    return block ? [[page, block] as const] : [];
  });

  it('finds a signature block on every API page', () => {
    expect(blocks.map(([page]) => page).sort()).toEqual(apiPages.map(({ page }) => page).sort());
  });

  it.each(blocks)('%s', async (page, block) => {
    const samples = codeSamples(fs.readFileSync(path.join(CONTENT_DIR, `${page}.mdx`), 'utf8'), page);
    expect(samples.some((s) => s.code === block)).toBe(true);
    const check = signatureCheck(block);
    const errors = await compileErrors(check);
    const lines = check.split('\n');
    expect(errors.map((e) => `${e.message.split('\n')[0]} (at: ${lines[e.line - 1]?.trim()})`)).toEqual([]);
  });

  it('a drifted signature fails the comparison (the check itself works)', async () => {
    const drifted = "import type { Scoped, WritableState } from '@rkrupinski/stan';\n\ndeclare function atom<T>(initialValue: T, tag?: string): Scoped<WritableState<T>>;";
    expect((await compileErrors(signatureCheck(drifted))).length).toBeGreaterThan(0);
    const wrongType = 'type SetterOrUpdater<T> = (value: T) => void;';
    expect((await compileErrors(signatureCheck(wrongType))).length).toBeGreaterThan(0);
  });
});
