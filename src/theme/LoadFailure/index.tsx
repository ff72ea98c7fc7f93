/**
 * What a late piece shows when its code could not load: one short sentence naming the piece and a Retry button
 * that loads it again (src/theme/islands/loader.ts). While the new attempt runs, the button says so instead of
 * spinning; once the piece has loaded, its owner stops rendering this notice.
 */
import { startLoading, useLatePiece, type LatePiece } from '../islands/loader';

// Styled by global classes (src/theme/global.css): a primitive every piece of every page may show.

export const LOAD_FAILURE_STRINGS = {
  failed: (name: string) => `${name} could not load.`,
  retry: 'Retry',
  retrying: 'Retrying…',
} as const;

interface LoadFailureProps {
  piece: LatePiece<unknown>;
  /**
   * Announce the failure as an alert (default). A page showing several notices for one piece (a notice per code
   * block) announces it once: the others pass false.
   */
  announce?: boolean;
  /** Placement and look chosen by the owner: inline in the text flow, or a small card near a button. */
  variant?: 'inline' | 'card';
  className?: string;
}

export default function LoadFailure({ piece, announce = true, variant = 'inline', className }: LoadFailureProps) {
  const { status } = useLatePiece(piece);
  const retrying = status === 'loading';
  return (
    <div
      role={announce ? 'alert' : undefined}
      className={`load-failure load-failure--${variant} ${className ?? ''}`}
      data-load-failure=""
    >
      <span className="load-failure__text">{LOAD_FAILURE_STRINGS.failed(piece.name)}</span>{' '}
      <button
        type="button"
        className="button-primary load-failure__retry"
        // Not `disabled`: a disabled button would drop the keyboard focus that is on it.
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) startLoading(piece);
        }}
      >
        {retrying ? LOAD_FAILURE_STRINGS.retrying : LOAD_FAILURE_STRINGS.retry}
      </button>
    </div>
  );
}
