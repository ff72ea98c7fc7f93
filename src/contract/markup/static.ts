/**
 * The markup of a doc's body that stays as the build wrote it (src/node/mdx/components): no island reads these
 * names, only the theme's stylesheets, so they share one module (the islands' names are one module per component).
 */
import type { DataAttribute } from './data-attribute';

/** An admonition (`admonition admonition--note`): the aside, its icon, heading and content. */
export const ADMONITION_CLASSES = {
  aside: 'admonition',
  icon: 'admonition__icon',
  heading: 'admonition__heading',
  content: 'admonition__content',
} as const;

/** The class of an admonition of one type (`admonition--tip`). */
export const admonitionTypeClass = (type: string): string => `${ADMONITION_CLASSES.aside}--${type}`;

/** A code block (a fence): its frame, the highlighted body, the title a fence's `title="…"` gives it, its language. */
export const CODE_BLOCK_CLASSES = { block: 'code-block', body: 'code-block__body', title: 'code-block__title' } as const;

/** The language of a code block's fence. */
export const LANGUAGE_DATA: DataAttribute<'language'> = { name: 'data-language', key: 'language' };

/** Classes of the site's global stylesheet (src/theme/global.css) that the build's markup uses too. */
export const GLOBAL_CLASSES = { visuallyHidden: 'visually-hidden', buttonSecondary: 'button-secondary' } as const;

/** The "#" link after each heading. */
export const HEADING_ANCHOR_CLASS = 'heading-anchor';

/** Parts of the page that are left out when it is printed. */
export const NO_PRINT_DATA: DataAttribute<'noprint'> = { name: 'data-noprint', key: 'noprint' };

/** A "Since" mark (`since-mark`): a small label on an API entry that the oldest documented release lacks. */
export const SINCE_CLASSES = { mark: 'since-mark' } as const;
