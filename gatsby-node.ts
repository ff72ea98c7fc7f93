import type { GatsbyNode } from 'gatsby';
import siteConfig from './site.config';
import { browserSiteConfig } from './src/config/browser';
import {
  validateConfig,
  createDocsSchema,
  docsResolvers,
  createDocPages,
  checkBuiltLinks,
  checkDocFrontmatter,
} from './src/node/gatsby-lifecycle';
import { docChecksResolvers, docChecksTypeDefs } from './src/node/doc-checks';
import { homeSampleTypeDefs, sourceHomeSamples } from './src/node/home-samples';
import { writeHostingFiles } from './src/node/hosting-files';
import { writeMachineReadableOutputs } from './src/node/markdown-export';
import { buildSearchAssets, checkHostedSearchEnv, searchWebpackDefines } from './src/node/search-index';
import { vendorWebpackDefines, writeVendorAssets } from './src/node/vendor-assets';
import { keepLazyChunksApart } from './src/node/webpack-chunks';

// Thin: each Gatsby lifecycle step delegates to src/node.

export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  validateConfig(siteConfig, reporter);
  checkHostedSearchEnv(process.env, reporter);
};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  createDocsSchema(actions.createTypes);
  actions.createTypes(homeSampleTypeDefs);
  actions.createTypes(docChecksTypeDefs);
};

export const sourceNodes: GatsbyNode['sourceNodes'] = (args) => sourceHomeSamples(args);

export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, reporter }) => {
  checkDocFrontmatter(node, reporter);
};

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  createResolvers(docsResolvers(siteConfig));
  createResolvers(docChecksResolvers(siteConfig));
};

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  await createDocPages({ graphql, createPage: actions.createPage, reporter, config: siteConfig });
  await buildSearchAssets({ graphql, reporter, config: siteConfig });
  writeVendorAssets({ reporter });
};

export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = ({ getNodesByType, reporter }) => {
  checkBuiltLinks({ pagePaths: getNodesByType('SitePage').map((p) => String(p.path)), reporter });
};

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql, reporter }) => {
  await writeMachineReadableOutputs({ graphql, reporter, config: siteConfig });
  // Last: the hosting rules hash the inline scripts of every HTML file and list every file written above.
  writeHostingFiles({ reporter, config: siteConfig });
};

// The hashed names of the search index and DocSearch's stylesheet, and mermaid's URL, from createPages above.
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ actions, plugins, stage }) => {
  actions.setWebpackConfig({
    plugins: [
      plugins.define({
        ...searchWebpackDefines(),
        ...vendorWebpackDefines(),
        // The site config as src/theme-common/site-config.ts hands it to the browser (no sidebar definitions).
        __STAN_SITE_CONFIG__: JSON.stringify(browserSiteConfig(siteConfig)),
      }),
    ],
  });
  // Lazy chunks (mermaid, live examples, search) stay out of every first load and out of each other.
  if (stage === 'build-javascript') {
    actions.setWebpackConfig(keepLazyChunksApart());
  }
};
