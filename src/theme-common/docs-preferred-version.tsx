import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../contract/constants';
import { versionOfRoute } from '../contract/docs-versions';
import { createRequiredContext } from './context';
import { lastVersionOf, useDocsVersions, type DocsVersionSummary } from './docs-version';
import { usePageRoute } from './page-route';
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
  const versions = useDocsVersions();
  const names = useMemo(() => versions.map((v) => v.name), [versions]);
  const [stored, slot] = useStorageSlot(STORAGE_KEYS.docsPreferredVersion(pluginId));
  const preferredName = knownVersionName(stored, names);

  useEffect(() => {
    if (stored !== null && preferredName === null) slot.del();
  }, [stored, preferredName, slot]);

  const savePreferredVersionName = useCallback(
    (name: string) => {
      if (!names.includes(name)) {
        throw new Error(`Unknown docs version name "${name}". Known versions: ${names.join(', ')}.`);
      }
      slot.set(name);
    },
    [names, slot],
  );

  const value = useMemo(
    () => ({ preferredVersion: versions.find((v) => v.name === preferredName) ?? null, savePreferredVersionName }),
    [versions, preferredName, savePreferredVersionName],
  );
  return <DocsPreferredVersionContext.Provider value={value}>{children}</DocsPreferredVersionContext.Provider>;
}

/** The preferred docs version (stored under docs-preferred-version-{pluginId}) and a setter. */
export const useDocsPreferredVersion = useDocsPreferredVersionContext;

/** The version of the page being read, or null off the docs. */
export function useActiveDocsVersion(): DocsVersionSummary | null {
  const versions = useDocsVersions();
  const route = usePageRoute();
  return route === null ? null : versionOfRoute(route, versions);
}

/** The version the navbar's docs links go to: the one being read, else the preferred one, else the last. */
export function useDocsVersionCandidate(): DocsVersionSummary {
  const versions = useDocsVersions();
  const active = useActiveDocsVersion();
  const { preferredVersion } = useDocsPreferredVersion();
  return active ?? preferredVersion ?? lastVersionOf(versions);
}
