/**
 * Controls that do nothing without JavaScript carry this attribute; the page's <noscript> style hides them, so a
 * reader without scripts meets no dead buttons.
 */
export const NEEDS_SCRIPT_ATTRIBUTE = 'data-needs-script';
export const NEEDS_SCRIPT_SELECTOR = `[${NEEDS_SCRIPT_ATTRIBUTE}]`;
/** The attribute to spread on such a control: `<button {...needsScript}>`. */
export const needsScript = { [NEEDS_SCRIPT_ATTRIBUTE]: '' } as const;
