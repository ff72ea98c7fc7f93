import type { HeadProps } from 'gatsby';
import Layout from '../theme/Layout';
import PlaygroundPage from '../theme/PlaygroundPage';
import Seo from '../theme/Seo';

export default function PlaygroundRoute() {
  return (
    <Layout>
      <PlaygroundPage />
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="Playground" pathname={location.pathname} />;
}
