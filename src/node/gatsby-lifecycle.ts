/**
 * Glue between Gatsby's lifecycle and the pure modules of src/node. gatsby-node.ts only delegates here.
 */
import fs from 'fs';
import path from 'path';
import type { Actions, CreatePagesArgs, Node, Reporter } from 'gatsby';
import type { SiteConfig } from '../config/types';
import { SiteConfigError, validateSiteConfig } from '../config/schema';
import {
  DocsModelError,
  buildDocsVersion,
  docIdFromRelativePath,
  firstDocRouteOfSidebar,
  getDocNavigation,
} from './docs-model';
import { frontmatterTypeDefs, validateDocFrontmatter } from './frontmatter';
import { checkLinks, formatLinkReport, type PageLinks } from './link-check';
import { AUTOLINKED_HEADING_DEPTHS } from './headings';
import { MdxSyntaxError } from './mdx-errors';
import { extractMdxLinks } from './mdx-extract';
import { renderMdxToHtml } from './render-mdx';
import type { DocSource, DocsVersion } from './types';

const ROOT = process.cwd();
const DOC_TEMPLATE = path.resolve(ROOT, 'src/templates/doc.tsx');
const STATIC_DIR = path.resolve(ROOT, 'static');

const relativeToRoot = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

export function validateConfig(raw: unknown, reporter: Reporter): SiteConfig {
  try {
    // Every kind the schema accepts has a component: the theme's registry is typed by the schema's kinds.
    return validateSiteConfig(raw);
  } catch (error) {
    if (error instanceof SiteConfigError) reporter.panic(error.message);
    throw error;
  }
}

export const docsTypeDefs = `
  type StanDocEntry @dontInfer {
    id: String!
    path: String!
    title: String!
    sidebar: String
    file: String!
  }
  type StanDocsSidebar @dontInfer {
    id: String!
    firstDocPath: String!
    items: JSON!
  }
  type StanDocsVersion @dontInfer {
    name: String!
    label: String!
    isLast: Boolean!
    path: String!
    mainDocId: String!
    docs: [StanDocEntry!]!
    draftIds: [String!]!
    sidebars: [StanDocsSidebar!]!
    breadcrumbs: Boolean!
  }
  type StanDocNavigation @dontInfer {
    breadcrumbs: JSON!
    previous: JSON
    next: JSON
  }
`;

export function createDocsSchema(createTypes: Actions['createTypes']): void {
  createTypes(frontmatterTypeDefs);
  createTypes(docsTypeDefs);
}

interface MdxNodeLike {
  id: string;
  body?: string | null;
  frontmatter?: Record<string, unknown> | null;
  internal: { contentFilePath?: string | null; contentDigest?: string };
}

// One render per MDX content version, however many queries ask for it.
const htmlCache = new Map<string, Promise<string>>();

function mdxHtml(node: MdxNodeLike): Promise<string> {
  const key = `${node.id}:${node.internal.contentDigest ?? ''}`;
  let html = htmlCache.get(key);
  if (!html) {
    html = renderMdxToHtml(node.body ?? '', relativeToRoot(node.internal.contentFilePath ?? node.id));
    htmlCache.set(key, html);
  }
  return html;
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

function versionForGraphql(version: DocsVersion) {
  return {
    ...version,
    sidebars: Object.entries(version.sidebars).map(([id, items]) => ({
      id,
      items,
      firstDocPath: firstDocRouteOfSidebar(version, id),
    })),
  };
}

interface ResolverContext {
  nodeModel: { findAll(args: { type: string }): Promise<{ entries: Iterable<unknown> }> };
}

async function versionFromContext(context: ResolverContext, config: SiteConfig): Promise<DocsVersion> {
  const { entries } = await context.nodeModel.findAll({ type: 'Mdx' });
  return modelFromNodes(Array.from(entries) as MdxNodeLike[], config).version;
}

/**
 * Root query fields `docsVersion` and `docNavigation(docId)` (the docs model, browsable in GraphiQL) and
 * `Mdx.html`, the doc rendered to static HTML at build time.
 */
export function docsResolvers(config: SiteConfig) {
  return {
    Mdx: {
      html: {
        type: 'String!',
        resolve: (source: MdxNodeLike) => mdxHtml(source),
      },
    },
    Query: {
      docsVersion: {
        type: 'StanDocsVersion!',
        resolve: async (_source: unknown, _args: unknown, context: ResolverContext) =>
          versionForGraphql(await versionFromContext(context, config)),
      },
      docNavigation: {
        type: 'StanDocNavigation!',
        args: { docId: 'String!' },
        resolve: async (_source: unknown, args: { docId: string }, context: ResolverContext) =>
          getDocNavigation(await versionFromContext(context, config), args.docId),
      },
    },
  };
}

interface DocsQueryResult {
  allMdx: { nodes: MdxNodeLike[] };
}

// Filled by createPages, read by onPostBootstrap once every page (src/pages included) exists.
let pendingLinkCheck: PageLinks[] = [];

export async function createDocPages({
  graphql,
  createPage,
  reporter,
  config,
}: {
  graphql: CreatePagesArgs['graphql'];
  createPage: Actions['createPage'];
  reporter: Reporter;
  config: SiteConfig;
}): Promise<void> {
  const result = await graphql<DocsQueryResult>(`
    query DocsForPages {
      allMdx(sort: { internal: { contentFilePath: ASC } }) {
        nodes {
          id
          internal {
            contentFilePath
          }
          frontmatter {
            title
            description
            sidebar_label
            sidebar_position
            slug
            draft
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not query the docs (allMdx).', result.errors);
    return;
  }
  const nodes = result.data.allMdx.nodes;
  let model: ReturnType<typeof buildDocsVersion>;
  try {
    model = modelFromNodes(nodes, config);
  } catch (error) {
    if (error instanceof DocsModelError) {
      reporter.panicOnBuild(error.message);
      return;
    }
    throw error;
  }
  model.warnings.forEach((w) => reporter.warn(w));

  const byFile = new Map(nodes.map((n) => [relativeToRoot(n.internal.contentFilePath ?? ''), n]));
  pendingLinkCheck = [];
  for (const doc of model.version.docs) {
    const node = byFile.get(doc.file);
    if (!node?.internal.contentFilePath) continue;
    createPage({
      path: doc.path,
      component: DOC_TEMPLATE,
      context: { id: node.id, docId: doc.id },
    });
    // The file (not the frontmatter-less body) so reported line numbers match the editor's.
    const source = fs.readFileSync(node.internal.contentFilePath, 'utf8');
    try {
      const { links, headingIds } = await extractMdxLinks(source, { headingDepths: AUTOLINKED_HEADING_DEPTHS, file: doc.file });
      pendingLinkCheck.push({ file: doc.file, route: doc.path, links, headingIds });
    } catch (error) {
      // A file that does not parse fails the build naming file:line:column and the fix; `develop` reports it and
      // keeps serving the other pages until the file is fixed.
      if (!(error instanceof MdxSyntaxError)) throw error;
      reporter.panicOnBuild(error.message);
    }
  }
}

function listStaticFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listStaticFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : [`${prefix}/${entry.name}`],
  );
}

/** Broken internal links fail the build naming the file and target; broken anchors warn. */
export function checkBuiltLinks({ pagePaths, reporter }: { pagePaths: string[]; reporter: Reporter }): void {
  const result = checkLinks(pendingLinkCheck, pagePaths, { staticFiles: listStaticFiles(STATIC_DIR) });
  if (result.warnings.length === 0 && result.errors.length === 0) return;
  const report = formatLinkReport(result);
  if (result.errors.length > 0) reporter.panicOnBuild(report);
  else reporter.warn(report);
}
