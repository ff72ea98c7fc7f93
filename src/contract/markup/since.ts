/** A "Since" mark (`since-mark`): a small label on an API entry that the oldest documented release lacks. */
export const SINCE_CLASSES = { mark: 'since-mark' } as const;
