import type { GatsbyGlobals } from './navigation';

/** The Network Information API fields Gatsby's loader reads (not in TypeScript's DOM types). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec section 2: no prefetching on 2g (incl. slow-2g) connections or with data saver on. */
export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if ((connection.effectiveType ?? '').includes('2g')) return false;
  return !connection.saveData;
}

/**
 * Gatsby's loader already skips viewport prefetches (`enqueue`) on such connections, but its hover handler
 * (`hovering`, used by <Link> and DocContent) loads the whole route regardless: apply the same rule there.
 */
export function guardHoverPrefetch(win: Window & GatsbyGlobals): void {
  const loader = win.___loader;
  const hovering = loader?.hovering;
  if (!loader || !hovering) return;
  loader.hovering = (path) => {
    const { connection } = win.navigator as Navigator & { connection?: ConnectionInfo };
    if (connectionAllowsPrefetch(connection)) hovering(path);
  };
}
