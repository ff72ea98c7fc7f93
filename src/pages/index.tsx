import { graphql, type HeadProps, type PageProps } from 'gatsby';
import Home from '../theme/Home';
import Layout from '../theme/Layout';
import Seo from '../theme/Seo';

interface Data {
  install: { html: string } | null;
  taste: { html: string } | null;
  intro: { html: string } | null;
  highlights: { html: string } | null;
}

export default function IndexPage({ data }: PageProps<Data>) {
  return (
    <Layout>
      <Home samples={{ install: data.install?.html ?? '', taste: data.taste?.html ?? '', intro: data.intro?.html ?? '', highlights: data.highlights?.html ?? '' }} />
    </Layout>
  );
}

export const query = graphql`
  query HomePage {
    install: homeSample(name: { eq: "install" }) {
      html
    }
    taste: homeSample(name: { eq: "taste" }) {
      html
    }
    intro: homeSample(name: { eq: "intro" }) {
      html
    }
    highlights: homeSample(name: { eq: "highlights" }) {
      html
    }
  }
`;

export function Head({ location }: HeadProps) {
  return <Seo pathname={location.pathname} />;
}
