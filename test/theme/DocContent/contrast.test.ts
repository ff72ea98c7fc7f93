/** @jest-environment node */
// WCAG 2.1 AA (4.5:1 for text) for the colours of code blocks, admonitions, tabs, Since marks and island messages, in
// light and dark mode. Tokens come from the stylesheets themselves, so a changed colour is checked.
import fs from 'fs';
import path from 'path';
import { CODE_COLOR_REPLACEMENTS, CODE_THEMES, loadHighlighter } from '@src/node/highlight';
import { contrast } from '../../support/wcag-contrast';

const AA = 4.5;

/** Custom properties declared directly in the first block whose selector matches. */
function tokens(css: string, selector: RegExp): Record<string, string> {
  const block = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no block for ${selector}`);
  return Object.fromEntries(Array.from(block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g), (m) => [m[1], m[2]?.trim()]));
}

const read = (file: string) => fs.readFileSync(path.join(__dirname, '../../../src/theme', file), 'utf8');
const moduleCss = read('DocContent/styles.module.css');
const globalCss = read('global.css');

const modes = {
  light: { ...tokens(globalCss, /:root/), ...tokens(moduleCss, /\n\.root/) },
  dark: {
    ...tokens(globalCss, /:root/),
    ...tokens(globalCss, /\[data-theme='dark'\]/),
    ...tokens(moduleCss, /:global\(\[data-theme='dark'\]\) \.root/),
  },
};

/** [foreground token, background token] pairs of text the reader must read. */
const TEXT_PAIRS: [string, string][] = [
  ['--code-title-text', '--code-title-bg'],
  // An untitled sample's language and the type-popup hint, in the same bar.
  ['--code-label-text', '--code-title-bg'],
  ['--copy-button-text', '--copy-button-bg'],
  ['--copy-button-done', '--copy-button-bg'],
  ['--tab-text', '--color-bg'],
  ['--tab-selected-text', '--color-bg'],
  ['--island-error-text', '--color-bg'],
  ['--island-error-text', '--color-surface'],
  // The type popup of code samples (islands/TypeHints/styles.module.css).
  ['--color-text', '--color-surface'],
  // The "Since" mark of API entries a newer release added.
  ['--since-text', '--since-bg'],
  ...['note', 'tip', 'warning', 'danger'].flatMap((type): [string, string][] => [
    [`--admonition-${type}-heading`, `--admonition-${type}-bg`],
    ['--color-text', `--admonition-${type}-bg`],
    ['--color-link', `--admonition-${type}-bg`],
  ]),
];

describe.each(Object.entries(modes))('%s mode', (_mode, values) => {
  it.each(TEXT_PAIRS)('%s on %s meets AA', (fg, bg) => {
    const [foreground, background] = [values[fg], values[bg]];
    expect(foreground).toMatch(/^#[0-9a-f]{6}$/i);
    expect(background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(foreground as string, background as string)).toBeGreaterThanOrEqual(AA);
  });
});

// WCAG 1.4.11: a sample's outer edge stands apart from the page (and the themes' code background) at 3:1.
describe.each(Object.entries(modes))('%s mode: the edge of a code block', (mode, values) => {
  it('has 3:1 against the page and the code background', async () => {
    const theme = mode === 'dark' ? CODE_THEMES.dark : CODE_THEMES.light;
    const { bg } = (await loadHighlighter()).getTheme(theme);
    const edge = values['--code-edge'] as string;
    expect(edge).toMatch(/^#[0-9a-f]{6}$/i);
    for (const background of [values['--color-bg'] as string, bg]) expect(contrast(edge, background)).toBeGreaterThanOrEqual(3);
  });
});

describe('syntax highlighting themes', () => {
  jest.setTimeout(30_000);

  // Highlighted lines' background is also a hovered or described identifier's (islands/TypeHints).
  /** The backgrounds a line of code can have besides the theme's own: highlighted, added, removed. */
  const lineBackgrounds = (values: Record<string, string | undefined>) =>
    ['--code-highlight-bg', '--code-diff-add-bg', '--code-diff-remove-bg'].map((token) => values[token] as string);

  it.each([
    ['light', CODE_THEMES.light, lineBackgrounds(modes.light)],
    ['dark', CODE_THEMES.dark, lineBackgrounds(modes.dark)],
  ])('%s: every token colour meets AA on the code background and on highlighted, added and removed lines', async (_mode, theme, lineBgs) => {
    const highlighter = await loadHighlighter();
    const { bg, settings } = highlighter.getTheme(theme);
    const replacements = CODE_COLOR_REPLACEMENTS[theme] ?? {};
    // Scopes that bring their own background (diff markers, carriage returns) are drawn on it, not on the page.
    const colours = new Set(
      settings
        .filter((s) => s.settings?.foreground && !s.settings.background)
        .map((s) => (s.settings.foreground as string).toLowerCase())
        .map((c) => replacements[c] ?? c),
    );
    expect(colours.size).toBeGreaterThan(5);
    expect(lineBgs.every((b) => /^#[0-9a-f]{6}$/i.test(b))).toBe(true);
    const failing = [...colours].filter((c) => [bg, ...lineBgs].some((b) => contrast(c, b) < AA));
    expect(failing).toEqual([]);
  });

  it.each([
    ['light', CODE_THEMES.light, modes.light],
    ['dark', CODE_THEMES.dark, modes.dark],
  ])('%s: the dimmed text of a focus block and the +/− signs meet AA on every line background', async (_mode, theme, values) => {
    const { bg } = (await loadHighlighter()).getTheme(theme);
    const dimmed = values['--code-dimmed-text'] as string;
    for (const background of [bg, ...lineBackgrounds(values)]) expect(contrast(dimmed, background)).toBeGreaterThanOrEqual(AA);
    expect(contrast(values['--code-diff-add-sign'] as string, values['--code-diff-add-bg'] as string)).toBeGreaterThanOrEqual(AA);
    expect(contrast(values['--code-diff-remove-sign'] as string, values['--code-diff-remove-bg'] as string)).toBeGreaterThanOrEqual(AA);
  });
});
