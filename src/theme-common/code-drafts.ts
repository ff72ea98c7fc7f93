/**
 * A reader's edits of code the site gave them (a sample under "Edit and run", the playground's starter or a shared
 * link's code), kept in localStorage so that a reload, leaving the page, closing the editor or a new `#` in the
 * address never loses them. A draft belongs to a scope (a page's samples, the playground of one docs version) and
 * to the code it started from, its base: the same sample opens with its draft, a changed sample or another link
 * opens as it is. A draft equal to its base is no draft.
 *
 * Edits land in memory at once (every later read sees them) and reach storage a moment later, when the page is
 * hidden or left, or when the editor closes. Storage that is full, corrupt or refused never throws here: a corrupt
 * entry reads as no draft, and a write the browser refuses is reported (the drafts then last until the tab reloads).
 */
import { STORAGE_KEYS } from '../contract/constants';
import { createStorageSlot } from './storage';

/** Drafts kept per scope (the most recently edited), so a scope's entry stays small whatever a reader opens. */
export const MAX_DRAFTS_PER_SCOPE = 20;
/** How long after the last edit it reaches storage, in ms. */
export const DRAFT_SAVE_DELAY_MS = 300;

interface Draft {
  base: string;
  code: string;
  /** When it was last edited (ms since the epoch): the oldest go first. */
  at: number;
}

const isDraft = (value: unknown): value is Draft => {
  const draft = value as Partial<Draft> | null;
  return typeof draft === 'object' && draft !== null && typeof draft.base === 'string' && typeof draft.code === 'string' && typeof draft.at === 'number';
};

/** The drafts a scope's stored entry holds; a value that is not JSON, or entries of another shape, read as none. */
export function parseDrafts(text: string | null): Draft[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isDraft) : [];
  } catch {
    return [];
  }
}

/** Edits not yet written, by scope and then base; `null` stands for a draft to delete (its code is its base again). */
const pending = new Map<string, Map<string, Draft | null>>();
let timer: ReturnType<typeof setTimeout> | undefined;
let hideListening = false;
const failureListeners = new Set<(saved: boolean) => void>();

const slotOf = (scope: string) => createStorageSlot(STORAGE_KEYS.codeDrafts(scope));

/** The reader's code for `base` in `scope`, or null when they have not changed it. */
export function readDraft(scope: string, base: string): string | null {
  const waiting = pending.get(scope)?.get(base);
  if (waiting !== undefined) return waiting?.code ?? null;
  return parseDrafts(slotOf(scope).get()).find((draft) => draft.base === base)?.code ?? null;
}

/** Records the reader's code for `base` in `scope` (written shortly); code equal to its base removes the draft. */
export function saveDraft(scope: string, base: string, code: string, now = Date.now()): void {
  const inScope = pending.get(scope) ?? new Map<string, Draft | null>();
  pending.set(scope, inScope);
  inScope.set(base, code === base ? null : { base, code, at: now });
  if (typeof window === 'undefined') return;
  if (!hideListening) {
    hideListening = true;
    // A reload or a closed tab gives no time for the delay: what is pending goes now.
    window.addEventListener('pagehide', () => flushDrafts());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushDrafts();
    });
  }
  clearTimeout(timer);
  timer = setTimeout(() => flushDrafts(), DRAFT_SAVE_DELAY_MS);
}

/** Merges a scope's pending edits into what storage holds (another tab may have written other drafts meanwhile). */
function writeScope(scope: string, edits: Map<string, Draft | null>): boolean {
  const slot = slotOf(scope);
  const drafts = parseDrafts(slot.get()).filter((draft) => !edits.has(draft.base));
  for (const edit of edits.values()) if (edit) drafts.push(edit);
  drafts.sort((a, b) => b.at - a.at);
  const kept = drafts.slice(0, MAX_DRAFTS_PER_SCOPE);
  if (kept.length === 0) return slot.del();
  if (slot.set(JSON.stringify(kept))) return true;
  // Storage is full: the scope keeps only the drafts just edited, if those fit.
  const latest = kept.filter((draft) => edits.get(draft.base) === draft);
  return latest.length > 0 && latest.length < kept.length && slot.set(JSON.stringify(latest));
}

/** Writes every pending edit now; false when the browser refused a write (full, or storage turned off). */
export function flushDrafts(): boolean {
  clearTimeout(timer);
  timer = undefined;
  let saved = true;
  for (const [scope, edits] of pending) {
    if (writeScope(scope, edits)) pending.delete(scope);
    else saved = false;
  }
  failureListeners.forEach((listener) => listener(saved));
  return saved;
}

/** Calls back after each write with whether it reached storage; returns the unsubscribe. */
export function onDraftsWritten(listener: (saved: boolean) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** The scope of the samples of one page (its route), and of the playground on one docs version (by name). */
export const sampleDraftScope = (route: string) => `sample:${route}`;
export const playgroundDraftScope = (versionName: string) => `playground:${versionName}`;
