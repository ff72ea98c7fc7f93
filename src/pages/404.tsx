import type { HeadProps, PageProps } from 'gatsby';
import Layout from '../theme/Layout';
import NotFound from '../theme/NotFound';
import Seo from '../theme/Seo';

export default function NotFoundPage({ location }: PageProps) {
  return (
    <Layout>
      <NotFound pathname={location.pathname} />
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="Page not found" pathname={location.pathname} noindex />;
}
