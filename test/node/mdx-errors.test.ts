/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { mdxBodyToMarkdown } from '@src/node/markdown-export';
import { MdxSyntaxError, mdxFix, mdxSyntaxError } from '@src/node/mdx-errors';
import { loadMdxParser } from '@src/node/mdx/parse';
import { extractMdxLinks } from '@src/node/mdx-extract';
import { renderDocToHtml } from '../support/render';
import { toSearchRecords } from '@src/node/search-records';

const FRONTMATTER = ['---', 'title: Caching', 'description: How results are kept.', '---', ''];
// A stray `{` on line 8 of the file (line 3 of the body), column 21.
const BODY = ['# Caching', '', 'Results are cached {per key.', '', 'More text.', ''].join('\n');
const SOURCE = `${FRONTMATTER.join('\n')}\n${BODY}`;

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-errors-'));
  file = path.join(dir, 'caching.mdx');
  fs.writeFileSync(file, SOURCE);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BRACE_FIX = 'Fix: MDX reads `{` as the start of a JavaScript expression: close it with `}`, or write `\\{` to show a brace.';

describe('every parse of MDX in the build names file:line:column and the fix', () => {
  it('the link check (the whole file, frontmatter blanked)', async () => {
    const error = await extractMdxLinks(SOURCE, { file: 'content/docs/guides/caching.mdx' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MdxSyntaxError);
    expect((error as Error).message).toBe(
      'content/docs/guides/caching.mdx:8:20: the MDX does not parse: Unexpected end of file in expression, expected a ' +
        `corresponding closing brace for \`{\`\n  ${BRACE_FIX}`,
    );
  });

  it('the HTML render (the body, lines counted from the top of the file)', async () => {
    await expect(renderDocToHtml(BODY, file)).rejects.toThrow(`${file}:8:20: the MDX does not parse: Unexpected end of file`);
    await expect(renderDocToHtml(BODY, file)).rejects.toThrow(BRACE_FIX);
  });

  it('the search records and the Markdown export (the body)', async () => {
    const doc = { id: 'guides/caching', path: '/docs/guides/caching', title: 'Caching', source: BODY, file, lvl0: 'Guides', pageRank: 0 };
    await expect(toSearchRecords(doc, { language: 'en', tag: 'docs' })).rejects.toThrow(`${file}:8:20: the MDX does not parse`);
    await expect(mdxBodyToMarkdown(BODY, 'https://stan.party', undefined, file)).rejects.toThrow(`${file}:8:20: the MDX does not parse`);
  });
});

describe('the lines before a body', () => {
  it('a render reads the doc file once to count its frontmatter lines, whatever uses them', async () => {
    const good = path.join(dir, 'good.mdx');
    fs.writeFileSync(good, `${FRONTMATTER.join('\n')}\n# Caching\n\nResults are cached per key.\n`);
    const reads = jest.spyOn(fs, 'readFileSync');
    try {
      await renderDocToHtml('# Caching\n\nResults are cached per key.\n', good);
      expect(reads.mock.calls.filter(([read]) => read === good)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('mdxSyntaxError', () => {
  const parseError = async (text: string) => {
    const parse = await loadMdxParser();
    try {
      parse(text, 'content/docs/x.mdx');
    } catch (error) {
      return error as MdxSyntaxError;
    }
    throw new Error('expected a syntax error');
  };

  it.each([
    ['a < that is not a tag', 'A <3 B\n', 1, 4, 'write `\\<` (or `&lt;`)'],
    ['an unquoted attribute', '<a href=x>y</a>\n', 1, 9, 'quote the attribute value'],
    ['a closing tag that does not match', '<a>text</b>\n', 1, 8, 'close each JSX tag with its own closing tag'],
    ['an HTML comment', '<!-- note -->\n', 1, 2, 'write `\\<`'],
    ['a broken import', 'import x from\n\n# T\n', 3, 1, '`import` and `export` lines must be valid JavaScript'],
    ['a bad expression (placed where it goes wrong)', 'A {x + } b\n', 1, 8, 'must be a JavaScript expression'],
  ])('%s: where, what and how to fix it', async (_name, text, line, column, fix) => {
    const error = await parseError(text);
    expect([error.file, error.line, error.column]).toEqual(['content/docs/x.mdx', line, column]);
    expect(error.message).toMatch(new RegExp(`^content/docs/x\\.mdx:${line}:${column}: the MDX does not parse: `));
    expect(error.fix).toContain(fix);
  });

  it('an unclosed tag is placed at the tag, in the lines of the file', async () => {
    const parse = await loadMdxParser();
    const error = (() => {
      try {
        parse('# T\n\n<Tabs>\n\ntext\n', 'content/docs/x.mdx', 5);
      } catch (e) {
        return e as MdxSyntaxError;
      }
      throw new Error('expected a syntax error');
    })();
    expect([error.line, error.column]).toEqual([8, 1]);
    expect(error.reason).toBe('Expected a closing tag for `<Tabs>` (8:1-8:7)');
  });

  it('an unclosed `{` is placed at the brace, not at the end of its block', async () => {
    const error = await parseError('Text } and { more\nand more\n\nMore\n');
    expect([error.line, error.column]).toEqual([1, 12]);
  });

  it('leaves other errors as they are', () => {
    const other = new TypeError('x is not a function');
    expect(mdxSyntaxError(other, 'a.mdx')).toBe(other);
    expect(mdxFix('something-else', '', '')).toMatch(/check the MDX syntax/);
  });
});
