/** A live example: its figure, title, the stage that reserves its height and the root it mounts in. */
import type { DataAttribute } from './data-attribute';

export const LIVE_EXAMPLE_CLASSES = {
  figure: 'live-example',
  title: 'live-example__title',
  stage: 'live-example__stage',
  root: 'live-example__root',
} as const;

/** Which live example a figure shows (src/contract/live-example-ids.ts). */
export const EXAMPLE_ID_DATA: DataAttribute<'exampleId'> = { name: 'data-example-id', key: 'exampleId' };
/** The element a live example mounts in. */
export const LIVE_EXAMPLE_ROOT_DATA: DataAttribute<'liveExampleRoot'> = { name: 'data-live-example-root', key: 'liveExampleRoot' };
