/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Node, Reporter } from 'gatsby';
import siteConfig from '../../../site.config';
import { toSidebarRows } from '@src/contract/sidebar-rows';
import { docsResolvers } from '@src/node/gatsby/doc-fields';
import { docHtmlCache } from '@src/node/gatsby/doc-render';
import { readDocsVersions } from '@src/config/docs-versions';
import { checkDocFrontmatter, createDocPages, keepDocsModelNodes, publishedDocs, stampDocVersion } from '@src/node/gatsby/docs';
import { checkBuiltLinks, checkPublishedLinks } from '@src/node/gatsby/links';
import { sourceSocialCardStyle, writePublishedSocialCards } from '@src/node/gatsby/social-cards';

function mockReporter() {
  return {
    panic: jest.fn((message: string) => {
      throw new Error(`panic: ${message}`);
    }),
    panicOnBuild: jest.fn(),
    warn: jest.fn(),
  } as unknown as Reporter & { panic: jest.Mock; panicOnBuild: jest.Mock; warn: jest.Mock };
}

/** Gatsby's createNodeField, as far as the docs model uses it. */
const createNodeField = ({ node, name, value }: { node: Node; name: string; value: string }) => {
  const target = node as unknown as { fields?: Record<string, string> };
  target.fields = { ...target.fields, [name]: value };
};

/** An MDX node as onCreateNode leaves it: stamped with its docs version and ids. */
function mdxNode(file: string, frontmatter: Record<string, unknown>, body = '## Usage\n'): Node {
  const node = {
    id: file,
    body,
    frontmatter,
    internal: { type: 'Mdx', contentFilePath: `${process.cwd()}/${file}`, contentDigest: '1' },
  } as unknown as Node;
  stampDocVersion({ node, actions: { createNodeField } }, readDocsVersions(siteConfig));
  return node;
}

describe('checkDocFrontmatter (onCreateNode)', () => {
  it('fails the build naming the file of a doc without a title', () => {
    const reporter = mockReporter();
    checkDocFrontmatter(mdxNode('content/docs/api/atom.mdx', { description: 'x' }), reporter);
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    expect(reporter.panicOnBuild.mock.calls[0][0]).toMatch(/^content\/docs\/api\/atom\.mdx: frontmatter "title" is missing/);
  });

  it('ignores valid docs and nodes that are not MDX', () => {
    const reporter = mockReporter();
    checkDocFrontmatter(mdxNode('content/docs/api/atom.mdx', { title: 'Atom' }), reporter);
    checkDocFrontmatter({ internal: { type: 'File' } } as unknown as Node, reporter);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });
});

/** Gatsby's node store as far as these steps use it: create (touch when the digest is unchanged), delete, read. */
function fakeNodeStore() {
  const nodes = new Map<string, Node>();
  const log: Array<[string, string]> = [];
  const actions = {
    createNode: jest.fn((input: Record<string, unknown>) => {
      const node = input as unknown as Node;
      const old = nodes.get(node.id);
      log.push([old && old.internal.contentDigest === node.internal.contentDigest ? 'touch' : 'create', node.id]);
      nodes.set(node.id, node);
    }),
    deleteNode: jest.fn((node: Node) => {
      log.push(['delete', node.id]);
      nodes.delete(node.id);
    }),
    touchNode: jest.fn((node: Node) => log.push(['touch', node.id])),
  };
  return {
    nodes,
    log,
    helpers: {
      actions: actions as never,
      createNodeId: (key: string) => `id:${key}`,
      createContentDigest: (input: string | object) => JSON.stringify(input),
      getNodesByType: (type: string) => [...nodes.values()].filter((n) => n.internal.type === type),
    },
    nodeModel: { getNodeById: ({ id }: { id: string }) => nodes.get(id) ?? null, findAll: async () => ({ entries: [] }), findOne: async () => null },
  };
}

describe('stampDocVersion (onCreateNode)', () => {
  it("stamps a doc's node with the version whose folder holds it and its ids, once for every later step", () => {
    expect((mdxNode('content/docs/api/atom.mdx', { title: 'Atom' }) as unknown as { fields: unknown }).fields).toEqual({
      docsVersion: 'current',
      docId: 'api/atom',
      qualifiedDocId: 'api/atom',
    });
    expect((mdxNode('content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', { title: 'Atom' }) as unknown as { fields: unknown }).fields).toEqual({
      docsVersion: '1.0.0-rc14',
      docId: 'api/atom',
      qualifiedDocId: 'version-1.0.0-rc14/api/atom',
    });
  });

  it('leaves a file outside every version and nodes that are not MDX alone', () => {
    expect((mdxNode('content/versioned_docs/version-0.9.0/intro.mdx', { title: 'Old' }) as unknown as { fields?: unknown }).fields).toBeUndefined();
    const file = { id: 'f', internal: { type: 'File' } } as unknown as Node;
    stampDocVersion({ node: file, actions: { createNodeField } }, readDocsVersions(siteConfig));
    expect((file as unknown as { fields?: unknown }).fields).toBeUndefined();
  });
});

describe('the docs model as nodes (createPages) and its GraphQL fields', () => {
  const nodes = [
    mdxNode('content/docs/intro.mdx', { title: 'Introduction', slug: '/', sidebar_position: 1 }),
    mdxNode('content/docs/getting-started/installation.mdx', { title: 'Installation', sidebar_position: 1 }),
    mdxNode('content/docs/api/atom.mdx', { title: 'Atom', sidebar_label: 'atom', sidebar_position: 1 }),
    mdxNode('content/docs/guides/caching.mdx', { title: 'Caching', sidebar_position: 1 }),
  ];
  // The 1.0.0-rc14 version (content/versions.json lists it): its own folder, built by the same pipeline.
  const OLD = 'content/versioned_docs/version-1.0.0-rc14';
  const versioned = [
    mdxNode(`${OLD}/intro.mdx`, { title: 'Introduction', slug: '/', sidebar_position: 1 }),
    mdxNode(`${OLD}/getting-started/installation.mdx`, { title: 'Installation', sidebar_position: 1 }),
    mdxNode(`${OLD}/api/atom.mdx`, { title: 'Atom', sidebar_label: 'atom', sidebar_position: 1 }),
    mdxNode(`${OLD}/guides/caching.mdx`, { title: 'Caching', sidebar_position: 1 }),
  ];

  async function createPagesWith(store: ReturnType<typeof fakeNodeStore>, docs: Node[]) {
    for (const doc of docs) store.nodes.set(doc.id, doc);
    const createPage = jest.fn();
    const all = [...docs, ...versioned];
    for (const doc of versioned) store.nodes.set(doc.id, doc);
    const graphql = jest.fn().mockResolvedValue({ data: { allMdx: { nodes: all } } });
    await createDocPages({ graphql, createPage, reporter: mockReporter(), config: siteConfig, nodes: store.helpers });
    return { createPage, graphql };
  }

  it('publishes one version node and one navigation node per doc, and pages whose context is ids only', async () => {
    const store = fakeNodeStore();
    const { createPage, graphql } = await createPagesWith(store, nodes);
    // One query of the MDX nodes for the whole model.
    expect(graphql).toHaveBeenCalledTimes(1);
    expect([...store.nodes.values()].map((n) => n.internal.type).filter((t) => t !== 'Mdx').sort()).toEqual([
      ...Array(8).fill('StanDocNavigation'),
      'StanDocsVersion',
      'StanDocsVersion',
    ]);
    expect(createPage).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/docs/api/atom',
        context: { id: 'content/docs/api/atom.mdx', docId: 'api/atom' },
      }),
    );
    // The older version's pages are served under its name, with the qualified doc id.
    expect(createPage).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/docs/1.0.0-rc14/api/atom',
        context: { id: `${OLD}/api/atom.mdx`, docId: 'version-1.0.0-rc14/api/atom' },
      }),
    );
    expect(createPage).toHaveBeenCalledTimes(8);
    // Read back from the nodes alone, as onPostBuild and the dev server do: the same model, sidebars and MDX nodes.
    const published = publishedDocs(store.helpers.getNodesByType);
    expect(published?.version.docs.map((d) => d.id)).toContain('api/atom');
    expect(published?.versions.map((v) => [v.name, v.isLast, v.path, v.release])).toEqual([
      ['current', true, '/docs', expect.stringMatching(/^1\.2\./)],
      ['1.0.0-rc14', false, '/docs/1.0.0-rc14', '1.0.0-rc14'],
    ]);
    expect(published?.versions[1]?.docs.map((d) => d.path)).toContain('/docs/1.0.0-rc14/api/atom');
    const versionNode = store.nodes.get('id:StanDocsVersion') as unknown as { sidebars: Array<{ id: string; items: unknown }> };
    for (const { id, items } of versionNode.sidebars) expect(toSidebarRows(published?.version.sidebars[id] ?? [])).toEqual(items);
    expect(JSON.stringify(published?.version.sidebars)).toContain('"api/atom"');
    expect(published?.mdxByFile.get('content/docs/api/atom.mdx')?.id).toBe('content/docs/api/atom.mdx');
  });

  it('in develop keeps the pages of the last good model while an edit leaves the model broken; a build stops', async () => {
    const store = fakeNodeStore();
    await createPagesWith(store, nodes);
    // The category's doc vanishes for a moment (as a file is rewritten): the sidebar then names a doc that does not exist.
    const broken = nodes.filter((n) => !String(n.id).includes('caching'));
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      const { createPage } = await createPagesWith(store, broken);
      expect(createPage).toHaveBeenCalledWith(expect.objectContaining({ path: '/docs/api/atom' }));
      expect(createPage.mock.calls.length).toBeGreaterThanOrEqual(3);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const { createPage } = await createPagesWith(store, broken);
    expect(createPage).not.toHaveBeenCalled();
  });

  it('checks the links of the published docs, read from their bodies, once pages exist (onPostBootstrap)', async () => {
    const store = fakeNodeStore();
    const linking = nodes.map((n, i) => (i === 0 ? mdxNode('content/docs/intro.mdx', n.frontmatter as Record<string, unknown>, 'Start with [atom](/docs/api/atom), not [this](/docs/api/nope).\n') : n));
    await createPagesWith(store, linking);
    const sitePages: Node[] = [];
    const getNodesByType = (type: string) => (type === 'SitePage' ? sitePages : store.helpers.getNodesByType(type));
    const reporter = { panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn() };
    // A link to no page (the docs' own pages exist) is reported with its file and line.
    await checkPublishedLinks({ getNodesByType, reporter });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/content\/docs\/intro\.mdx:1: broken link to "\/docs\/api\/nope"/));
  });

  it('checks a 1.0 page’s links within its version: a page 1.0 lacks is broken there, the last version’s is not', async () => {
    const store = fakeNodeStore();
    const body = 'See [store](/docs/1.0.0-rc14/api/store), [atom](/docs/1.0.0-rc14/api/atom) and [the new atom](/docs/api/atom).\n';
    versioned[0] = mdxNode(`${OLD}/intro.mdx`, { title: 'Introduction', slug: '/', sidebar_position: 1 }, body);
    // Its own digest: links are cached by file and content digest.
    versioned[0].internal.contentDigest = 'linking-1.0';
    try {
      await createPagesWith(store, nodes);
    } finally {
      versioned[0] = mdxNode(`${OLD}/intro.mdx`, { title: 'Introduction', slug: '/', sidebar_position: 1 });
    }
    const getNodesByType = (type: string) => (type === 'SitePage' ? [] : store.helpers.getNodesByType(type));
    const reporter = { panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn() };
    await checkPublishedLinks({ getNodesByType, reporter });
    const reported = reporter.panicOnBuild.mock.calls.map(([message]) => String(message)).join('\n');
    expect(reported).toMatch(/version-1\.0\.0-rc14\/intro\.mdx:1: broken link to "\/docs\/1\.0\.0-rc14\/api\/store"/);
    expect(reported).not.toMatch(/broken link to "\/docs\/1\.0\.0-rc14\/api\/atom"/);
    expect(reported).not.toMatch(/broken link to "\/docs\/api\/atom"/);
  });

  it('answers docsVersion and docNavigation(docId) from those nodes, each query reading one node', async () => {
    const store = fakeNodeStore();
    await createPagesWith(store, nodes);
    const resolvers = docsResolvers(store.helpers.createNodeId, siteConfig);
    const context = { nodeModel: { getNodeById: jest.fn(store.nodeModel.getNodeById), findAll: store.nodeModel.findAll, findOne: async () => null } };
    const version = resolvers.Query.docsVersion.resolve(undefined, {}, context) as Record<string, unknown>;
    expect(version).toMatchObject({ name: 'current', label: '1.2.0-rc4', isLast: true, path: '/docs', mainDocId: 'intro' });
    expect(version.sidebars).toEqual([expect.objectContaining({ id: 'docs', firstDocPath: '/docs' })]);
    expect(version.linkedDocs).toEqual([{ id: 'intro', path: '/docs', title: 'Introduction' }]);
    const nav = resolvers.Query.docNavigation.resolve(undefined, { docId: 'api/atom' }, context) as Record<string, unknown>;
    expect(nav.breadcrumbs).toEqual([{ label: 'API', href: '/docs/api/atom' }, { label: 'atom', href: null }]);
    expect(nav.previous).toEqual({ title: 'Installation', href: '/docs/getting-started/installation' });
    expect(nav.next).toEqual({ title: 'Caching', href: '/docs/guides/caching' });
    expect(nav).toMatchObject({ versionName: 'current', lastVersionDocPath: '/docs/api/atom', versionSidebar: null });
    expect(context.nodeModel.getNodeById).toHaveBeenCalledTimes(2);
    expect(() => resolvers.Query.docNavigation.resolve(undefined, { docId: 'nope' }, context)).toThrow(/"nope" is not a published doc/);
    // Each version by name, and the list of every version, the last first.
    const old = resolvers.Query.docsVersion.resolve(undefined, { name: '1.0.0-rc14' }, context) as Record<string, unknown>;
    expect(old).toMatchObject({ name: '1.0.0-rc14', label: '1.0.0-rc14', release: '1.0.0-rc14', isLast: false, banner: 'unmaintained', badge: true, path: '/docs/1.0.0-rc14', mainDocPath: '/docs/1.0.0-rc14' });
    expect(() => resolvers.Query.docsVersion.resolve(undefined, { name: '0.9' }, context)).toThrow(/no docs version "0.9"/);
    const all = resolvers.Query.docsVersions.resolve(undefined, {}, context) as Array<{ name: string }>;
    expect(all.map((v) => v.name)).toEqual(['current', '1.0.0-rc14']);
    // A 1.0 doc's navigation stays in 1.0, carries its sidebar's rows and points to the same doc in the last version.
    const oldNav = resolvers.Query.docNavigation.resolve(undefined, { docId: 'version-1.0.0-rc14/api/atom' }, context) as Record<string, unknown>;
    expect(oldNav.previous).toEqual({ title: 'Installation', href: '/docs/1.0.0-rc14/getting-started/installation' });
    expect(oldNav.next).toEqual({ title: 'Caching', href: '/docs/1.0.0-rc14/guides/caching' });
    expect(oldNav.breadcrumbs).toEqual([{ label: 'API', href: '/docs/1.0.0-rc14/api/atom' }, { label: 'atom', href: null }]);
    expect(oldNav).toMatchObject({ versionName: '1.0.0-rc14', lastVersionDocPath: '/docs/api/atom' });
    expect((oldNav.versionSidebar as Array<{ href: string }>).map((r) => r.href)).toContain('/docs/1.0.0-rc14/guides/caching');
  });

  it('an edit of one doc changes only the nodes whose data changed', async () => {
    const store = fakeNodeStore();
    await createPagesWith(store, nodes);
    store.log.length = 0;
    // The same docs again (a body edit changes no frontmatter): every node is only touched.
    await createPagesWith(store, nodes);
    expect(store.log.filter(([kind]) => kind !== 'touch')).toEqual([]);
    // A new title for the installation page: its own breadcrumb, its neighbours' previous/next and the sidebar
    // change; the caching page's navigation does not.
    store.log.length = 0;
    const retitled = nodes.map((n, i) => (i === 1 ? mdxNode('content/docs/getting-started/installation.mdx', { title: 'Install', sidebar_position: 1 }) : n));
    await createPagesWith(store, retitled);
    expect(store.log.filter(([kind]) => kind === 'create').map(([, id]) => id).sort()).toEqual([
      'id:StanDocNavigation api/atom',
      'id:StanDocNavigation getting-started/installation',
      'id:StanDocNavigation intro',
      'id:StanDocsVersion',
    ]);
    // A removed doc loses its navigation node.
    await createPagesWith(store, [...nodes, mdxNode('content/docs/guides/ssr.mdx', { title: 'SSR', sidebar_position: 2 })]);
    store.log.length = 0;
    await createPagesWith(store, nodes);
    expect(store.log).toContainEqual(['delete', 'id:StanDocNavigation guides/ssr']);
  });

  it('sourceNodes keeps the previous run\'s model nodes alive until createPages replaces them', async () => {
    const store = fakeNodeStore();
    await createPagesWith(store, nodes);
    store.log.length = 0;
    keepDocsModelNodes(store.helpers);
    expect(store.log.filter(([kind]) => kind === 'touch')).toHaveLength(10);
  });

  it('renders Mdx.html with heading anchors, and the render depends on the renderer version node', async () => {
    const store = fakeNodeStore();
    const resolvers = docsResolvers(store.helpers.createNodeId, siteConfig);
    const context = { nodeModel: { getNodeById: jest.fn(() => null), findAll: async () => ({ entries: [] }), findOne: async () => null } };
    const html = await resolvers.Mdx.html.resolve(nodes[2] as never, undefined, context);
    expect(html).toContain('<h2 id="usage">');
    expect(context.nodeModel.getNodeById).toHaveBeenCalledWith({ id: 'id:StanOutputVersion', type: 'StanOutputVersion' });
  });

  it('fails the build on a body that cannot be rendered; in develop shows the error in its place and reports it once', async () => {
    const reporter = { error: jest.fn() };
    const resolvers = docsResolvers((key) => key, siteConfig, reporter);
    const context = { nodeModel: { getNodeById: () => null, findAll: async () => ({ entries: [] }), findOne: async () => null } };
    const broken = mdxNode('content/docs/guides/broken.mdx', { title: 'B' }, 'A stray { opens an expression.\n');
    await expect(resolvers.Mdx.html.resolve(broken as never, undefined, context)).rejects.toThrow(/content\/docs\/guides\/broken\.mdx/);
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      const html = await resolvers.Mdx.html.resolve(broken as never, undefined, context);
      expect(html).toContain('role="alert"');
      expect(html).toContain('content/docs/guides/broken.mdx');
      expect(await resolvers.Mdx.toc.resolve(broken as never, undefined, context)).toEqual([]);
      expect(reporter.error).toHaveBeenCalledTimes(1);
      expect(reporter.error.mock.calls[0][0]).toMatch(/content\/docs\/guides\/broken\.mdx/);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it('renders each content version of a doc once, across calls', async () => {
    const resolvers = docsResolvers((key) => key, siteConfig);
    const context = { nodeModel: { getNodeById: () => null, findAll: async () => ({ entries: [] }), findOne: async () => null } };
    const node = mdxNode('content/docs/guides/cache-test.mdx', { title: 'T' }, '## Once\n');
    const before = { ...docHtmlCache.stats };
    await resolvers.Mdx.html.resolve(node as never, undefined, context);
    await resolvers.Mdx.html.resolve(node as never, undefined, context);
    expect(docHtmlCache.stats.misses - before.misses).toBe(1);
    const edited = { ...node, body: '## Twice\n', internal: { ...node.internal, contentDigest: '2' } };
    expect(await resolvers.Mdx.html.resolve(edited as never, undefined, context)).toContain('id="twice"');
    expect(docHtmlCache.stats.misses - before.misses).toBe(2);
  });

  describe('social cards', () => {
    const described = nodes.map((n) => ({ ...n, frontmatter: { ...(n.frontmatter as object), description: `About ${String(n.id)}` } }) as Node);

    async function publish(docs: Node[]) {
      const store = fakeNodeStore();
      await createPagesWith(store, docs);
      sourceSocialCardStyle(store.helpers, siteConfig);
      const resolvers = docsResolvers(store.helpers.createNodeId, siteConfig);
      const context = { nodeModel: { getNodeById: jest.fn(store.nodeModel.getNodeById), findAll: store.nodeModel.findAll, findOne: async () => null } };
      const cardOf = (node: Node) => resolvers.Mdx.socialCard.resolve(node as never, undefined, context);
      return { store, cardOf, context };
    }

    it("names in each doc's query the card onPostBuild writes, drawing only cards not drawn before", async () => {
      const { store, cardOf, context } = await publish(described);
      const atom = cardOf(described[2] as Node);
      expect(atom).toMatch(/^\/static\/og\/api-atom\.[0-9a-f]{12}\.png$/);
      expect(context.nodeModel.getNodeById).toHaveBeenCalledWith({ id: 'id:StanSocialCardStyle', type: 'StanSocialCardStyle' });
      const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
      const stale = path.join(publicDir, 'static/og/api-atom.000000000000.png');
      fs.mkdirSync(path.dirname(stale), { recursive: true });
      fs.writeFileSync(stale, 'old');
      const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
      await writePublishedSocialCards({ getNodesByType: store.helpers.getNodesByType, reporter, config: siteConfig, publicDir });
      expect(reporter.panicOnBuild).not.toHaveBeenCalled();
      const written = fs.readdirSync(path.join(publicDir, 'static/og')).sort();
      // The site's card and one per doc of each version (4 current, 4 of 1.0.0-rc14); the card of an earlier build is gone.
      expect(written).toHaveLength(9);
      expect(written).toContain(path.basename(atom));
      expect(written.filter((name) => name.startsWith('version-1-0-0-rc14-'))).toHaveLength(4);
      expect(written.some((name) => name.startsWith('site.'))).toBe(true);
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.readFileSync(path.join(publicDir, atom)).subarray(1, 4).toString()).toBe('PNG');
      expect(reporter.info).toHaveBeenLastCalledWith(expect.stringMatching(/^Social cards: 9, 9 drawn/));
      // A fresh public/ with Gatsby's cache warm: every card comes from the cache, none is drawn again.
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-'));
      await writePublishedSocialCards({ getNodesByType: store.helpers.getNodesByType, reporter, config: siteConfig, publicDir: fresh });
      expect(reporter.info).toHaveBeenLastCalledWith(expect.stringMatching(/^Social cards: 9, 0 drawn, 9 from the cache/));
    });

    it("keeps a doc's card URL through a body edit and changes it with the title or description", async () => {
      const { cardOf } = await publish(described);
      const atom = described[2] as Node;
      const before = cardOf(atom);
      expect(cardOf({ ...atom, body: '## Changed\n', internal: { ...atom.internal, contentDigest: '9' } } as Node)).toBe(before);
      expect(cardOf({ ...atom, frontmatter: { ...(atom.frontmatter as object), title: 'Atoms' } } as Node)).not.toBe(before);
      expect(cardOf({ ...atom, frontmatter: { ...(atom.frontmatter as object), description: 'New' } } as Node)).not.toBe(before);
    });
  });
});

describe('checkBuiltLinks', () => {
  const pages = (url: string) => [{ file: 'content/docs/a.mdx', route: '/docs/a', links: [{ url, line: 3 }], headingIds: [] }];
  const reporter = () => ({ panicOnBuild: jest.fn(), warn: jest.fn(), info: jest.fn() });

  it('fails the build on a link to no page, naming file and line', () => {
    const r = reporter();
    checkBuiltLinks({ pagePaths: ['/docs/a'], reporter: r, pages: pages('/docs/nope') });
    expect(r.panicOnBuild).toHaveBeenCalledWith(expect.stringContaining('content/docs/a.mdx:3'));
  });

  it('in develop prints a report again only when it changed, and says when the problems are fixed', () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      const r = reporter();
      checkBuiltLinks({ pagePaths: ['/docs/a'], reporter: r, pages: pages('/docs/gone') });
      checkBuiltLinks({ pagePaths: ['/docs/a'], reporter: r, pages: pages('/docs/gone') });
      expect(r.panicOnBuild).toHaveBeenCalledTimes(1);
      checkBuiltLinks({ pagePaths: ['/docs/a'], reporter: r, pages: pages('/docs/other-gone') });
      expect(r.panicOnBuild).toHaveBeenCalledTimes(2);
      checkBuiltLinks({ pagePaths: ['/docs/a'], reporter: r, pages: pages('/docs/a') });
      expect(r.info).toHaveBeenCalledWith('Links: the problems reported before are fixed.');
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });
});
