/**
 * What the build checked on each doc page, for the line that ends it: how many samples compile against the
 * installed @rkrupinski/stan (the fences src/node/type-hints.ts compiles), and how many statements of the page
 * are run by tests (the claims declared in the claim tests that `npm test` runs, read with TypeScript's parser).
 * Each figure depends only on the page's own MDX and on files outside the docs, never on other pages.
 */
import crypto from 'crypto';
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import type TS from 'typescript';
import { lazyTypescript } from './typescript';
import type { SiteConfig } from '../config/types';
import { docIdFromRelativePath } from './docs-model';
import { CLAIM_TESTS_DIR, CLAIM_TESTS_SOURCE } from './sources';
import { fenceLanguage, parseCodeMeta } from './remark-code-meta';
import { compilesSample } from './type-hints';

const ts = lazyTypescript();

/** A claim test the build cannot count (the message names the file, line and fix). */
export class DocChecksError extends Error {
  override name = 'DocChecksError';
}

// ---------------------------------------------------------------------------------------------------------------
// Samples

/** Whether the build compiles a fence with this language and meta (ts/tsx, not marked `partial`). */
export function isCompiledFence(lang: string | null | undefined, meta: string | null | undefined): boolean {
  return compilesSample(fenceLanguage(lang), parseCodeMeta(meta).partial);
}

/** The fences of a rendered doc that the build compiled (the renderer counts them as it draws, see render-mdx.ts). */
export const compiledSamples = (fences: ReadonlyArray<{ lang: string; partial: boolean }>): number =>
  fences.filter((fence) => compilesSample(fence.lang, fence.partial)).length;

// ---------------------------------------------------------------------------------------------------------------
// Statements

/** Claims per page (`api/atom` → 23) declared by one test file. */
export type ClaimCounts = Map<string, number>;

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

/**
 * Counts the claims a test file declares, per page: calls of `claimsOf('page')(…)` and of a constant bound with
 * `const claim = claimsOf('page')`. Each such call declares one test, the claim of one statement (with one or more
 * quotes of it). Claims in skipped blocks are not counted, since they do not run. A claim the source cannot count
 * exactly (declared in a loop, a page given by a variable, the claim function passed around) is an error.
 */
export function countClaimsInSource(source: string, file: string): ClaimCounts {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const counts: ClaimCounts = new Map();
  const where = (node: TS.Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const fail = (node: TS.Node, message: string): never => {
    throw new DocChecksError(`${where(node)}: ${message}`);
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
  if (claimsOfNames.size === 0) return counts;

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
  const add = (page: string) => counts.set(page, (counts.get(page) ?? 0) + 1);

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
        if (!next.skipped) add(page);
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
  return counts;
}

/** Adds up the claims of several test files per page. */
export function sumClaimCounts(perFile: Iterable<ClaimCounts>): ClaimCounts {
  const total: ClaimCounts = new Map();
  for (const counts of perFile) for (const [page, n] of counts) total.set(page, (total.get(page) ?? 0) + n);
  return total;
}

// ---------------------------------------------------------------------------------------------------------------
// The GraphQL field Mdx.checks

export { CLAIM_TESTS_DIR };
const TEST_FILE = /\.test\.[jt]sx?$/;

export interface DocChecks {
  /** The documented package as installed: name and version from its package.json. */
  packageName: string;
  release: string;
  samples: number;
  statements: number;
}

export const docChecksTypeDefs = `
  type StanDocChecks @dontInfer {
    packageName: String!
    release: String!
    samples: Int!
    statements: Int!
  }
`;

const ROOT = process.cwd();
const digest = (text: string) => crypto.createHash('sha1').update(text).digest('hex');

function listTestFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => TEST_FILE.test(file))
    .sort();
}

// One parse per version of each test file (keyed by content digest), however many pages ask.
const claimCache = new Map<string, ClaimCounts>();

/** Claims per page over every claim test file as it is on disk now. */
export function claimCountsOnDisk(root = ROOT): ClaimCounts {
  return sumClaimCounts(
    listTestFiles(path.join(root, CLAIM_TESTS_DIR)).map((file) => {
      const source = fs.readFileSync(file, 'utf8');
      const relative = path.relative(root, file).split(path.sep).join('/');
      const key = `${relative}:${digest(source)}`;
      let counts = claimCache.get(key);
      if (!counts) {
        counts = countClaimsInSource(source, relative);
        claimCache.set(key, counts);
      }
      return counts;
    }),
  );
}

/** Name and version of the installed package, read from its package.json (found from its main entry). */
export function installedPackage(name = '@rkrupinski/stan', root = ROOT): { packageName: string; release: string } {
  const entry = createRequire(path.join(root, 'package.json')).resolve(name);
  let dir = path.dirname(entry);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (json.name === name && json.version) return { packageName: name, release: json.version };
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${name} above ${entry}`);
    dir = parent;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Claims as nodes: each claim test file is a File node (a gatsby-source-filesystem instance named CLAIM_TESTS_SOURCE),
// and each page it declares claims for a StanClaimCount node under it. A page's figure reads those nodes, so Gatsby
// re-runs the doc queries when a claim test changes (in develop as soon as it is saved), and never otherwise.

export const CLAIM_COUNT_NODE_TYPE = 'StanClaimCount';

export const claimCountTypeDefs = `
  "How many claims one test file declares for one doc page."
  type ${CLAIM_COUNT_NODE_TYPE} implements Node @dontInfer {
    page: String!
    claims: Int!
    file: String!
  }
`;

interface FileNodeLike {
  id: string;
  internal: { type: string; contentDigest: string };
  sourceInstanceName?: unknown;
  relativePath?: unknown;
}

/**
 * onCreateNode: a claim test file → one StanClaimCount node per page it declares claims for. A file the build cannot
 * count fails the build naming file and line (develop prints it and keeps the file's previous counts out).
 */
export async function sourceClaimCounts({
  node,
  loadNodeContent,
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}: {
  node: FileNodeLike;
  loadNodeContent: (node: never) => Promise<string>;
  actions: { createNode(node: object): unknown; createParentChildLink(args: { parent: never; child: never }): unknown };
  createNodeId: (key: string) => string;
  createContentDigest: (input: string | object) => string;
  reporter: { panicOnBuild(message: string): unknown };
}): Promise<void> {
  if (node.internal.type !== 'File' || node.sourceInstanceName !== CLAIM_TESTS_SOURCE) return;
  if (typeof node.relativePath !== 'string' || !TEST_FILE.test(node.relativePath)) return;
  const file = `${CLAIM_TESTS_DIR}/${node.relativePath}`;
  let counts: ClaimCounts;
  try {
    counts = countClaimsInSource(await loadNodeContent(node as never), file);
  } catch (error) {
    if (!(error instanceof DocChecksError)) throw error;
    reporter.panicOnBuild(error.message);
    return;
  }
  for (const [page, claims] of counts) {
    const fields = { page, claims, file };
    const child = {
      ...fields,
      id: createNodeId(`${CLAIM_COUNT_NODE_TYPE} ${file} ${page}`),
      parent: node.id,
      children: [],
      internal: { type: CLAIM_COUNT_NODE_TYPE, contentDigest: createContentDigest(fields) },
    };
    await actions.createNode(child);
    actions.createParentChildLink({ parent: node as never, child: child as never });
  }
}

interface NodeModelLike {
  findAll(args: { type: string; query: { filter: { page: { eq: string } } } }): Promise<{ entries: Iterable<unknown> }>;
}

/** The claims the tests declare for a page, summed over the claim test files. */
export async function claimsForPage(nodeModel: NodeModelLike, page: string): Promise<number> {
  const { entries } = await nodeModel.findAll({ type: CLAIM_COUNT_NODE_TYPE, query: { filter: { page: { eq: page } } } });
  let total = 0;
  for (const entry of entries) total += (entry as { claims: number }).claims;
  return total;
}

let installed: { packageName: string; release: string } | undefined;

/** The doc id of an MDX file under the docs folder (`content/docs/api/atom.mdx` → `api/atom`). */
const pageOf = (contentFilePath: string, config: Pick<SiteConfig, 'docs'>) =>
  docIdFromRelativePath(path.relative(path.resolve(ROOT, config.docs.contentDir), contentFilePath));

/**
 * `Mdx.checks`: the installed release, the samples the renderer compiled for this doc (`samplesOf`, from the same
 * cached render as its HTML) and the claims the tests declare for it.
 */
export function docChecksResolvers<Source extends { internal: { contentFilePath?: string | null } }, Context extends { nodeModel: NodeModelLike }>(
  config: Pick<SiteConfig, 'docs'>,
  samplesOf: (source: Source, context: Context, info: unknown) => Promise<number>,
) {
  return {
    Mdx: {
      checks: {
        type: 'StanDocChecks!',
        resolve: async (source: Source, _args: unknown, context: Context, info?: unknown): Promise<DocChecks> => {
          installed ??= installedPackage();
          const [samples, statements] = await Promise.all([
            samplesOf(source, context, info),
            claimsForPage(context.nodeModel, pageOf(source.internal.contentFilePath ?? '', config)),
          ]);
          return { ...installed, samples, statements };
        },
      },
    },
  };
}
