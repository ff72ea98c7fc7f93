import { createContext, useContext, type ReactNode } from 'react';

// The route of the page being shown; null outside a page (a component rendered on its own).
const PageRouteContext = createContext<string | null>(null);

/** Gives every component of a page its route, the same on the server and in the browser. */
export function PageRouteProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  return <PageRouteContext.Provider value={pathname}>{children}</PageRouteContext.Provider>;
}

/** The route of the page being shown, or null outside a page. */
export function usePageRoute(): string | null {
  return useContext(PageRouteContext);
}
