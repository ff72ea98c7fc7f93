/**
 * The "Since" mark of API entries a newer release added (`<Since release="1.2.0-rc4" />` in MDX): its component name
 * and its words, shared by the page's markup, the Markdown twin and the search records so all three say the same.
 */

/** The MDX component's name, as the Markdown export and the search records find it in a doc's syntax tree. */
export const SINCE_COMPONENT = 'Since';

/** What a mark says in full: read by screen readers, written into the Markdown twin and the search records. */
export const sinceText = (release: string): string => `Since ${release}`;

/** The short form shown on the page: the release's major.minor (`1.2.0-rc4` → `1.2`). */
export const sinceShortRelease = (release: string): string => /^\d+\.\d+/.exec(release)?.[0] ?? release;

/**
 * The releases a mark on a page of docs version `versionName` may name: that version's release and those of the
 * versions older than it, but the oldest documented release, which has nothing "since" it (a page cannot call an
 * entry new in a release later than the one it documents). `newestFirst` is every version, newest first.
 */
export function sinceReleases(newestFirst: ReadonlyArray<{ name: string; release: string }>, versionName: string): string[] {
  const own = newestFirst.findIndex((version) => version.name === versionName);
  if (own < 0) return [];
  return [...new Set(newestFirst.slice(own, newestFirst.length - 1).map((version) => version.release))];
}

/** The oldest documented release (the one a mark says lacks the entry), or undefined with one version alone. */
export const oldestRelease = (newestFirst: ReadonlyArray<{ release: string }>): string | undefined =>
  newestFirst.length > 1 ? newestFirst[newestFirst.length - 1]?.release : undefined;
