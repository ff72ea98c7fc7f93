/**
 * One way to report that MDX could not be parsed (./mdx/parse.ts parses it): the file, the line and column in that
 * file (frontmatter included, as an editor counts them), what the parser found, and how to fix it.
 * MDX's parsers (micromark's MDX extensions, acorn) say what they found but not in which file, and a body parsed
 * without its frontmatter gives lines that are off by the frontmatter's length.
 */
import fs from 'fs';

/** The parts of a vfile message that MDX's parsers throw. */
interface ParseMessage {
  reason?: unknown;
  line?: unknown;
  column?: unknown;
  source?: unknown;
  ruleId?: unknown;
}

/** An MDX file that does not parse; its message names `file:line:column`, the problem and the fix. */
export class MdxSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    readonly fix: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}:${line}:${column}: the MDX does not parse: ${reason}\n  Fix: ${fix}`, options);
    this.name = 'MdxSyntaxError';
  }
}

const isParseMessage = (error: unknown): error is ParseMessage =>
  typeof error === 'object' && error !== null && 'reason' in error && typeof (error as ParseMessage).reason === 'string';

/** What to change, by which part of MDX's syntax refused the text (the parsers' own names for them). */
export function mdxFix(source: string, ruleId: string, reason: string): string {
  if (source === 'micromark-extension-mdx-expression') {
    return ruleId === 'acorn'
      ? 'the text between `{` and `}` must be a JavaScript expression: fix it, or write `\\{` to show a brace.'
      : 'MDX reads `{` as the start of a JavaScript expression: close it with `}`, or write `\\{` to show a brace.';
  }
  if (source === 'micromark-extension-mdx-jsx') {
    if (/attribute value/.test(reason)) return 'quote the attribute value (`name="value"`) or pass an expression (`name={value}`).';
    return 'MDX reads `<` as the start of a JSX tag: finish the tag, or write `\\<` (or `&lt;`) to show the character.';
  }
  if (source === 'mdast-util-mdx-jsx') {
    return 'close each JSX tag with its own closing tag, in the order they were opened, or self-close it (`<Tabs />`).';
  }
  if (source === 'micromark-extension-mdxjs-esm') {
    return '`import` and `export` lines must be valid JavaScript, with a blank line after them.';
  }
  return 'check the MDX syntax at that place (`{`, `<` and `import`/`export` lines mean code in MDX).';
}

/**
 * Where the `{` opens that an expression running to the end of its block never closed: the parser reports the end
 * of the block, the reader needs the brace. Null when no unmatched `{` comes before that place.
 */
export function unclosedBrace(text: string, line: number, column: number): [number, number] | null {
  const lines = text.split('\n');
  let offset = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  offset = Math.min(offset, text.length);
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === '}') depth += 1;
    else if (text[i] === '{' && depth-- === 0) {
      const before = text.slice(0, i).split('\n');
      return [before.length, (before.at(-1)?.length ?? 0) + 1];
    }
  }
  return null;
}

/**
 * The error to report for a failed parse (or compile) of `file`'s MDX. `lineOffset`: lines of the file before the
 * parsed text (its frontmatter, when only the body was parsed), or a function computing them, called only on error.
 * `text`, the parsed text, lets an unclosed `{` be placed at the brace. Errors that are not MDX syntax errors come
 * back as they are.
 */
export function mdxSyntaxError(
  error: unknown,
  file: string,
  lineOffset: number | (() => number) = 0,
  text?: string,
): unknown {
  if (error instanceof MdxSyntaxError || !isParseMessage(error)) return error;
  const reason = String(error.reason);
  let line = typeof error.line === 'number' ? error.line : null;
  let column = typeof error.column === 'number' ? error.column : null;
  if (text !== undefined && line !== null && column !== null && error.ruleId === 'unexpected-eof' && /brace/.test(reason)) {
    [line, column] = unclosedBrace(text, line, column) ?? [line, column];
  }
  // An unclosed tag is reported without a place of its own: the place of the tag is in the reason, "(3:1-3:7)".
  const named = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(reason);
  if ((line === null || column === null) && named) [line, column] = [Number(named[1]), Number(named[2])];
  const offset = typeof lineOffset === 'function' ? lineOffset() : lineOffset;
  const shown = named ? reason.replace(/\((\d+):(\d+)(-(\d+):(\d+))?\)\s*$/, (_, l1, c1, end, l2, c2) =>
    `(${Number(l1) + offset}:${c1}${end ? `-${Number(l2) + offset}:${c2}` : ''})`) : reason;
  return new MdxSyntaxError(
    file,
    (line ?? 1) + offset,
    column ?? 1,
    shown,
    mdxFix(String(error.source ?? ''), String(error.ruleId ?? ''), reason),
    { cause: error },
  );
}

/** Lines of `file` before `text` (its frontmatter, when `text` is the body); 0 when the file cannot be read. */
export function linesBefore(file: string, text: string): number {
  let whole: string;
  try {
    whole = fs.readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  const at = whole.indexOf(text);
  return at <= 0 ? 0 : whole.slice(0, at).split('\n').length - 1;
}
