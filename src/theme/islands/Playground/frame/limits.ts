/**
 * How much of a run's console output reaches the output panel, whatever the code prints: the first lines, the latest
 * lines and a count of those between, each line cut to a length the panel lays out at once. The frame applies them
 * before anything crosses to the page, and the page applies them again to whatever arrives.
 */

/** Lines kept from the start of a run. */
export const OUTPUT_HEAD_LINES = 100;
/** Latest lines kept once the head is full. */
export const OUTPUT_TAIL_LINES = 50;
/** Characters kept of one line (the rest is counted at its end). */
export const OUTPUT_LINE_CHARS = 2000;
/** How often the frame reports the latest lines and the count of lines not shown, while output keeps coming, in ms. */
export const OUTPUT_REPORT_MS = 100;

/** Room for the note a cut line ends with ("… (52,428,800 more characters)"). */
const NOTE_CHARS = 64;

/**
 * A line cut to OUTPUT_LINE_CHARS, saying how much was left out. With `cut: true` (the page's second look), a line
 * the frame already cut, note included, is left as it is.
 */
export function clipLine(text: string, { cut = false } = {}): string {
  if (text.length <= OUTPUT_LINE_CHARS + (cut ? NOTE_CHARS : 0)) return text;
  return `${text.slice(0, OUTPUT_LINE_CHARS)}… (${(text.length - OUTPUT_LINE_CHARS).toLocaleString('en-US')} more characters)`;
}
