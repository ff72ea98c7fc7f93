/** @jest-environment node */
import { inlineScriptHashes } from '@src/node/hosting';
// @ts-expect-error: a plain-Node script without type declarations
import { extractAssets } from '../../scripts/lib/size/measure.mjs';

describe('one rule for the build and the size check', () => {
  it('the hosting rules hash exactly the inline scripts the size check counts', () => {
    const html =
      '<!doctype html><html><head>' +
      '<script>a()</script><script type="module">b()</script>' +
      '<script type="application/ld+json">{"@type":"WebSite"}</script>' +
      '<script type="TEXT/JAVASCRIPT">c()</script><script src="/app.js"></script>' +
      '</head><body></body></html>';
    const counted = (extractAssets(html) as { scripts: Array<{ inline?: string }> }).scripts.filter((s) => s.inline !== undefined);
    expect(counted.map((s) => s.inline)).toEqual(['a()', 'b()', 'c()']);
    expect(inlineScriptHashes(html, 'index.html')).toHaveLength(counted.length);
  });
});
