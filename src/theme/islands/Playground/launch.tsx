/**
 * What stands in for the editor while its code loads: a status line, then the editor, or the loader's failure
 * notice with Retry. Shared by a sample's "Edit and run" and the /playground page.
 */
import { useEffect } from 'react';
import type { PlaygroundLanguage } from '../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';
import { PLAYGROUND_LAUNCH_STRINGS } from '../../../contract/playground-launch-strings';
import LoadFailure from '../../LoadFailure';
import { latePiece, startLoading, useLatePiece } from '../loader';
import type { EditorProps } from './Editor';

export const editorPiece = latePiece('The editor', () => import('./Editor').then((module) => module.default));

interface LaunchProps {
  code: string;
  /** Where the reader's edits are kept (theme-common/code-drafts.ts). */
  draftScope?: string;
  lang: PlaygroundLanguage;
  version: PlaygroundVersionAssets;
  onClose?: () => void;
  onChange?: EditorProps['onChange'];
  autoFocus?: boolean;
}

export function PlaygroundLaunch({ code, draftScope, lang, version, onClose, onChange, autoFocus }: LaunchProps) {
  const state = useLatePiece(editorPiece);
  useEffect(() => startLoading(editorPiece), []);
  if (state.status === 'ready') {
    const Editor = state.value;
    return <Editor initialCode={code} draftScope={draftScope} lang={lang} version={version} onClose={onClose} onChange={onChange} autoFocus={autoFocus} />;
  }
  if (state.status === 'failed' || (state.status === 'loading' && state.retrying)) return <LoadFailure piece={editorPiece} />;
  return <p role="status">{PLAYGROUND_LAUNCH_STRINGS.loadingEditor}</p>;
}
