/**
 * Line marks in code samples, in the notation shiki's transformers read (`// [!code ++]`, `// [!code --]`,
 * `// [!code focus]`, `// [!code highlight]`, with an optional `:N` for N lines from the marked one).
 * The build shows them; everything that compiles, runs, copies or edits a sample uses `finalCode`: the code the
 * sample ends with, without `--` lines and without the mark comments.
 */

/** Attribute of a marked code block holding the code its copy button copies (its final code). */
export const COPY_TEXT_ATTRIBUTE = 'data-copy-text';

export type CodeMark = '++' | '--' | 'focus' | 'highlight';

export interface MarkedLine {
  /** The line without its mark comment. */
  text: string;
  marks: CodeMark[];
}

// One mark inside a comment: `[!code ++]`, `[!code focus:3]`, `[!code hl]` (shiki's alias of highlight).
const MARK = /\[!code (\+\+|--|focus|highlight|hl)(?::(\d+))?\]/g;
// A trailing comment holding only marks: `// [!code ++]`, `/* [!code --] */`, in JSX `{/* [!code focus] */}`, and
// the shell's `# [!code ++]` and HTML's `<!-- [!code ++] -->`, the comment kinds shiki's transformers read too.
const TRAILING_MARK_COMMENT =
  /\s*(?:(?:\/\/|#)(?:\s*\[!code [^\]]+\])+\s*|\{?\/\*(?:\s*\[!code [^\]]+\])+\s*\*\/\}?\s*|<!--(?:\s*\[!code [^\]]+\])+\s*-->\s*)$/;

const markName = (raw: string): CodeMark => (raw === 'hl' ? 'highlight' : (raw as CodeMark));

/** Whether a sample carries any mark (cheap check before parsing). */
export const hasCodeMarks = (source: string): boolean => /\[!code (?:\+\+|--|focus|highlight|hl)(?::\d+)?\]/.test(source);

interface SourceLine extends MarkedLine {
  /** The line as written. */
  raw: string;
  /** The line holds only mark comments: it marks the lines after it and is not shown. */
  markOnly: boolean;
}

/** Every line of the source as written, with the marks that apply to it. */
function markSourceLines(source: string): SourceLine[] {
  const out: SourceLine[] = [];
  const pending: Array<{ mark: CodeMark; remaining: number }> = [];
  for (const raw of source.split('\n')) {
    const comment = TRAILING_MARK_COMMENT.exec(raw);
    const found: Array<{ mark: CodeMark; count: number }> = [];
    if (comment) {
      for (const match of comment[0].matchAll(MARK)) {
        found.push({ mark: markName(match[1]!), count: match[2] === undefined ? 1 : Math.max(1, Number(match[2])) });
      }
    }
    const text = comment && found.length > 0 ? raw.slice(0, comment.index) : raw;
    if (found.length > 0 && text.trim() === '') {
      // The comment is the whole line: its marks start on the next line.
      pending.push(...found.map(({ mark, count }) => ({ mark, remaining: count })));
      out.push({ raw, text, marks: [], markOnly: true });
      continue;
    }
    const marks = new Set<CodeMark>();
    for (const item of pending) {
      marks.add(item.mark);
      item.remaining -= 1;
    }
    for (const { mark, count } of found) {
      marks.add(mark);
      if (count > 1) pending.push({ mark, remaining: count - 1 });
    }
    for (let i = pending.length - 1; i >= 0; i -= 1) if (pending[i]!.remaining <= 0) pending.splice(i, 1);
    out.push({ raw, text, marks: [...marks], markOnly: false });
  }
  return out;
}

/**
 * The sample's lines with their marks: a comment alone on its line marks the lines after it (and the line itself
 * goes), a comment after code marks that line; `:N` extends a mark over N lines.
 */
export function parseCodeMarks(source: string): MarkedLine[] {
  return markSourceLines(source)
    .filter((line) => !line.markOnly)
    .map(({ text, marks }) => ({ text, marks }));
}

/**
 * The source as the compiler should see it: `--` lines blanked to spaces of the same length, everything else as
 * written (mark comments are comments), so every position the compiler reports is a position of the shown code.
 */
export function compilableCode(source: string): string {
  if (!hasCodeMarks(source)) return source;
  return markSourceLines(source)
    .map((line) => (line.marks.includes('--') ? ' '.repeat(line.raw.length) : line.raw))
    .join('\n');
}

/** The code a marked sample ends with: `--` lines dropped, the others kept without their mark comments. */
export function finalCode(source: string): string {
  if (!hasCodeMarks(source)) return source;
  return parseCodeMarks(source)
    .filter((line) => !line.marks.includes('--'))
    .map((line) => line.text)
    .join('\n');
}

/** The code a diff starts from: `++` lines dropped, the others kept without their mark comments. */
export function initialCode(source: string): string {
  if (!hasCodeMarks(source)) return source;
  return parseCodeMarks(source)
    .filter((line) => !line.marks.includes('++'))
    .map((line) => line.text)
    .join('\n');
}
