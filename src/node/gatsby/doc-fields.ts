/**
 * The doc fields of the schema: `Mdx.html` and `Mdx.toc` (the body rendered at build time), `Mdx.socialCard`,
 * `Mdx.checks`, and the root fields `docsVersion` and `docNavigation(docId)` (the docs model's nodes, browsable in
 * GraphiQL). Each root field reads one node by id, so a query depends on that node alone: editing one doc re-runs
 * the queries of the pages whose data really changed.
 */
import type { Actions, Reporter } from 'gatsby';
import { readOlderVersions } from '../../config/docs-versions-on-disk';
import type { SiteConfig } from '../../config/types';
import { CURRENT_VERSION_NAME } from '../../contract/docs-versions';
import { CodeScope, digest } from '../build-cache';
import { installedPackage, type DocChecks } from '../doc-checks';
import { claimsForPage } from './claims';
import { docPictures } from './doc-pictures';
import { renderedDoc } from './doc-render';
import { docIdOf, docNavigationNodeId, docsVersionNodeId } from './docs';
import { NODE_TYPES } from './schema';
import { docSocialCardPath } from './social-cards';
import type { CreateNodeId, MdxNodeLike, ResolveInfoLike, ResolverContext } from './types';

/** The code of the doc fields: this module and what it imports (the renderer among them, not the hosting rules). */
export const docFieldsCode = new CodeScope(['src/node/gatsby/doc-fields.ts']);

/**
 * sourceNodes: the version of the code, packages and site config that compute the doc fields, as a node every doc
 * query reads: when it changes, Gatsby re-runs every doc query (a content edit alone re-runs only that doc's).
 */
export function sourceDocFieldsVersion(
  { actions, createNodeId }: { actions: Pick<Actions, 'createNode'>; createNodeId: CreateNodeId },
  config: SiteConfig,
): void {
  const version = digest(docFieldsCode.version(), JSON.stringify(config));
  actions.createNode({
    id: createNodeId(NODE_TYPES.outputVersion),
    version,
    parent: null,
    children: [],
    internal: { type: NODE_TYPES.outputVersion, contentDigest: version },
  });
}

let installed: { packageName: string; release: string } | undefined;

type Resolve<Result> = (source: MdxNodeLike, args: unknown, context: ResolverContext, info?: ResolveInfoLike) => Result;

/** createResolvers: the doc fields, for the site config. */
export function docsResolvers(
  createNodeId: CreateNodeId,
  config: Pick<SiteConfig, 'docs' | 'title' | 'tagline' | 'url' | 'themeConfig'>,
  reporter?: Pick<Reporter, 'error'>,
) {
  const versionId = docsVersionNodeId(createNodeId);
  const versionNames = [CURRENT_VERSION_NAME, ...readOlderVersions()];
  const outputVersionId = createNodeId(NODE_TYPES.outputVersion);
  const cardStyleId = createNodeId(NODE_TYPES.socialCardStyle);
  const rendered = (source: MdxNodeLike, context: ResolverContext, info?: ResolveInfoLike) => {
    // Read for the dependency: a new renderer re-runs this query.
    context.nodeModel.getNodeById({ id: outputVersionId, type: NODE_TYPES.outputVersion });
    return renderedDoc(source, docPictures(context, info), reporter);
  };
  const html: Resolve<Promise<string>> = async (source, _args, context, info) => (await rendered(source, context, info)).html;
  const toc: Resolve<Promise<unknown>> = async (source, _args, context, info) => (await rendered(source, context, info)).toc;
  const socialCard: Resolve<string> = (source, _args, context) => {
    // Read for the dependency too: a new logo or card renderer re-runs the queries that name the cards.
    const style = context.nodeModel.getNodeById({ id: cardStyleId, type: NODE_TYPES.socialCardStyle }) as { version?: string } | null;
    if (!style?.version) throw new Error('The social card style has not been sourced: sourceNodes creates it before any query runs.');
    return docSocialCardPath(source, config, style.version);
  };
  // The installed release, the samples the renderer compiled for this doc (from the same cached render as its HTML)
  // and the claims the tests declare for it.
  const checks: Resolve<Promise<DocChecks>> = async (source, _args, context, info) => {
    installed ??= installedPackage();
    const [{ samples }, statements] = await Promise.all([
      rendered(source, context, info),
      claimsForPage(context.nodeModel, docIdOf(source.internal.contentFilePath ?? '', config)),
    ]);
    return { ...installed, samples, statements };
  };
  return {
    Mdx: {
      html: { type: 'String!', resolve: html },
      toc: { type: '[StanTocItem!]!', description: 'The h2 and h3 headings of the body, with the ids its HTML gives them.', resolve: toc },
      socialCard: {
        type: 'String!',
        description: "The URL path of the doc's social card, a PNG the build writes after the pages.",
        resolve: socialCard,
      },
      checks: { type: 'StanDocChecks!', resolve: checks },
    },
    Query: {
      docsVersion: {
        type: `${NODE_TYPES.docsVersion}!`,
        description: 'A docs version by name; without a name, the last version (served at the docs path).',
        args: { name: 'String' },
        resolve: (_source: unknown, args: { name?: string | null }, context: ResolverContext) => {
          const id = args.name ? docsVersionNodeId(createNodeId, args.name) : versionId;
          const node = context.nodeModel.getNodeById({ id, type: NODE_TYPES.docsVersion });
          if (!node && args.name) throw new Error(`There is no docs version "${args.name}".`);
          if (!node) throw new Error('The docs model has not been built: createPages publishes it before any query runs.');
          return node;
        },
      },
      docsVersions: {
        type: `[${NODE_TYPES.docsVersion}!]!`,
        description: 'Every docs version, the last one first, then the older ones newest first.',
        resolve: (_source: unknown, _args: unknown, context: ResolverContext) =>
          versionNames.map((name) => context.nodeModel.getNodeById({ id: docsVersionNodeId(createNodeId, name), type: NODE_TYPES.docsVersion })).filter(Boolean),
      },
      docNavigation: {
        type: `${NODE_TYPES.docNavigation}!`,
        args: { docId: 'String!' },
        resolve: (_source: unknown, args: { docId: string }, context: ResolverContext) => {
          const node = context.nodeModel.getNodeById({ id: docNavigationNodeId(createNodeId, args.docId), type: NODE_TYPES.docNavigation });
          if (!node) throw new Error(`Doc "${args.docId}" is not a published doc of the docs version, so it has no navigation.`);
          return node;
        },
      },
    },
  };
}
