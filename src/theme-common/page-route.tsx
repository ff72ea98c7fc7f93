import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

// The route of the page being shown; null outside a page (a component rendered on its own).
const PageRouteContext = createContext<string | null>(null);

const subscribeToNothing = () => () => undefined;

/** False while React hydrates the server's HTML, true from then on (and at once for what mounts later). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Gives every component of a page its route. `renderedPathname` is the path the page's HTML was rendered for, when
 * it differs from the address (the not-found page's HTML, served for every unknown address): while React hydrates
 * that HTML the route is the rendered one, so the first render matches the server's, and the address's right after.
 */
export function PageRouteProvider({
  pathname,
  renderedPathname,
  children,
}: {
  pathname: string;
  renderedPathname?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const route = hydrated || renderedPathname === undefined ? pathname : renderedPathname;
  return <PageRouteContext.Provider value={route}>{children}</PageRouteContext.Provider>;
}

/** The route of the page being shown, or null outside a page. */
export function usePageRoute(): string | null {
  return useContext(PageRouteContext);
}
