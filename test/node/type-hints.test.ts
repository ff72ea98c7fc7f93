// Samples are compiled at build time: a broken one fails the render with file, line and the compiler's message,
// and the identifiers of a good one carry the types TypeScript infers from the installed package.
import { renderDocToHtml } from '../support/render';

jest.setTimeout(60_000);

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;

async function hintsOf(source: string) {
  const container = document.createElement('div');
  container.innerHTML = await renderDocToHtml(source, 'content/docs/probe.mdx');
  return container;
}

describe('type hints', () => {
  it("gives each identifier of a sample the type TypeScript infers from the package (atom's signature with WritableState)", async () => {
    const doc = await hintsOf(fence('ts', "import { atom } from '@rkrupinski/stan';\n\nconst theme = atom<'light' | 'dark'>('light');"));
    const hints = Array.from(doc.querySelectorAll<HTMLElement>('.type-hint'));
    const typeOf = (name: string) => hints.find((h) => h.textContent === name)?.dataset.type;
    expect(typeOf('atom')).toMatch(/^const atom: <T>\(initialValue: T.*\) => Scoped<WritableState<T>>$/);
    expect(typeOf('theme')).toBe('const theme: Scoped<WritableState<"light" | "dark">>');
  });

  it('marks the code block body as a type-hints island, with one Tab stop per sample', async () => {
    const doc = await hintsOf(fence('ts', "import { atom, makeStore } from '@rkrupinski/stan';\nconst n = atom(1);\nn(makeStore()).get();"));
    const body = doc.querySelector('.code-block__body') as HTMLElement;
    expect(body.dataset.island).toBe('type-hints');
    const stops = Array.from(body.querySelectorAll('[tabindex="0"]'));
    expect(stops).toHaveLength(1);
    expect(stops[0]).toHaveClass('type-hint');
    expect(body.querySelectorAll('.type-hint[tabindex="-1"]').length).toBeGreaterThan(3);
  });

  it('leaves the code text unchanged (what readers copy)', async () => {
    const code = "import { atom } from '@rkrupinski/stan';\n// @ts-expect-error numbers only\natom(1)(null as never).set('x');";
    const doc = await hintsOf(fence('ts', code));
    expect(doc.querySelector('pre code')?.textContent).toBe(code);
  });

  it('shows a type parameter and a local variable without the "function" mark of a call', async () => {
    const code = "import { atom } from '@rkrupinski/stan';\nexport function first<T>(list: T[]): T | undefined {\n  try {\n    return list[0];\n  } catch (error) {\n    throw error;\n  }\n}\nexport const n = atom(1);";
    const doc = await hintsOf(fence('ts', code));
    const types = Array.from(doc.querySelectorAll<HTMLElement>('.type-hint'), (h) => [h.textContent, h.dataset.type]);
    const typeOf = (name: string) => types.find(([text]) => text === name)?.[1];
    expect(typeOf('T')).toBe('T in first<T>(list: T[]): T | undefined');
    expect(typeOf('error')).toBe('error: unknown');
    // A function keeps its mark, and no text starts with a kind in parentheses.
    expect(typeOf('first')).toBe('function first<T>(list: T[]): T | undefined');
    expect(types.filter(([, type]) => /^(function )?\(/.test(type ?? ''))).toEqual([]);
  });

  it('does not give HTML tag names in JSX a popup', async () => {
    const doc = await hintsOf(fence('tsx', 'export const App = () => <button type="button">Hi</button>;'));
    const names = Array.from(doc.querySelectorAll('.type-hint'), (h) => h.textContent);
    expect(names).toContain('App');
    expect(names).not.toContain('button');
  });

  it('fails on a sample that does not compile, naming the file, the line and the compiler message', async () => {
    const source = ['# Probe', '', 'Text.', '', fence('ts', "import { atom } from '@rkrupinski/stan';\nconst n = atom(1);\nconst s: string = n;")].join('\n');
    await expect(renderDocToHtml(source, 'content/docs/probe.mdx')).rejects.toThrow(
      /content\/docs\/probe\.mdx:5: this sample does not compile[\s\S]*content\/docs\/probe\.mdx:8: TS2322: Type 'Scoped<WritableState<number>>' is not assignable to type 'string'\./,
    );
  });

  it('fails on a `partial` sample that compiles on its own, so the marker cannot hide a checkable sample', async () => {
    await expect(renderDocToHtml(fence('ts partial', 'const ok = 1;'), 'content/docs/probe.mdx')).rejects.toThrow(
      /content\/docs\/probe\.mdx:1: this sample is marked `partial` but compiles on its own/,
    );
  });

  it('renders a `partial` sample that does not compile as plain highlighted code, without hints', async () => {
    const doc = await hintsOf(fence('ts partial', 'declare const x: Missing;'));
    expect(doc.querySelector('pre code')?.textContent).toBe('declare const x: Missing;');
    expect(doc.querySelector('.type-hint')).toBeNull();
    expect(doc.querySelector('pre')).toHaveAttribute('tabindex', '0');
  });
});
