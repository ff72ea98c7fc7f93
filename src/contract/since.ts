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
