/**
 * The doc being read in every docs version, given by the doc page to what it renders (the version menu in the
 * navbar), and the version menu's entries made from it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { DocInVersion } from '../contract/doc-in-versions';
import type { DocsVersionSummaryFields } from '../contract/docs-versions';

/** The address parameter a version menu's link carries when the page being read is not in that version. */
export const MISSING_PAGE_PARAM = 'missing-page';

const DocInVersionsContext = createContext<readonly DocInVersion[] | null>(null);

/** Gives the doc's place in every version to the page (a doc page only: elsewhere there is no page to keep). */
export function DocInVersionsProvider({ value, children }: { value: readonly DocInVersion[]; children: ReactNode }) {
  return <DocInVersionsContext.Provider value={value}>{children}</DocInVersionsContext.Provider>;
}

/** The doc being read in every version, or null off the docs pages. */
export function useDocInVersions(): readonly DocInVersion[] | null {
  return useContext(DocInVersionsContext);
}

/** One version in the version menu. */
export interface VersionMenuEntry {
  name: string;
  label: string;
  /** The last version (the newest docs). */
  latest: boolean;
  /** The version shown now (the one being read, else the preferred one, else the last). */
  current: boolean;
  /** The same page in that version, else its main doc (then `missing`, and the address says so on arrival). */
  to: string;
  /** Whether that version lacks the page being read. */
  missing: boolean;
}

/**
 * The version menu: the last version first, then the others in the build's order (newest first). On a doc page each
 * entry opens the same doc in its version, or that version's main doc with a note when it lacks the doc; elsewhere
 * each opens its version's main doc.
 */
export function versionMenuEntries(
  versions: ReadonlyArray<Pick<DocsVersionSummaryFields, 'name' | 'label' | 'isLast' | 'mainDocPath'>>,
  shownName: string,
  docInVersions: readonly DocInVersion[] | null,
): VersionMenuEntry[] {
  return versions.filter((v) => v.isLast).concat(versions.filter((v) => !v.isLast)).map((version) => {
    const path = docInVersions === null ? version.mainDocPath : docInVersions.find((d) => d.name === version.name)?.path ?? null;
    return {
      name: version.name,
      label: version.label,
      latest: version.isLast,
      current: version.name === shownName,
      to: path ?? `${version.mainDocPath}?${MISSING_PAGE_PARAM}`,
      missing: path === null,
    };
  });
}
