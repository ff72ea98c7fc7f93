/**
 * The one way the site loads code a page does not need for its first paint: the search modal, back-to-top, the
 * mobile menu, lazily loaded navbar items, the islands of a doc (copy buttons, tabs, diagrams, live examples) and
 * what those load in turn (mermaid, each example's component).
 *
 * A piece loads once and keeps its value. A failed load is not kept: the next `load()` (the reader's Retry)
 * requests the code again, and the attempt number lets a loader bypass a browser cache that would remember the
 * failure. Every state change is observable, so the piece's UI can say it is loading, ready, or could not load.
 */
import { useSyncExternalStore } from 'react';

export type LoadState<T> =
  | { readonly status: 'idle'; readonly value?: undefined; readonly error?: undefined }
  /** `retrying`: this load follows a failed one (the reader pressed Retry, or the piece was asked for again). */
  | { readonly status: 'loading'; readonly retrying: boolean; readonly value?: undefined; readonly error?: undefined }
  | { readonly status: 'ready'; readonly value: T; readonly error?: undefined }
  | { readonly status: 'failed'; readonly value?: undefined; readonly error: PieceLoadError };

/** Whether a piece's UI shows its failure notice: failed, or trying again after a failure (the notice says so). */
export const showsFailure = (state: LoadState<unknown>): boolean =>
  state.status === 'failed' || (state.status === 'loading' && state.retrying);

/** A piece's code (or data) could not be loaded; `piece` is its name as the reader knows it. */
export type PieceLoadError = Error & { readonly piece: string };

// A plain Error rather than a subclass: extending Error costs Babel's wrapper helpers in every first load.
function pieceLoadError(piece: string, cause: unknown): PieceLoadError {
  const error = new Error(`${piece} could not load: ${cause instanceof Error ? cause.message : String(cause)}`, {
    cause,
  });
  error.name = 'PieceLoadError';
  return Object.assign(error, { piece });
}

export interface LatePiece<T> {
  /** What the reader calls the piece, at the start of a sentence: "Search", "The code tabs". */
  readonly name: string;
  /** The current state; a new object after every change. */
  readonly state: LoadState<T>;
  /** Loads the piece, once; while a load is under way, returns it; after a failure, tries again. */
  load(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

const IDLE = { status: 'idle' } as const;

/** `importer(attempt)`: attempt 0 first, then 1, 2… for each try after a failure. */
export function latePiece<T>(name: string, importer: (attempt: number) => Promise<T>): LatePiece<T> {
  let state: LoadState<T> = IDLE;
  let inFlight: Promise<T> | null = null;
  let attempts = 0;
  const listeners = new Set<() => void>();
  const update = (next: LoadState<T>) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    name,
    get state() {
      return state;
    },
    load() {
      if (state.status === 'ready') return Promise.resolve(state.value);
      if (inFlight) return inFlight;
      const attempt = attempts;
      attempts += 1;
      update({ status: 'loading', retrying: state.status === 'failed' });
      const current: Promise<T> = Promise.resolve()
        .then(() => importer(attempt))
        .then(
          (value) => {
            inFlight = null;
            update({ status: 'ready', value });
            return value;
          },
          (cause: unknown) => {
            inFlight = null;
            const error = pieceLoadError(name, cause);
            update({ status: 'failed', error });
            throw error;
          },
        );
      inFlight = current;
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** `load()` for callers that show the failure through the piece's state rather than handle the rejection. */
export function startLoading<T>(piece: LatePiece<T>): void {
  piece.load().catch(() => undefined);
}

/** A piece's state in a component, re-rendering on every change. */
export function useLatePiece<T>(piece: LatePiece<T>): LoadState<T> {
  return useSyncExternalStore(
    piece.subscribe,
    () => piece.state,
    () => piece.state,
  );
}

/**
 * Whether an error (or one it wraps) is code that could not be fetched (a chunk's or a dynamic import's network
 * failure) rather than code that ran and threw: webpack, Chromium, Firefox and Safari word it differently.
 */
export function isModuleLoadFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === 'ChunkLoadError') return true;
    if (/dynamically imported module|importing a module script failed|loading (css )?chunk [\w-]+ failed/i.test(current.message)) return true;
  }
  return false;
}
