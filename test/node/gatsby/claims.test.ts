/** @jest-environment node */
import fs from 'fs';
import path from 'path';
import siteConfig from '../../../site.config';
import { countClaimsInSource } from '@src/node/claim-count';
import { claimsForPage, sourceClaimCounts } from '@src/node/gatsby/claims';
import { docsResolvers } from '@src/node/gatsby/doc-fields';

// The page's figures render its body, and rendering compiles samples with twoslash, which loads TypeScript's libs.
jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const IMPORT = "import { claimsOf } from '../../claims';\n";

/** Gatsby's node store as far as the claim counts use it. */
function claimNodes() {
  const nodes = new Map<string, { id: string; page?: string; claims?: number; parent?: string; internal: { type: string } }>();
  const actions = {
    createNode: jest.fn((node: { id: string; internal: { type: string } }) => void nodes.set(node.id, node)),
    createParentChildLink: jest.fn(),
  };
  const nodeModel = {
    findAll: async ({ type, query }: { type: string; query: { filter: { page: { eq: string } } } }) => ({
      entries: [...nodes.values()].filter((n) => n.internal.type === type && n.page === query.filter.page.eq),
    }),
  };
  const fileNode = (relativePath: string) => ({
    id: `file ${relativePath}`,
    sourceInstanceName: 'claim-tests',
    relativePath,
    internal: { type: 'File', contentDigest: relativePath },
  });
  const source = (relativePath: string, text: string, reporter = { panicOnBuild: jest.fn() }) =>
    sourceClaimCounts({
      node: fileNode(relativePath),
      loadNodeContent: async () => text,
      actions,
      createNodeId: (key) => key,
      createContentDigest: (input) => JSON.stringify(input),
      reporter,
      countClaims: countClaimsInSource,
    });
  return { nodes, actions, nodeModel, source };
}

describe('claims as nodes', () => {
  it('makes one node per page a claim test file declares claims for, under the file, and sums them per page', async () => {
    const store = claimNodes();
    await store.source('claims/a.test.ts', `${IMPORT}const claim = claimsOf('api/atom');\nclaim('x', () => {});\nclaim('y', () => {});\nclaimsOf('intro')('z', () => {});`);
    await store.source('claims/b.test.tsx', `${IMPORT}claimsOf('api/atom')('w', () => {});`);
    await store.source('claims/helpers.ts', `${IMPORT}claimsOf('api/atom')('not a test file', () => {});`);
    expect(store.actions.createParentChildLink).toHaveBeenCalledTimes(3);
    expect(await claimsForPage(store.nodeModel, 'api/atom')).toBe(3);
    expect(await claimsForPage(store.nodeModel, 'intro')).toBe(1);
    expect(await claimsForPage(store.nodeModel, 'guides/ssr')).toBe(0);
  });

  it('fails the build naming the file and line of a claim it cannot count', async () => {
    const store = claimNodes();
    const reporter = { panicOnBuild: jest.fn() };
    await store.source('claims/c.test.ts', `${IMPORT}for (const page of ['intro'] as const) claimsOf(page)('x', () => {});`, reporter);
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/^test\/content-tests\/claims\/c\.test\.ts:2: /));
  });

  it('gives a page its own figures: the samples its render compiled, its claims and the installed release', async () => {
    const store = claimNodes();
    await store.source('claims/u.test.ts', `${IMPORT}const claim = claimsOf('api/utils');\nclaim('a', () => {});\nclaim('b', () => {});`);
    const resolvers = docsResolvers((key) => key, siteConfig);
    const sample = "```ts\nimport { atom } from '@rkrupinski/stan';\nexport const a = atom(1);\n```\n";
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as {
      version: string;
    };
    const checks = await resolvers.Mdx.checks.resolve(
      { id: 'utils', fields: { docsVersion: 'current', docId: 'api/utils', qualifiedDocId: 'api/utils' }, body: `Two samples, one compiled.\n\n${sample}\n${sample.replace('```ts', '```ts partial').replace('atom(1)', 'atom<string>(1)')}`, internal: { contentFilePath: path.join(ROOT, 'content/docs/api/utils.mdx'), contentDigest: 'u' } },
      undefined,
      { nodeModel: { ...store.nodeModel, getNodeById: () => null, findOne: async () => null } },
    );
    expect(checks).toEqual({ packageName: '@rkrupinski/stan', release: manifest.version, samples: 1, statements: 2 });
  });

  it("gives a page of an older docs version that version's release and the claims of that version's tests", async () => {
    const store = claimNodes();
    await store.source('claims/u.test.ts', `${IMPORT}const claim = claimsOf('api/utils');\nclaim('a', () => {});\nclaim('b', () => {});`);
    await store.source(
      'claims-1.0.0-rc14/u.test.ts',
      `${IMPORT}const claim = claimsOf('version-1.0.0-rc14/api/utils');\nclaim('c', () => {});\nclaim('d', () => {});\nclaim('e', () => {});`,
    );
    const resolvers = docsResolvers((key) => key, siteConfig);
    const context = { nodeModel: { ...store.nodeModel, getNodeById: () => null, findOne: async () => null } };
    // The same body in both versions: only the version stamped on its node tells the figures apart.
    const body = "One sample.\n\n```ts\nimport { atom } from '@rkrupinski/stan';\nexport const a = atom(1);\n```\n";
    const checksOf = (file: string, docsVersion: string, qualifiedDocId: string) =>
      resolvers.Mdx.checks.resolve(
        { id: file, fields: { docsVersion, docId: 'api/utils', qualifiedDocId }, body, internal: { contentFilePath: path.join(ROOT, file), contentDigest: 'same' } },
        undefined,
        context,
      );
    expect(await checksOf('content/versioned_docs/version-1.0.0-rc14/api/utils.mdx', '1.0.0-rc14', 'version-1.0.0-rc14/api/utils')).toEqual({
      packageName: '@rkrupinski/stan',
      release: '1.0.0-rc14',
      samples: 1,
      statements: 3,
    });
    expect(await checksOf('content/docs/api/utils.mdx', 'current', 'api/utils')).toEqual({ packageName: '@rkrupinski/stan', release: '1.2.0-rc4', samples: 1, statements: 2 });
  });

});
