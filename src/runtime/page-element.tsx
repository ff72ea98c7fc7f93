import { lazy, Suspense, type ReactNode } from 'react';
import ErrorBoundary, { type ErrorBoundaryFallbackProps } from '../theme/ErrorBoundary';

// The error page and its layout load only when a page has crashed: nothing of it ships on first load.
const PageErrorContent = lazy(() => import('./page-error-content'));

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

/**
 * Every page inside an error boundary (spec section 8: "A page throws"). Keyed by path, so navigating away
 * clears the error; the error page keeps the site's layout unless the layout itself is what crashed.
 */
export function PageErrorBoundary({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      key={pathname}
      // React leaves caught errors unreported in production: keep them in the console for whoever debugs.
      onError={(error) => console.error('This page crashed:', error)}
      fallback={(props) => (
        <ErrorBoundary fallback={() => <MinimalErrorPage {...props} />}>
          <Suspense fallback={null}>
            <PageErrorContent {...props} />
          </Suspense>
        </ErrorBoundary>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
