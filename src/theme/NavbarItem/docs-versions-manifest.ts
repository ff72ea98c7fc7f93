import { useCallback, useEffect, useState } from 'react';
import { withPrefix } from 'gatsby';
import { DOCS_VERSIONS_MANIFEST_PATH, type DocsVersionsManifest } from '../../contract/docs-versions';

function isManifest(value: unknown): value is DocsVersionsManifest {
  if (typeof value !== 'object' || value === null) return false;
  const versions = (value as { versions?: unknown }).versions;
  return (
    Array.isArray(versions) &&
    versions.every(
      (v: unknown) =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as { name?: unknown }).name === 'string' &&
        typeof (v as { mainDocPath?: unknown }).mainDocPath === 'string' &&
        typeof (v as { docs?: unknown }).docs === 'object' &&
        (v as { docs?: unknown }).docs !== null,
    )
  );
}

// One request at a time for the whole page; a failed one is forgotten so the next intent retries.
let pending: Promise<DocsVersionsManifest> | null = null;
let loaded: DocsVersionsManifest | null = null;
const subscribers = new Set<() => void>();

/** Fetches the build's manifest of every version's doc routes once; later calls share the answer. */
export function loadDocsVersionsManifest(): Promise<DocsVersionsManifest> {
  if (loaded) return Promise.resolve(loaded);
  // Started inside a promise so even a fetch that throws at once ends as a failed load, never in an event handler.
  pending ??= Promise.resolve()
    .then(() => fetch(withPrefix(DOCS_VERSIONS_MANIFEST_PATH)))
    .then((response) => {
      if (!response.ok) throw new Error(`${DOCS_VERSIONS_MANIFEST_PATH} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then((body) => {
      if (!isManifest(body)) throw new Error(`${DOCS_VERSIONS_MANIFEST_PATH} is not a docs versions manifest`);
      loaded = body;
      subscribers.forEach((s) => s());
      return body;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Forgets a loaded manifest (each test starts without one). */
export function forgetDocsVersionsManifest(): void {
  loaded = null;
  pending = null;
}

export type DocsVersionsManifestState =
  | { status: 'idle' | 'loading' | 'failed'; manifest: null }
  | { status: 'ready'; manifest: DocsVersionsManifest };

/** The manifest once asked for (`request`, on the reader's intent); never fetched on a page's first load. */
export function useDocsVersionsManifest(): DocsVersionsManifestState & { request(): void } {
  const [state, setState] = useState<DocsVersionsManifestState>(() =>
    loaded ? { status: 'ready', manifest: loaded } : { status: 'idle', manifest: null },
  );

  useEffect(() => {
    const onLoaded = () => {
      if (loaded) setState({ status: 'ready', manifest: loaded });
    };
    subscribers.add(onLoaded);
    return () => {
      subscribers.delete(onLoaded);
    };
  }, []);

  const request = useCallback(() => {
    if (loaded || pending) return;
    setState({ status: 'loading', manifest: null });
    // Success reaches every mounted user through the subscribers; a failure only the one that asked.
    loadDocsVersionsManifest().catch(() => setState({ status: 'failed', manifest: null }));
  }, []);

  return { ...state, request };
}

/** The id of the doc at a route in one version of the manifest, or null when the route is no doc of it. */
export function docIdOfRoute(manifest: DocsVersionsManifest, versionName: string, route: string): string | null {
  const clean = route.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const version = manifest.versions.find((v) => v.name === versionName);
  if (!version) return null;
  const match = Object.entries(version.docs).find(([, path]) => path.replace(/\/+$/, '') === clean);
  return match ? match[0] : null;
}
