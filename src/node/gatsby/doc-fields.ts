/**
 * The doc fields of the schema: `Mdx.html` and `Mdx.toc` (the body rendered at build time), `Mdx.socialCard`,
 * `Mdx.checks`, and the root fields `docsVersion` and `docNavigation(docId)` (the docs model's nodes, browsable in
 * GraphiQL). Each root field reads one node by id, so a query depends on that node alone: editing one doc re-runs
 * the queries of the pages whose data really changed.
 */
import type { Actions, Reporter } from 'gatsby';
import { docsVersionNamed, docsVersionRoutes, readDocsVersions, type DocsVersionMetadata } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { lastVersionOf } from '../../contract/docs-versions';
import { CodeScope, digest } from '../build-cache';
import { type DocChecks } from '../doc-checks';
import { renderVersionOf } from '../render-mdx';
import { claimsForPage } from './claims';
import { docPictures } from './doc-pictures';
import { renderedDoc } from './doc-render';
import { docNavigationNodeId, docsVersionNodeId } from './docs';
import { relativeToRoot } from './site';
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
  // The versions too: a new or retired version changes what a page's marks may name and the releases they show.
  const version = digest(docFieldsCode.version(), JSON.stringify(config), JSON.stringify(docsVersionRoutes(readDocsVersions(config))));
  actions.createNode({
    id: createNodeId(NODE_TYPES.outputVersion),
    version,
    parent: null,
    children: [],
    internal: { type: NODE_TYPES.outputVersion, contentDigest: version },
  });
}

/** The docs version and site-wide id the docs model stamped on a doc's node; a node without them is not a doc. */
function stampOf(source: MdxNodeLike, versions: readonly DocsVersionMetadata[]): { version: DocsVersionMetadata; qualifiedDocId: string } {
  const { docsVersion, qualifiedDocId } = source.fields ?? {};
  if (!docsVersion || !qualifiedDocId) {
    throw new Error(
      `${relativeToRoot(source.internal.contentFilePath ?? source.id)} is not in the folder of any docs version ` +
        `(${versions.map((v) => v.contentDir).join(', ')}), so it has no page: move it into one.`,
    );
  }
  return { version: docsVersionNamed(versions, docsVersion), qualifiedDocId };
}

type Resolve<Result> = (source: MdxNodeLike, args: unknown, context: ResolverContext, info?: ResolveInfoLike) => Result;

/** createResolvers: the doc fields, for the site config. */
export function docsResolvers(
  createNodeId: CreateNodeId,
  config: Pick<SiteConfig, 'docs' | 'sidebars' | 'title' | 'tagline' | 'url' | 'themeConfig'>,
  reporter?: Pick<Reporter, 'error'>,
) {
  // Read when a query first asks (in each process that runs queries), and only once.
  const versions = () => readDocsVersions(config);
  const outputVersionId = createNodeId(NODE_TYPES.outputVersion);
  const cardStyleId = createNodeId(NODE_TYPES.socialCardStyle);
  const rendered = (source: MdxNodeLike, context: ResolverContext, info?: ResolveInfoLike) => {
    // Read for the dependency: a new renderer re-runs this query.
    context.nodeModel.getNodeById({ id: outputVersionId, type: NODE_TYPES.outputVersion });
    const { version } = stampOf(source, versions());
    return renderedDoc(source, renderVersionOf(version, versions()), docPictures(context, info), reporter);
  };
  const html: Resolve<Promise<string>> = async (source, _args, context, info) => (await rendered(source, context, info)).html;
  const toc: Resolve<Promise<unknown>> = async (source, _args, context, info) => (await rendered(source, context, info)).toc;
  const socialCard: Resolve<string> = (source, _args, context) => {
    // Read for the dependency too: a new logo or card renderer re-runs the queries that name the cards.
    const style = context.nodeModel.getNodeById({ id: cardStyleId, type: NODE_TYPES.socialCardStyle }) as { version?: string } | null;
    if (!style?.version) throw new Error('The social card style has not been sourced: sourceNodes creates it before any query runs.');
    const { version, qualifiedDocId } = stampOf(source, versions());
    return docSocialCardPath(source, { version, qualifiedDocId }, config, style.version);
  };
  // The release the doc's version documents, the samples the renderer compiled for this doc against it (from the
  // same cached render as its HTML) and the claims the tests of that version declare for it.
  const checks: Resolve<Promise<DocChecks>> = async (source, _args, context, info) => {
    const { version, qualifiedDocId } = stampOf(source, versions());
    const [{ samples }, statements] = await Promise.all([
      rendered(source, context, info),
      // The claim tests name a page by its qualified doc id (`version-1.0.0-rc14/api/atom` for an older version).
      claimsForPage(context.nodeModel, qualifiedDocId),
    ]);
    return { packageName: version.packageName, release: version.release, samples, statements };
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
          const id = docsVersionNodeId(createNodeId, args.name || lastVersionOf(versions()).name);
          const node = context.nodeModel.getNodeById({ id, type: NODE_TYPES.docsVersion });
          if (!node && args.name) throw new Error(`There is no docs version "${args.name}".`);
          if (!node) throw new Error('The docs model has not been built: createPages publishes it before any query runs.');
          return node;
        },
      },
      docsVersions: {
        type: `[${NODE_TYPES.docsVersion}!]!`,
        description: 'Every docs version, newest first: the current docs, then the older ones as content/versions.json lists them.',
        resolve: (_source: unknown, _args: unknown, context: ResolverContext) =>
          versions()
            .map(({ name }) => context.nodeModel.getNodeById({ id: docsVersionNodeId(createNodeId, name), type: NODE_TYPES.docsVersion }))
            .filter(Boolean),
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
