import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { Breadcrumb, PaginatorLink, SidebarItem } from '../node/types';
import Breadcrumbs from '../theme/Breadcrumbs';
import DocChecks from '../theme/DocChecks';
import DocContent from '../theme/DocContent';
import DocPaginator from '../theme/DocPaginator';
import DocSidebar from '../theme/DocSidebar';
import DocVersionBadge from '../theme/DocVersionBadge';
import Layout from '../theme/Layout';
import OnThisPage from '../theme/OnThisPage';
import Seo from '../theme/Seo';
import TOC from '../theme/TOC';
import ViewAsMarkdown from '../theme/ViewAsMarkdown';
import { markdownHref } from '../theme/ViewAsMarkdown/markdown-path';
import { toTocItems, type TocEntry } from '../theme/TOC/toc';
import { absoluteUrl } from '../theme-common/route-utils';
import { findSidebar } from '../theme-common/docs-version';
import { useSiteConfig } from '../theme-common/site-config';
import * as styles from './doc.module.css';

// Where "Skip to main content" lands on a docs page: the article, so the next Tab skips the sidebar.
const DOC_CONTENT_ID = 'doc-content';

interface DocPageContext {
  id: string;
  docId: string;
}

// GraphQL JSON fields (sidebar items, breadcrumbs, links) carry the shapes of src/node/types.ts.
type Data = Queries.DocPageQuery;

function requireDocData(data: Data | undefined, docId: string) {
  const sidebarId = 'docs';
  if (!data?.mdx) throw new Error(`Doc "${docId}" has no MDX data. Is the file still under content/docs?`);
  const sidebar = findSidebar(data.docsVersion, sidebarId);
  return { mdx: data.mdx, sidebar: sidebar.items as unknown as SidebarItem[] };
}

export default function DocTemplate({ data, pageContext, location }: PageProps<Data, DocPageContext>) {
  // `path` is the router's pattern ("/*") once hydrated; the URL path is the page's route.
  const route = location.pathname.replace(/\/+$/, '') || '/';
  const { mdx, sidebar } = requireDocData(data, pageContext.docId);
  const title = mdx.frontmatter?.title ?? '';
  const navigation = data.docNavigation;
  const toc = toTocItems(mdx.tableOfContents as { items?: TocEntry[] } | null);
  return (
    <Layout secondaryMenu={<DocSidebar items={sidebar} activePath={route} variant="mobile" />} contentId={DOC_CONTENT_ID}>
      <div className={styles.docPage}>
        <aside className={styles.sidebarColumn}>
          <DocSidebar items={sidebar} activePath={route} />
        </aside>
        <div className={styles.contentColumn}>
          <article id={DOC_CONTENT_ID} tabIndex={-1} className={styles.article}>
            {/* One line above the title: where the doc sits, and its version (the first screen on a phone shows
                the doc's text, not a stack of labels). */}
            <div className={styles.topRow}>
              {data.docsVersion.breadcrumbs ? (
                <Breadcrumbs items={navigation.breadcrumbs as unknown as Breadcrumb[]} currentTitle={title} />
              ) : null}
              <DocVersionBadge label={data.docsVersion.label} packageName={mdx.checks.packageName} release={mdx.checks.release} />
            </div>
            <h1 className={styles.title}>{title}</h1>
            <OnThisPage items={toc} />
            <DocContent html={mdx.html} />
            <DocChecks {...mdx.checks} />
            <p className={styles.source}>
              <ViewAsMarkdown route={route} />
            </p>
          </article>
          <DocPaginator
            previous={navigation.previous as unknown as PaginatorLink | null}
            next={navigation.next as unknown as PaginatorLink | null}
          />
        </div>
        <aside className={styles.tocColumn}>
          <TOC items={toc} />
        </aside>
      </div>
    </Layout>
  );
}

export function Head({ data, location }: HeadProps<Data, DocPageContext>) {
  const config = useSiteConfig();
  const title = data.mdx?.frontmatter?.title ?? config.title;
  const pathname = location.pathname.replace(/\/+$/, '') || '/';
  const crumbs = (data.docNavigation.breadcrumbs as unknown as Breadcrumb[]).filter((c) => c.href);
  // Breadcrumb structured data for search engines: categories, then this page.
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [...crumbs.map((c) => ({ name: c.label, url: c.href as string })), { name: title, url: pathname }].map(
      (c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(config.url, c.url) }),
    ),
  };
  return (
    <Seo title={title} description={data.mdx?.frontmatter?.description} pathname={pathname} type="article">
      <script type="application/ld+json">{JSON.stringify(jsonLd)}</script>
      <link rel="alternate" type="text/markdown" href={markdownHref(pathname)} />
    </Seo>
  );
}

export const query = graphql`
  query DocPage($id: String!, $docId: String!) {
    mdx(id: { eq: $id }) {
      frontmatter {
        title
        description
      }
      tableOfContents(maxDepth: 3)
      html
      checks {
        packageName
        release
        samples
        statements
      }
    }
    docsVersion {
      name
      label
      breadcrumbs
      sidebars {
        id
        items
      }
    }
    docNavigation(docId: $docId) {
      breadcrumbs
      previous
      next
    }
  }
`;
