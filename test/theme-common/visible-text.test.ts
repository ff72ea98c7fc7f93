import { VISIBLE_VALUE_MAX_CHARS, visibleText } from '@src/theme-common/visible-text';

describe('visibleText', () => {
  it('leaves a plain value as it is', () => {
    expect(visibleText('1.0.0-rc14')).toBe('1.0.0-rc14');
    expect(visibleText('café ünïcode 日本 a b')).toBe('café ünïcode 日本 a b');
  });

  it('writes bidi controls as code points, so they cannot reorder the sentence around them', () => {
    // "This code is safe to run it." read reversed by a right-to-left override and its isolate.
    expect(visibleText('1.2\u202Eti nur ot efas si edoc sihT\u2066')).toBe('1.2[U+202E]ti nur ot efas si edoc sihT[U+2066]');
    expect(visibleText('\u200E\u200F\u202A\u202B\u202C\u202D\u2067\u2068\u2069\u061C')).toBe(
      '[U+200E][U+200F][U+202A][U+202B][U+202C][U+202D][U+2067][U+2068][U+2069][U+061C]',
    );
  });

  it('writes zero-width, blank-looking and control characters as code points', () => {
    expect(visibleText('a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF')).toBe('a[U+200B]b[U+200C]c[U+200D]d[U+2060]e[U+FEFF]');
    expect(visibleText('x\u3164y\u115Fz\u00A0w\u2028v\u0000u\u007F\u00AD')).toBe('x[U+3164]y[U+115F]z[U+00A0]w[U+2028]v[U+0000]u[U+007F][U+00AD]');
    expect(visibleText('tag\u{E0041}')).toBe('tag[U+E0041]');
    expect(visibleText('lone\uD800')).toBe('lone[U+D800]');
  });

  it('keeps at most the first characters and counts the rest', () => {
    const long = 'a'.repeat(200_000);
    expect(visibleText(long)).toBe(`${'a'.repeat(VISIBLE_VALUE_MAX_CHARS)}… (199,936 more characters)`);
    expect(visibleText('x'.repeat(VISIBLE_VALUE_MAX_CHARS))).toBe('x'.repeat(VISIBLE_VALUE_MAX_CHARS));
    // Counted in characters, not UTF-16 units: an emoji is never cut in half.
    expect(visibleText('😀'.repeat(5), 3)).toBe('😀😀😀… (2 more characters)');
  });
});
