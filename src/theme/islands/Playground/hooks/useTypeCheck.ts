/**
 * The editor's side of the TypeScript worker: the extensions that ask it (diagnostics, hovers, completions, the
 * type at the cursor), what it last found, and compiling for a run. The worker loads once per page, through the
 * loader; after a failure only the reader starts another load (Retry, or Run), never an edit.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { EditorView } from '@codemirror/view';
import type { Extension, Text } from '@codemirror/state';
import type { PlaygroundDiagnostic, PlaygroundLanguage } from '../../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../../contract/playground-versions';
import { startLoading, useLatePiece } from '../../loader';
import { typeCheckerPiece, type TypeChecker } from '../type-checker';
import { recheck, typeCompletions, typeDiagnostics, typeHover, type CheckerSource } from '../editor-setup';

/** A type error as the panel lists it: where it is (1-based line and column) and TypeScript's message. */
export interface TypeErrorItem {
  from: number;
  line: number;
  column: number;
  message: string;
  code: number;
}

const CURSOR_TYPE_DELAY_MS = 300;

const errorsIn = (diagnostics: PlaygroundDiagnostic[], doc: Text): TypeErrorItem[] =>
  diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => {
      const line = doc.lineAt(Math.min(d.from, doc.length));
      return { from: d.from, line: line.number, column: d.from - line.from + 1, message: d.message, code: d.code };
    });

/** The editor's type checking against one version's types (an editor keeps its version: another version, another editor). */
export function useTypeCheck(lang: PlaygroundLanguage, viewRef: RefObject<EditorView | null>, version: PlaygroundVersionAssets) {
  const [piece] = useState(() => typeCheckerPiece(version));
  const checkerRef = useRef<TypeChecker | null>(null);
  const live = useRef(true);
  const openedAt = useRef(performance.now());
  const cursorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [firstDiagnosticsMs, setFirstDiagnosticsMs] = useState<number | null>(null);
  // null until the first answer.
  const [errors, setErrors] = useState<TypeErrorItem[] | null>(null);
  const [typeAtCursor, setTypeAtCursor] = useState('');
  const checkerState = useLatePiece(piece);

  const checker: CheckerSource = useCallback(async ({ wait }) => {
    if (checkerRef.current || !wait || piece.state.status === 'failed') return checkerRef.current;
    try {
      checkerRef.current = await piece.load();
    } catch {
      return null;
    }
    return checkerRef.current;
  }, [piece]);

  const [extensions] = useState<Extension[]>(() => [
    typeDiagnostics(lang, checker, (diagnostics, doc) => {
      if (!live.current) return;
      setFirstDiagnosticsMs((ms) => ms ?? Math.round(performance.now() - openedAt.current));
      setErrors(errorsIn(diagnostics, doc));
    }),
    typeHover(lang, checker),
    typeCompletions(lang, checker),
    EditorView.updateListener.of((update) => {
      if (!update.selectionSet && !update.docChanged) return;
      clearTimeout(cursorTimer.current);
      cursorTimer.current = setTimeout(async () => {
        const ready = checkerRef.current;
        if (!ready || !live.current) return;
        const { state } = update.view;
        const { info } = await ready.ask({ type: 'hover', code: state.doc.toString(), lang, pos: state.selection.main.head });
        if (live.current) setTypeAtCursor(info?.text ?? '');
      }, CURSOR_TYPE_DELAY_MS);
    }),
  ]);

  useEffect(() => {
    live.current = true;
    // After a Retry brings the type checker, the code is checked without waiting for an edit.
    const unsubscribe = piece.subscribe(() => {
      if (piece.state.status === 'ready' && live.current) viewRef.current?.dispatch({ effects: recheck.of(null) });
    });
    startLoading(piece);
    return () => {
      live.current = false;
      unsubscribe();
      clearTimeout(cursorTimer.current);
    };
  }, [viewRef, piece]);

  /** The code as the frame runs it (CommonJS), loading the worker first if a Run comes before it. */
  const compile = useCallback(
    async (code: string) => {
      const ready = checkerRef.current ?? (await piece.load());
      return (await ready.ask({ type: 'compile', code, lang })).js;
    },
    [lang, piece],
  );

  return { extensions, errors, firstDiagnosticsMs, typeAtCursor, checkerState, checkerPiece: piece, compile };
}
