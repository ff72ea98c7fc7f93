import type { GatsbyNode } from 'gatsby';
import siteConfig from './site.config';
import {
  validateConfig,
  createDocsSchema,
  docsResolvers,
  createDocPages,
  checkBuiltLinks,
  checkDocFrontmatter,
} from './src/node/gatsby-lifecycle';

// Thin: each Gatsby lifecycle step delegates to src/node.

export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  validateConfig(siteConfig, reporter);
};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  createDocsSchema(actions.createTypes);
};

export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, reporter }) => {
  checkDocFrontmatter(node, reporter);
};

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  createResolvers(docsResolvers(siteConfig));
};

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  await createDocPages({ graphql, createPage: actions.createPage, reporter, config: siteConfig });
};

export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = ({ getNodesByType, reporter }) => {
  checkBuiltLinks({ pagePaths: getNodesByType('SitePage').map((p) => String(p.path)), reporter });
};
