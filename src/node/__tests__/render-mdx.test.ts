/** @jest-environment node */
import { renderMdxToHtml } from '../render-mdx';
import { extractMdxLinks } from '../mdx-extract';

describe('renderMdxToHtml', () => {
  it('renders prose, lists and code blocks to HTML', async () => {
    const html = await renderMdxToHtml('Some *text* with `code`.\n\n- one\n- two\n\n```ts\nconst a = atom<number>(1);\n```\n');
    expect(html).toContain('<p>Some <em>text</em> with <code>code</code>.</p>');
    expect(html).toContain('<li>one</li>');
    // tabindex: a code block that scrolls sideways must be reachable by keyboard.
    expect(html).toContain('<pre tabindex="0"><code class="language-ts">const a = atom&lt;number&gt;(1);\n</code></pre>');
  });

  it('gives h2–h6 the ids the link checker knows, each with a named # anchor', async () => {
    const source = '## Cache policies\n\n### `useStan`\n\n## Cache policies\n';
    const html = await renderMdxToHtml(source);
    const { headingIds } = await extractMdxLinks(source, { headingDepths: [2, 3, 4, 5, 6] });
    expect(headingIds).toEqual(['cache-policies', 'usestan', 'cache-policies-1']);
    for (const id of headingIds) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    expect(html).toContain('aria-label="Direct link to Cache policies"');
    expect(html).toContain('aria-label="Direct link to useStan"');
  });

  it('keeps internal links as plain anchors', async () => {
    const html = await renderMdxToHtml('See [selector](/docs/api/selector#options).');
    expect(html).toContain('<a href="/docs/api/selector#options">selector</a>');
  });

  it('names the file when the MDX does not compile', async () => {
    await expect(renderMdxToHtml('a { broken', 'content/docs/x.mdx')).rejects.toThrow(
      /^content\/docs\/x\.mdx: the MDX does not compile/,
    );
  });
});
