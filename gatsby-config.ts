import path from 'path';
import type { GatsbyConfig } from 'gatsby';
import siteConfig from './site.config';
import { AUTOLINKED_HEADING_ELEMENTS } from './src/node/headings';

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
        extensions: ['.mdx', '.md'],
        gatsbyRemarkPlugins: [
          {
            resolve: 'gatsby-remark-autolink-headers',
            options: {
              className: 'heading-anchor',
              isIconAfterHeader: true,
              elements: AUTOLINKED_HEADING_ELEMENTS,
              // The icon is drawn in CSS so the link text stays accessible ("Direct link to …").
              icon: '<span aria-hidden="true">#</span>',
            },
          },
        ],
      },
    },
  ],
};

export default config;
