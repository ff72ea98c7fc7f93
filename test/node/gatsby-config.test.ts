/** @jest-environment node */
import config from '../../gatsby-config';

describe('gatsby-config.ts', () => {
  it('lists each plugin once (Gatsby drops an identical second entry, which only misleads a reader of the config)', () => {
    const names = (config.plugins ?? []).map((plugin) => (typeof plugin === 'string' ? plugin : plugin.resolve));
    const plain = names.filter((name) => name !== 'gatsby-source-filesystem');
    expect(plain.filter((name, index) => plain.indexOf(name) !== index)).toEqual([]);
    expect(plain).toEqual(expect.arrayContaining(['gatsby-plugin-sharp', 'gatsby-transformer-sharp', 'gatsby-plugin-mdx']));
  });
});

describe('the sitemap', () => {
  it('asks for the docs versions and lists only the pages to rank', () => {
    const plugin = (config.plugins ?? []).find((p) => typeof p !== 'string' && p.resolve === 'gatsby-plugin-sitemap');
    const options = (plugin as unknown as { options: { query: string; resolvePages: (data: unknown) => Array<{ path: string }> } }).options;
    expect(options.query).toContain('docsVersions { path isLast }');
    const pages = options.resolvePages({
      allSitePage: { nodes: ['/', '/docs', '/docs/api/atom', '/docs/1.0.0-rc14', '/docs/1.0.0-rc14/api/atom', '/search', '/playground', '/404.html'].map((path) => ({ path })) },
      docsVersions: [
        { path: '/docs', isLast: true },
        { path: '/docs/1.0.0-rc14', isLast: false },
      ],
    });
    expect(pages.map((p) => p.path)).toEqual(['/', '/docs', '/docs/api/atom', '/playground']);
  });
});
