/** "Edit and run" after a sample that compiles: the island's marker, its button, and what it opens. */
import type { DataAttribute } from './data-attribute';

export const PLAYGROUND_LAUNCH_CLASSES = { launch: 'playground-launch', button: 'playground-launch__button' } as const;

/** The language "Edit and run" opens a sample in (`ts` or `tsx`). */
export const LANG_DATA: DataAttribute<'lang'> = { name: 'data-lang', key: 'lang' };
/** The code "Edit and run" opens when it is not the code shown (a sample with diff marks). */
export const CODE_DATA: DataAttribute<'code'> = { name: 'data-code', key: 'code' };
/** The docs version whose package the sample runs against (`1.0.0-rc14`; `current` on the current docs' pages). */
export const VERSION_DATA: DataAttribute<'version'> = { name: 'data-version', key: 'version' };
