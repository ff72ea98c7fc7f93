import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../contract/constants';
import { createRequiredContext } from './context';
import { useDocsVersion, type DocsVersionSummary } from './docs-version';
import { useStorageSlot } from './storage';

/** The docs plugin id of the site's only docs instance. */
export const DEFAULT_DOCS_PLUGIN_ID = 'default';

/** The stored version name when it names a known version, else null (a stale name must be cleared). */
export function knownVersionName(stored: string | null, names: readonly string[]): string | null {
  return stored !== null && names.includes(stored) ? stored : null;
}

interface DocsPreferredVersionContextValue {
  /** The reader's preferred version, or null when none is stored. */
  preferredVersion: DocsVersionSummary | null;
  savePreferredVersionName(name: string): void;
}

const [DocsPreferredVersionContext, useDocsPreferredVersionContext] =
  createRequiredContext<DocsPreferredVersionContextValue>('useDocsPreferredVersion', 'DocsPreferredVersionProvider');

export function DocsPreferredVersionProvider({
  children,
  pluginId = DEFAULT_DOCS_PLUGIN_ID,
}: {
  children: ReactNode;
  pluginId?: string;
}) {
  // The site has a single version ("Next"); knownVersionName keeps the lookup honest if more are added.
  const version = useDocsVersion();
  const [stored, slot] = useStorageSlot(STORAGE_KEYS.docsPreferredVersion(pluginId));
  const preferredName = knownVersionName(stored, [version.name]);

  useEffect(() => {
    if (stored !== null && preferredName === null) slot.del();
  }, [stored, preferredName, slot]);

  const savePreferredVersionName = useCallback(
    (name: string) => {
      if (name !== version.name) {
        throw new Error(`Unknown docs version name "${name}". Known versions: ${version.name}.`);
      }
      slot.set(name);
    },
    [version.name, slot],
  );

  const value = useMemo(
    () => ({ preferredVersion: preferredName ? version : null, savePreferredVersionName }),
    [version, preferredName, savePreferredVersionName],
  );
  return <DocsPreferredVersionContext.Provider value={value}>{children}</DocsPreferredVersionContext.Provider>;
}

/** The preferred docs version (stored under docs-preferred-version-{pluginId}) and a setter. */
export const useDocsPreferredVersion = useDocsPreferredVersionContext;
