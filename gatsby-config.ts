import path from 'path';
import type { GatsbyConfig } from 'gatsby';
import siteConfig from './site.config';

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
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        // Mdx nodes, frontmatter and tableOfContents come from here; the HTML of each doc is rendered at build
        // time by src/node/render-mdx.ts (Mdx.html), with gatsby-remark-autolink-headers giving heading ids.
        extensions: ['.mdx', '.md'],
      },
    },
    // sitemap-index.xml + sitemap-0.xml from siteMetadata.siteUrl; robots.txt (src/node/markdown-export.ts) points to it.
    'gatsby-plugin-sitemap',
  ],
};

export default config;
