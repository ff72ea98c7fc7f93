/** Classes of the site's global stylesheet (src/theme/global.css) that the build's markup uses too. */
export const GLOBAL_CLASSES = { visuallyHidden: 'visually-hidden', buttonSecondary: 'button-secondary' } as const;
