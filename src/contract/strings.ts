/** Text shown by the content components and their islands (static markup and browser share it). */
export const CONTENT_STRINGS = {
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Copying failed: the code is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
  loadingExample: 'Loading example…',
  loadingDiagram: 'Loading diagram…',
  diagramSource: 'Diagram source',
  viewFullSize: 'View full size',
  closeFullSize: 'Close',
  noScriptExample: 'This live example needs JavaScript. Its complete source is in the code block below.',
  retry: 'Retry',
} as const;
