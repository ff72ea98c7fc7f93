/** The build-time markup of type hints (src/node/type-hints.ts), shared with the island that shows them. */

/** Class of an identifier with a type to show; its type text is in TYPE_HINT_ATTRIBUTE. */
export const TYPE_HINT_CLASS = 'type-hint';
export const TYPE_HINT_ATTRIBUTE = 'data-type';
export const TYPE_HINT_SELECTOR = `.${TYPE_HINT_CLASS}`;
