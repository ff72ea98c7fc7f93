import path from 'path';
import type { GatsbyConfig } from 'gatsby';
import siteConfig from './site.config';
import { VERSIONED_DOCS_DIR } from './src/contract/docs-versions';
import { isSitemapPage } from './src/node/crawler-files';
import { CLAIM_TESTS_DIR, CLAIM_TESTS_SOURCE } from './src/node/sources';

/** What the sitemap's query answers: the site's pages and the docs versions' base routes. */
interface SitemapData {
  allSitePage: { nodes: Array<{ path: string }> };
  docsVersions: Array<{ path: string; isLast: boolean }>;
}

// Thin: wires Gatsby's plugins to site.config.ts. Validation happens in gatsby-node (onPreInit).
const config: GatsbyConfig = {
  siteMetadata: {
    title: siteConfig.title,
    description: siteConfig.tagline,
    siteUrl: siteConfig.url,
  },
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  graphqlTypegen: { typesOutputPath: 'src/gatsby-types.d.ts', generateOnBuild: true },
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'docs', path: path.resolve(__dirname, siteConfig.docs.contentDir) },
    },
    // The older docs versions (content/versions.json lists them), each in its own folder below this one.
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'versioned-docs', path: path.resolve(__dirname, VERSIONED_DOCS_DIR) },
    },
    // The claim tests, read for the line that ends each doc ("N statements are run by tests"): as files, so a saved
    // test updates the pages it counts for (src/node/doc-checks.ts).
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: CLAIM_TESTS_SOURCE, path: path.resolve(__dirname, CLAIM_TESTS_DIR) },
    },
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        // Mdx nodes, frontmatter and tableOfContents come from here; the HTML of each doc is rendered at build
        // time by src/node/render-mdx.ts (Mdx.html), with gatsby-remark-autolink-headers giving heading ids.
        extensions: ['.mdx', '.md'],
      },
    },
    // Pictures beside the docs: ImageSharp nodes for their File nodes, processed by sharp into WebP (kept in
    // Gatsby's cache across builds); gatsby-plugin-image's SSR adds the small script that fades them in once loaded.
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    // sitemap-index.xml + sitemap-0.xml from siteMetadata.siteUrl, listing the pages to rank (src/node/crawler-files.ts,
    // which also writes the robots.txt that points to it).
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        query: '{ site { siteMetadata { siteUrl } } allSitePage { nodes { path } } docsVersions { path isLast } }',
        resolvePages: ({ allSitePage, docsVersions }: SitemapData) =>
          allSitePage.nodes.filter((page) => isSitemapPage(page.path, docsVersions, siteConfig)),
      },
    },
  ],
};

export default config;
