/**
 * Build-time syntax highlighting with shiki. Every token carries both themes' colours as CSS variables
 * (--shiki-light / --shiki-dark), so the browser switches colour mode with CSS alone and ships no
 * highlighter.
 */
import type { BundledLanguage, Highlighter, ShikiTransformer } from 'shiki';
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from '@shikijs/transformers';
import { hasCodeMarks, parseCodeMarks, type CodeMark } from '../contract/code-marks';
import { importEsm } from './esm';
import { typeHintTransformers, type SampleSource, type TypeHints } from './type-hints';

export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/**
 * Token colours replaced to reach WCAG AA (4.5:1) on the code background and on highlighted lines:
 * github-light-default's comment grey (#6e7781) is 4.55:1 on white, below 4.5:1 on the line tint.
 */
export const CODE_COLOR_REPLACEMENTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [CODE_THEMES.light]: { '#6e7781': '#57606a' },
};

/** Fence languages that need no grammar: shown as plain text. */
export const PLAIN_TEXT_LANGUAGES: ReadonlySet<string> = new Set(['text', 'txt', 'plain', 'plaintext']);

/** Class of a line picked by the fence's `{…}` meta (the same class `// [!code highlight]` gives a line). */
export const HIGHLIGHTED_LINE_CLASS = 'highlighted';

/** Classes the `// [!code …]` marks give: lines, and the <pre> of a block that has such lines. */
export const CODE_MARK_CLASSES = {
  added: 'diff add',
  removed: 'diff remove',
  diffBlock: 'has-diff',
  focused: 'focused',
  focusBlock: 'has-focused',
  highlighted: HIGHLIGHTED_LINE_CLASS,
  highlightBlock: 'has-highlighted',
} as const;

/**
 * Shiki's own notation transformers read the `// [!code ++|--|focus|highlight]` marks, class the lines and remove
 * the comments (src/contract/code-marks.ts reads the same notation for what compiles, runs and copies a sample).
 * They run after the type hints, whose positions are those of the code as written.
 */
export function codeMarkTransformers(): ShikiTransformer[] {
  const c = CODE_MARK_CLASSES;
  return [
    transformerNotationDiff({ classLineAdd: c.added, classLineRemove: c.removed, classActivePre: c.diffBlock }),
    transformerNotationFocus({ classActiveLine: c.focused, classActivePre: c.focusBlock }),
    transformerNotationHighlight({ classActiveLine: c.highlighted, classActivePre: c.highlightBlock }),
  ];
}

let highlighterPromise: Promise<Highlighter> | undefined;

/** One highlighter for the whole build; grammars are added as docs ask for them. */
export function loadHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= importEsm(() => import('shiki')).then(({ createHighlighter }) =>
    createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] }),
  );
  return highlighterPromise;
}

let bundledLanguagesPromise: Promise<Record<string, unknown>> | undefined;
const loadBundledLanguages = () =>
  (bundledLanguagesPromise ??= importEsm(() => import('shiki')).then((shiki) => shiki.bundledLanguages));

/**
 * Loads the grammars of the given fence languages. An unknown language fails the build, naming the file,
 * so a typo does not silently lose highlighting.
 */
export async function loadLanguages(highlighter: Highlighter, languages: Iterable<string>, file: string) {
  const bundled = await loadBundledLanguages();
  const missing: BundledLanguage[] = [];
  for (const lang of new Set(languages)) {
    if (PLAIN_TEXT_LANGUAGES.has(lang) || highlighter.getLoadedLanguages().includes(lang)) continue;
    if (!Object.hasOwn(bundled, lang)) {
      throw new Error(
        `${file}: unknown code block language "${lang}". Use a language shiki knows (e.g. ts, tsx, bash, json) or "text".`,
      );
    }
    missing.push(lang as BundledLanguage);
  }
  if (missing.length > 0) await highlighter.loadLanguage(...missing);
}

/** Adds the highlighted-line class to the given 1-based lines. */
function highlightLines(lines: ReadonlySet<number>): ShikiTransformer {
  return {
    name: 'stan-docs:highlight-lines',
    line(node, line) {
      if (lines.has(line)) this.addClassToHast(node, HIGHLIGHTED_LINE_CLASS);
    },
  };
}

/** A `// [!code …]` mark the highlighter did not read as the contract did; the caller adds the file and line. */
export class CodeMarkError extends Error {
  override name = 'CodeMarkError';
}

const MARK_OF_CLASS: ReadonlyArray<readonly [string, CodeMark]> = [
  ['add', '++'],
  ['remove', '--'],
  [CODE_MARK_CLASSES.focused, 'focus'],
  [CODE_MARK_CLASSES.highlighted, 'highlight'],
];

/**
 * Fails when the lines shiki marked differ from what src/contract/code-marks.ts reads (which decides what is
 * compiled, run and copied): shiki reads a mark only in a comment the grammar sees at the end of a line.
 */
function marksAgree(code: string): ShikiTransformer {
  return {
    name: 'stan-docs:code-marks-agree',
    code(node) {
      const shown = node.children.filter((child) => child.type === 'element');
      const expected = parseCodeMarks(code);
      const lineClasses = (index: number) => {
        const value = shown[index]?.properties?.class ?? '';
        return (Array.isArray(value) ? value.map(String) : String(value).split(' ')).flatMap((name) => name.split(' '));
      };
      const problem = expected.findIndex((line, index) => {
        const classes = lineClasses(index);
        const drawn = MARK_OF_CLASS.filter(([name]) => classes.includes(name)).map(([, mark]) => mark);
        const wanted = line.marks.filter((mark) => mark !== 'highlight');
        // A meta {…} highlight gives the same class, so a highlighted line is only checked for being one.
        const highlightOk = !line.marks.includes('highlight') || drawn.includes('highlight');
        return !highlightOk || drawn.filter((mark) => mark !== 'highlight').sort().join() !== wanted.sort().join();
      });
      if (shown.length !== expected.length || problem !== -1) {
        const at = problem === -1 ? expected.length : problem + 1;
        throw new CodeMarkError(
          `the \`[!code …]\` mark near shown line ${at} is not read by the highlighter: put each mark in a comment ` +
            'at the very end of its line (`// [!code ++]`, `{/* [!code --] */}` in JSX, `# [!code focus]` in shell), or ' +
            'alone on the line before the lines it marks',
        );
      }
    },
  };
}

/** A TS/TSX sample's place in the docs and the loaded compiler: the sample is compiled and gets type hints. */
export interface TypedSample {
  hints: TypeHints;
  source: SampleSource;
}

/**
 * Code → `<pre class="shiki …" tabindex="0"><code><span class="line">…` with dual-theme CSS variables.
 * The language must have been loaded with loadLanguages(). With `typed`, a TS/TSX sample is compiled and
 * its identifiers carry their types (src/node/type-hints.ts); a sample that does not compile throws.
 */
export function highlightToHtml(
  highlighter: Highlighter,
  code: string,
  lang: string,
  highlightedLines: readonly number[] = [],
  typed?: TypedSample,
): string {
  const typeHints = typed ? typeHintTransformers(typed.hints, code, lang, typed.source) : [];
  return highlighter.codeToHtml(code, {
    lang: PLAIN_TEXT_LANGUAGES.has(lang) ? 'text' : lang,
    themes: CODE_THEMES,
    // No inline default colour: the stylesheet picks --shiki-light or --shiki-dark by data-theme.
    defaultColor: false,
    // No time limit per line (shiki's default stops a line after 500 ms and leaves its rest one token): on a busy
    // machine the first fence a process draws, while its grammar's patterns compile, lost its light-mode colours.
    tokenizeTimeLimit: 0,
    colorReplacements: CODE_COLOR_REPLACEMENTS as Record<string, Record<string, string>>,
    transformers: [
      ...typeHints,
      highlightLines(new Set(highlightedLines)),
      ...(hasCodeMarks(code) ? [...codeMarkTransformers(), marksAgree(code)] : []),
    ],
  });
}
