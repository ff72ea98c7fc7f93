/** @jest-environment node */
// The claim tests are loaded as Jest loads them (some need Node's own Buffer), so this file runs in node.
import fs from 'fs';
import path from 'path';
import {
  CLAIM_TESTS_DIR,
  claimCountsOnDisk,
  claimsForPage,
  countClaimsInSource,
  docChecksResolvers,
  DocChecksError,
  installedPackage,
  isCompiledFence,
  sourceClaimCounts,
  sumClaimCounts,
} from '../doc-checks';
import { renderMdx } from '../render-mdx';
import siteConfig from '../../../site.config';

// Rendering compiles samples with twoslash, which loads TypeScript's library files once.
jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const IMPORT = "import { claimsOf } from '../../claims';\n";
const counts = (source: string, file = 'x.test.ts') => Object.fromEntries(countClaimsInSource(source, file));

describe('countClaimsInSource', () => {
  it('counts calls of a bound claim function and of claimsOf(page)(…), per page', () => {
    const source = `${IMPORT}
const claim = claimsOf('api/atom');
claim('one', () => {});
claim(['two', 'three'], async () => {
  claim('not a claim of its own: inside a claim body', () => {});
});
claimsOf('api/store')('four', () => {});`;
    expect(counts(source)).toEqual({ 'api/atom': 2, 'api/store': 1 });
  });

  it('resolves each claim function in its own block, as describe blocks bind them', () => {
    const source = `${IMPORT}
describe('intro', () => {
  const claim = claimsOf('intro');
  claim('a', () => {});
  claim('b', () => {});
});
describe('installation', () => {
  const claim = claimsOf('getting-started/installation');
  claim('c', () => {});
  function helper(claim: (s: string) => void) { claim('a parameter, not a claim function'); }
  helper(() => {});
});`;
    expect(counts(source)).toEqual({ intro: 2, 'getting-started/installation': 1 });
  });

  it('follows an import alias and ignores files that do not import claimsOf', () => {
    expect(counts("import { claimsOf as of } from '../claims';\nof('intro')('x', () => {});")).toEqual({ intro: 1 });
    expect(counts("const claimsOf = (p: string) => () => p;\nclaimsOf('intro')('x', () => {});")).toEqual({});
  });

  it('does not count claims in skipped blocks, which do not run', () => {
    const source = `${IMPORT}
const claim = claimsOf('intro');
describe.skip('later', () => { claim('a', () => {}); });
xdescribe('later', () => { claim('b', () => {}); });
claim('c', () => {});`;
    expect(counts(source)).toEqual({ intro: 1 });
  });

  it('reads TSX test files', () => {
    const source = `${IMPORT}const claim = claimsOf('api/react');\nclaim('renders', () => { const el = <p>{'x'}</p>; return el; });`;
    expect(counts(source, 'x.test.tsx')).toEqual({ 'api/react': 1 });
  });

  it.each([
    ['a claim in a loop', `${IMPORT}const claim = claimsOf('intro');\nfor (const w of ['a', 'b']) {\n  claim(w, () => {});\n}`, /x\.test\.ts:4: a claim declared in a loop/],
    ['a claim per table row', `${IMPORT}const claim = claimsOf('intro');\n['a', 'b'].forEach((w) => claim(w, () => {}));`, /x\.test\.ts:3: a claim declared in a loop/],
    ['a page given by a variable', `${IMPORT}const page = 'intro';\nconst claim = claimsOf(page);`, /x\.test\.ts:3: claimsOf\(\) needs the page as a string literal/],
    ['the claim function passed around', `${IMPORT}const claim = claimsOf('intro');\nrunAll(claim);`, /x\.test\.ts:3: the claim function `claim` is used other than by calling it/],
    ['claimsOf kept in an object', `${IMPORT}const claims = { intro: claimsOf('intro') };`, /x\.test\.ts:2: use claimsOf\('page'\) as/],
  ])('fails on %s, naming the file and line', (_name, source, message) => {
    expect(() => countClaimsInSource(source, 'x.test.ts')).toThrow(DocChecksError);
    expect(() => countClaimsInSource(source, 'x.test.ts')).toThrow(message);
  });

  it('adds files up per page', () => {
    const total = sumClaimCounts([new Map([['intro', 2]]), new Map([['intro', 1], ['api/atom', 4]])]);
    expect(Object.fromEntries(total)).toEqual({ intro: 3, 'api/atom': 4 });
  });
});

describe('the claim tests of this repository', () => {
  // The reference: what the test files really declare when Jest loads them, with claimsOf counting its calls.
  function declaredWhenLoaded(): Map<string, number> {
    const declared = new Map<string, number>();
    const files = (function list(dir: string): string[] {
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? list(path.join(dir, e.name)) : /\.test\.[jt]sx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    })(path.join(ROOT, CLAIM_TESTS_DIR));
    const globals = globalThis as unknown as Record<string, unknown>;
    const saved = ['describe', 'it', 'test', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll'].map((k) => [k, globals[k]] as const);
    // Blocks run their bodies (skipped ones do not, as in Jest); tests and hooks are only declared.
    const noop = () => {};
    const test = Object.assign(noop, { each: () => noop, skip: noop, only: noop, todo: noop });
    const run = (_name: string, fn?: () => void) => fn?.();
    const describe = Object.assign(run, { each: () => noop, skip: noop, only: run });
    Object.assign(globals, { describe, it: test, test, beforeEach: noop, afterEach: noop, beforeAll: noop, afterAll: noop });
    try {
      for (const file of files.filter((f) => fs.readFileSync(f, 'utf8').includes('claimsOf'))) {
        jest.isolateModules(() => {
          jest.doMock(path.join(ROOT, 'src/content-tests/claims.ts'), () => ({
            ...jest.requireActual(path.join(ROOT, 'src/content-tests/claims.ts')),
            claimsOf: (page: string) => () => declared.set(page, (declared.get(page) ?? 0) + 1),
          }));
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require(file);
        });
      }
    } finally {
      Object.assign(globals, Object.fromEntries(saved));
    }
    return declared;
  }

  it('counts exactly the claims the test files declare, page by page', () => {
    const parsed = claimCountsOnDisk(ROOT);
    const declared = declaredWhenLoaded();
    expect(Object.fromEntries([...parsed].sort())).toEqual(Object.fromEntries([...declared].sort()));
    expect(parsed.size).toBeGreaterThan(10);
  });
});

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
