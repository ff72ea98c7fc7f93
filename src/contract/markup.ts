/**
 * The markup the build writes for a doc's body (src/node/mdx/components) that the theme relies on: the class names
 * its stylesheets style (src/theme/DocContent/styles.module.css, global.css) and the data attributes the islands
 * read. Named once here; a stylesheet, which cannot import, is checked against these names by
 * src/contract/__tests__/markup.test.ts. (Pictures, type hints, islands and copy text have their own modules.)
 */

/** A code block (a fence): its frame, the highlighted body and the title a fence's `title="…"` gives it. */
export const CODE_BLOCK_CLASSES = { block: 'code-block', body: 'code-block__body', title: 'code-block__title' } as const;

/** The copy button the build writes into every code block, with its two icons. */
export const COPY_BUTTON_CLASSES = {
  button: 'copy-button',
  icon: 'copy-button__icon',
  copyIcon: 'copy-button__icon--copy',
  doneIcon: 'copy-button__icon--done',
} as const;

/** "Edit and run" after a sample that compiles: the island's marker and its button. */
export const PLAYGROUND_LAUNCH_CLASSES = { launch: 'playground-launch', button: 'playground-launch__button' } as const;

/** A diagram: its place, the drawing's box and the source shown under it. */
export const MERMAID_CLASSES = { diagram: 'mermaid-diagram', output: 'mermaid-diagram__output', source: 'mermaid-diagram__source' } as const;

/** Where an island says it is loading, or that it failed. */
export const ISLAND_STATUS_CLASS = 'island-status';

/** An admonition (`admonition admonition--note`): the aside, its icon, heading and content. */
export const ADMONITION_CLASSES = {
  aside: 'admonition',
  icon: 'admonition__icon',
  heading: 'admonition__heading',
  content: 'admonition__content',
} as const;

/** The class of an admonition of one type (`admonition--tip`). */
export const admonitionTypeClass = (type: string): string => `${ADMONITION_CLASSES.aside}--${type}`;

/** Tabs: the group, the tab list, each tab, each panel and the label a panel shows without JavaScript. */
export const TABS_CLASSES = {
  tabs: 'tabs',
  list: 'tabs__list',
  tab: 'tabs__tab',
  panel: 'tabs__panel',
  panelLabel: 'tabs__panel-label',
} as const;

/** A live example: its figure, title, the stage that reserves its height and the root it mounts in. */
export const LIVE_EXAMPLE_CLASSES = {
  figure: 'live-example',
  title: 'live-example__title',
  stage: 'live-example__stage',
  root: 'live-example__root',
} as const;

/** The "#" link after each heading. */
export const HEADING_ANCHOR_CLASS = 'heading-anchor';

/** Classes of the site's global stylesheet that the build's markup uses too. */
export const GLOBAL_CLASSES = { visuallyHidden: 'visually-hidden', buttonSecondary: 'button-secondary' } as const;

/** `exampleId` → `example-id`: how a `dataset` key is spelled in its attribute's name. */
type Kebab<Text extends string> = Text extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : Text;

/** A data attribute: its name in the markup and its key in an element's `dataset`, which the type ties together. */
export interface DataAttribute<Key extends string> {
  readonly name: `data-${Kebab<Key>}`;
  readonly key: Key;
}

/** The language of a code block's fence. */
export const LANGUAGE_DATA: DataAttribute<'language'> = { name: 'data-language', key: 'language' };
/** The language "Edit and run" opens a sample in (`ts` or `tsx`). */
export const LANG_DATA: DataAttribute<'lang'> = { name: 'data-lang', key: 'lang' };
/** The code "Edit and run" opens when it is not the code shown (a sample with diff marks). */
export const CODE_DATA: DataAttribute<'code'> = { name: 'data-code', key: 'code' };
/** Parts of the page that are left out when it is printed. */
export const NO_PRINT_DATA: DataAttribute<'noprint'> = { name: 'data-noprint', key: 'noprint' };
/** The box the diagram island draws into. */
export const MERMAID_OUTPUT_DATA: DataAttribute<'mermaidOutput'> = { name: 'data-mermaid-output', key: 'mermaidOutput' };
/** Where an island shows its loading note or failure. */
export const ISLAND_STATUS_DATA: DataAttribute<'islandStatus'> = { name: 'data-island-status', key: 'islandStatus' };
/** Tab groups with the same id switch together. */
export const GROUP_ID_DATA: DataAttribute<'groupId'> = { name: 'data-group-id', key: 'groupId' };
/** The value of a tab and of its panel. */
export const TAB_VALUE_DATA: DataAttribute<'value'> = { name: 'data-value', key: 'value' };
/** Which live example a figure shows (src/contract/live-example-ids.ts). */
export const EXAMPLE_ID_DATA: DataAttribute<'exampleId'> = { name: 'data-example-id', key: 'exampleId' };
/** The element a live example mounts in. */
export const LIVE_EXAMPLE_ROOT_DATA: DataAttribute<'liveExampleRoot'> = { name: 'data-live-example-root', key: 'liveExampleRoot' };
