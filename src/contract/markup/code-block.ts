/** A code block (a fence): its frame, the highlighted body, the title a fence's `title="…"` gives it, its language. */
import type { DataAttribute } from './data-attribute';

export const CODE_BLOCK_CLASSES = { block: 'code-block', body: 'code-block__body', title: 'code-block__title' } as const;

/** The language of a code block's fence. */
export const LANGUAGE_DATA: DataAttribute<'language'> = { name: 'data-language', key: 'language' };
