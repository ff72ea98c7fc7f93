/**
 * The CodeMirror view: created once in the element `hostRef` points at, holding `initialCode`, with the keys the
 * playground adds (Ctrl/Cmd+Enter runs; Esc closes the completion list, else leaves the editor so Tab never traps
 * the keyboard). Later code changes are the reader's.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { closeCompletion, completionKeymap, completionStatus } from '@codemirror/autocomplete';
import type { PlaygroundLanguage } from '../../../../contract/playground';
import { editorTheme, highlight, specialCharacters } from '../editor-setup';

export interface CodeEditorOptions {
  hostRef: RefObject<HTMLDivElement | null>;
  /** Where the view is kept while it exists. */
  viewRef: RefObject<EditorView | null>;
  initialCode: string;
  lang: PlaygroundLanguage;
  /** Extensions created once by the caller (the type checker's). */
  extensions: Extension[];
  /** The id of the label and of the key hint (`${labelId}-keys`). */
  labelId: string;
  autoFocus: boolean;
  onRun: () => void;
  /** Where Esc sends the focus. */
  onLeave: () => void;
  onChange?: (code: string) => void;
}

export function useCodeEditor(options: CodeEditorOptions) {
  const { viewRef } = options;
  // The latest callbacks, read by the key bindings the view was created with.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    // Created once: the options it starts from are those of the first render.
    const { hostRef, initialCode, lang, extensions, labelId, autoFocus } = latest.current;
    const host = hostRef.current;
    if (!host) return undefined;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          Prec.highest(
            keymap.of([
              { key: 'Mod-Enter', run: () => (latest.current.onRun(), true) },
              {
                key: 'Escape',
                run: (target) => {
                  if (completionStatus(target.state) !== null) return closeCompletion(target);
                  latest.current.onLeave();
                  return true;
                },
              },
            ]),
          ),
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          specialCharacters(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(highlight),
          javascript({ typescript: true, jsx: lang === 'tsx' }),
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          ...extensions,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange?.(update.state.doc.toString());
          }),
          editorTheme,
          // tabindex: the editable area is already a Tab stop; said explicitly, checkers see its scroller is reachable.
          EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-describedby': `${labelId}-keys`, tabindex: '0' }),
        ],
      }),
    });
    viewRef.current = view;
    if (autoFocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [viewRef]);

  /** Puts `code` in the editor (the reader can undo it). */
  const replaceCode = (code: string) => {
    const view = viewRef.current;
    view?.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
  };

  /** Moves the cursor to a position, in view, and focuses the editor. */
  const focusAt = (pos: number) => {
    const view = viewRef.current;
    if (!view) return;
    const at = Math.min(pos, view.state.doc.length);
    view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    view.focus();
  };

  return { replaceCode, focusAt };
}
