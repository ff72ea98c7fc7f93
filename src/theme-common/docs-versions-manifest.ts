/**
 * The build's manifest of every docs version's doc routes (DOCS_VERSIONS_MANIFEST_PATH), fetched by the not-found
 * page to offer the same address in the versions that have it. The whole answer is checked before anything reads it,
 * and its routes are kept as sets, so no lookup can reach an inherited property (a doc id like `constructor`).
 */
import { useEffect, useState } from 'react';
import { withPrefix } from 'gatsby';
import { DOCS_VERSIONS_MANIFEST_PATH, versionOfRoute, type DocsVersionSummaryFields } from '../contract/docs-versions';

/** One version of the manifest, as the page keeps it. */
export interface ManifestVersion {
  name: string;
  mainDocPath: string;
  /** Every doc route of the version. */
  routes: ReadonlySet<string>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isRoute = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/');

const own = (object: Record<string, unknown>, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/**
 * The manifest's versions when the whole answer has the manifest's shape (every version a distinct name, a main doc
 * route and an object of routes, every route a string starting with "/"); null for anything else.
 */
export function parseDocsVersionsManifest(value: unknown): ManifestVersion[] | null {
  if (!isPlainObject(value)) return null;
  const versions = own(value, 'versions');
  if (!Array.isArray(versions)) return null;
  const parsed: ManifestVersion[] = [];
  for (const version of versions as unknown[]) {
    if (!isPlainObject(version)) return null;
    const name = own(version, 'name');
    const mainDocPath = own(version, 'mainDocPath');
    const docs = own(version, 'docs');
    if (typeof name !== 'string' || name === '' || !isRoute(mainDocPath) || !isPlainObject(docs)) return null;
    const routes = Object.values(docs);
    if (!routes.every(isRoute)) return null;
    if (parsed.some((v) => v.name === name)) return null;
    parsed.push({ name, mainDocPath, routes: new Set(routes) });
  }
  return parsed;
}

let loaded: ManifestVersion[] | null = null;
let pending: Promise<ManifestVersion[]> | null = null;

/** Fetches and checks the manifest once per page load; a failure is forgotten, so the next call tries again. */
export function loadDocsVersionsManifest(): Promise<ManifestVersion[]> {
  if (loaded) return Promise.resolve(loaded);
  // Started inside a promise so even a fetch that throws at once ends as a failed load.
  pending ??= Promise.resolve()
    .then(() => fetch(withPrefix(DOCS_VERSIONS_MANIFEST_PATH)))
    .then((response) => {
      if (!response.ok) throw new Error(`${DOCS_VERSIONS_MANIFEST_PATH} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then((body) => {
      const versions = parseDocsVersionsManifest(body);
      if (!versions) throw new Error(`${DOCS_VERSIONS_MANIFEST_PATH} is not a docs versions manifest`);
      loaded = versions;
      return versions;
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

/** The manifest's versions once fetched (asked for once mounted, when `wanted`); null until then, or when it failed. */
export function useDocsVersionsManifest(wanted: boolean): ManifestVersion[] | null {
  const [versions, setVersions] = useState<ManifestVersion[] | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let active = true;
    loadDocsVersionsManifest().then(
      (v) => active && setVersions(v),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [wanted]);
  return versions;
}

/** A page at the same address in another version. */
export interface SameAddress {
  name: string;
  label: string;
  latest: boolean;
  path: string;
}

/**
 * The same address in the other versions that have a doc there: for `/docs/1.0.0-rc14/guides/known-quirks`, the last
 * version's `/docs/guides/known-quirks` when it is one of its docs (the last version first). Empty outside the docs.
 */
export function sameAddressInVersions(
  pathname: string,
  versions: ReadonlyArray<Pick<DocsVersionSummaryFields, 'name' | 'label' | 'path' | 'isLast'>>,
  manifest: readonly ManifestVersion[],
): SameAddress[] {
  const clean = pathname.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  const active = versionOfRoute(clean, versions);
  if (!active) return [];
  const rest = clean.slice(active.path.replace(/\/+$/, '').length);
  const ordered = [...versions.filter((v) => v.isLast), ...versions.filter((v) => !v.isLast)];
  return ordered.flatMap((version) => {
    if (version.name === active.name) return [];
    const path = `${version.path.replace(/\/+$/, '')}${rest}` || '/';
    const routes = manifest.find((m) => m.name === version.name)?.routes;
    return routes?.has(path) ? [{ name: version.name, label: version.label, latest: version.isLast, path }] : [];
  });
}
