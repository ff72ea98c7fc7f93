/**
 * A value read from the address (a link anyone can write), made fit to show inside the site's own sentences: cut to
 * a length that cannot stretch the page, with each character a reader could not see written as its code point, so
 * bidirectional controls cannot reorder the sentence around it ("Trojan Source") and zero-width or blank-looking
 * characters cannot pass for nothing.
 */

/** Characters of an address value shown at most; the rest is counted. */
export const VISIBLE_VALUE_MAX_CHARS = 64;

// Controls, format characters (bidi controls, zero-width joiners, BOM, tags), line and paragraph separators, lone
// surrogates, private-use and unassigned code points, code points that render as nothing (Hangul fillers,
// variation selectors) and every space but U+0020.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/gu;

const codePoint = (char: string) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

/**
 * `value` as the site shows it: at most `max` characters (code points) of it, each invisible one as `[U+XXXX]`, and
 * "… (N more characters)" when it was longer.
 */
export function visibleText(value: string, max: number = VISIBLE_VALUE_MAX_CHARS): string {
  const chars = Array.from(value);
  const kept = chars.slice(0, max).join('').replace(INVISIBLE, codePoint);
  const rest = chars.length - max;
  return rest > 0 ? `${kept}… (${rest.toLocaleString('en-US')} more characters)` : kept;
}
