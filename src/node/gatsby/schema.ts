/**
 * The GraphQL schema the site adds to Gatsby's: every node type and field typed (no inference), so GraphiQL and the
 * page query types show their shape. createSchemaCustomization declares them in this order.
 */

/** The node types the build creates. */
export const NODE_TYPES = {
  docsVersion: 'StanDocsVersion',
  docNavigation: 'StanDocNavigation',
  outputVersion: 'StanOutputVersion',
  socialCardStyle: 'StanSocialCardStyle',
  claimCount: 'StanClaimCount',
  homeSample: 'HomeSample',
} as const;

/**
 * The frontmatter every doc may carry (src/node/frontmatter.ts validates it) and the fields the docs model stamps on
 * it, so queries never depend on inference.
 */
export const frontmatterTypeDefs = `
  type Mdx implements Node {
    frontmatter: MdxFrontmatter
    fields: MdxFields
  }
  "What the docs model stamps on each doc's node (src/node/gatsby/docs.ts stampDocVersion)."
  type MdxFields @dontInfer {
    "The docs version the doc belongs to: current, or the release an older version documents."
    docsVersion: String
    "The doc's id within its version (api/atom)."
    docId: String
    "The doc's id across versions: plain in the current docs, version-<name>/<id> in an older version."
    qualifiedDocId: String
  }
  type MdxFrontmatter @dontInfer {
    title: String!
    description: String
    sidebar_label: String
    sidebar_position: Float
    slug: String
    keywords: [String!]
    draft: Boolean
    overview: Boolean
  }
`;

/** The docs model (src/node/docs-model.ts) as nodes, and the doc fields Mdx.html, toc, socialCard and checks return. */
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
  enum StanDocsVersionBanner {
    none
    unreleased
    unmaintained
  }
  type ${NODE_TYPES.docsVersion} implements Node @dontInfer {
    name: String!
    label: String!
    "The package release the version documents."
    release: String!
    "The package the release is of (@rkrupinski/stan)."
    packageName: String!
    banner: StanDocsVersionBanner!
    badge: Boolean!
    isLast: Boolean!
    path: String!
    mainDocId: String!
    mainDocPath: String!
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
  type StanDocInVersion @dontInfer {
    name: String!
    isLast: Boolean!
    path: String
  }
  type ${NODE_TYPES.docNavigation} implements Node @dontInfer {
    "The doc's site-wide id: plain in the current docs, version-<name>/<id> in an older version."
    docId: String!
    versionName: String!
    "The same doc in the last version, else the last version's main doc."
    lastVersionDocPath: String!
    "The same doc in every version (the last first): its route there, or a null path when that version lacks it."
    docInVersions: [StanDocInVersion!]!
    "The address search engines should rank for the doc: its own, or the same doc's in the last version."
    canonicalPath: String!
    "Whether the doc's page asks not to be indexed: a page of an older version the last version lacks."
    noindex: Boolean!
    "An older version's doc: the rows of its sidebar (null in the last version, whose sidebar every page's static query holds)."
    versionSidebar: [StanSidebarRow!]
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

/**
 * The version of the code, packages and site config that compute the doc fields, as a node every doc query reads:
 * when it changes, Gatsby re-runs every doc query (a content edit alone re-runs only that doc's).
 */
export const outputVersionTypeDefs = `
  type ${NODE_TYPES.outputVersion} implements Node @dontInfer {
    version: String!
  }
`;

/** What the build checked on a doc page (Mdx.checks): the release, the samples compiled, the statements tested. */
export const docChecksTypeDefs = `
  type StanDocChecks @dontInfer {
    packageName: String!
    release: String!
    samples: Int!
    statements: Int!
  }
`;

export const claimCountTypeDefs = `
  "How many claims one test file declares for one doc page."
  type ${NODE_TYPES.claimCount} implements Node @dontInfer {
    page: String!
    claims: Int!
    file: String!
  }
`;

/** The version every social card is drawn under (renderer and site identity), read by the queries that name cards. */
export const socialCardTypeDefs = `
  type ${NODE_TYPES.socialCardStyle} implements Node @dontInfer {
    version: String!
  }
`;

/** The home page's samples, drawn by the docs' code-block pipeline. */
export const homeSampleTypeDefs = `
  type ${NODE_TYPES.homeSample} implements Node @dontInfer {
    name: String!
    html: String!
  }
`;

/** Every type definition, in the order createSchemaCustomization declares them. */
export const SCHEMA_TYPE_DEFS: readonly string[] = [
  frontmatterTypeDefs,
  docsTypeDefs,
  outputVersionTypeDefs,
  docChecksTypeDefs,
  claimCountTypeDefs,
  socialCardTypeDefs,
  homeSampleTypeDefs,
];
