/** An admonition (`admonition admonition--note`): the aside, its icon, heading and content. */
export const ADMONITION_CLASSES = {
  aside: 'admonition',
  icon: 'admonition__icon',
  heading: 'admonition__heading',
  content: 'admonition__content',
} as const;

/** The class of an admonition of one type (`admonition--tip`). */
export const admonitionTypeClass = (type: string): string => `${ADMONITION_CLASSES.aside}--${type}`;
