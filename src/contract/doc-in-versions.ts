/** A doc's place in every docs version, as a doc page's data gives it (`docNavigation.docInVersions`). */

/** The same doc in one docs version: its route there, or null when that version has no such doc. */
export interface DocInVersion {
  name: string;
  isLast: boolean;
  path: string | null;
}
