/**
 * The playground's editor: CodeMirror 6 with TypeScript's diagnostics, types and completions from the worker, Run
 * (button and Ctrl/Cmd+Enter), Reset and Share, the run's status, the type errors listed, and the output of the
 * sandboxed frame as a live region. Esc leaves the editor, so Tab (which indents inside it) never traps the
 * keyboard. With a draft scope, the reader's edits are kept and the editor opens with them (Reset brings back the
 * original code). Loaded only when a reader opens an editor; its behaviour lives in ./hooks.
 */
import { useEffect, useId, useRef } from 'react';
import type { EditorView } from '@codemirror/view';
import type { PlaygroundLanguage } from '../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';
import { PLAYGROUND_STRINGS as S } from '../../../contract/playground-strings';
import LoadFailure from '../../LoadFailure';
import { showsFailure, useLatePiece } from '../loader';
import { editorHostProps } from './launch';
import { frameRuntimePiece } from './runner';
import { useCodeDraft } from './hooks/useCodeDraft';
import { useCodeEditor } from './hooks/useCodeEditor';
import { useTypeCheck } from './hooks/useTypeCheck';
import { runStatusText, useRunner } from './hooks/useRunner';
import { useShare } from './hooks/useShare';
import OutputPanel from './OutputPanel';
import TypeErrors from './TypeErrors';
import * as styles from './styles.module.css';

export interface EditorProps {
  /** The code as the site gives it: what the editor opens with when the reader has no draft, and what Reset restores. */
  initialCode: string;
  /** Where the reader's edits of this code are kept (theme-common/code-drafts.ts); absent, they are not kept. */
  draftScope?: string;
  lang: PlaygroundLanguage;
  /** The docs version whose package and types the code runs and is checked against. */
  version: PlaygroundVersionAssets;
  /** Closes the editor (a sample's editor); absent on the playground page. */
  onClose?: () => void;
  /** Called with the code after each change (the playground page keeps it for Share). */
  onChange?: (code: string) => void;
  autoFocus?: boolean;
  /** One height whatever the code (/playground); else the height of the code it opens with. */
  fixedHeight?: boolean;
}

/** Scrolls an element into view as far as needed (smoothly, unless the reader asked for less motion). */
const reveal = (element: HTMLElement | null) =>
  element?.scrollIntoView({ block: 'nearest', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });

export default function Editor({ initialCode, draftScope, lang, version, onClose, onChange, autoFocus = true, fixedHeight }: EditorProps) {
  const labelId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const frameSlotRef = useRef<HTMLDivElement>(null);
  const runButtonRef = useRef<HTMLButtonElement>(null);
  const outputRef = useRef<HTMLDivElement>(null);
  const types = useTypeCheck(lang, viewRef, version);
  const runner = useRunner(frameSlotRef, lang, version);
  const sharing = useShare(lang, version);
  const runtimePiece = frameRuntimePiece(version);
  const runtimeState = useLatePiece(runtimePiece);
  const draft = useCodeDraft(draftScope, initialCode);
  const code = () => viewRef.current?.state.doc.toString() ?? draft.code;
  // Run brings its output into view without taking the focus (on Run, or in the code after Ctrl+Enter): at once,
  // and once more when that run has ended, for what it printed or drew.
  const revealPending = useRef(false);
  const run = () => {
    void runner.run(code(), types.compile);
    revealPending.current = true;
    reveal(outputRef.current);
  };
  useEffect(() => {
    if (!revealPending.current || runner.status.kind === 'running' || runner.status.kind === 'idle') return;
    revealPending.current = false;
    reveal(outputRef.current);
  }, [runner.status]);
  const editor = useCodeEditor({
    hostRef,
    viewRef,
    initialCode: draft.code,
    lang,
    extensions: types.extensions,
    labelId,
    autoFocus,
    onRun: run,
    onLeave: () => runButtonRef.current?.focus(),
    onChange: (changed) => {
      draft.save(changed);
      onChange?.(changed);
    },
  });

  const reset = () => {
    revealPending.current = false;
    editor.replaceCode(initialCode);
    runner.reset();
    viewRef.current?.focus();
  };

  const errors = types.errors ?? [];
  const typeStatus = types.errors === null ? S.checking : errors.length > 0 ? S.errors(errors.length) : S.noErrors;
  const statusText = runStatusText(runner.status);
  return (
    <section className={styles.playground} aria-label={S.region} data-playground="" data-first-diagnostics-ms={types.firstDiagnosticsMs ?? undefined}>
      <div className={styles.toolbar}>
        <button ref={runButtonRef} type="button" className="button-primary" onClick={run} aria-disabled={runner.running || undefined}>
          {S.run}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} onClick={reset}>
          {S.reset}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} onClick={() => void sharing.share(code())}>
          {S.share}
        </button>
        {onClose ? (
          <button type="button" className={`button-secondary ${styles.button}`} onClick={onClose}>
            {S.close}
          </button>
        ) : null}
      </div>
      {sharing.link ? (
        <p className={styles.share}>
          <label>
            {S.shareLink}{' '}
            <input className={styles.shareInput} readOnly value={sharing.link} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {sharing.shareStatus}
      </p>
      <p id={labelId} className={styles.label}>
        {S.editorLabel(lang)}
      </p>
      <p className={styles.hint} data-playground-release={version.release}>
        {S.runsRelease(version.release)}
      </p>
      <p id={`${labelId}-keys`} className={`${styles.hint} ${styles.keys}`}>
        {S.keys}
      </p>
      {draft.restored || draft.unsaved ? (
        <p className={styles.hint} role="status" data-draft-status={draft.unsaved ? 'unsaved' : 'restored'}>
          {draft.unsaved ? S.draftNotSaved : S.draftRestored}
        </p>
      ) : null}
      <div ref={hostRef} {...editorHostProps(initialCode, fixedHeight)} />
      <p className={styles.status} data-type-status="">
        {types.checkerState.status === 'failed' ? '' : typeStatus}
        {types.typeAtCursor ? (
          <span className={styles.cursorType}>
            {' '}
            {S.typeAtCursor}: <code>{types.typeAtCursor}</code>
          </span>
        ) : null}
      </p>
      <TypeErrors errors={errors} onPick={editor.focusAt} />
      {showsFailure(types.checkerState) ? <LoadFailure piece={types.checkerPiece} /> : null}
      <div ref={outputRef} className={styles.outputArea}>
        <p id={`${labelId}-output`} className={styles.outputHeading}>
          {S.output}
        </p>
        <p className={styles.runStatus} role="status" data-run-status={runner.status.kind}>
          {statusText}
        </p>
        <OutputPanel log={runner.log} labelledBy={`${labelId}-output`} started={runner.status.kind !== 'idle'} />
        {showsFailure(runtimeState) ? <LoadFailure piece={runtimePiece} /> : null}
        <div ref={frameSlotRef} className={runner.rendered ? styles.frame : styles.frameIdle} />
      </div>
    </section>
  );
}
