/**
 * An island enhances the build-time markup of one kind (src/contract/islands.ts) inside a doc's container
 * and returns what undoes it: the doc runtime (src/theme/DocContent) calls that before the HTML changes.
 */
export type Island = (root: HTMLElement) => (() => void) | void;
