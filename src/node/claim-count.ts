/**
 * How many claims each claim test declares for each doc page, read from the test's source with TypeScript's
 * parser (the tests are not run): the build shows the figure at the end of each page ("N statements are run by
 * tests"). The parser reads the DSL of ./claims.ts, so it sits beside it; the build receives it from gatsby-node.ts.
 */
import fs from 'fs';
import path from 'path';
import type TS from 'typescript';
import { lazyTypescript } from './typescript';
import { CLAIM_TEST_FILE, CLAIM_TESTS_DIR } from './sources';

const ts = lazyTypescript();

/** A claim test the build cannot count (the message names the file, line and fix). */
export class ClaimCountError extends Error {
  override name = 'ClaimCountError';
}

/** Claims per page (`api/atom` → 23) declared by one test file. */
export type ClaimCounts = Map<string, number>;

/**
 * One claim as its test declares it: the page, the line, the words it quotes (null when a quote is not a literal),
 * and the clauses its run names with `clause('words', check)` (empty when it names none), whether it runs at all.
 */
export interface DeclaredClaim {
  page: string;
  line: number;
  quotes: readonly string[] | null;
  clauses: readonly string[];
  /** Clause words that are not literals, so no one can read which part of the quote they stand for. */
  unreadableClauses: number;
  skipped: boolean;
}

/** Calls whose function arguments run once per item (or per table row): a claim inside would be declared n times. */
const REPEATING_METHODS = new Set(['forEach', 'map', 'flatMap', 'each', 'filter', 'reduce']);
/** Jest blocks whose tests do not run. */
const isSkippedBlock = (callee: TS.Expression) =>
  (ts.isIdentifier(callee) && (callee.text === 'xdescribe' || callee.text === 'xit' || callee.text === 'xtest')) ||
  (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'skip' || callee.name.text === 'todo'));

/** `x.name`, `{ name: … }`: a name that is not a reference to a variable. */
const isPropertyName = (node: TS.Identifier) => {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) &&
      parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node)
  );
};

const isLoop = (node: TS.Node) =>
  ts.isForStatement(node) ||
  ts.isForOfStatement(node) ||
  ts.isForInStatement(node) ||
  ts.isWhileStatement(node) ||
  ts.isDoStatement(node);

const repeatsItsCallbacks = (call: TS.CallExpression) => {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return REPEATING_METHODS.has(callee.name.text);
  // describe.each(table)(name, fn)
  return ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === 'each';
};

/** The literal text of a string or a template without substitutions, else null. */
const literalText = (node: TS.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** The quotes of a claim: one literal or an array of literals (null when any is computed). */
function quotesOf(argument: TS.Expression | undefined): string[] | null {
  if (argument && ts.isArrayLiteralExpression(argument)) {
    const texts = argument.elements.map((element) => literalText(element));
    return texts.every((text): text is string => text !== null) ? texts : null;
  }
  const text = literalText(argument);
  return text === null ? null : [text];
}

/** The clauses a claim's run names: calls of its first parameter, `clause('words', check)`, anywhere in its body. */
function clausesOf(run: TS.Expression | undefined): { clauses: string[]; unreadable: number } {
  const found = { clauses: [] as string[], unreadable: 0 };
  if (!run || !(ts.isArrowFunction(run) || ts.isFunctionExpression(run))) return found;
  const [first] = run.parameters;
  if (!first || !ts.isIdentifier(first.name)) return found;
  const name = first.name.text;
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
      const words = literalText(node.arguments[0]);
      if (words === null) found.unreadable += 1;
      else found.clauses.push(words);
    }
    ts.forEachChild(node, visit);
  };
  if (run.body) visit(run.body);
  return found;
}

/**
 * Counts the claims a test file declares, per page: calls of `claimsOf('page')(…)` and of a constant bound with
 * `const claim = claimsOf('page')`. Each such call declares one test, the claim of one statement (with one or more
 * quotes of it). Claims in skipped blocks are not counted, since they do not run. A claim the source cannot count
 * exactly (declared in a loop, a page given by a variable, the claim function passed around) is an error.
 */
export function countClaimsInSource(source: string, file: string): ClaimCounts {
  const counts: ClaimCounts = new Map();
  for (const claim of declaredClaimsInSource(source, file)) {
    if (!claim.skipped) counts.set(claim.page, (counts.get(claim.page) ?? 0) + 1);
  }
  return counts;
}

/** Every claim a test file declares, in source order, with its quotes and clauses (see countClaimsInSource). */
export function declaredClaimsInSource(source: string, file: string): DeclaredClaim[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const claims: DeclaredClaim[] = [];
  const where = (node: TS.Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const fail = (node: TS.Node, message: string): never => {
    throw new ClaimCountError(`${where(node)}: ${message}`);
  };

  // Local names of the imported `claimsOf`.
  const claimsOfNames = new Set<string>();
  sourceFile.statements.forEach((statement) => {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings && ts.isNamedImports(bindings)) {
      bindings.elements.forEach((element) => {
        if ((element.propertyName ?? element.name).text === 'claimsOf') claimsOfNames.add(element.name.text);
      });
    }
  });
  if (claimsOfNames.size === 0) return claims;

  const isClaimsOfCall = (node: TS.Node): node is TS.CallExpression =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && claimsOfNames.has(node.expression.text);
  const pageOf = (call: TS.CallExpression): string => {
    const [argument] = call.arguments;
    if (call.arguments.length !== 1 || !argument || !ts.isStringLiteralLike(argument)) {
      return fail(call, "claimsOf() needs the page as a string literal (claimsOf('api/atom')), so the build can count its claims");
    }
    return argument.text;
  };

  // Scopes map a name to the page of the claim function it holds, or to null when it holds something else.
  type Scope = Map<string, string | null>;
  const declare = (scope: Scope, name: TS.BindingName, page: string | null) => {
    if (ts.isIdentifier(name)) scope.set(name.text, page);
    else name.elements.forEach((element) => !ts.isOmittedExpression(element) && declare(scope, element.name, null));
  };
  const blockScope = (statements: TS.NodeArray<TS.Statement>): Scope => {
    const scope: Scope = new Map();
    statements.forEach((statement) => {
      if (ts.isVariableStatement(statement)) {
        statement.declarationList.declarations.forEach((d) => {
          const init = d.initializer;
          declare(scope, d.name, init && isClaimsOfCall(init) && ts.isIdentifier(d.name) ? pageOf(init) : null);
        });
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
        scope.set(statement.name.text, null);
      }
    });
    return scope;
  };
  const resolve = (scopes: readonly Scope[], name: string): string | null => {
    for (let i = scopes.length - 1; i >= 0; i -= 1) {
      const scope = scopes[i] as Scope;
      if (scope.has(name)) return scope.get(name) ?? null;
    }
    return null;
  };
  const add = (page: string, call: TS.CallExpression, skipped: boolean) => {
    const { clauses, unreadable } = clausesOf(call.arguments[1]);
    claims.push({
      page,
      line: sourceFile.getLineAndCharacterOfPosition(call.getStart()).line + 1,
      quotes: quotesOf(call.arguments[0]),
      clauses,
      unreadableClauses: unreadable,
      skipped,
    });
  };

  interface Context {
    scopes: Scope[];
    repeated: boolean;
    skipped: boolean;
  }

  const visit = (node: TS.Node, context: Context): void => {
    let next = context;
    if (ts.isSourceFile(node) || ts.isBlock(node) || ts.isModuleBlock(node)) {
      next = { ...context, scopes: [...context.scopes, blockScope(node.statements)] };
    } else if (ts.isFunctionLike(node)) {
      const scope: Scope = new Map();
      node.parameters.forEach((p) => declare(scope, p.name, null));
      next = { ...context, scopes: [...context.scopes, scope] };
    } else if (isLoop(node)) {
      next = { ...context, repeated: true };
    }

    if (isClaimsOfCall(node)) {
      // Either called at once (claimsOf('page')(…), counted where that call is visited) or bound to a constant.
      const parent = node.parent;
      const calledAtOnce = ts.isCallExpression(parent) && parent.expression === node;
      const bound = ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name);
      if (!calledAtOnce && !bound) {
        fail(node, "use claimsOf('page') as `const claim = claimsOf('page')` or call it at once, so the build can count its claims");
      }
      pageOf(node);
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const page = isClaimsOfCall(callee)
        ? pageOf(callee)
        : ts.isIdentifier(callee)
          ? resolve(next.scopes, callee.text)
          : null;
      if (page !== null) {
        if (next.repeated) {
          fail(node, 'a claim declared in a loop or a per-item callback cannot be counted by the build: declare each claim on its own');
        }
        add(page, node, next.skipped);
        // The claim's own body declares no claims.
        return;
      }
      if (isSkippedBlock(callee)) next = { ...next, skipped: true };
      if (repeatsItsCallbacks(node)) {
        visit(callee, next);
        node.arguments.forEach((argument) => visit(argument, { ...next, repeated: true }));
        return;
      }
    } else if (ts.isIdentifier(node) && !isPropertyName(node) && resolve(next.scopes, node.text) !== null) {
      const parent = node.parent;
      const declaresIt = ts.isVariableDeclaration(parent) && parent.name === node;
      if (!declaresIt) {
        fail(node, `the claim function \`${node.text}\` is used other than by calling it: the build counts only direct calls`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, next));
  };

  visit(sourceFile, { scopes: [], repeated: false, skipped: false });
  return claims;
}

/** Adds up the claims of several test files per page. */
export function sumClaimCounts(perFile: Iterable<ClaimCounts>): ClaimCounts {
  const total: ClaimCounts = new Map();
  for (const counts of perFile) for (const [page, n] of counts) total.set(page, (total.get(page) ?? 0) + n);
  return total;
}

function listTestFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => CLAIM_TEST_FILE.test(file))
    .sort();
}

/** Claims per page over every claim test file as it is on disk now. */
export function claimCountsOnDisk(root = process.cwd()): ClaimCounts {
  return sumClaimCounts(
    listTestFiles(path.join(root, CLAIM_TESTS_DIR)).map((file) =>
      countClaimsInSource(fs.readFileSync(file, 'utf8'), path.relative(root, file).split(path.sep).join('/')),
    ),
  );
}

/** Every claim of every claim test file on disk, with the file (relative to root) that declares it. */
export function declaredClaimsOnDisk(root = process.cwd()): (DeclaredClaim & { file: string })[] {
  return listTestFiles(path.join(root, CLAIM_TESTS_DIR)).flatMap((absolute) => {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    return declaredClaimsInSource(fs.readFileSync(absolute, 'utf8'), file).map((claim) => ({ ...claim, file }));
  });
}
