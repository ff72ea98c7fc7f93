/** Constants from the product spec, named once and imported where used (limits DocSearch enforces itself are checked by the tests of that behaviour). */

/** Viewport width (px) from which the desktop layout applies. */
export const DESKTOP_BREAKPOINT = 996;
/** Screens up to this width (px) get the short search snippets. */
export const SMALL_SCREEN_SNIPPET_BREAKPOINT = 768;
export const HITS_PER_PAGE = 20;
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_SMALL_SCREEN = 5;
export const RESULTS_PER_GROUP = 5;
export const SEARCH_INPUT_MAX_LENGTH = 64;
export const LOADER_DELAY_MS = 200;
export const PROGRESS_BAR_DELAY_MS = 200;
export const PROGRESS_BAR = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;
export const SMOOTH_SCROLL_FACTOR = 0.85;
export const TOC_MIN_HEADING_LEVEL = 2;
export const TOC_MAX_HEADING_LEVEL = 3;
export const LOGO_SIZE = 32;
export const SEARCH_PLACEHOLDER = 'Search docs';
export const SEARCH_BUTTON_LABEL = 'Search';
/** Words per snippet on the /search page, which has room for more context than the modal. */
export const SEARCH_PAGE_SNIPPET_WORDS = 30;
/** Delay (ms) before the /search page writes the typed query into the URL. */
export const SEARCH_PAGE_URL_DEBOUNCE_MS = 300;
/** The search error screen. */
export const SEARCH_ERROR_TITLE = 'Unable to fetch results';
export const SEARCH_ERROR_HELP = 'You might want to check your network connection.';

/** Browser storage keys. */
export const STORAGE_KEYS = {
  theme: 'theme',
  docsPreferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  /** The tab chosen in <Tabs groupId="…"> groups (not in the spec; same naming as the other keys). */
  tabGroup: (groupId: string) => `docusaurus.tab.${groupId}`,
  /** The answer to "Was this page helpful?" on one page, `yes` or `no` (not in the spec). */
  pageFeedback: (route: string) => `stan.feedback.${route}`,
  /** A reader's edits of the code under "Edit and run" or in the playground, for one scope (not in the spec). */
  codeDrafts: (scope: string) => `stan.drafts.${scope}`,
} as const;

/** The id of the element skip links and hash navigation land on. */
export const MAIN_CONTENT_ID = 'main-content';

/** A search query counts for analytics once the reader has stopped typing this long (or left the search). */
export const SEARCH_TRACKING_IDLE_MS = 1000;

/** The longest reason a reader may give with their answer to "Was this page helpful?". */
export const FEEDBACK_REASON_MAX_LENGTH = 300;

/** The playground's route (an editor with the starter program, or the code of a share link in its hash). */
export const PLAYGROUND_ROUTE = '/playground';
