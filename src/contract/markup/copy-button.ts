/**
 * The copy button the build writes into every code block (src/node/mdx/components/CodeBlock.tsx): its class, which
 * the copy island finds it by, and the classes of its two icons. (The islands loader, which every page loads first,
 * spells the class itself: importing a module the copy island imports too costs the first load its wrapper.)
 */
export const COPY_BUTTON_CLASS = 'copy-button';
export const COPY_BUTTON_ICON_CLASS = 'copy-button__icon';
/** The icon shown until the code is copied. */
export const COPY_BUTTON_COPY_ICON_CLASS = 'copy-button__icon--copy';
/** The icon shown once it is. */
export const COPY_BUTTON_DONE_ICON_CLASS = 'copy-button__icon--done';
