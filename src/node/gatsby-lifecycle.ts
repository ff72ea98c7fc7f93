/**
 * Glue between Gatsby's lifecycle and the pure modules of src/node. gatsby-node.ts only delegates here.
 */
import fs from 'fs';
import path from 'path';
import type { Actions, CreatePagesArgs, Node, NodeInput, Reporter } from 'gatsby';
import type { SiteConfig } from '../config/types';
import { SiteConfigError } from '../config/error-map';
import { validateSiteConfig } from '../config/schema';
import { DocsModelError, buildDocsVersion, docIdFromRelativePath, docsModelNodeData, type DocsVersionNodeData } from './docs-model';
import { fromSidebarRows } from '../contract/sidebar-rows';
import { frontmatterTypeDefs, validateDocFrontmatter } from './frontmatter';
import { checkLinks, formatLinkReport, type PageLinks } from './link-check';
import { AUTOLINKED_HEADING_DEPTHS } from './headings';
import { CodeScope, digest, outputCache } from './build-cache';
import { docLinks, type MdxExtract } from './mdx-extract';
import { docProblemHtml } from '../contract/doc-problem';
import { describeMissingDates, readDocDates } from './git-history';
import { claimCountTypeDefs, docChecksResolvers, docChecksTypeDefs } from './doc-checks';
import { docImageFiles, renderMdx, type RenderedDoc } from './render-mdx';
import { codeBlockCache } from './mdx/fences';
import { docImageKey, IMAGE_DATA_ARGS, isSvg, type DocImageData, type ResolveImage } from './doc-images';
import {
  planSocialCards,
  siteCardIdentity,
  socialCardPath,
  docCardContent,
  SOCIAL_CARD_STYLE_NODE_TYPE,
  socialCardTypeDefs,
  writeSocialCards,
} from './social-card';
import type { DocSource, DocsVersion } from './types';

const ROOT = process.cwd();
const DOC_TEMPLATE = path.resolve(ROOT, 'src/templates/doc.tsx');
const STATIC_DIR = path.resolve(ROOT, 'static');

// At call time: the working directory is the site's root (the tests of the resolvers run in a scratch copy).
const relativeToRoot = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');

export function validateConfig(raw: unknown, reporter: Reporter): SiteConfig {
  try {
    // Every kind the schema accepts has a component: the theme's registry is typed by the schema's kinds.
    return validateSiteConfig(raw);
  } catch (error) {
    if (error instanceof SiteConfigError) reporter.panic(error.message);
    throw error;
  }
}

// The docs model as GraphQL types: every field typed (no JSON), so GraphiQL and the page types show its shape.
export const docsTypeDefs = `
  type StanDocEntry @dontInfer {
    id: String!
    path: String!
    title: String!
    sidebar: String
    file: String!
  }
  type StanLinkedDoc @dontInfer {
    id: String!
    path: String!
    title: String!
  }
  enum StanSidebarRowType {
    link
    category
  }
  "A sidebar entry; the rows of a sidebar are in reading order, each \`depth\` levels below the top."
  type StanSidebarRow @dontInfer {
    type: StanSidebarRowType!
    label: String!
    href: String!
    depth: Int!
    docId: String
    unlisted: Boolean!
    collapsed: Boolean!
    collapsible: Boolean!
  }
  type StanDocsSidebar @dontInfer {
    id: String!
    firstDocPath: String!
    items: [StanSidebarRow!]!
  }
  type StanDocsVersion implements Node @dontInfer {
    name: String!
    label: String!
    isLast: Boolean!
    path: String!
    mainDocId: String!
    docs: [StanDocEntry!]!
    draftIds: [String!]!
    sidebars: [StanDocsSidebar!]!
    breadcrumbs: Boolean!
    linkedDocs: [StanLinkedDoc!]!
  }
  type StanBreadcrumb @dontInfer {
    label: String!
    href: String
  }
  type StanPaginatorLink @dontInfer {
    title: String!
    href: String!
  }
  "A heading of a doc's table of contents: an h2 with its h3s, or an h3."
  type StanTocItem @dontInfer {
    id: String!
    title: String!
    children: [StanTocItem!]!
  }
  type StanDocNavigation implements Node @dontInfer {
    docId: String!
    sidebar: String
    breadcrumbs: [StanBreadcrumb!]!
    previous: StanPaginatorLink
    next: StanPaginatorLink
    "Where an editor changes the doc's file (site config docs.editUrl), or null when none is configured."
    editUrl: String
    "When the doc's file was last committed, from git history; null when git cannot vouch for a date (file not committed, history cut by a shallow clone, no git)."
    lastUpdated: Date @dateformat
  }
`;

export function createDocsSchema(createTypes: Actions['createTypes']): void {
  createTypes(frontmatterTypeDefs);
  createTypes(docsTypeDefs);
  createTypes(outputVersionTypeDefs);
  createTypes(docChecksTypeDefs);
  createTypes(claimCountTypeDefs);
  createTypes(socialCardTypeDefs);
}

interface MdxNodeLike {
  id: string;
  body?: string | null;
  frontmatter?: Record<string, unknown> | null;
  internal: { contentFilePath?: string | null; contentDigest?: string };
}

/** Rendered doc bodies, kept across runs: one render per content and code version, however many queries ask. */
export const docHtmlCache = outputCache<RenderedDoc>('doc-render', 'src/node/gatsby-lifecycle.ts');
/** The picture files each doc's HTML depends on, by the doc's content. */
export const docImageFilesCache = outputCache<string[]>('doc-image-files', 'src/node/gatsby-lifecycle.ts');

/** Processed pictures by file content: the live preview, which has no query context, shows them from here. */
export const docImageCache = outputCache<DocImageData>('doc-image', 'src/node/gatsby-lifecycle.ts');

/** Links and heading ids of each doc, for the link check, kept the same way. */
export const docLinksCache = outputCache<MdxExtract>('doc-links', 'src/node/gatsby-lifecycle.ts');

/** The content digest Gatsby gave the file (its frontmatter and body), and the file it came from. */
const contentKey = (node: MdxNodeLike) =>
  digest(node.internal.contentFilePath ?? node.id, node.internal.contentDigest ?? node.body ?? '');

const isDevelop = () => process.env.NODE_ENV === 'development';

/** When each error was last printed: the live preview and the page query report the same error moments apart. */
const reportedProblems = new Map<string, number>();
const REPEAT_AFTER_MS = 10_000;

/** Prints a doc's error in the terminal, unless the same error was printed in the last few seconds. */
export function reportProblem(reporter: Pick<Reporter, 'error'> | undefined, message: string, now = Date.now()): void {
  const last = reportedProblems.get(message);
  if (last !== undefined && now - last < REPEAT_AFTER_MS) return;
  reportedProblems.set(message, now);
  reporter?.error(message);
}

/**
 * The doc's body and table of contents. A body that cannot be rendered fails the build; in develop the page shows
 * the error instead (naming the file and line, as the terminal does) and comes back once the file is fixed.
 */
async function renderedDoc(node: MdxNodeLike, pictures: DocPictures, reporter?: Pick<Reporter, 'error'>): Promise<RenderedDoc> {
  const file = relativeToRoot(node.internal.contentFilePath ?? node.id);
  try {
    const body = node.body ?? '';
    const imageFiles = await docImageFilesCache.get(contentKey(node), () => docImageFiles(body, file));
    // The pictures' content is part of the key: an edited picture renders its doc again.
    const digests = await Promise.all(imageFiles.map(async (image) => (await pictures.file(image))?.internal.contentDigest ?? 'absent'));
    return await docHtmlCache.get(digest(contentKey(node), ...imageFiles, ...digests), () =>
      renderMdx(body, file, codeBlockCache, pictures.resolve),
    );
  } catch (error) {
    if (!isDevelop()) throw error;
    const message = (error as Error).message;
    reportProblem(reporter, message);
    return { html: docProblemHtml(message), toc: [], samples: 0, imageFiles: [] };
  }
}

interface FileNodeLike {
  id: string;
  children?: string[];
  absolutePath: string;
  internal: { type: string; contentDigest: string };
}

/** A field's resolver as the schema holds it (ImageSharp.gatsbyImageData, File.publicURL). */
type FieldResolver = (source: unknown, args: Record<string, unknown>, context: ResolverContext, info?: ResolveInfoLike) => unknown;

interface ResolveInfoLike {
  schema: { getType(name: string): unknown };
}

/** The pictures of one query: their File nodes (each read is a dependency of the query) and their processed data. */
interface DocPictures {
  file(absolutePath: string): Promise<FileNodeLike | null>;
  resolve: ResolveImage;
}

function fieldResolver(info: ResolveInfoLike | undefined, type: string, field: string): FieldResolver {
  const fields = (info?.schema.getType(type) as { getFields?: () => Record<string, { resolve?: FieldResolver }> } | undefined)?.getFields?.();
  const resolve = fields?.[field]?.resolve;
  if (!resolve) throw new Error(`${type}.${field} is missing from the schema: gatsby-transformer-sharp and gatsby-plugin-sharp must be in gatsby-config.ts`);
  return resolve;
}

/**
 * Pictures through Gatsby's own means: the File node gatsby-source-filesystem made for the path, the ImageSharp node
 * gatsby-transformer-sharp made of it, and ImageSharp's `gatsbyImageData` resolver, which schedules sharp's work
 * (kept in Gatsby's cache across builds). An SVG is copied as it is (File.publicURL).
 */
function docPictures(context: ResolverContext, info: ResolveInfoLike | undefined): DocPictures {
  const file = async (absolutePath: string) =>
    ((await context.nodeModel.findOne({ type: 'File', query: { filter: { absolutePath: { eq: absolutePath } } } })) as FileNodeLike | null) ?? null;
  const resolve: ResolveImage = async (absolutePath) => {
    const node = await file(absolutePath);
    if (!node) {
      throw new Error(`${relativeToRoot(absolutePath)}: the picture is not among Gatsby's files: keep a doc's pictures beside it, under the docs folder`);
    }
    let data: DocImageData;
    if (isSvg(absolutePath)) {
      const src = String(await fieldResolver(info, 'File', 'publicURL')(node, {}, context, info));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const sharp = require('sharp') as (file: string) => { metadata(): Promise<{ width?: number; height?: number }> };
      const { width = 0, height = 0 } = await sharp(absolutePath).metadata();
      data = { kind: 'svg', src, width, height };
    } else {
      const children = (node.children ?? []).map((id) => context.nodeModel.getNodeById({ id, type: 'ImageSharp' })).filter(Boolean);
      const imageSharp = children[0];
      if (!imageSharp) throw new Error(`${relativeToRoot(absolutePath)}: sharp did not read this picture (no ImageSharp node): is the file a valid image?`);
      const image = await fieldResolver(info, 'ImageSharp', 'gatsbyImageData')(imageSharp, { ...IMAGE_DATA_ARGS, formats: [...IMAGE_DATA_ARGS.formats] }, context, info);
      if (!image) throw new Error(`${relativeToRoot(absolutePath)}: sharp could not process this picture`);
      data = { kind: 'raster', image: image as Extract<DocImageData, { kind: 'raster' }>['image'] };
    }
    await docImageCache.put(docImageKey(absolutePath, node.internal.contentDigest), data);
    return data;
  };
  return { file, resolve };
}

/** The code of the docs' own fields (Mdx.html, toc, checks, socialCard): this module and what it imports. */
export const docFieldsCode = new CodeScope(['src/node/gatsby-lifecycle.ts']);

/**
 * The version of the code, packages and site config that compute a doc's fields, as a node every doc query reads:
 * when they change, Gatsby re-runs every doc query (a content edit alone re-runs only that doc's).
 */
export const OUTPUT_VERSION_NODE_TYPE = 'StanOutputVersion';
export const outputVersionTypeDefs = `
  type ${OUTPUT_VERSION_NODE_TYPE} implements Node @dontInfer {
    version: String!
  }
`;

export function sourceOutputVersion(
  { actions, createNodeId }: Pick<NodeHelpers, 'actions' | 'createNodeId'>,
  config: SiteConfig,
): void {
  const version = digest(docFieldsCode.version(), JSON.stringify(config));
  actions.createNode({
    id: createNodeId(OUTPUT_VERSION_NODE_TYPE),
    version,
    parent: null,
    children: [],
    internal: { type: OUTPUT_VERSION_NODE_TYPE, contentDigest: version },
  });
}

const isMdxNode = (node: Node): boolean => node.internal.type === 'Mdx';

/** A doc without a title (or with a malformed field) fails the build naming the file. */
export function checkDocFrontmatter(node: Node, reporter: Reporter): void {
  if (!isMdxNode(node)) return;
  const mdx = node as unknown as MdxNodeLike;
  const file = relativeToRoot(mdx.internal.contentFilePath ?? '');
  for (const message of validateDocFrontmatter(mdx.frontmatter, file)) reporter.panicOnBuild(message);
}

function toDocSource(mdx: MdxNodeLike, config: SiteConfig): DocSource | null {
  const absolute = mdx.internal.contentFilePath;
  if (!absolute) return null;
  const contentDir = path.resolve(ROOT, config.docs.contentDir);
  const relative = path.relative(contentDir, absolute);
  if (relative.startsWith('..')) return null;
  const fm = mdx.frontmatter ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    file: relativeToRoot(absolute),
    id: docIdFromRelativePath(relative),
    title: str(fm.title) ?? '',
    description: str(fm.description),
    sidebarLabel: str(fm.sidebar_label),
    sidebarPosition: typeof fm.sidebar_position === 'number' ? fm.sidebar_position : null,
    slug: str(fm.slug),
    draft: fm.draft === true,
  };
}

const includeDrafts = () => process.env.NODE_ENV !== 'production';

function modelFromNodes(nodes: MdxNodeLike[], config: SiteConfig) {
  const sources = nodes.map((n) => toDocSource(n, config)).filter((s): s is DocSource => s !== null);
  return buildDocsVersion(sources, config, { includeDrafts: includeDrafts() });
}

/** Node ids of the docs model: stable per doc, so an unchanged doc's navigation node keeps its id across runs. */
export const DOCS_VERSION_NODE_TYPE = 'StanDocsVersion';
export const DOC_NAVIGATION_NODE_TYPE = 'StanDocNavigation';
const docsVersionNodeKey = () => DOCS_VERSION_NODE_TYPE;
const docNavigationNodeKey = (docId: string) => `${DOC_NAVIGATION_NODE_TYPE} ${docId}`;

type CreateNodeId = (input: string) => string;

interface NodeModelLike {
  getNodeById(args: { id: string; type?: string }): unknown;
  findAll(args: { type: string; query: { filter: { page: { eq: string } } } }): Promise<{ entries: Iterable<unknown> }>;
  findOne(args: { type: string; query: { filter: Record<string, unknown> } }): Promise<unknown>;
}

interface ResolverContext {
  nodeModel: NodeModelLike;
}

/**
 * Root query fields `docsVersion` and `docNavigation(docId)` (the docs model's nodes, browsable in GraphiQL) and
 * `Mdx.html`, the doc rendered to static HTML at build time. Each root field reads one node by id, so a query
 * depends on that node alone: editing one doc re-runs the queries of the pages whose data really changed.
 */
export function docsResolvers(
  createNodeId: CreateNodeId,
  config: Pick<SiteConfig, 'docs' | 'title' | 'tagline' | 'url' | 'themeConfig'>,
  reporter?: Pick<Reporter, 'error'>,
) {
  const versionId = createNodeId(docsVersionNodeKey());
  const outputVersionId = createNodeId(OUTPUT_VERSION_NODE_TYPE);
  const cardStyleId = createNodeId(SOCIAL_CARD_STYLE_NODE_TYPE);
  const rendered = (source: MdxNodeLike, context: ResolverContext, info?: ResolveInfoLike) => {
    // Read for the dependency: a new renderer re-runs this query.
    context.nodeModel.getNodeById({ id: outputVersionId, type: OUTPUT_VERSION_NODE_TYPE });
    return renderedDoc(source, docPictures(context, info), reporter);
  };
  return {
    Mdx: {
      html: {
        type: 'String!',
        resolve: async (source: MdxNodeLike, _args: unknown, context: ResolverContext, info?: ResolveInfoLike) =>
          (await rendered(source, context, info)).html,
      },
      toc: {
        type: '[StanTocItem!]!',
        description: 'The h2 and h3 headings of the body, with the ids its HTML gives them.',
        resolve: async (source: MdxNodeLike, _args: unknown, context: ResolverContext, info?: ResolveInfoLike) =>
          (await rendered(source, context, info)).toc,
      },
      socialCard: {
        type: 'String!',
        description: "The URL path of the doc's social card, a PNG the build writes after the pages.",
        resolve: (source: MdxNodeLike, _args: unknown, context: ResolverContext) => {
          // Read for the dependency too: a new logo or card renderer re-runs the queries that name the cards.
          const style = context.nodeModel.getNodeById({ id: cardStyleId, type: SOCIAL_CARD_STYLE_NODE_TYPE }) as { version?: string } | null;
          if (!style?.version) throw new Error('The social card style has not been sourced: sourceNodes creates it before any query runs.');
          return docSocialCardPath(source, config, style.version);
        },
      },
      ...docChecksResolvers<MdxNodeLike, ResolverContext>(config, async (source, context, info) =>
        (await rendered(source, context, info as ResolveInfoLike | undefined)).samples).Mdx,
    },
    Query: {
      docsVersion: {
        type: `${DOCS_VERSION_NODE_TYPE}!`,
        resolve: (_source: unknown, _args: unknown, context: ResolverContext) => {
          const node = context.nodeModel.getNodeById({ id: versionId, type: DOCS_VERSION_NODE_TYPE });
          if (!node) throw new Error('The docs model has not been built: createPages publishes it before any query runs.');
          return node;
        },
      },
      docNavigation: {
        type: `${DOC_NAVIGATION_NODE_TYPE}!`,
        args: { docId: 'String!' },
        resolve: (_source: unknown, args: { docId: string }, context: ResolverContext) => {
          const node = context.nodeModel.getNodeById({
            id: createNodeId(docNavigationNodeKey(args.docId)),
            type: DOC_NAVIGATION_NODE_TYPE,
          });
          if (!node) throw new Error(`Doc "${args.docId}" is not a published doc of the docs version, so it has no navigation.`);
          return node;
        },
      },
    },
  };
}

interface NodeActions {
  createNode: Actions['createNode'];
  deleteNode: Actions['deleteNode'];
  touchNode: Actions['touchNode'];
}

interface NodeHelpers {
  actions: NodeActions;
  createNodeId: CreateNodeId;
  createContentDigest: (input: string | object) => string;
  getNodesByType: (type: string) => Node[];
}

/**
 * sourceNodes: keeps the docs model's nodes of the previous run alive until createPages replaces them (Gatsby
 * deletes nodes nobody touched while sourcing, and deleting them would invalidate every query that read them).
 */
export function keepDocsModelNodes({ actions, getNodesByType }: Pick<NodeHelpers, 'actions' | 'getNodesByType'>): void {
  for (const type of [DOCS_VERSION_NODE_TYPE, DOC_NAVIGATION_NODE_TYPE]) {
    for (const node of getNodesByType(type)) actions.touchNode(node);
  }
}

/**
 * createPages: publishes the docs model as nodes. A node whose data is unchanged keeps its content digest, so
 * Gatsby counts it as untouched and re-runs no query that read it; navigation of docs that are gone is deleted.
 */
export function publishDocsModel(
  { actions, createNodeId, createContentDigest, getNodesByType }: NodeHelpers,
  data: ReturnType<typeof docsModelNodeData>,
): void {
  const node = (key: string, type: string, fields: object): NodeInput => ({
    ...(fields as Record<string, unknown>),
    id: createNodeId(key),
    parent: null,
    children: [],
    internal: { type, contentDigest: createContentDigest(fields) },
  });
  actions.createNode(node(docsVersionNodeKey(), DOCS_VERSION_NODE_TYPE, data.version));
  const published = new Set<string>();
  for (const navigation of data.navigation) {
    const created = node(docNavigationNodeKey(navigation.docId), DOC_NAVIGATION_NODE_TYPE, navigation);
    published.add(created.id);
    actions.createNode(created);
  }
  for (const stale of getNodesByType(DOC_NAVIGATION_NODE_TYPE)) {
    if (!published.has(stale.id)) actions.deleteNode(stale);
  }
}

interface DocsQueryResult {
  allMdx: { nodes: DocMdxNode[] };
}

/** What createPages reads of each MDX node: enough for the model, the search records and the Markdown export. */
export interface DocMdxNode extends MdxNodeLike {
  body: string | null;
  frontmatter: {
    title?: string | null;
    description?: string | null;
    sidebar_label?: string | null;
    sidebar_position?: number | null;
    slug?: string | null;
    draft?: boolean | null;
    keywords?: readonly string[] | null;
  } | null;
  internal: { contentFilePath: string | null; contentDigest: string };
}

/** The docs as this run's createPages saw them: the model and each doc's MDX node by repo-relative file. */
export interface PublishedDocs {
  version: DocsVersion;
  mdxByFile: ReadonlyMap<string, DocMdxNode>;
}

type GetNodesByType = (type: string) => Node[];

/**
 * The docs as createPages published them, read back from the nodes (whole-site outputs and the dev server read
 * them here; none queries again and nothing crosses lifecycle steps in module state): the docs model, sidebars
 * rebuilt from their rows, and each doc's MDX node by repo-relative file. Null before the first createPages.
 */
export function publishedDocs(getNodesByType: GetNodesByType): PublishedDocs | null {
  const [node] = getNodesByType(DOCS_VERSION_NODE_TYPE) as Array<Node & DocsVersionNodeData>;
  if (!node) return null;
  const version: DocsVersion = {
    name: node.name,
    label: node.label,
    isLast: node.isLast,
    path: node.path,
    mainDocId: node.mainDocId,
    docs: node.docs,
    draftIds: node.draftIds,
    breadcrumbs: node.breadcrumbs,
    sidebars: Object.fromEntries(node.sidebars.map((sidebar) => [sidebar.id, fromSidebarRows(sidebar.items)])),
  };
  const mdx = getNodesByType('Mdx') as unknown as DocMdxNode[];
  return { version, mdxByFile: new Map(mdx.map((n) => [relativeToRoot(n.internal.contentFilePath ?? ''), n])) };
}

/** A doc's card URL from its MDX node, as its query gives it and as onPostBuild writes it. */
function docSocialCardPath(node: MdxNodeLike, config: Pick<SiteConfig, 'docs' | 'title' | 'tagline' | 'url' | 'themeConfig'>, style: string): string {
  const id = docIdFromRelativePath(path.relative(path.resolve(ROOT, config.docs.contentDir), node.internal.contentFilePath ?? node.id));
  return socialCardPath(id, docCardContent(cardTextOf(node), siteCardIdentity(config)), style);
}

const cardTextOf = (node: MdxNodeLike) => {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { title: text(node.frontmatter?.title) ?? '', description: text(node.frontmatter?.description) };
};

/**
 * onPostBuild: the social card of every published doc and of the site, under public/ (drawn only when its text,
 * the site's identity or the renderer changed; otherwise from Gatsby's cache or the file already there).
 */
export async function writePublishedSocialCards({
  getNodesByType,
  reporter,
  config,
  publicDir = path.resolve(ROOT, 'public'),
}: {
  getNodesByType: GetNodesByType;
  reporter: Pick<Reporter, 'panicOnBuild' | 'info'>;
  config: SiteConfig;
  publicDir?: string;
}): Promise<void> {
  const docs = publishedDocs(getNodesByType);
  if (!docs) return;
  const entries = docs.version.docs.flatMap((doc) => {
    const node = docs.mdxByFile.get(doc.file);
    return node ? [{ id: doc.id, file: doc.file, ...cardTextOf(node) }] : [];
  });
  const started = Date.now();
  try {
    const cards = planSocialCards(entries, siteCardIdentity(config));
    const { written, drawn } = await writeSocialCards({ cards, publicDir });
    reporter.info(
      `Social cards: ${cards.length}, ${drawn} drawn, ${written - drawn} from the cache, ${cards.length - written} already written (${Date.now() - started} ms).`,
    );
  } catch (error) {
    reporter.panicOnBuild((error as Error).message);
  }
}

/** Links and heading ids of a doc, from the cache when its content is unchanged (lines are its file's). */
function linksOfDoc(node: DocMdxNode): Promise<MdxExtract> {
  const file = relativeToRoot(node.internal.contentFilePath as string);
  return docLinksCache.get(contentKey(node), () => docLinks(node.body ?? '', file, AUTOLINKED_HEADING_DEPTHS));
}

/**
 * createPages: builds the docs model once from the MDX nodes' frontmatter, publishes it as nodes and creates one
 * page per doc (its context holds ids only). Returns the published docs for the rest of this createPages (nodes
 * created here are readable through getNodesByType only once the node store has committed them, in later steps).
 */
export async function createDocPages({
  graphql,
  createPage,
  reporter,
  config,
  nodes: nodeHelpers,
}: {
  graphql: CreatePagesArgs['graphql'];
  createPage: Actions['createPage'];
  reporter: Reporter;
  config: SiteConfig;
  nodes: NodeHelpers;
}): Promise<PublishedDocs | null> {
  const result = await graphql<DocsQueryResult>(`
    query DocsForPages {
      allMdx(sort: { internal: { contentFilePath: ASC } }) {
        nodes {
          id
          body
          internal {
            contentFilePath
            contentDigest
          }
          frontmatter {
            title
            description
            sidebar_label
            sidebar_position
            slug
            draft
            keywords
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not query the docs (allMdx).', result.errors);
    return null;
  }
  const nodes = result.data.allMdx.nodes;
  let model: ReturnType<typeof buildDocsVersion>;
  let nodeData: ReturnType<typeof docsModelNodeData>;
  try {
    model = modelFromNodes(nodes, config);
    nodeData = docsModelNodeData(model.version, config, docFileFacts(config, reporter));
  } catch (error) {
    if (error instanceof DocsModelError) {
      reporter.panicOnBuild(error.message);
      // Develop deletes the pages a createPages run does not create again: while an edit leaves the model broken
      // (often for a moment, as a file is rewritten), the pages of the last good model stay.
      const previous = isDevelop() ? publishedDocs(nodeHelpers.getNodesByType) : null;
      if (previous) createPagesOfDocs(previous, createPage);
      return null;
    }
    throw error;
  }
  model.warnings.forEach((w) => reporter.warn(w));
  publishDocsModel(nodeHelpers, nodeData);

  const docs = { version: model.version, mdxByFile: new Map(nodes.map((n) => [relativeToRoot(n.internal.contentFilePath ?? ''), n])) };
  createPagesOfDocs(docs, createPage);
  return docs;
}

let lastMissingDates: string | null = null;

/**
 * Each doc's edit link and last-updated date (three git processes per run, whatever the number of docs). Why some
 * dates are missing is said once, and again only when it changes (develop runs this after every edit).
 */
function docFileFacts(config: SiteConfig, reporter: Pick<Reporter, 'info'>) {
  const dates = readDocDates(ROOT, config.docs.contentDir);
  const missing = describeMissingDates(dates.reasons);
  if (missing !== null && missing !== lastMissingDates) reporter.info(missing);
  lastMissingDates = missing;
  return { editUrl: config.docs.editUrl, lastUpdated: dates.lastUpdated };
}

/** One page per doc that has its MDX node; the context holds ids only. */
function createPagesOfDocs({ version, mdxByFile }: PublishedDocs, createPage: Actions['createPage']): void {
  for (const doc of version.docs) {
    const node = mdxByFile.get(doc.file);
    if (!node?.internal.contentFilePath) continue;
    createPage({ path: doc.path, component: DOC_TEMPLATE, context: { id: node.id, docId: doc.id } });
  }
}

/**
 * The links and heading ids of every published doc (each from the cache unless its file changed). A doc that does
 * not parse (an MdxSyntaxError names file:line:column and the fix) stops the build; develop reports it and keeps
 * serving the other docs (the page itself shows the error, see renderedDoc).
 */
export async function publishedDocLinks(
  docs: PublishedDocs | null,
  reporter: Pick<Reporter, 'panicOnBuild'>,
): Promise<PageLinks[]> {
  const pages: PageLinks[] = [];
  for (const doc of docs?.version.docs ?? []) {
    const node = docs?.mdxByFile.get(doc.file);
    if (!node?.internal.contentFilePath) continue;
    try {
      const { links, headingIds } = await linksOfDoc(node);
      pages.push({ file: doc.file, route: doc.path, links, headingIds });
    } catch (error) {
      const message = (error as Error).message;
      reporter.panicOnBuild(message.includes(doc.file) ? message : `${doc.file}: ${message}`);
    }
  }
  return pages;
}

function listStaticFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
}

let lastLinkReport = '';

/**
 * Broken internal links fail the build naming the file and target; broken anchors warn. In develop the same
 * report is printed again after an edit whenever it changed (createPages calls this once pages exist).
 */
export function checkBuiltLinks({
  pagePaths,
  reporter,
  pages,
}: {
  pagePaths: string[];
  reporter: Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;
  /** The docs' links (publishedDocLinks). */
  pages: PageLinks[];
}): void {
  const result = checkLinks(pages, pagePaths, { staticFiles: listStaticFiles(STATIC_DIR) });
  const report = result.warnings.length === 0 && result.errors.length === 0 ? '' : formatLinkReport(result);
  const changed = report !== lastLinkReport;
  const previous = lastLinkReport;
  lastLinkReport = report;
  if (report === '') {
    if (previous !== '') reporter.info('Links: the problems reported before are fixed.');
    return;
  }
  if (isDevelop() && !changed) return;
  if (result.errors.length > 0) reporter.panicOnBuild(report);
  else reporter.warn(report);
}

/** Whether createPages has run before in this process (develop runs it again after each edit). */
let createPagesRuns = 0;

/**
 * onPostBootstrap (every page exists by then, src/pages too): the link report of the published docs, by default
 * as their nodes hold them.
 */
export async function checkPublishedLinks({
  getNodesByType,
  reporter,
  docs = publishedDocs(getNodesByType),
}: {
  getNodesByType: GetNodesByType;
  reporter: Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;
  docs?: PublishedDocs | null;
}): Promise<void> {
  const pages = await publishedDocLinks(docs, reporter);
  checkBuiltLinks({ pagePaths: getNodesByType('SitePage').map((p) => String(p.path)), reporter, pages });
}

/** createPages in develop after an edit: the link report of the docs it just published (pages exist by then). */
export async function recheckLinksAfterEdit(args: {
  getNodesByType: GetNodesByType;
  reporter: Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;
  docs: PublishedDocs | null;
}): Promise<void> {
  createPagesRuns += 1;
  if (!isDevelop() || createPagesRuns === 1) return;
  await checkPublishedLinks(args);
}
