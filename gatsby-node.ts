import chokidar from 'chokidar';
import type { GatsbyNode } from 'gatsby';
import siteConfig from './site.config';
import { browserSiteConfig } from './src/config/browser';
import {
  validateConfig,
  createDocsSchema,
  docsResolvers,
  createDocPages,
  checkDocFrontmatter,
  docImageCache,
  checkPublishedLinks,
  keepDocsModelNodes,
  publishedDocs,
  recheckLinksAfterEdit,
  reportProblem,
  sourceOutputVersion,
  writePublishedSocialCards,
} from './src/node/gatsby-lifecycle';
import { socialCardWebpackDefines, sourceSocialCardStyle } from './src/node/social-card';
import { sourceClaimCounts } from './src/node/doc-checks';
import { countClaimsInSource } from './src/content-tests/claim-count';
import { startLivePreview } from './src/node/live-preview';
import { homeSampleTypeDefs, sourceHomeSamples } from './src/node/home-samples';
import { preloadMdxCompiler } from './src/node/render-mdx';
import { previewImage } from './src/node/doc-images';
import { writeHostingFiles } from './src/node/hosting-files';
import { precompressPublic } from './src/node/precompress';
import { writeMachineReadableOutputs } from './src/node/markdown-export';
import {
  buildSearchAssets,
  checkHostedSearchEnv,
  searchWebpackDefines,
  serveDevelopSearchIndex,
} from './src/node/search-index';
import { vendorWebpackDefines, writeVendorAssets } from './src/node/vendor-assets';
import { keepLazyChunksApart } from './src/node/webpack-chunks';
import { buildPlaygroundAssets, playgroundWebpackDefines } from './src/node/playground-assets';
import { useBuildCacheStore, type BuildCacheStore } from './src/node/build-cache';

// Thin: each Gatsby lifecycle step delegates to src/node.

/** Each step first hands Gatsby's cache to the build's output caches, in whichever process runs it. */
const step =
  <Args extends { cache: BuildCacheStore }, Result>(run: (args: Args) => Result) =>
  (args: Args): Result => {
    useBuildCacheStore(args.cache);
    return run(args);
  };

export const onPreInit: GatsbyNode['onPreInit'] = step(({ reporter }) => {
  validateConfig(siteConfig, reporter);
  checkHostedSearchEnv(process.env, reporter);
});

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = step(({ actions }) => {
  createDocsSchema(actions.createTypes);
  actions.createTypes(homeSampleTypeDefs);
});

export const sourceNodes: GatsbyNode['sourceNodes'] = step(async (args) => {
  sourceOutputVersion(args, siteConfig);
  sourceSocialCardStyle(args, siteConfig);
  keepDocsModelNodes(args);
  await sourceHomeSamples(args);
});

export const onCreateNode: GatsbyNode['onCreateNode'] = step(async (args) => {
  checkDocFrontmatter(args.node, args.reporter);
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
  writeVendorAssets({ reporter });
  await buildPlaygroundAssets({ reporter });
  // The first run's links are checked in onPostBootstrap, once src/pages exist too.
  await recheckLinksAfterEdit({ getNodesByType, reporter, docs });
});

// Develop only: the search index, built when the browser asks for it (nothing whole-site runs on each edit), and
// the live preview that puts a saved doc on screen without waiting for Gatsby's batch of node changes.
export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = step(({ app, reporter, getNodesByType }) => {
  const docs = () => publishedDocs(getNodesByType);
  serveDevelopSearchIndex({ app, docs, config: siteConfig, reporter });
  startLivePreview({
    app,
    root: process.cwd(),
    contentDir: siteConfig.docs.contentDir,
    docs,
    report: (message) => reportProblem(reporter, message),
    watch: (dir) => chokidar.watch(dir, { ignoreInitial: true }),
    pictures: previewImage(docImageCache),
  });
});

export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = step(async ({ getNodesByType, reporter }) => {
  await checkPublishedLinks({ getNodesByType, reporter });
});

export const onPostBuild: GatsbyNode['onPostBuild'] = step(async ({ reporter, getNodesByType }) => {
  await writeMachineReadableOutputs({ docs: publishedDocs(getNodesByType), reporter, config: siteConfig });
  await writePublishedSocialCards({ getNodesByType, reporter, config: siteConfig });
  await precompressPublic({ reporter });
  // Last: the hosting rules hash the inline scripts of every HTML file and list every file written above.
  await writeHostingFiles({ reporter, config: siteConfig });
});

// The URLs of the search index and DocSearch's stylesheet, and mermaid's (each follows from installed files).
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = step(({ actions, plugins, stage }) => {
  actions.setWebpackConfig({
    plugins: [
      plugins.define({
        ...searchWebpackDefines(stage),
        ...vendorWebpackDefines(),
        ...socialCardWebpackDefines(siteConfig),
        ...playgroundWebpackDefines(),
        // The site config as src/theme-common/site-config.ts hands it to the browser (no sidebar definitions).
        __STAN_SITE_CONFIG__: JSON.stringify(browserSiteConfig(siteConfig)),
        __STAN_ANALYTICS_ENDPOINT__: JSON.stringify(siteConfig.analytics?.endpoint ?? null),
      }),
    ],
  });
  // Lazy chunks (mermaid, live examples, search) stay out of every first load and out of each other.
  if (stage === 'build-javascript') {
    actions.setWebpackConfig(keepLazyChunksApart());
  }
});
