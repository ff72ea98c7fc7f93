/**
 * The playground's editor: CodeMirror 6 with TypeScript's diagnostics and types from the worker, Run (button and
 * Ctrl/Cmd+Enter), Reset and Share, and the output of the sandboxed frame as a live region. Esc leaves the editor,
 * so Tab (which indents inside it) never traps the keyboard. Loaded only when a reader opens an editor.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EditorState, Prec, StateEffect } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, hoverTooltip } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { linter, type Diagnostic } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import type { PlaygroundLanguage } from '../../../contract/playground';
import { PLAYGROUND_STRINGS as S } from '../../../contract/playground-strings';
import LoadFailure from '../../LoadFailure';
import { startLoading, useLatePiece } from '../loader';
import { typeCheckerPiece, type TypeChecker } from './type-checker';
import { FrameRunner, frameRuntimePiece, STALL_MS, type RunOutput } from './runner';
import { shareUrl } from './share';
import * as styles from './styles.module.css';

// Colours are CSS variables (styles.module.css), so the editor follows the colour mode without reconfiguring.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: 'var(--pg-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--pg-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--pg-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--pg-comment)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.className, tags.namespace, tags.tagName], color: 'var(--pg-type)' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--pg-function)' },
  { tag: tags.propertyName, color: 'var(--pg-property)' },
]);

const editorTheme = EditorView.theme({
  '&': { color: 'var(--color-code-text)', backgroundColor: 'var(--color-code-bg)', fontSize: '0.875rem' },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-code-text)' },
  '.cm-gutters': { backgroundColor: 'var(--color-code-bg)', color: 'var(--color-text-muted)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--pg-active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--pg-selection) !important' },
  '&.cm-focused': { outline: '2px solid var(--color-focus)', outlineOffset: '2px' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface)', color: 'var(--color-text)', border: '1px solid var(--color-border-strong)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  '.cm-hover-type': { fontFamily: 'var(--font-mono)', padding: '0.25rem 0.5rem', whiteSpace: 'pre-wrap', maxWidth: '36rem' },
});

// Asks the linter to check again without an edit (after a Retry brought the type checker).
const recheck = StateEffect.define<null>();

const isDark = () => document.documentElement.getAttribute('data-theme') === 'dark';

interface OutputLine {
  id: number;
  level: 'log' | 'info' | 'warn' | 'error' | 'debug' | 'status';
  text: string;
}

export interface EditorProps {
  initialCode: string;
  lang: PlaygroundLanguage;
  /** Closes the editor (a sample's editor); absent on the playground page. */
  onClose?: () => void;
  /** Called with the code after each change (the playground page keeps it for Share). */
  onChange?: (code: string) => void;
  autoFocus?: boolean;
}

export default function Editor({ initialCode, lang, onClose, onChange, autoFocus = true }: EditorProps) {
  const labelId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const frameSlotRef = useRef<HTMLDivElement>(null);
  const runButtonRef = useRef<HTMLButtonElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const runnerRef = useRef<FrameRunner | null>(null);
  const checkerRef = useRef<TypeChecker | null>(null);
  const lineId = useRef(0);
  const openedAt = useRef(performance.now());
  const [firstDiagnosticsMs, setFirstDiagnosticsMs] = useState<number | null>(null);
  const [typeStatus, setTypeStatus] = useState<string>(S.checking);
  const [typeAtCursor, setTypeAtCursor] = useState('');
  const [output, setOutput] = useState<OutputLine[]>([]);
  const [running, setRunning] = useState(false);
  const [rendered, setRendered] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [shareStatus, setShareStatus] = useState('');
  const checkerState = useLatePiece(typeCheckerPiece);
  const runtimeState = useLatePiece(frameRuntimePiece);

  const print = (level: OutputLine['level'], text: string) => {
    lineId.current += 1;
    const id = lineId.current;
    setOutput((lines) => [...lines, { id, level, text }]);
  };

  const report = (item: RunOutput) => {
    if (item.kind === 'console') print(item.level, item.text);
    else if (item.kind === 'done') {
      setRunning(false);
      setRendered(item.rendered);
      if (item.error) print('error', `${S.threw} ${item.error}`);
      else print('status', item.rendered ? S.rendered : S.finished);
    } else if (item.kind === 'stopped') {
      setRunning(false);
      setRendered(false);
      print('error', S.stopped(STALL_MS / 1000));
    } else {
      setRunning(false);
      print('error', item.message);
    }
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  const run = async () => {
    const view = viewRef.current;
    const runner = runnerRef.current;
    if (!view || !runner) return;
    setOutput([]);
    setRendered(false);
    setRunning(true);
    print('status', S.running);
    try {
      const checker = checkerRef.current ?? (await typeCheckerPiece.load());
      const { js } = await checker.ask({ type: 'compile', code: view.state.doc.toString(), lang });
      await runner.run({ js, render: lang === 'tsx', dark: isDark(), title: S.frameTitle });
    } catch (error) {
      setRunning(false);
      // A piece that failed to load shows its own notice with Retry below.
      if (typeCheckerPiece.state.status !== 'failed' && frameRuntimePiece.state.status !== 'failed') {
        print('error', error instanceof Error ? error.message : String(error));
      }
    }
  };
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const host = hostRef.current;
    const slot = frameSlotRef.current;
    if (!host || !slot) return undefined;
    let disposed = false;
    runnerRef.current = new FrameRunner(slot, (item) => reportRef.current(item));

    const diagnostics = linter(
      async (view): Promise<Diagnostic[]> => {
        const code = view.state.doc.toString();
        // After a failure only the reader starts another load (Retry, or Run): a lint pass on each edit would
        // fetch the worker again and flip the notice to "Retrying…" under their typing.
        if (!checkerRef.current && typeCheckerPiece.state.status === 'failed') return [];
        let checker: TypeChecker;
        try {
          checker = checkerRef.current ?? (await typeCheckerPiece.load());
        } catch {
          return [];
        }
        checkerRef.current = checker;
        const { diagnostics: found } = await checker.ask({ type: 'check', code, lang });
        if (disposed || view.state.doc.toString() !== code) return [];
        setFirstDiagnosticsMs((ms) => ms ?? Math.round(performance.now() - openedAt.current));
        setTypeStatus(found.some((d) => d.severity === 'error') ? S.errors(found.filter((d) => d.severity === 'error').length) : S.noErrors);
        return found.map((d) => ({ from: d.from, to: d.to, severity: d.severity, message: `${d.message} (TS${d.code})` }));
      },
      { delay: 250, needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(recheck))) },
    );

    const hover = hoverTooltip(async (view, pos) => {
      const checker = checkerRef.current;
      if (!checker) return null;
      const { info } = await checker.ask({ type: 'hover', code: view.state.doc.toString(), lang, pos });
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

    let cursorTimer: ReturnType<typeof setTimeout> | undefined;
    const cursorType = EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange?.(update.state.doc.toString());
      if (!update.selectionSet && !update.docChanged) return;
      clearTimeout(cursorTimer);
      cursorTimer = setTimeout(async () => {
        const checker = checkerRef.current;
        if (!checker || disposed) return;
        const state = update.view.state;
        const { info } = await checker.ask({ type: 'hover', code: state.doc.toString(), lang, pos: state.selection.main.head });
        if (!disposed) setTypeAtCursor(info?.text ?? '');
      }, 300);
    });

    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  void runRef.current();
                  return true;
                },
              },
              {
                // Leaves the editor: the next Tab moves on through the page.
                key: 'Escape',
                run: () => {
                  runButtonRef.current?.focus();
                  return true;
                },
              },
            ]),
          ),
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(highlight),
          javascript({ typescript: true, jsx: lang === 'tsx' }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          diagnostics,
          hover,
          cursorType,
          editorTheme,
          // tabindex: the editable area is already a Tab stop; said explicitly, checkers see its scroller is reachable.
          EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-describedby': `${labelId}-keys`, tabindex: '0' }),
        ],
      }),
    });
    viewRef.current = view;
    if (autoFocus) view.focus();
    // After a Retry brings the type checker, the code is checked without waiting for an edit.
    const unsubscribe = typeCheckerPiece.subscribe(() => {
      if (typeCheckerPiece.state.status === 'ready' && !disposed) view.dispatch({ effects: recheck.of(null) });
    });
    startLoading(typeCheckerPiece);
    return () => {
      disposed = true;
      unsubscribe();
      clearTimeout(cursorTimer);
      runnerRef.current?.stop();
      view.destroy();
      viewRef.current = null;
    };
    // The editor is created once; later code changes are the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reset = () => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: initialCode } });
    runnerRef.current?.stop();
    setOutput([]);
    setRendered(false);
    setRunning(false);
    view.focus();
  };

  const share = async () => {
    const view = viewRef.current;
    if (!view) return;
    const url = await shareUrl(window.location.origin, { code: view.state.doc.toString(), lang });
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setShareStatus(S.linkCopied);
    } catch {
      setShareStatus(S.linkReady);
    }
  };

  return (
    <section className={styles.playground} aria-label={S.region} data-playground="" data-first-diagnostics-ms={firstDiagnosticsMs ?? undefined}>
      <div className={styles.toolbar}>
        <button ref={runButtonRef} type="button" className="button-primary" onClick={() => void run()} aria-disabled={running || undefined}>
          {S.run}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} onClick={reset}>
          {S.reset}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} onClick={() => void share()}>
          {S.share}
        </button>
        {onClose ? (
          <button type="button" className={`button-secondary ${styles.button}`} onClick={onClose}>
            {S.close}
          </button>
        ) : null}
      </div>
      {link ? (
        <p className={styles.share}>
          <label>
            {S.shareLink}{' '}
            <input className={styles.shareInput} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {shareStatus}
      </p>
      <p id={labelId} className={styles.label}>
        {S.editorLabel(lang)}
      </p>
      <p id={`${labelId}-keys`} className={styles.hint}>
        {S.keys}
      </p>
      <div ref={hostRef} className={styles.editor} />
      <p className={styles.status} data-type-status="">
        {checkerState.status === 'failed' ? '' : typeStatus}
        {typeAtCursor ? (
          <span className={styles.cursorType}>
            {' '}
            {S.typeAtCursor}: <code>{typeAtCursor}</code>
          </span>
        ) : null}
      </p>
      {checkerState.status === 'failed' || (checkerState.status === 'loading' && checkerState.retrying) ? (
        <LoadFailure piece={typeCheckerPiece} />
      ) : null}
      <p id={`${labelId}-output`} className={styles.outputHeading}>
        {S.output}
      </p>
      <div
        className={styles.output}
        role="log"
        aria-live="polite"
        aria-labelledby={`${labelId}-output`}
        data-playground-output=""
        tabIndex={0}
      >
        {output.length === 0 ? <p className={styles.empty}>{S.outputEmpty}</p> : null}
        {output.map((line) => (
          <p key={line.id} className={styles.line} data-level={line.level}>
            {line.level === 'error' || line.level === 'warn' ? <span className={styles.levelLabel}>{line.level}: </span> : null}
            {line.text}
          </p>
        ))}
      </div>
      {runtimeState.status === 'failed' || (runtimeState.status === 'loading' && runtimeState.retrying) ? (
        <LoadFailure piece={frameRuntimePiece} />
      ) : null}
      <div ref={frameSlotRef} className={rendered ? styles.frame : styles.frameIdle} />
    </section>
  );
}
