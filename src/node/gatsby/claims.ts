/**
 * Claims as nodes: each claim test file is a File node (a gatsby-source-filesystem instance named CLAIM_TESTS_SOURCE),
 * and each page it declares claims for a StanClaimCount node under it. A page's figure reads those nodes, so Gatsby
 * re-runs the doc queries when a claim test changes (in develop as soon as it is saved), and never otherwise.
 */
import type { ClaimCounts } from '../claim-count';
import { CLAIM_TEST_FILE, CLAIM_TESTS_DIR, CLAIM_TESTS_SOURCE } from '../sources';
import { NODE_TYPES } from './schema';
import type { NodeModelLike } from './types';

interface FileNodeLike {
  id: string;
  internal: { type: string; contentDigest: string };
  sourceInstanceName?: unknown;
  relativePath?: unknown;
}

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
      id: createNodeId(`${NODE_TYPES.claimCount} ${file} ${page}`),
      parent: node.id,
      children: [],
      internal: { type: NODE_TYPES.claimCount, contentDigest: createContentDigest(fields) },
    };
    await actions.createNode(child);
    actions.createParentChildLink({ parent: node as never, child: child as never });
  }
}

/** The claims the tests declare for a page, summed over the claim test files. */
export async function claimsForPage(nodeModel: Pick<NodeModelLike, 'findAll'>, page: string): Promise<number> {
  const { entries } = await nodeModel.findAll({ type: NODE_TYPES.claimCount, query: { filter: { page: { eq: page } } } });
  let total = 0;
  for (const entry of entries) total += (entry as { claims: number }).claims;
  return total;
}
