/**
 * The reader's edits of the editor's code, kept across reloads, leaving the page, Close and reopen
 * (theme-common/code-drafts.ts): the code the editor opens with (the draft when there is one), whether a draft was
 * brought back, whether the browser refused to keep the latest edits, and `save` for every change.
 */
import { useEffect, useState } from 'react';
import { flushDrafts, onDraftsWritten, readDraft, saveDraft } from '../../../../theme-common/code-drafts';

export function useCodeDraft(scope: string | undefined, original: string) {
  // Read once, when the editor opens: later changes are the reader's own.
  const [restored] = useState(() => (scope === undefined ? null : readDraft(scope, original)));
  const [unsaved, setUnsaved] = useState(false);
  useEffect(() => {
    if (scope === undefined) return undefined;
    const stop = onDraftsWritten((saved) => setUnsaved(!saved));
    return () => {
      stop();
      // Closing the editor (or leaving the page) writes what is pending.
      flushDrafts();
    };
  }, [scope]);
  return {
    code: restored ?? original,
    restored: restored !== null,
    unsaved,
    save: (code: string) => {
      if (scope !== undefined) saveDraft(scope, original, code);
    },
  };
}
