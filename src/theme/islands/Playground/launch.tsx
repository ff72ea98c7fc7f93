/**
 * What stands in for the editor while its code loads: the editor's own layout (its buttons, labels, the code as text
 * at the editor's height, the output panel) with a status line, then the editor, or the loader's failure notice with
 * Retry in that line. Nothing moves when the editor arrives. Shared by a sample's "Edit and run" and /playground.
 */
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import type { PlaygroundLanguage } from '../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';
import { PLAYGROUND_STRINGS as S } from '../../../contract/playground-strings';
import LoadFailure from '../../LoadFailure';
import { latePiece, startLoading, useLatePiece } from '../loader';
import type { EditorProps } from './Editor';
import * as styles from './styles.module.css';

export const editorPiece = latePiece('The editor', () => import('./Editor').then((module) => module.default));

/** The editor's host: its height follows the code's lines (styles.module.css), or is fixed on /playground. */
export function editorHostProps(code: string, fixedHeight: boolean | undefined) {
  return {
    className: `${styles.editor} ${fixedHeight ? styles.fixedHeight : ''}`,
    style: { '--pg-lines': code.split('\n').length } as CSSProperties,
  };
}

interface ShellProps {
  code: string;
  lang: PlaygroundLanguage;
  release: string;
  fixedHeight?: boolean;
  onClose?: () => void;
  /** Instead of "Loading the editor…": the notice of a load that failed. */
  failure?: ReactNode;
}

/** The editor's layout without the editor: the same rows at the same sizes; only Close (when offered) acts. */
export function EditorShell({ code, lang, release, fixedHeight, onClose, failure }: ShellProps) {
  return (
    <section className={styles.playground} aria-label={S.region} aria-busy="true" data-playground-shell="" data-needs-script="">
      <div className={styles.toolbar}>
        <button type="button" className="button-primary" inert>
          {S.run}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} inert>
          {S.reset}
        </button>
        <button type="button" className={`button-secondary ${styles.button}`} inert>
          {S.share}
        </button>
        {onClose ? (
          <button type="button" className={`button-secondary ${styles.button}`} onClick={onClose}>
            {S.close}
          </button>
        ) : null}
      </div>
      <p className={styles.label}>{S.editorLabel(lang)}</p>
      <p className={styles.hint}>{S.runsRelease(release)}</p>
      <p className={`${styles.hint} ${styles.keys}`}>{S.keys}</p>
      <div {...editorHostProps(code, fixedHeight)}>
        <pre className={styles.shellCode}>{code}</pre>
      </div>
      {failure ?? (
        <p className={styles.status} role="status">
          {S.loadingEditor}
        </p>
      )}
      <p className={styles.outputHeading}>{S.output}</p>
      <p className={styles.runStatus} />
      <div className={styles.output}>
        <p className={styles.empty}>{S.outputEmpty}</p>
      </div>
    </section>
  );
}

interface LaunchProps {
  code: string;
  /** Where the reader's edits are kept (theme-common/code-drafts.ts). */
  draftScope?: string;
  lang: PlaygroundLanguage;
  version: PlaygroundVersionAssets;
  onClose?: () => void;
  onChange?: EditorProps['onChange'];
  autoFocus?: boolean;
  /** The editor keeps one height whatever its code (on /playground, whose code is known only after the page). */
  fixedHeight?: boolean;
}

export function PlaygroundLaunch({ code, draftScope, lang, version, onClose, onChange, autoFocus, fixedHeight }: LaunchProps) {
  const state = useLatePiece(editorPiece);
  useEffect(() => startLoading(editorPiece), []);
  if (state.status === 'ready') {
    const Editor = state.value;
    return (
      <Editor
        initialCode={code}
        draftScope={draftScope}
        lang={lang}
        version={version}
        onClose={onClose}
        onChange={onChange}
        autoFocus={autoFocus}
        fixedHeight={fixedHeight}
      />
    );
  }
  const failed = state.status === 'failed' || (state.status === 'loading' && state.retrying);
  return (
    <EditorShell
      code={code}
      lang={lang}
      release={version.release}
      fixedHeight={fixedHeight}
      onClose={onClose}
      failure={failed ? <LoadFailure piece={editorPiece} /> : undefined}
    />
  );
}
