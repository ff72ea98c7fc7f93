/**
 * The editor's look and its TypeScript-aware extensions: syntax colours and theme from the site's tokens,
 * invisible characters shown, and the diagnostics, hovers and completions the worker answers. Pure factories: the
 * hooks decide when they run and what they report to.
 */
import { StateEffect, type Extension, type Text } from '@codemirror/state';
import { EditorView, highlightSpecialChars, hoverTooltip } from '@codemirror/view';
import { HighlightStyle } from '@codemirror/language';
import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { linter, type Diagnostic } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import type { PlaygroundDiagnostic, PlaygroundLanguage } from '../../../contract/playground';
import type { TypeChecker } from './type-checker';

// Colours are CSS variables (styles.module.css), so the editor follows the colour mode without reconfiguring.
export const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: 'var(--pg-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--pg-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--pg-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--pg-comment)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.className, tags.namespace, tags.tagName], color: 'var(--pg-type)' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--pg-function)' },
  { tag: tags.propertyName, color: 'var(--pg-property)' },
]);

export const editorTheme = EditorView.theme({
  '&': { color: 'var(--color-code-text)', backgroundColor: 'var(--color-code-bg)', fontSize: '0.875rem' },
  // The numbers end at a rule with space before it, so code scrolled sideways passes under an edge, not a digit.
  '.cm-gutters': { backgroundColor: 'var(--color-code-bg)', color: 'var(--color-text-muted)', border: 'none', borderRight: '1px solid var(--color-border-strong)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 0.5rem 0 0.625rem' },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-code-text)', paddingLeft: '0.25rem' },
  '.cm-activeLine': { backgroundColor: 'var(--pg-active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--pg-selection) !important' },
  '&.cm-focused': { outline: '2px solid var(--color-focus)', outlineOffset: '2px' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface)', color: 'var(--color-text)', border: '1px solid var(--color-border-strong)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--pg-selection)', color: 'var(--color-text)' },
  '.cm-completionDetail': { color: 'var(--color-text-muted)', fontStyle: 'normal', marginLeft: '1em' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected] .cm-completionDetail': { color: 'inherit' },
  // The list shows COMPLETIONS_SHOWN names at full height and moves with the arrow keys: a list that scrolled would
  // be a scrollable region the keyboard cannot reach (focus stays in the editor).
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { maxHeight: 'none', overflowY: 'hidden' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  '.cm-hover-type': { fontFamily: 'var(--font-mono)', padding: '0.25rem 0.5rem', whiteSpace: 'pre-wrap', maxWidth: '36rem' },
  '.cm-specialChar': {
    color: 'var(--color-danger)',
    border: '1px solid currentColor',
    borderRadius: '3px',
    padding: '0 2px',
    margin: '0 1px',
    fontSize: '0.75em',
    fontFamily: 'var(--font-mono)',
  },
});

/**
 * Characters that change how code reads without showing (Trojan Source): bidirectional controls reorder what is
 * shown, zero-width ones hide inside names. CodeMirror shows most of them by default; these are the rest.
 */
export const INVISIBLE_EXTRA = /\u180e|\u200c|\u200d|[\u202a-\u202c\u2060-\u2064\u2068]/u;

/** Each invisible or control character as a box with its code point (its name as the tooltip and accessible name). */
export const specialCharacters = (): Extension =>
  highlightSpecialChars({
    addSpecialChars: INVISIBLE_EXTRA,
    render: (code, description) => {
      const box = document.createElement('span');
      box.className = 'cm-specialChar';
      box.textContent = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      box.title = description ?? '';
      box.setAttribute('aria-label', description ?? box.textContent);
      return box;
    },
  });

/** Asks the linter to check again without an edit (after a Retry brought the type checker). */
export const recheck = StateEffect.define<null>();

/** How the editor reaches the type checker: null until it has loaded (or while it cannot). */
export type CheckerSource = (options: { wait: boolean }) => Promise<TypeChecker | null>;

/** TypeScript's diagnostics as lint marks; `found` is told every answer that still matches the code (with the code). */
export function typeDiagnostics(
  lang: PlaygroundLanguage,
  checker: CheckerSource,
  found: (diagnostics: PlaygroundDiagnostic[], doc: Text) => void,
): Extension {
  return linter(
    async (view): Promise<Diagnostic[]> => {
      const code = view.state.doc.toString();
      const ready = await checker({ wait: true });
      if (!ready) return [];
      const { diagnostics } = await ready.ask({ type: 'check', code, lang });
      if (view.state.doc.toString() !== code) return [];
      found(diagnostics, view.state.doc);
      return diagnostics.map((d) => ({ from: d.from, to: d.to, severity: d.severity, message: `${d.message} (TS${d.code})` }));
    },
    { delay: 250, needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(recheck))) },
  );
}

/** The type of the name under the pointer, as a tooltip. */
export function typeHover(lang: PlaygroundLanguage, checker: CheckerSource): Extension {
  return hoverTooltip(async (view, pos) => {
    const ready = await checker({ wait: false });
    if (!ready) return null;
    const { info } = await ready.ask({ type: 'hover', code: view.state.doc.toString(), lang, pos });
    if (!info) return null;
    return {
      pos: info.from,
      end: info.to,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'cm-hover-type';
        dom.textContent = info.text;
        return { dom };
      },
    };
  });
}

// The kinds TypeScript names, as the words CodeMirror's completion list knows.
const COMPLETION_TYPES: Record<string, string> = {
  const: 'constant',
  let: 'variable',
  var: 'variable',
  'local var': 'variable',
  parameter: 'variable',
  function: 'function',
  'local function': 'function',
  method: 'method',
  property: 'property',
  getter: 'property',
  setter: 'property',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  module: 'namespace',
  keyword: 'keyword',
};

/** Names the completion list shows at once. */
const COMPLETIONS_SHOWN = 8;

/** Completions from the worker: after a dot, inside an import, and as the reader types a name (or on Ctrl+Space). */
export function typeCompletions(lang: PlaygroundLanguage, checker: CheckerSource): Extension {
  const source = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\w$]*/);
    const from = word?.from ?? context.pos;
    const afterDot = context.state.sliceDoc(from - 1, from) === '.';
    if (!context.explicit && from === context.pos && !afterDot) return null;
    const ready = await checker({ wait: false });
    if (!ready || context.aborted) return null;
    const { entries } = await ready.ask({ type: 'completions', code: context.state.doc.toString(), lang, pos: context.pos });
    if (context.aborted) return null;
    const options: Completion[] = entries.map((entry) => ({ label: entry.name, type: COMPLETION_TYPES[entry.kind], detail: entry.kind }));
    return { from, options, validFor: /^[\w$]*$/ };
  };
  return autocompletion({ override: [source], icons: false, maxRenderedOptions: COMPLETIONS_SHOWN });
}
