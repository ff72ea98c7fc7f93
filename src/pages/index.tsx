import type { HeadProps } from 'gatsby';
import Home from '../theme/Home';
import Layout from '../theme/Layout';
import Seo from '../theme/Seo';

export default function IndexPage() {
  return (
    <Layout>
      <Home />
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo pathname={location.pathname} />;
}
