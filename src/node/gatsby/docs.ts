/**
 * The docs model in Gatsby: each doc's frontmatter is checked as its node is made, createPages builds the model
 * once from the MDX nodes, publishes it as nodes (the queries read them) and makes one page per doc, and every later
 * step reads the published docs back from those nodes (nothing crosses lifecycle steps in module state).
 */
import path from 'path';
import type { Actions, CreatePagesArgs, Node, NodeInput, Reporter } from 'gatsby';
import type { SiteConfig } from '../../config/types';
import { fromSidebarRows } from '../../contract/sidebar-rows';
import { DocsModelError, buildDocsVersion, docIdFromRelativePath, docsModelNodeData, type DocsVersionNodeData } from '../docs-model';
import { docSourceOf, validateDocFrontmatter } from '../frontmatter';
import { describeMissingDates, readDocDates } from '../git-history';
import type { DocSource, DocsVersion } from '../types';
import { reportWhenChanged } from './reports';
import { NODE_TYPES } from './schema';
import { fromRoot, includeDrafts, isDevelop, relativeToRoot } from './site';
import type { CreateNodeId, DocMdxNode, GetNodesByType, MdxNodeLike, NodeHelpers } from './types';

/** The page template of every doc. */
const DOC_TEMPLATE = 'src/templates/doc.tsx';

/** onCreateNode: a doc without a title (or with a malformed field) fails the build naming the file. */
export function checkDocFrontmatter(node: Node, reporter: Pick<Reporter, 'panicOnBuild'>): void {
  if (node.internal.type !== 'Mdx') return;
  const mdx = node as unknown as MdxNodeLike;
  const file = relativeToRoot(mdx.internal.contentFilePath ?? '');
  for (const message of validateDocFrontmatter(mdx.frontmatter, file)) reporter.panicOnBuild(message);
}

/** The doc id of an MDX file under the docs folder (`…/content/docs/api/atom.mdx` → `api/atom`). */
export const docIdOf = (contentFilePath: string, config: Pick<SiteConfig, 'docs'>): string =>
  docIdFromRelativePath(path.relative(fromRoot(config.docs.contentDir), contentFilePath));

/** An MDX node as the docs model reads it; null for a file outside the docs folder. */
function docSourceOfNode(mdx: MdxNodeLike, config: SiteConfig): DocSource | null {
  const absolute = mdx.internal.contentFilePath;
  if (!absolute || path.relative(fromRoot(config.docs.contentDir), absolute).startsWith('..')) return null;
  return docSourceOf(mdx.frontmatter, relativeToRoot(absolute), docIdOf(absolute, config));
}

/** Node ids of the docs model: stable per doc, so an unchanged doc's navigation node keeps its id across runs. */
export const docsVersionNodeId = (createNodeId: CreateNodeId) => createNodeId(NODE_TYPES.docsVersion);
export const docNavigationNodeId = (createNodeId: CreateNodeId, docId: string) => createNodeId(`${NODE_TYPES.docNavigation} ${docId}`);

/**
 * sourceNodes: keeps the docs model's nodes of the previous run alive until createPages replaces them (Gatsby
 * deletes nodes nobody touched while sourcing, and deleting them would invalidate every query that read them).
 */
export function keepDocsModelNodes({ actions, getNodesByType }: Pick<NodeHelpers, 'actions' | 'getNodesByType'>): void {
  for (const type of [NODE_TYPES.docsVersion, NODE_TYPES.docNavigation]) {
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
  const node = (id: string, type: string, fields: object): NodeInput => ({
    ...(fields as Record<string, unknown>),
    id,
    parent: null,
    children: [],
    internal: { type, contentDigest: createContentDigest(fields) },
  });
  actions.createNode(node(docsVersionNodeId(createNodeId), NODE_TYPES.docsVersion, data.version));
  const published = new Set<string>();
  for (const navigation of data.navigation) {
    const created = node(docNavigationNodeId(createNodeId, navigation.docId), NODE_TYPES.docNavigation, navigation);
    published.add(created.id);
    actions.createNode(created);
  }
  for (const stale of getNodesByType(NODE_TYPES.docNavigation)) {
    if (!published.has(stale.id)) actions.deleteNode(stale);
  }
}

/** The docs as this run's createPages saw them: the model and each doc's MDX node by repo-relative file. */
export interface PublishedDocs {
  version: DocsVersion;
  mdxByFile: ReadonlyMap<string, DocMdxNode>;
}

const byFile = (nodes: readonly DocMdxNode[]) => new Map(nodes.map((n) => [relativeToRoot(n.internal.contentFilePath ?? ''), n]));

/**
 * The docs as createPages published them, read back from the nodes (whole-site outputs and the dev server read
 * them here; none queries again): the docs model, sidebars rebuilt from their rows, and each doc's MDX node by
 * repo-relative file. Null before the first createPages.
 */
export function publishedDocs(getNodesByType: GetNodesByType): PublishedDocs | null {
  const [node] = getNodesByType(NODE_TYPES.docsVersion) as Array<Node & DocsVersionNodeData>;
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
  return { version, mdxByFile: byFile(getNodesByType('Mdx') as unknown as DocMdxNode[]) };
}

/**
 * Each doc's edit link and last-updated date (three git processes per run, whatever the number of docs). Why some
 * dates are missing is said once, and again only when it changes (develop runs this after every edit).
 */
function docFileFacts(config: SiteConfig, reporter: Pick<Reporter, 'info'>) {
  const dates = readDocDates(process.cwd(), config.docs.contentDir);
  reportWhenChanged('missing dates', describeMissingDates(dates.reasons) ?? '', (report) => reporter.info(report));
  return { editUrl: config.docs.editUrl, lastUpdated: dates.lastUpdated };
}

/** One page per doc that has its MDX node; the context holds ids only. */
function createPagesOfDocs({ version, mdxByFile }: PublishedDocs, createPage: Actions['createPage']): void {
  for (const doc of version.docs) {
    const node = mdxByFile.get(doc.file);
    if (!node?.internal.contentFilePath) continue;
    createPage({ path: doc.path, component: fromRoot(DOC_TEMPLATE), context: { id: node.id, docId: doc.id } });
  }
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
  reporter: Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;
  config: SiteConfig;
  nodes: NodeHelpers;
}): Promise<PublishedDocs | null> {
  const result = await graphql<{ allMdx: { nodes: DocMdxNode[] } }>(`
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
    const sources = nodes.map((n) => docSourceOfNode(n, config)).filter((s): s is DocSource => s !== null);
    model = buildDocsVersion(sources, config, { includeDrafts: includeDrafts() });
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
  const docs = { version: model.version, mdxByFile: byFile(nodes) };
  createPagesOfDocs(docs, createPage);
  return docs;
}
