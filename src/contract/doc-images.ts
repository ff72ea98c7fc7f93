/**
 * What the build writes for a doc's image and the image island reads: class names, the attribute holding the full-size
 * picture, and the widths the article column takes (src/templates/doc.module.css), which decide `sizes` and the
 * largest width the build generates.
 */

/** The article column's widest layout, in CSS pixels: an 88rem page less the sidebar, the TOC, the gaps and padding. */
export const ARTICLE_MAX_WIDTH = 816;

/**
 * The width of the article column at each layout of doc.module.css: full width under 996 px, beside the sidebar up
 * to 1200 px, between sidebar and TOC above, and fixed once the page reaches its 88rem maximum.
 */
export const ARTICLE_SIZES = [
  `(min-width: 1408px) ${ARTICLE_MAX_WIDTH}px`,
  '(min-width: 1200px) calc(100vw - 592px)',
  '(min-width: 996px) calc(100vw - 328px)',
  'calc(100vw - 32px)',
].join(', ');

export const DOC_IMAGE_CLASS = 'doc-image';
/** The light picture, hidden in the dark colour mode when a dark twin exists. */
export const DOC_IMAGE_LIGHT_CLASS = 'doc-image__light';
/** The dark twin, shown only in the dark colour mode. */
export const DOC_IMAGE_DARK_CLASS = 'doc-image__dark';
/** The link around an image with alt text: without JavaScript it opens the picture; the island opens it in a dialog. */
export const DOC_IMAGE_LINK_CLASS = 'doc-image__link';
/** A picture the dev server has not processed yet (the live preview shows a note in its place). */
export const DOC_IMAGE_PENDING_CLASS = 'doc-image__pending';
/** An SVG picture, served as it is. */
export const DOC_IMAGE_SVG_CLASS = 'doc-image__svg';
/** A picture's caption. */
export const DOC_IMAGE_CAPTION_CLASS = 'doc-image__caption';
/** On the link: the natural width (CSS px) of the largest generated picture, the size the dialog shows it at. */
export const FULL_WIDTH_ATTRIBUTE = 'data-full-width';
