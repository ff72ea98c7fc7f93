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

/** Text of the "Copy page" control by a doc's title and its menu of AI assistants. */
export const COPY_PAGE_STRINGS = {
  copyPage: 'Copy page',
  copying: 'Copying…',
  copied: 'Copied',
  copiedAnnouncement: 'The page was copied as Markdown.',
  fetchFailed: 'The page could not be copied: its Markdown did not load.',
  clipboardDenied: 'The page could not be copied: the browser refused access to the clipboard.',
  retry: 'Retry',
  menu: 'More ways to use this page',
  menuPiece: 'The page menu',
  openIn: (assistant: string) => `Open in ${assistant}`,
  newTab: '(opens in a new tab)',
  /** What the assistant is asked, naming the page's Markdown by its absolute URL. */
  prompt: (markdownUrl: string) => `Read ${markdownUrl} so I can ask questions about it.`,
} as const;
