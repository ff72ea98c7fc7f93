import type { ErrorBoundaryFallbackProps } from '../theme/ErrorBoundary';
import ErrorPage from '../theme/ErrorPage';
import Layout from '../theme/Layout';

/** The error page inside the site's layout; loaded on demand by ./page-element.tsx. */
export default function PageErrorContent({ error, tryAgain }: ErrorBoundaryFallbackProps) {
  return (
    <Layout>
      <ErrorPage error={error} tryAgain={tryAgain} />
    </Layout>
  );
}
