/** @jest-environment node */
import type { Node, Reporter } from 'gatsby';
import siteConfig from '../../../site.config';
import { checkDocFrontmatter, docsResolvers, validateConfig } from '../gatsby-lifecycle';

function mockReporter() {
  return {
    panic: jest.fn((message: string) => {
      throw new Error(`panic: ${message}`);
    }),
    panicOnBuild: jest.fn(),
    warn: jest.fn(),
  } as unknown as Reporter & { panic: jest.Mock; panicOnBuild: jest.Mock; warn: jest.Mock };
}

function mdxNode(file: string, frontmatter: Record<string, unknown>, body = '## Usage\n'): Node {
  return {
    id: file,
    body,
    frontmatter,
    internal: { type: 'Mdx', contentFilePath: `${process.cwd()}/${file}`, contentDigest: '1' },
  } as unknown as Node;
}

describe('validateConfig (onPreInit)', () => {
  it('passes the real site config through', () => {
    const reporter = mockReporter();
    expect(validateConfig(siteConfig, reporter).title).toBe('Stan');
    expect(reporter.panic).not.toHaveBeenCalled();
  });

  it('stops the build with a message naming the bad path', () => {
    const reporter = mockReporter();
    const broken = structuredClone(siteConfig);
    (broken.themeConfig.navbar.items[1] as { type: string }).type = 'dropdwn';
    expect(() => validateConfig(broken, reporter)).toThrow(/themeConfig\.navbar\.items\[1\]\.type/);
    expect(reporter.panic.mock.calls[0][0]).toMatch(/^Configuration error in site\.config\.ts:/);
  });

});

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

describe('docsResolvers (GraphQL)', () => {
  const nodes = [
    mdxNode('content/docs/intro.mdx', { title: 'Introduction', slug: '/', sidebar_position: 1 }),
    mdxNode('content/docs/getting-started/installation.mdx', { title: 'Installation', sidebar_position: 1 }),
    mdxNode('content/docs/api/atom.mdx', { title: 'Atom', sidebar_label: 'atom', sidebar_position: 1 }),
    mdxNode('content/docs/guides/caching.mdx', { title: 'Caching', sidebar_position: 1 }),
  ];
  const context = { nodeModel: { findAll: async () => ({ entries: nodes }) } };
  const resolvers = docsResolvers(siteConfig);

  it('exposes the docs version: current / Next at /docs with its sidebar', async () => {
    const version = await resolvers.Query.docsVersion.resolve(undefined, undefined, context);
    expect(version).toMatchObject({ name: 'current', label: 'Next', isLast: true, path: '/docs', mainDocId: 'intro' });
    expect(version.docs.map((d) => d.path)).toContain('/docs/api/atom');
    expect(version.sidebars).toEqual([expect.objectContaining({ id: 'docs', firstDocPath: '/docs' })]);
  });

  it('exposes breadcrumbs and previous/next of a doc', async () => {
    const nav = await resolvers.Query.docNavigation.resolve(undefined, { docId: 'api/atom' }, context);
    expect(nav.breadcrumbs).toEqual([{ label: 'API', href: '/docs/api/atom' }, { label: 'atom' }]);
    expect(nav.previous).toEqual({ title: 'Installation', href: '/docs/getting-started/installation' });
    expect(nav.next).toEqual({ title: 'Caching', href: '/docs/guides/caching' });
  });

  it('renders Mdx.html with heading anchors', async () => {
    const html = await resolvers.Mdx.html.resolve(nodes[2] as never);
    expect(html).toContain('<h2 id="usage">');
  });
});
