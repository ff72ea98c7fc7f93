/**
 * What the build checked on each doc page, for the line that ends it: how many samples compile against the
 * installed @rkrupinski/stan (the fences src/node/type-hints.ts compiles), and how many statements of the page
 * are run by tests (the claims declared in the claim tests that `npm test` runs, counted by the parser of
 * src/content-tests/claim-count.ts, which gatsby-node.ts hands to the build).
 * Each figure depends only on the page's own MDX and on files outside the docs, never on other pages.
 */
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import type { SiteConfig } from '../config/types';
import { docIdFromRelativePath } from './docs-model';
import { CLAIM_TEST_FILE, CLAIM_TESTS_DIR, CLAIM_TESTS_SOURCE } from './sources';
import { fenceLanguage, parseCodeMeta } from './mdx/remark/code-meta';
import { compilesSample } from './type-hints';

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
// The GraphQL field Mdx.checks

export { CLAIM_TESTS_DIR };

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

/** Claims per page (`api/atom` → 23) declared by one test file. */
export type ClaimCounts = ReadonlyMap<string, number>;

/** Counts the claims of one test file's source; throws an error naming the file and line of a claim it cannot count. */
export type CountClaims = (source: string, file: string) => ClaimCounts;

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
  countClaims,
}: {
  node: FileNodeLike;
  loadNodeContent: (node: never) => Promise<string>;
  actions: { createNode(node: object): unknown; createParentChildLink(args: { parent: never; child: never }): unknown };
  createNodeId: (key: string) => string;
  createContentDigest: (input: string | object) => string;
  reporter: { panicOnBuild(message: string): unknown };
  countClaims: CountClaims;
}): Promise<void> {
  if (node.internal.type !== 'File' || node.sourceInstanceName !== CLAIM_TESTS_SOURCE) return;
  if (typeof node.relativePath !== 'string' || !CLAIM_TEST_FILE.test(node.relativePath)) return;
  const file = `${CLAIM_TESTS_DIR}/${node.relativePath}`;
  const source = await loadNodeContent(node as never);
  let counts: ClaimCounts;
  try {
    counts = countClaims(source, file);
  } catch (error) {
    const message = (error as Error).message;
    reporter.panicOnBuild(message.includes(file) ? message : `${file}: ${message}`);
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
