// The `// [!code …]` marks as the build draws them: shiki's transformers class the lines and drop the comments,
// the type popups still work, and the lines they class are the lines src/contract/code-marks.ts reads (what
// compiles, runs and copies a sample), so the page never shows one thing and the tools use another.
import { parseCodeMarks, type CodeMark } from '@src/contract/code-marks';
import { renderDocToHtml } from '../support/render';
import { loadTypeHints, sampleDiagnostics } from '@src/node/type-hints';

jest.setTimeout(120_000);

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;

/** Marked samples of every comment kind and placement, each in a language shiki and the contract both read. */
const SAMPLES: Array<{ lang: string; code: string }> = [
  {
    lang: 'ts',
    code: [
      "import { atom, makeStore } from '@rkrupinski/stan';",
      'const count = atom(0); // [!code --]',
      "const count = atom(0, { tag: 'count' }); // [!code ++]",
      '// [!code focus:2]',
      'const store = makeStore();',
      'count(store).set(1);',
      'count(store).get(); // read it // [!code highlight]',
      'count(store).set(2); // [!code hl]',
    ].join('\n'),
  },
  {
    lang: 'tsx',
    code: [
      'export const Cart = () => (',
      '  <div>',
      '    <p>old</p> {/* [!code --] */}',
      '    <p>new</p> {/* [!code ++] */}',
      '    {/* [!code focus] */}',
      '    <p>focused</p>',
      '  </div>',
      ');',
    ].join('\n'),
  },
  {
    lang: 'ts',
    code: [
      'export function total(prices: number[]): number {',
      '  let sum = 0; // [!code --:3]',
      '  for (const price of prices) sum += price;',
      '  return sum;',
      '  return prices.reduce((a, b) => a + b, 0); // [!code ++] [!code focus]',
      '}',
      'export const none = total([]); /* [!code hl] */',
      'export const one = total([1]); /* [!code highlight] */',
    ].join('\n'),
  },
  { lang: 'bash', code: 'npm install old-package # [!code --]\nnpm install @rkrupinski/stan # [!code ++]\nnpm test' },
  { lang: 'text', code: 'plain\n// [!code --:2]\ngone\ngone too\n// [!code ++]\nkept' },
];

const CLASS_MARKS: Array<[string, CodeMark]> = [
  ['add', '++'],
  ['remove', '--'],
  ['focused', 'focus'],
  ['highlighted', 'highlight'],
];

let doc: HTMLElement;
beforeAll(async () => {
  doc = document.createElement('div');
  doc.innerHTML = await renderDocToHtml(
    SAMPLES.map(({ lang, code }) => fence(lang, code)).join('\n'),
    'content/docs/probe.mdx',
  );
});

const blocks = () => Array.from(doc.querySelectorAll('.code-block'));
const linesOf = (block: Element) => Array.from(block.querySelectorAll('pre code > .line'));

describe('code marks as drawn', () => {
  it('class the lines shiki marks exactly as parseCodeMarks reads them, with the same text (differential)', () => {
    expect(blocks()).toHaveLength(SAMPLES.length);
    SAMPLES.forEach(({ code }, index) => {
      const drawn = linesOf(blocks()[index]!).map((line) => ({
        text: (line.textContent ?? '').trimEnd(),
        marks: CLASS_MARKS.filter(([name]) => line.classList.contains(name)).map(([, mark]) => mark).sort(),
      }));
      const read = parseCodeMarks(code).map(({ text, marks }) => ({ text: text.trimEnd(), marks: [...marks].sort() }));
      expect({ sample: index, lines: drawn }).toEqual({ sample: index, lines: read });
    });
  });

  it('leave no mark comment in the page, and class the <pre> of a block that uses them', () => {
    expect(doc.textContent).not.toContain('[!code');
    const pre = blocks()[0]!.querySelector('pre')!;
    expect(pre).toHaveClass('has-diff', 'has-focused', 'has-highlighted');
    expect(blocks()[3]!.querySelector('pre')).toHaveClass('has-diff');
    expect(blocks()[3]!.querySelector('pre')).not.toHaveClass('has-focused');
  });

  it('keep type popups on the shown lines and give removed lines none (they are not compiled)', () => {
    const [first] = linesOf(blocks()[0]!).filter((line) => line.classList.contains('remove'));
    expect(first?.querySelector('.type-hint')).toBeNull();
    const added = linesOf(blocks()[0]!).find((line) => line.classList.contains('add'))!;
    const count = Array.from(added.querySelectorAll<HTMLElement>('.type-hint')).find((hint) => hint.textContent === 'count');
    expect(count?.dataset.type).toBe('const count: Scoped<WritableState<number>>');
    // A focused line's identifiers still carry their types.
    const focused = linesOf(blocks()[0]!).filter((line) => line.classList.contains('focused'));
    expect(focused[1]?.querySelector('.type-hint')?.getAttribute('data-type')).toMatch(/^const count/);
  });

  it('give a marked block the final code to copy', () => {
    expect(blocks()[0]!.getAttribute('data-copy-text')).toBe(
      [
        "import { atom, makeStore } from '@rkrupinski/stan';",
        "const count = atom(0, { tag: 'count' });",
        'const store = makeStore();',
        'count(store).set(1);',
        'count(store).get(); // read it',
        'count(store).set(2);',
      ].join('\n'),
    );
    expect(blocks()[3]!.getAttribute('data-copy-text')).toBe('npm install @rkrupinski/stan\nnpm test');
  });

  it('look the same as the fence meta {…} highlight: one class for both', async () => {
    const html = await renderDocToHtml(fence('ts {1}', 'export const a = 1;\nexport const b = 2; // [!code highlight]'), 'content/docs/probe.mdx');
    const probe = document.createElement('div');
    probe.innerHTML = html;
    expect(Array.from(probe.querySelectorAll('.line'), (line) => line.className)).toEqual(['line highlighted', 'line highlighted']);
    expect(probe.querySelector('[data-copy-text]')).not.toBeNull();
  });
});

it('fail the build, naming file and line, on a mark the highlighter would not read (so nothing copies what is not shown)', async () => {
  // In plain text a trailing `//` is not a comment to the grammar, so shiki leaves it; the contract would not.
  await expect(renderDocToHtml(['# Probe', '', fence('text', 'plain // [!code ++]')].join('\n'), 'content/docs/probe.mdx')).rejects.toThrow(
    /^content\/docs\/probe\.mdx:3: the `\[!code …\]` mark near shown line 1 is not read by the highlighter/,
  );
});

describe('compiling a marked sample', () => {
  it('compiles the code the sample ends with: a removed line does not clash with its replacement', async () => {
    const hints = await loadTypeHints();
    expect(sampleDiagnostics(hints, SAMPLES[0]!.code, 'ts', { file: 'probe.mdx', line: 1 })).toEqual([]);
    // Without the marks, the same lines redeclare `count`.
    const unmarked = SAMPLES[0]!.code.replace(/ \/\/ \[!code [^\]]+\]/g, '');
    expect(sampleDiagnostics(hints, unmarked, 'ts', { file: 'probe.mdx', line: 1 }).map((d) => d.code)).toContain(2451);
  });

  it('reports an error on a shown line at its line in the MDX file', async () => {
    const code = "import { atom } from '@rkrupinski/stan';\nconst n = atom(1); // [!code --]\nconst n: string = atom(1); // [!code ++]";
    await expect(renderDocToHtml(['# Probe', '', fence('ts', code)].join('\n'), 'content/docs/probe.mdx')).rejects.toThrow(
      /content\/docs\/probe\.mdx:6: TS2322/,
    );
  });
});
