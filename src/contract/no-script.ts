/**
 * Controls that do nothing without JavaScript carry this attribute (written `data-needs-script=""` in their markup,
 * like `data-noprint`); the page's <noscript> style hides them, so a reader without scripts meets no dead buttons.
 */
export const NEEDS_SCRIPT_ATTRIBUTE = 'data-needs-script';
export const NEEDS_SCRIPT_SELECTOR = `[${NEEDS_SCRIPT_ATTRIBUTE}]`;
