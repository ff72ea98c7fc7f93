/**
 * Build-time syntax highlighting with shiki. Every token carries both themes' colours as CSS variables
 * (--shiki-light / --shiki-dark), so the browser switches colour mode with CSS alone and ships no
 * highlighter.
 */
import type { BundledLanguage, Highlighter, ShikiTransformer } from 'shiki';
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

/** Class of a line picked by the fence's `{…}` meta. */
export const HIGHLIGHTED_LINE_CLASS = 'highlighted';

let highlighterPromise: Promise<Highlighter> | undefined;

/** One highlighter for the whole build; grammars are added as docs ask for them. */
export function loadHighlighter(): Promise<Highlighter> {
  // Promise.resolve(): Parcel, which compiles gatsby-node, turns import() of an external into a plain require().
  highlighterPromise ??= Promise.resolve(import('shiki')).then(({ createHighlighter }) =>
    createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] }),
  );
  return highlighterPromise;
}

let bundledLanguagesPromise: Promise<Record<string, unknown>> | undefined;
const loadBundledLanguages = () =>
  (bundledLanguagesPromise ??= Promise.resolve(import('shiki')).then((shiki) => shiki.bundledLanguages));

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
    colorReplacements: CODE_COLOR_REPLACEMENTS as Record<string, Record<string, string>>,
    transformers: [...typeHints, highlightLines(new Set(highlightedLines))],
  });
}
