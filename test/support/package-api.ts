/**
 * The API a release of the package declares: each export of its two entry points with its declaration as the
 * compiler prints it, plus the declarations it reaches that the package does not export (a symbol a member is keyed
 * by, a type an option is made of), so a change to those shows as a change of the export that uses them.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';

/** The entry points of the package and their declaration files. */
export const ENTRY_DECLARATIONS = { '@rkrupinski/stan': 'index.d.ts', '@rkrupinski/stan/react': 'react.d.ts' } as const;
export type EntryPoint = keyof typeof ENTRY_DECLARATIONS;

/** `entry point` → export name → its declaration text (with what it reaches that is not exported). */
export type PackageApi = Map<EntryPoint, Map<string, string>>;

const printer = ts.createPrinter({ removeComments: true });
/** One line, without the file an inline `import("./x").Name` names: files are how the package is cut, not its API. */
const printed = (node: ts.Node) =>
  printer
    .printNode(ts.EmitHint.Unspecified, node, node.getSourceFile())
    .replace(/import\("[^"]*"\)\./g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The names a declaration refers to, as nodes the checker can resolve. */
function references(node: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isTypeReferenceNode(child)) found.push(child.typeName);
    else if (ts.isExpressionWithTypeArguments(child)) found.push(child.expression);
    else if (ts.isComputedPropertyName(child)) found.push(child.expression);
    else if (ts.isTypeQueryNode(child)) found.push(child.exprName);
    else if (ts.isImportTypeNode(child) && child.qualifier) found.push(child.qualifier);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The API of the release installed in `packageDir` (e.g. node_modules/stan-1.0.0-rc14). */
export function packageApi(packageDir: string): PackageApi {
  const dist = fs.realpathSync(path.resolve(packageDir, 'dist'));
  const files = Object.values(ENTRY_DECLARATIONS).map((file) => path.join(dist, file));
  files.forEach((file) => {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: is the release installed?`);
  });
  const program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const inPackage = (declaration: ts.Declaration) => fs.realpathSync(declaration.getSourceFile().fileName).startsWith(dist + path.sep);
  const resolve = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

  const exportsOf = (file: string) => {
    const source = program.getSourceFile(path.join(dist, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file}: the compiler found no module`);
    return checker.getExportsOfModule(moduleSymbol);
  };
  // What either entry point exports is compared on its own, never as part of another export.
  const exportedTargets = new Set(Object.values(ENTRY_DECLARATIONS).flatMap((file) => exportsOf(file).map(resolve)));

  const api: PackageApi = new Map();
  for (const [entry, file] of Object.entries(ENTRY_DECLARATIONS) as [EntryPoint, string][]) {
    const declarations = new Map<string, string>();
    for (const symbol of exportsOf(file)) {
      const own = (resolve(symbol).declarations ?? []).filter(inPackage);
      // What the export reaches that the package does not export, by name, each once.
      const reached = new Map<string, string>();
      const queue = own.flatMap(references);
      for (let node = queue.shift(); node; node = queue.shift()) {
        const target = checker.getSymbolAtLocation(node);
        if (!target) continue;
        const resolved = resolve(target);
        if (exportedTargets.has(resolved) || reached.has(resolved.name)) continue;
        const internal = (resolved.declarations ?? []).filter((d) => inPackage(d) && !ts.isTypeParameterDeclaration(d));
        if (internal.length === 0) continue;
        reached.set(resolved.name, internal.map(printed).join(' | '));
        internal.forEach((d) => queue.push(...references(d)));
      }
      const text = [own.map(printed).join(' | '), ...[...reached].sort(([a], [b]) => a.localeCompare(b)).map(([n, t]) => `${n}: ${t}`)];
      declarations.set(symbol.name, text.join('\n'));
    }
    api.set(entry, declarations);
  }
  return api;
}

export interface ApiChange {
  entry: EntryPoint;
  name: string;
  change: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

/** What differs between two releases' APIs, export by export. */
export function apiChanges(before: PackageApi, after: PackageApi): ApiChange[] {
  const changes: ApiChange[] = [];
  for (const entry of Object.keys(ENTRY_DECLARATIONS) as EntryPoint[]) {
    const a = before.get(entry) ?? new Map<string, string>();
    const b = after.get(entry) ?? new Map<string, string>();
    for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const [was, is] = [a.get(name), b.get(name)];
      if (was === is) continue;
      changes.push({ entry, name, change: was === undefined ? 'added' : is === undefined ? 'removed' : 'changed', before: was, after: is });
    }
  }
  return changes;
}

/** The names a declaration file declares at its top level (exported or not). */
export function declaredNames(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    }
    const name = (statement as { name?: ts.Node }).name;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}
