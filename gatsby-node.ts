import type { GatsbyNode } from 'gatsby';
import siteConfig from './site.config';
import { readDocsVersions } from './src/config/docs-versions';
import { countClaimsInSource } from './src/node/claim-count';
import { buildSearchAssets, writeVendorOutputs } from './src/node/gatsby/assets';
import { sourceClaimCounts } from './src/node/gatsby/claims';
import { checkHostedSearchEnv, validateConfig } from './src/node/gatsby/config';
import { serveDevelopSearchIndex, serveLivePreview, servePlaygroundFrame, serveVendorOutputsOnRequest } from './src/node/gatsby/develop';
import { docsResolvers, sourceDocFieldsVersion } from './src/node/gatsby/doc-fields';
import {
  checkDocFrontmatter,
  createDocPages,
  keepDocsModelNodes,
  publishedDocs,
  serveDocsVersionsManifest,
  stampDocVersion,
  writeDocsVersionsManifest,
} from './src/node/gatsby/docs';
import { sourceHomeSamples } from './src/node/gatsby/home-samples';
import { checkPublishedLinks, recheckLinksAfterEdit } from './src/node/gatsby/links';
import { precompressPublic, writeHostingFiles, writeMachineReadableOutputs } from './src/node/gatsby/post-build';
import { SCHEMA_TYPE_DEFS } from './src/node/gatsby/schema';
import { sourceSocialCardStyle, writePublishedSocialCards } from './src/node/gatsby/social-cards';
import { step } from './src/node/gatsby/step';
import { isDevelopStage, isHtmlStage, keepLazyChunksApart, skipBrowserOnlyPackages, storeDevelopCacheAtOnce, webpackDefines, withoutDevelopLint, withSwcMinifier } from './src/node/gatsby/webpack';
import { preloadMdxCompiler } from './src/node/render-mdx';

// Thin: each lifecycle API runs its steps from src/node/gatsby in the order written here.

export const onPreInit: GatsbyNode['onPreInit'] = step(({ reporter }) => {
  validateConfig(siteConfig, reporter);
  checkHostedSearchEnv(process.env, reporter);
});

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = step(({ actions }) => {
  SCHEMA_TYPE_DEFS.forEach((typeDefs) => actions.createTypes(typeDefs));
});

export const sourceNodes: GatsbyNode['sourceNodes'] = step(async (args) => {
  sourceDocFieldsVersion(args, siteConfig);
  sourceSocialCardStyle(args, siteConfig);
  keepDocsModelNodes(args);
  await sourceHomeSamples(args, siteConfig);
});

export const onCreateNode: GatsbyNode['onCreateNode'] = step(async (args) => {
  checkDocFrontmatter(args.node, args.reporter);
  stampDocVersion(args, readDocsVersions(siteConfig));
  await sourceClaimCounts({ ...args, countClaims: countClaimsInSource });
});

// Runs in every process that runs queries (the build's query workers too).
export const createResolvers: GatsbyNode['createResolvers'] = step(({ createResolvers, createNodeId, reporter }) => {
  preloadMdxCompiler();
  createResolvers(docsResolvers(createNodeId, siteConfig, reporter));
});

export const createPages: GatsbyNode['createPages'] = step(async (args) => {
  const { graphql, actions, reporter, createNodeId, createContentDigest, getNodesByType } = args;
  const docs = await createDocPages({
    graphql,
    createPage: actions.createPage,
    reporter,
    config: siteConfig,
    nodes: { actions, createNodeId, createContentDigest, getNodesByType },
  });
  await buildSearchAssets({ docs, reporter, config: siteConfig });
  await writeVendorOutputs({ reporter, config: siteConfig });
  // The first run's links are checked in onPostBootstrap, once src/pages exist too.
  await recheckLinksAfterEdit({ getNodesByType, reporter, docs });
});

export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = step(({ app, reporter, getNodesByType }) => {
  const docs = () => publishedDocs(getNodesByType);
  serveDevelopSearchIndex({ app, docs, config: siteConfig, reporter });
  serveVendorOutputsOnRequest({ app, reporter, config: siteConfig });
  servePlaygroundFrame({ app });
  serveLivePreview({ app, docs, config: siteConfig, reporter, getNodesByType });
  serveDocsVersionsManifest(app, docs);
});

export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = step(async ({ getNodesByType, reporter }) => {
  await checkPublishedLinks({ getNodesByType, reporter });
});

export const onPostBuild: GatsbyNode['onPostBuild'] = step(async ({ reporter, getNodesByType }) => {
  await writeMachineReadableOutputs({ docs: publishedDocs(getNodesByType), reporter, config: siteConfig });
  writeDocsVersionsManifest(publishedDocs(getNodesByType));
  await writePublishedSocialCards({ getNodesByType, reporter, config: siteConfig });
  await precompressPublic({ reporter });
  // Last: the hosting rules hash the inline scripts of every HTML file and list every file written above.
  await writeHostingFiles({ reporter, config: siteConfig });
});

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = step(({ actions, plugins, loaders, stage, getConfig }) => {
  // Minified by swc instead of terser (replaced first: the merges below add to the replaced config).
  if (stage === 'build-javascript') actions.replaceWebpackConfig(withSwcMinifier(getConfig()));
  // Gatsby's develop-time ESLint pass checks only .js/.jsx files, and there are none (replaced first, as above).
  if (stage === 'develop') actions.replaceWebpackConfig(withoutDevelopLint(getConfig()));
  actions.setWebpackConfig({ plugins: [plugins.define(webpackDefines(stage, siteConfig))] });
  // Lazy chunks (live examples, search, islands) stay out of every first load and out of each other.
  if (stage === 'build-javascript') actions.setWebpackConfig(keepLazyChunksApart());
  // The server renderer never runs the code a reader loads on intent, so it does not compile it.
  if (isHtmlStage(stage)) actions.setWebpackConfig(skipBrowserOnlyPackages(loaders));
  const developCache = isDevelopStage(stage) ? storeDevelopCacheAtOnce(getConfig()) : null;
  if (developCache) actions.setWebpackConfig(developCache);
});
