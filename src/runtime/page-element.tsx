import { useEffect, type ReactNode } from 'react';
import { PageRouteProvider } from '../theme-common/page-route';
import ErrorBoundary, { type ErrorBoundaryFallbackProps } from '../theme/ErrorBoundary';
import { latePiece, startLoading, useLatePiece } from '../theme/islands/loader';

// The error page and its layout load only when a page has crashed: nothing of it ships on first load.
const errorPage = latePiece('The error page', () => import('./page-error-content').then((module) => module.default));

/** If the error page itself cannot load or render (offline, broken layout): the essentials, without styling. */
function MinimalErrorPage({ error, tryAgain }: ErrorBoundaryFallbackProps) {
  return (
    <div role="alert">
      <h1>This page crashed.</h1>
      <p>{error.message}</p>
      <button type="button" onClick={tryAgain}>
        Try again
      </button>
    </div>
  );
}

/** The site's error page once its code is there; the essentials if it cannot load (its own Try again reloads it). */
function PageErrorFallback(props: ErrorBoundaryFallbackProps) {
  const state = useLatePiece(errorPage);
  useEffect(() => startLoading(errorPage), []);
  if (state.status === 'failed') return <MinimalErrorPage {...props} />;
  if (state.status !== 'ready') return null;
  const PageErrorContent = state.value;
  return (
    <ErrorBoundary fallback={() => <MinimalErrorPage {...props} />}>
      <PageErrorContent {...props} />
    </ErrorBoundary>
  );
}

/**
 * Every page inside an error boundary: a page that throws shows the error page. Keyed by path, so navigating away
 * clears the error; the error page keeps the site's layout unless the layout itself is what crashed. The page's
 * route is given to everything in it (the navbar's docs links follow the docs version being read), hydrating as the
 * route its HTML was rendered for.
 */
export function PageErrorBoundary({
  pathname,
  renderedPathname,
  children,
}: {
  pathname: string;
  /** The path the page's HTML was rendered for (the not-found page's for an unknown address), in the browser. */
  renderedPathname?: string;
  children: ReactNode;
}) {
  return (
    <PageRouteProvider pathname={pathname} renderedPathname={renderedPathname}>
      <ErrorBoundary
        key={pathname}
        // React leaves caught errors unreported in production: keep them in the console for whoever debugs.
        onError={(error) => console.error('This page crashed:', error)}
        fallback={(props) => <PageErrorFallback {...props} />}
      >
        {children}
      </ErrorBoundary>
    </PageRouteProvider>
  );
}
