/** @jest-environment node */
import { isCompiledFence } from '@src/node/doc-checks';
import { renderBody } from '../support/render';

// Rendering compiles samples with twoslash, which loads TypeScript's library files once.
jest.setTimeout(60_000);

describe('compiled samples', () => {
  const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
  const ok = "import { atom } from '@rkrupinski/stan';\nexport const a = atom(1);";
  const broken = "import { atom } from '@rkrupinski/stan';\nexport const a = atom<string>(1);";

  it('uses the build predicate: ts, tsx and typescript fences in any case, unless partial', () => {
    expect(['ts', 'TSX', 'typescript'].map((lang) => isCompiledFence(lang, ''))).toEqual([true, true, true]);
    expect(isCompiledFence('ts', 'title="a.ts" partial')).toBe(false);
    expect(isCompiledFence('ts', 'title="partial.ts"')).toBe(true);
    expect(['js', 'json', 'bash', 'mermaid', null].map((lang) => isCompiledFence(lang, ''))).toEqual([false, false, false, false, false]);
  });

  it('counts what the build compiles: the samples that come out with type hints', async () => {
    const body = [
      'Some prose with `inline` code.',
      fence('ts', ok),
      fence('TSX title="App.tsx" {1}', ok),
      fence('ts partial', broken),
      fence('js', 'const b = 1;'),
      fence('json', '{}'),
      '<Tabs>\n<TabItem value="a">\n',
      fence('typescript', ok),
      '</TabItem>\n</Tabs>\n',
      '<Admonition type="note">\n',
      fence('ts title="note.ts"', ok),
      '</Admonition>\n',
    ].join('\n');
    const { html, samples } = await renderBody(body, 'content/docs/fixture.mdx');
    const compiled = html.match(/class="code-block__body" data-island="type-hints"/g)?.length ?? 0;
    expect(compiled).toBe(4);
    expect(samples).toBe(compiled);
  });

  it('counts none on a page without typed samples', async () => {
    expect((await renderBody(`# Title\n\n${fence('bash', 'npm test')}`, 'content/docs/fixture.mdx')).samples).toBe(0);
  });
});
