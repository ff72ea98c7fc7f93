/** The parts of Gatsby's nodes, helpers and resolver arguments the glue uses, typed once. */
import type { Actions, Node } from 'gatsby';

/** An Mdx node (gatsby-plugin-mdx) as the resolvers receive it. */
export interface MdxNodeLike {
  id: string;
  body?: string | null;
  frontmatter?: Record<string, unknown> | null;
  /** What the docs model stamped on a doc's node (./docs.ts stampDocVersion): its version and ids. */
  fields?: { docsVersion?: string | null; docId?: string | null; qualifiedDocId?: string | null } | null;
  internal: { contentFilePath?: string | null; contentDigest?: string };
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
    overview?: boolean | null;
  } | null;
  internal: { contentFilePath: string | null; contentDigest: string };
}

export type GetNodesByType = (type: string) => Node[];
export type CreateNodeId = (input: string) => string;

/** The node helpers a step that publishes nodes receives. */
export interface NodeHelpers {
  actions: Pick<Actions, 'createNode' | 'deleteNode' | 'touchNode'>;
  createNodeId: CreateNodeId;
  createContentDigest: (input: string | object) => string;
  getNodesByType: GetNodesByType;
}

/** The node model a resolver reads through (each read is a dependency of the running query). */
export interface NodeModelLike {
  getNodeById(args: { id: string; type?: string }): unknown;
  findAll(args: { type: string; query: { filter: { page: { eq: string } } } }): Promise<{ entries: Iterable<unknown> }>;
  findOne(args: { type: string; query: { filter: Record<string, unknown> } }): Promise<unknown>;
}

export interface ResolverContext {
  nodeModel: NodeModelLike;
}

/** The resolver's `info`, as far as the glue reads it: the schema, to reach other types' field resolvers. */
export interface ResolveInfoLike {
  schema: { getType(name: string): unknown };
}
