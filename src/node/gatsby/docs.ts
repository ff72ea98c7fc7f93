/**
 * The docs model in Gatsby: each doc's frontmatter is checked as its node is made, createPages builds the model
 * once from the MDX nodes, publishes it as nodes (the queries read them) and makes one page per doc, and every later
 * step reads the published docs back from those nodes (nothing crosses lifecycle steps in module state).
 */
import fs from 'fs';
import path from 'path';
import type { Actions, CreatePagesArgs, Node, NodeInput, Reporter } from 'gatsby';
import { DocsVersionsError, readDocsVersions, readVersionNames, type DocsVersionMetadata } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { fromSidebarRows } from '../../contract/sidebar-rows';
import { CURRENT_VERSION_NAME, DOCS_VERSIONS_MANIFEST_PATH, VERSIONED_DOCS_DIR, qualifiedDocId, versionNamesNewestFirst } from '../../contract/docs-versions';
import { docOfFile } from '../docs-model/doc-ids';
import { DocsModelError } from '../docs-model/errors';
import { docsModelNodeData, docsVersionsManifest, type DocsVersionNodeData } from '../docs-model/nodes';
import { buildDocsVersion } from '../docs-model/version';
import { withDocInVersions } from '../doc-in-versions';
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

/**
 * onCreateNode: stamps each doc's MDX node with its docs version and ids (`fields.docsVersion`, `fields.docId`,
 * `fields.qualifiedDocId`), from the version whose folder holds its file: every later step reads them from the node.
 */
export function stampDocVersion(
  { node, actions }: { node: Node; actions: { createNodeField(args: { node: Node; name: string; value: string }): void } },
  versions: ReadonlyArray<Pick<DocsVersionMetadata, 'name' | 'contentDir'>>,
): void {
  if (node.internal.type !== 'Mdx') return;
  const file = (node as unknown as MdxNodeLike).internal.contentFilePath;
  const identity = file ? docOfFile(relativeToRoot(file), versions) : null;
  if (!identity) return;
  for (const [name, value] of Object.entries(identity)) actions.createNodeField({ node, name, value });
}

/** An MDX node as the docs model reads it, with the version it was stamped with; null for a file outside every version. */
function docSourceOfNode(mdx: DocMdxNode): { versionName: string; source: DocSource } | null {
  const { fields } = mdx;
  if (!fields?.docsVersion || !fields.docId || !mdx.internal.contentFilePath) return null;
  return { versionName: fields.docsVersion, source: docSourceOf(mdx.frontmatter, relativeToRoot(mdx.internal.contentFilePath), fields.docId) };
}

/** Node ids of the docs model: stable per version and per doc, so an unchanged node keeps its id across runs. */
export const docsVersionNodeId = (createNodeId: CreateNodeId, name: string = CURRENT_VERSION_NAME) =>
  createNodeId(name === CURRENT_VERSION_NAME ? NODE_TYPES.docsVersion : `${NODE_TYPES.docsVersion} ${name}`);
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
  versions: ReadonlyArray<ReturnType<typeof docsModelNodeData>>,
): void {
  const node = (id: string, type: string, fields: object): NodeInput => ({
    ...(fields as Record<string, unknown>),
    id,
    parent: null,
    children: [],
    internal: { type, contentDigest: createContentDigest(fields) },
  });
  const published = new Set<string>();
  for (const data of versions) {
    const created = node(docsVersionNodeId(createNodeId, data.version.name), NODE_TYPES.docsVersion, data.version);
    published.add(created.id);
    actions.createNode(created);
    for (const navigation of data.navigation) {
      const createdNavigation = node(docNavigationNodeId(createNodeId, navigation.docId), NODE_TYPES.docNavigation, navigation);
      published.add(createdNavigation.id);
      actions.createNode(createdNavigation);
    }
  }
  for (const type of [NODE_TYPES.docsVersion, NODE_TYPES.docNavigation]) {
    for (const stale of getNodesByType(type)) if (!published.has(stale.id)) actions.deleteNode(stale);
  }
}

/** The docs as this run's createPages saw them: every version's model and each doc's MDX node by repo-relative file. */
export interface PublishedDocs {
  /** Every version, newest first (the current docs, then content/versions.json's order). */
  versions: DocsVersion[];
  /** The last version (served at the docs path). */
  version: DocsVersion;
  mdxByFile: ReadonlyMap<string, DocMdxNode>;
}

/** Orders versions as the site lists them: newest first (the current docs, then content/versions.json's order). */
function newestFirst(versions: DocsVersion[]): DocsVersion[] {
  const order = versionNamesNewestFirst(readVersionNames());
  return [...versions].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

const publishedOf = (versions: DocsVersion[], mdxByFile: ReadonlyMap<string, DocMdxNode>): PublishedDocs | null => {
  const last = versions.find((v) => v.isLast);
  return last ? { versions, version: last, mdxByFile } : null;
};

const byFile = (nodes: readonly DocMdxNode[]) => new Map(nodes.map((n) => [relativeToRoot(n.internal.contentFilePath ?? ''), n]));

/**
 * The docs as createPages published them, read back from the nodes (whole-site outputs and the dev server read
 * them here; none queries again): the docs model, sidebars rebuilt from their rows, and each doc's MDX node by
 * repo-relative file. Null before the first createPages.
 */
export function publishedDocs(getNodesByType: GetNodesByType): PublishedDocs | null {
  const nodes = getNodesByType(NODE_TYPES.docsVersion) as Array<Node & DocsVersionNodeData>;
  const versions = nodes.map(
    (node): DocsVersion => ({
      name: node.name,
      label: node.label,
      release: node.release,
      packageName: node.packageName,
      banner: node.banner,
      badge: node.badge,
      isLast: node.isLast,
      path: node.path,
      mainDocId: node.mainDocId,
      mainDocPath: node.mainDocPath,
      docs: node.docs,
      draftIds: node.draftIds,
      breadcrumbs: node.breadcrumbs,
      sidebars: Object.fromEntries(node.sidebars.map((sidebar) => [sidebar.id, fromSidebarRows(sidebar.items)])),
    }),
  );
  return publishedOf(newestFirst(versions), byFile(getNodesByType('Mdx') as unknown as DocMdxNode[]));
}

/**
 * Each doc's edit link and last-updated date (three git processes per run, whatever the number of docs). Why some
 * dates are missing is said once, and again only when it changes (develop runs this after every edit).
 */
function docFileFacts(config: SiteConfig, reporter: Pick<Reporter, 'info'>) {
  const dates = readDocDates(process.cwd(), [config.docs.contentDir, VERSIONED_DOCS_DIR]);
  reportWhenChanged('missing dates', describeMissingDates(dates.reasons) ?? '', (report) => reporter.info(report));
  return { editUrl: config.docs.editUrl, lastUpdated: dates.lastUpdated };
}

/** One page per doc of every version that has its MDX node; the context holds ids only. */
function createPagesOfDocs({ versions, mdxByFile }: PublishedDocs, createPage: Actions['createPage']): void {
  for (const version of versions) {
    for (const doc of version.docs) {
      const node = mdxByFile.get(doc.file);
      if (!node?.internal.contentFilePath) continue;
      const context = { id: node.id, docId: qualifiedDocId(version.name, doc.id) };
      createPage({ path: doc.path, component: fromRoot(DOC_TEMPLATE), context });
    }
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
          fields {
            docsVersion
            docId
          }
          frontmatter {
            title
            description
            sidebar_label
            sidebar_position
            slug
            draft
            keywords
            overview
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
  let models: Array<ReturnType<typeof buildDocsVersion>>;
  let nodeData: Array<ReturnType<typeof docsModelNodeData>>;
  try {
    const located = nodes.map(docSourceOfNode).filter((s) => s !== null);
    // Every version goes through the same pipeline; only its value (folder, sidebars, route) differs.
    models = readDocsVersions(config).map((version) =>
      buildDocsVersion(
        located.filter((l) => l.versionName === version.name).map((l) => l.source),
        version,
        { includeDrafts: includeDrafts(), breadcrumbs: config.docs.breadcrumbs },
      ),
    );
    const last = models.find((m) => m.version.isLast)?.version;
    const facts = docFileFacts(config, reporter);
    const versions = models.map((m) => m.version);
    nodeData = models.map((m) => {
      const data = docsModelNodeData(m.version, config, facts, last);
      return { ...data, navigation: withDocInVersions(data.navigation, m.version, versions) };
    });
  } catch (error) {
    if (error instanceof DocsModelError || error instanceof DocsVersionsError) {
      reporter.panicOnBuild(error.message);
      // Develop deletes the pages a createPages run does not create again: while an edit leaves the model broken
      // (often for a moment, as a file is rewritten), the pages of the last good model stay.
      const previous = isDevelop() ? publishedDocs(nodeHelpers.getNodesByType) : null;
      if (previous) createPagesOfDocs(previous, createPage);
      return null;
    }
    throw error;
  }
  models.forEach((m) => m.warnings.forEach((w) => reporter.warn(w)));
  publishDocsModel(nodeHelpers, nodeData);
  const docs = publishedOf(
    models.map((m) => m.version),
    byFile(nodes),
  );
  if (docs) createPagesOfDocs(docs, createPage);
  return docs;
}

/** onPostBuild: writes the versions manifest (DOCS_VERSIONS_MANIFEST_PATH) the version dropdown fetches when opened. */
export function writeDocsVersionsManifest(docs: PublishedDocs | null, publicDir: string = fromRoot('public')): void {
  if (!docs) return;
  fs.writeFileSync(path.join(publicDir, DOCS_VERSIONS_MANIFEST_PATH), JSON.stringify(docsVersionsManifest(docs.versions)));
}

interface ManifestResponse {
  set(headers: Record<string, string>): ManifestResponse;
  send(body: string): unknown;
}

/** onCreateDevServer: develop answers DOCS_VERSIONS_MANIFEST_PATH from the docs as they are now, like the build's file. */
export function serveDocsVersionsManifest(
  app: { get(path: string, handler: (req: unknown, res: ManifestResponse) => void): unknown },
  docs: () => PublishedDocs | null,
): void {
  app.get(DOCS_VERSIONS_MANIFEST_PATH, (_req, res) => {
    res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.send(JSON.stringify(docsVersionsManifest(docs()?.versions ?? [])));
  });
}
