import { graphql, type HeadProps, type PageProps } from 'gatsby';
import Breadcrumbs from '../theme/Breadcrumbs';
import CopyPage from '../theme/CopyPage';
import DocChecks from '../theme/DocChecks';
import DocContent from '../theme/DocContent';
import DocFeedback from '../theme/DocFeedback';
import DocFooter from '../theme/DocFooter';
import DocPaginator from '../theme/DocPaginator';
import DocSidebar from '../theme/DocSidebar';
import DocVersionBadge from '../theme/DocVersionBadge';
import DocVersionBanner from '../theme/DocVersionBanner';
import Layout from '../theme/Layout';
import OnThisPage from '../theme/OnThisPage';
import Seo from '../theme/Seo';
import TOC from '../theme/TOC';
import { markdownHref } from '../contract/markdown-path';
import { socialCardAlt } from '../contract/social-card';
import { DocInVersionsProvider } from '../theme-common/doc-in-versions';
import { absoluteUrl } from '../theme-common/route-utils';
import { useDocsSidebar } from '../theme-common/docs-sidebar';
import { useLivePreview } from '../theme-common/live-preview';
import { useSiteConfig } from '../theme-common/site-config';
import * as styles from './doc.module.css';

// Where "Skip to main content" lands on a docs page: the article, so the next Tab skips the sidebar.
const DOC_CONTENT_ID = 'doc-content';

interface DocPageContext {
  id: string;
  /** The site-wide doc id (`version-<name>/<id>` in an older version). */
  docId: string;
}

// The page's own data: its body and its navigation. The sidebar every doc shares comes from useDocsSidebar.
type Data = Queries.DocPageQuery;

function requireMdx(data: Data | undefined, docId: string) {
  if (!data?.mdx) throw new Error(`Doc "${docId}" has no MDX data. Is the file still under content/docs or content/versioned_docs?`);
  return data.mdx;
}

export default function DocTemplate({ data, pageContext, location }: PageProps<Data, DocPageContext>) {
  // `path` is the router's pattern ("/*") once hydrated; the URL path is the page's route.
  const route = location.pathname.replace(/\/+$/, '') || '/';
  const mdx = requireMdx(data, pageContext.docId);
  const navigation = data.docNavigation;
  const { items: sidebar, label: versionLabel, breadcrumbs } = useDocsSidebar(navigation.sidebar, navigation);
  const latest = navigation.docInVersions.some((v) => v.isLast && v.name === navigation.versionName);
  // In develop, a saved doc shows before Gatsby's page data catches up (always null in a build).
  const live = useLivePreview(route, mdx.html);
  const title = live?.title ?? mdx.frontmatter?.title ?? '';
  const toc = live?.toc ?? mdx.toc;
  const html = live?.html ?? mdx.html;
  return (
    // The navbar's version menu links this doc in every version (and says which versions lack it).
    <DocInVersionsProvider value={navigation.docInVersions}>
      <Layout secondaryMenu={<DocSidebar items={sidebar} activePath={route} variant="mobile" />} contentId={DOC_CONTENT_ID}>
        <div className={styles.docPage}>
          <aside className={styles.sidebarColumn} data-noprint="">
            <DocSidebar items={sidebar} activePath={route} />
          </aside>
          <div className={styles.contentColumn}>
            <article id={DOC_CONTENT_ID} tabIndex={-1} className={styles.article}>
              <DocVersionBanner
                versionName={navigation.versionName}
                lastVersionDocPath={navigation.lastVersionDocPath}
                locationSearch={location.search}
              />
              {/* Where the doc sits and its version, the title and "Copy page", "On this page". On a phone the title
                  comes first and the rest shares one row under it, so the first screen shows the doc's text. */}
              <header>
                <div className={styles.topRow}>
                  {breadcrumbs ? <Breadcrumbs items={navigation.breadcrumbs} currentTitle={title} /> : null}
                  <DocVersionBadge label={versionLabel} latest={latest} />
                </div>
                <div className={styles.titleRow}>
                  <h1 className={styles.title}>{title}</h1>
                  <CopyPage route={route} />
                </div>
                <OnThisPage items={toc} />
              </header>
              <DocContent html={html} />
              {/* The small print about the doc, in one group: what the build checked, then its source. */}
              <div className={styles.docEnd}>
                <DocChecks {...mdx.checks} />
                <DocFooter
                  route={route}
                  editUrl={navigation.editUrl}
                  lastUpdated={navigation.lastUpdated}
                  lastUpdatedText={navigation.lastUpdatedText}
                />
              </div>
            </article>
            {/* Keyed by page: a pending answer is sent for the page it was given on, and the next page starts afresh. */}
            <DocFeedback key={route} route={route} />
            <DocPaginator previous={navigation.previous} next={navigation.next} />
          </div>
          <aside className={styles.tocColumn} data-noprint="">
            <TOC items={toc} />
          </aside>
        </div>
      </Layout>
    </DocInVersionsProvider>
  );
}

export function Head({ data, location }: HeadProps<Data, DocPageContext>) {
  const config = useSiteConfig();
  const title = data.mdx?.frontmatter?.title ?? config.title;
  const pathname = location.pathname.replace(/\/+$/, '') || '/';
  const crumbs = data.docNavigation.breadcrumbs.filter((c): c is { label: string; href: string } => Boolean(c.href));
  // Breadcrumb structured data for search engines: categories, then this page.
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [...crumbs.map((c) => ({ name: c.label, url: c.href })), { name: title, url: pathname }].map(
      (c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(config.url, c.url) }),
    ),
  };
  return (
    <Seo
      title={title}
      description={data.mdx?.frontmatter?.description}
      pathname={pathname}
      canonicalPath={data.docNavigation.canonicalPath}
      noindex={data.docNavigation.noindex}
      type="article"
      image={data.mdx ? { src: data.mdx.socialCard, alt: socialCardAlt(title, config.title) } : undefined}
    >
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
      socialCard
      html
      checks {
        packageName
        release
        samples
        statements
      }
      toc {
        id
        title
        children {
          id
          title
        }
      }
    }
    docNavigation(docId: $docId) {
      sidebar
      versionName
      lastVersionDocPath
      docInVersions {
        name
        isLast
        path
      }
      canonicalPath
      noindex
      # Only an older version's doc has rows here; the last version's sidebar is in the shared static query.
      versionSidebar {
        ...StanSidebarRowFields
      }
      editUrl
      lastUpdated
      # Formatted by Gatsby in UTC: the same words on the server and for every reader, and no date code to ship.
      lastUpdatedText: lastUpdated(formatString: "MMMM D, YYYY")
      breadcrumbs {
        label
        href
      }
      previous {
        title
        href
      }
      next {
        title
        href
      }
    }
  }
`;
