/** Heading levels that get an id and a #anchor (gatsby-remark-autolink-headers' `elements`); h1 is the page title. */
export const AUTOLINKED_HEADING_DEPTHS = [2, 3, 4, 5, 6] as const;
export const AUTOLINKED_HEADING_ELEMENTS = AUTOLINKED_HEADING_DEPTHS.map((depth) => `h${depth}`);
