/**
 * Whether running a sample in the playground shows anything, decided at build time from its code (TypeScript's
 * parser, no type checking), so "Edit and run" is offered only where pressing Run prints or renders something.
 *
 * What a run shows (src/theme/islands/Playground/frame/runtime.ts): the lines of console.log/info/warn/error/debug,
 * uncaught errors, and, for tsx only, the module's default export rendered when it is a function (a component);
 * code may also draw into the frame's document itself (createRoot(document.getElementById('root')).render(…)).
 *
 * The rule, conservative (in doubt, the sample keeps its button):
 * - Code runs from the module's top level. A top-level function, class or `const f = () => …` is entered only when
 *   its name is referenced from code that runs (a call, a JSX tag, a value passed on); a function written inline
 *   (a callback argument, an object's method) in code that runs counts as run, since the callee may call it. The
 *   package's definitions (`const s = selector(…)`, atom, atomFamily, selectorFamily) keep their callbacks until a
 *   state is read in a store, so such a declaration too is entered only when its name is referenced.
 *   A name shadowed inside a function is not told apart from the top-level one (that only adds code that runs).
 * - Output is a use of `console` there: console.log/info/warn/error/debug (the levels the frame relays), or
 *   `console` used any other way (passed on, indexed by a computed key); console.table, console.time and other
 *   methods the frame does not relay show nothing. `document` (the frame's page) and anything imported from
 *   react-dom or react-dom/client count as drawing. A `throw` counts only outside every function: inside one it
 *   fires on a path this rule cannot see.
 * - In tsx the frame renders the default export when it is a function: a function or class (declared or
 *   expressed), or a name bound to one; a literal, an object or React's memo/forwardRef/lazy (objects) is not
 *   rendered; anything else (an import, a call's result) counts as rendered.
 * - Types, interfaces, `declare` statements, imports and exports alone run nothing. Errors a run may meet
 *   (a failed fetch, a module the playground does not provide) are not what a sample is for and are not counted.
 */
import type ts from 'typescript';
import { CONSOLE_LEVELS, type PlaygroundLanguage } from '../contract/playground';
import { typescript } from './typescript';

/** Modules whose imports draw into the frame's document (a root, a portal). */
const DRAWING_MODULES: ReadonlySet<string> = new Set(['react-dom', 'react-dom/client']);
/** React's component wrappers: they return objects, which the frame does not render. */
const OBJECT_COMPONENTS: ReadonlySet<string> = new Set(['memo', 'forwardRef', 'lazy']);
const PRINTING: ReadonlySet<string> = new Set(CONSOLE_LEVELS);
/** The package's definitions: their callbacks (a selector's, an atom's effects) run only when a state is read. */
const DEFINITIONS: ReadonlySet<string> = new Set(['atom', 'atomFamily', 'selector', 'selectorFamily']);
const STAN_PACKAGE = '@rkrupinski/stan';

/** The playground language a fence opens as: tsx renders, every other typed language runs as ts. */
export const playgroundLanguage = (lang: string): PlaygroundLanguage => (lang === 'tsx' ? 'tsx' : 'ts');

/** Whether pressing Run on this code (as the playground opens it) prints or renders anything. */
export function runShowsOutput(code: string, lang: PlaygroundLanguage): boolean {
  const t = typescript();
  const source = t.createSourceFile(`sample.${lang}`, code, t.ScriptTarget.Latest, true, lang === 'tsx' ? t.ScriptKind.TSX : t.ScriptKind.TS);
  return new SampleRun(t, source).showsOutput(lang);
}

const hasModifier = (t: typeof ts, node: ts.Node, kind: ts.SyntaxKind): boolean =>
  t.canHaveModifiers(node) && (t.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

/** Expressions that only wrap another for the type checker: `(x)`, `x as T`, `x satisfies T`, `x!`, `<T>x`. */
function unwrap(t: typeof ts, node: ts.Expression): ts.Expression {
  let current = node;
  while (
    t.isParenthesizedExpression(current) ||
    t.isAsExpression(current) ||
    t.isSatisfiesExpression(current) ||
    t.isNonNullExpression(current) ||
    t.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

class SampleRun {
  /** Top-level names whose code runs only once they are referenced, with that code. */
  private readonly deferred = new Map<string, ts.Node[]>();
  private readonly drawingImports = new Set<string>();
  /** Local names of the package's definitions, and of the package imported whole. */
  private readonly definitions = new Set<string>();
  private readonly packageNamespaces = new Set<string>();
  private readonly entered = new Set<string>();
  private readonly pending: ts.Node[] = [];

  constructor(
    private readonly t: typeof ts,
    private readonly source: ts.SourceFile,
  ) {}

  showsOutput(lang: PlaygroundLanguage): boolean {
    if (lang === 'tsx' && this.rendersDefaultExport()) return true;
    for (const statement of this.source.statements) this.collect(statement);
    while (this.pending.length > 0) {
      if (this.visit(this.pending.pop()!)) return true;
    }
    return false;
  }

  /** Sorts a top-level statement: code that runs now, code that waits for its name, and what runs nothing. */
  private collect(statement: ts.Statement): void {
    const t = this.t;
    if (hasModifier(t, statement, t.SyntaxKind.DeclareKeyword)) return;
    if (t.isInterfaceDeclaration(statement) || t.isTypeAliasDeclaration(statement) || t.isExportDeclaration(statement)) return;
    if (t.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly || !t.isStringLiteral(statement.moduleSpecifier)) return;
      if (statement.moduleSpecifier.text === STAN_PACKAGE) this.collectPackageImport(clause);
      if (!DRAWING_MODULES.has(statement.moduleSpecifier.text)) return;
      const bindings = clause.namedBindings;
      if (clause.name) this.drawingImports.add(clause.name.text);
      if (bindings && t.isNamespaceImport(bindings)) this.drawingImports.add(bindings.name.text);
      if (bindings && t.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) this.drawingImports.add(element.name.text);
      }
      return;
    }
    if (t.isFunctionDeclaration(statement)) {
      if (statement.name) this.defer(statement.name.text, statement);
      return;
    }
    if (t.isClassDeclaration(statement)) {
      this.collectClass(statement, statement.name?.text);
      return;
    }
    if (t.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrap(t, declaration.initializer);
        if (init && t.isIdentifier(declaration.name) && (t.isArrowFunction(init) || t.isFunctionExpression(init) || this.isDefinition(init))) {
          this.defer(declaration.name.text, init);
        } else if (init && t.isIdentifier(declaration.name) && t.isClassExpression(init)) {
          this.collectClass(init, declaration.name.text);
        } else {
          this.pending.push(declaration);
        }
      }
      return;
    }
    if (t.isExportAssignment(statement)) {
      // `export default f` or `export default () => …` only hands a value over (rendered, in tsx, by the rule above).
      const value = unwrap(t, statement.expression);
      if (!t.isIdentifier(value) && !t.isArrowFunction(value) && !t.isFunctionExpression(value) && !t.isClassExpression(value)) {
        this.pending.push(value);
      }
      return;
    }
    this.pending.push(statement);
  }

  private collectPackageImport(clause: ts.ImportClause): void {
    const t = this.t;
    const bindings = clause.namedBindings;
    if (bindings && t.isNamespaceImport(bindings)) this.packageNamespaces.add(bindings.name.text);
    if (bindings && t.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly && DEFINITIONS.has((element.propertyName ?? element.name).text)) this.definitions.add(element.name.text);
      }
    }
  }

  /** A call of one of the package's definitions (`selector(…)`, `stan.atom(…)`). */
  private isDefinition(expression: ts.Expression): boolean {
    const t = this.t;
    if (!t.isCallExpression(expression)) return false;
    const callee = unwrap(t, expression.expression);
    if (t.isIdentifier(callee)) return this.definitions.has(callee.text);
    return (
      t.isPropertyAccessExpression(callee) &&
      t.isIdentifier(callee.expression) &&
      this.packageNamespaces.has(callee.expression.text) &&
      DEFINITIONS.has(callee.name.text)
    );
  }

  /** A class runs its heritage, decorators and static parts when defined; the rest once its name is referenced. */
  private collectClass(node: ts.ClassLikeDeclaration, name: string | undefined): void {
    const t = this.t;
    const later: ts.Node[] = [];
    for (const clause of node.heritageClauses ?? []) {
      if (clause.token === t.SyntaxKind.ExtendsKeyword) this.pending.push(...clause.types.map((type) => type.expression));
    }
    for (const modifier of t.getDecorators(node) ?? []) this.pending.push(modifier);
    for (const member of node.members) {
      const isStatic = t.isClassStaticBlockDeclaration(member) || hasModifier(t, member, t.SyntaxKind.StaticKeyword);
      const runsNow = isStatic && !t.isMethodDeclaration(member) && !t.isGetAccessor(member) && !t.isSetAccessor(member);
      if (member.name && t.isComputedPropertyName(member.name)) this.pending.push(member.name);
      (runsNow ? this.pending : later).push(member);
    }
    if (name) this.defer(name, ...later);
  }

  private defer(name: string, ...code: ts.Node[]): void {
    this.deferred.set(name, [...(this.deferred.get(name) ?? []), ...code]);
  }

  /** Walks code that runs; true as soon as it finds output. Functions written inline are walked too. */
  private visit(node: ts.Node): boolean {
    const t = this.t;
    if (t.isTypeNode(node) || t.isInterfaceDeclaration(node) || t.isTypeAliasDeclaration(node)) return false;
    if (t.isHeritageClause(node)) return node.token === t.SyntaxKind.ExtendsKeyword && node.types.some((type) => this.visit(type.expression));
    if (t.isThrowStatement(node) && !this.insideFunction(node)) return true;
    if (t.isIdentifier(node)) return this.reference(node);
    if (t.isPropertyAccessExpression(node) && node.name.text === 'console' && this.printsThrough(node)) return true;
    if (t.isPropertyAccessExpression(node) && node.name.text === 'document') return true;
    return t.forEachChild(node, (child) => (this.visit(child) ? true : undefined)) ?? false;
  }

  /** An identifier in code that runs: output itself, or a name whose deferred code now runs. */
  private reference(node: ts.Identifier): boolean {
    if (!this.isReference(node)) return false;
    const name = node.text;
    if (name === 'console') return this.printsThrough(node);
    if (name === 'document' || this.drawingImports.has(name)) return true;
    const code = this.deferred.get(name);
    if (code && !this.entered.has(name)) {
      this.entered.add(name);
      this.pending.push(...code);
    }
    return false;
  }

  /** Whether this use of `console` prints in the panel: a relayed level, or any use the rule cannot read. */
  private printsThrough(consoleNode: ts.Expression): boolean {
    const t = this.t;
    const parent = consoleNode.parent;
    if (t.isPropertyAccessExpression(parent) && parent.expression === consoleNode) return PRINTING.has(parent.name.text);
    if (t.isElementAccessExpression(parent) && parent.expression === consoleNode && t.isStringLiteralLike(parent.argumentExpression)) {
      return PRINTING.has(parent.argumentExpression.text);
    }
    return true;
  }

  /** Whether an identifier names a value (not a property, a declared name, a label or an attribute). */
  private isReference(node: ts.Identifier): boolean {
    const t = this.t;
    const parent = node.parent;
    if (t.isPropertyAccessExpression(parent)) return parent.expression === node;
    if (t.isQualifiedName(parent)) return parent.left === node;
    if (t.isBindingElement(parent)) return parent.initializer === node;
    if (t.isJsxAttribute(parent) || t.isLabeledStatement(parent) || t.isBreakOrContinueStatement(parent)) return false;
    if (t.isShorthandPropertyAssignment(parent)) return true;
    const named = parent as ts.Node & { name?: ts.Node };
    return named.name !== node;
  }

  private insideFunction(node: ts.Node): boolean {
    for (let current = node.parent; current; current = current.parent) {
      if (this.t.isFunctionLike(current)) return true;
    }
    return false;
  }

  /** tsx: whether the module's default export is a function the frame renders. */
  private rendersDefaultExport(): boolean {
    const t = this.t;
    for (const statement of this.source.statements) {
      if (hasModifier(t, statement, t.SyntaxKind.DeclareKeyword)) continue;
      const isDefault = hasModifier(t, statement, t.SyntaxKind.ExportKeyword) && hasModifier(t, statement, t.SyntaxKind.DefaultKeyword);
      if (isDefault && (t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement))) return true;
      if (t.isExportAssignment(statement) && !statement.isExportEquals) return this.isFunctionValue(statement.expression, new Set());
      if (t.isExportDeclaration(statement) && !statement.isTypeOnly && !statement.moduleSpecifier && statement.exportClause && t.isNamedExports(statement.exportClause)) {
        const named = statement.exportClause.elements.find((e) => e.name.text === 'default' && !e.isTypeOnly);
        if (named) return this.isFunctionValue((named.propertyName ?? named.name) as ts.Identifier, new Set());
      }
    }
    return false;
  }

  /** Whether a value is (or, unknown, may be) a function: a literal, an object or React's wrappers are not. */
  private isFunctionValue(expression: ts.Expression, seen: Set<string>): boolean {
    const t = this.t;
    const value = unwrap(t, expression);
    if (t.isArrowFunction(value) || t.isFunctionExpression(value) || t.isClassExpression(value)) return true;
    if (t.isIdentifier(value)) {
      if (value.text === 'undefined') return false;
      if (seen.has(value.text)) return true;
      seen.add(value.text);
      const declared = this.topLevelDeclaration(value.text);
      if (declared === 'function') return true;
      return this.isFunctionValue(declared, seen);
    }
    if (t.isCallExpression(value)) {
      const callee = unwrap(t, value.expression);
      const name = t.isIdentifier(callee) ? callee.text : t.isPropertyAccessExpression(callee) ? callee.name.text : '';
      return !OBJECT_COMPONENTS.has(name);
    }
    if (
      t.isLiteralExpression(value) ||
      t.isNoSubstitutionTemplateLiteral(value) ||
      t.isTemplateExpression(value) ||
      t.isObjectLiteralExpression(value) ||
      t.isArrayLiteralExpression(value) ||
      t.isJsxElement(value) ||
      t.isJsxSelfClosingElement(value) ||
      t.isJsxFragment(value) ||
      t.isPrefixUnaryExpression(value) ||
      value.kind === t.SyntaxKind.TrueKeyword ||
      value.kind === t.SyntaxKind.FalseKeyword ||
      value.kind === t.SyntaxKind.NullKeyword
    ) {
      return false;
    }
    return true;
  }

  /** What a top-level name is bound to: a `const`'s initializer, or 'function' for a function, a class or unknown. */
  private topLevelDeclaration(name: string): ts.Expression | 'function' {
    const t = this.t;
    for (const statement of this.source.statements) {
      if (hasModifier(t, statement, t.SyntaxKind.DeclareKeyword)) continue;
      if ((t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement)) && statement.name?.text === name) return 'function';
      if (t.isVariableStatement(statement) && statement.declarationList.flags & t.NodeFlags.Const) {
        for (const declaration of statement.declarationList.declarations) {
          if (t.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return declaration.initializer;
        }
      }
    }
    // An import, a `let` (it may be reassigned), or a name this file does not bind: unknown, so it may be a component.
    return 'function';
  }
}
