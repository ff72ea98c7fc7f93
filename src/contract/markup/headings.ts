/** The "#" link after each heading. */
export const HEADING_ANCHOR_CLASS = 'heading-anchor';
