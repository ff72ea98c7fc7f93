import type { HeadProps, PageProps } from 'gatsby';
import Layout from '../theme/Layout';
import SearchPage from '../theme/SearchPage';
import Seo from '../theme/Seo';

export default function SearchRoute({ location }: PageProps) {
  return (
    <Layout>
      <SearchPage locationSearch={location.search} />
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  // Result pages are not content: keep them out of search engines but let crawlers follow the links.
  return <Seo title="Search the documentation" pathname={location.pathname} noindex />;
}
