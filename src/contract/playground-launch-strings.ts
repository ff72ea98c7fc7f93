/** The playground's text that "Edit and run" needs before the editor loads (its own module, so the small launcher
 * every page with a sample loads does not carry the editor's text). */
export const PLAYGROUND_LAUNCH_STRINGS = {
  editAndRun: 'Edit and run',
  loadingEditor: 'Loading the editor…',
} as const;
