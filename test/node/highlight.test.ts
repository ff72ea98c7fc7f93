/** @jest-environment node */
import { highlightToHtml, loadHighlighter, loadLanguages } from '@src/node/highlight';

jest.setTimeout(30_000);

describe('highlightToHtml', () => {
  it('colours every token however slowly a line is tokenized (a busy machine draws the same HTML)', async () => {
    const highlighter = await loadHighlighter();
    await loadLanguages(highlighter, ['ts'], 'content/docs/x.mdx');
    const code = "import type { Scoped, SetterOrUpdater, WritableState } from '@rkrupinski/stan';\nconst a = 1;";
    const expected = highlightToHtml(highlighter, code, 'ts');
    // Each reading of the clock a second later than the one before, as on a machine busy with other work.
    let now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(highlightToHtml(highlighter, code, 'ts')).toBe(expected);
    } finally {
      clock.mockRestore();
    }
    expect(expected).toContain('Scoped');
  });
});
