/**
 * Lazily loaded parts of the page (search modal, diagrams, live examples) that show their error text and a
 * "Retry" button when their chunk fails to load (spec section 8: "Page chunk fails to load").
 *
 * Usage:
 *   const SearchModal = lazyWithRetry(() => import('./SearchModal'));
 *   <LazyBoundary fallback={<p>Loading…</p>}>
 *     <SearchModal {...props} />
 *   </LazyBoundary>
 *
 * `SearchModal.preload()` starts the download early (e.g. on hover or focus). Retry calls the import again:
 * webpack forgets a failed chunk, so the second attempt makes a fresh request.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import * as styles from './styles.module.css';

/** Marks errors from a lazy import, so a LazyBoundary handles them and rethrows anything else. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : `Loading a part of this page failed: ${String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

// Bumped by LazyBoundary on Retry; lazy components render a fresh React.lazy for the new attempt.
const AttemptContext = createContext(0);

export type RetryableLazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk without rendering it; safe to call many times. */
  preload: () => Promise<unknown>;
};

export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableLazyComponent<P> {
  let current: { attempt: number; component: LazyExoticComponent<ComponentType<P>> } | undefined;
  const lazyFor = (attempt: number) => {
    if (!current || current.attempt !== attempt) {
      const component = lazy(() =>
        load().catch((error: unknown) => {
          throw new ChunkLoadError(error);
        }),
      );
      current = { attempt, component };
    }
    return current.component;
  };
  function RetryableLazy(props: P) {
    const Lazy = lazyFor(useContext(AttemptContext)) as ComponentType<P>;
    return <Lazy {...props} />;
  }
  RetryableLazy.preload = () => load().catch(() => undefined);
  return RetryableLazy;
}

/** The error text and the Retry button, also usable on its own (e.g. in an island rendered outside React's tree). */
export function LazyChunkError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.error}>
      <p className={styles.lead}>This part of the page failed to load.</p>
      <p className={styles.message}>{error.message}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Shown while the chunk loads. */
  fallback?: ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

/** Suspense for lazyWithRetry components, plus the failed-chunk message with Retry. */
export class LazyBoundary extends Component<BoundaryProps, { error: unknown; attempt: number }> {
  override state: { error: unknown; attempt: number } = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (error instanceof ChunkLoadError) return <LazyChunkError error={error} onRetry={this.retry} />;
    // Not a chunk failure: rethrown for the page's error boundary.
    if (error) throw error;
    return (
      <AttemptContext.Provider value={attempt}>
        <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>
      </AttemptContext.Provider>
    );
  }
}
