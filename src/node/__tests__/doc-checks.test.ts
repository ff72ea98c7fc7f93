/** @jest-environment node */
import fs from 'fs';
import path from 'path';
import { claimsForPage, docChecksResolvers, installedPackage, isCompiledFence, sourceClaimCounts } from '../doc-checks';
import { countClaimsInSource } from '../../content-tests/claim-count';
import { renderMdx } from '../render-mdx';
import siteConfig from '../../../site.config';

// Rendering compiles samples with twoslash, which loads TypeScript's library files once.
jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const IMPORT = "import { claimsOf } from '../../claims';\n";

describe('compiled samples', () => {
  const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
  const ok = "import { atom } from '@rkrupinski/stan';\nexport const a = atom(1);";
  const broken = "import { atom } from '@rkrupinski/stan';\nexport const a = atom<string>(1);";

  it('uses the build predicate: ts, tsx and typescript fences in any case, unless partial', () => {
    expect(['ts', 'TSX', 'typescript'].map((lang) => isCompiledFence(lang, ''))).toEqual([true, true, true]);
    expect(isCompiledFence('ts', 'title="a.ts" partial')).toBe(false);
    expect(isCompiledFence('ts', 'title="partial.ts"')).toBe(true);
    expect(['js', 'json', 'bash', 'mermaid', null].map((lang) => isCompiledFence(lang, ''))).toEqual([false, false, false, false, false]);
  });

  it('counts what the build compiles: the samples that come out with type hints', async () => {
    const body = [
      'Some prose with `inline` code.',
      fence('ts', ok),
      fence('TSX title="App.tsx" {1}', ok),
      fence('ts partial', broken),
      fence('js', 'const b = 1;'),
      fence('json', '{}'),
      '<Tabs>\n<TabItem value="a">\n',
      fence('typescript', ok),
      '</TabItem>\n</Tabs>\n',
      '<Admonition type="note">\n',
      fence('ts title="note.ts"', ok),
      '</Admonition>\n',
    ].join('\n');
    const { html, samples } = await renderMdx(body, 'content/docs/fixture.mdx');
    const compiled = html.match(/class="code-block__body" data-island="type-hints"/g)?.length ?? 0;
    expect(compiled).toBe(4);
    expect(samples).toBe(compiled);
  });

  it('counts none on a page without typed samples', async () => {
    expect((await renderMdx(`# Title\n\n${fence('bash', 'npm test')}`, 'content/docs/fixture.mdx')).samples).toBe(0);
  });
});

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
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/^src\/content-tests\/__tests__\/claims\/c\.test\.ts:2: /));
  });

  it('gives a page its own figures: the samples its render compiled, its claims and the installed release', async () => {
    const store = claimNodes();
    await store.source('claims/u.test.ts', `${IMPORT}const claim = claimsOf('api/utils');\nclaim('a', () => {});\nclaim('b', () => {});`);
    const resolvers = docChecksResolvers(siteConfig, async () => 3);
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as {
      version: string;
    };
    const checks = await resolvers.Mdx.checks.resolve(
      { internal: { contentFilePath: path.join(ROOT, 'content/docs/api/utils.mdx') } },
      undefined,
      { nodeModel: store.nodeModel },
    );
    expect(checks).toEqual({ packageName: '@rkrupinski/stan', release: manifest.version, samples: 3, statements: 2 });
  });

  it('finds the installed package through its entry point, and names one that is missing', () => {
    expect(installedPackage('@rkrupinski/stan', ROOT).packageName).toBe('@rkrupinski/stan');
    expect(() => installedPackage('no-such-package-here', ROOT)).toThrow(/no-such-package-here/);
  });
});
