/**
 * An index (or search client) that could not be loaded; named like the hosted client's error so DocSearch shows
 * its error screen. Its own module so the small client module (./client.ts) need not import the engine.
 */
export class RetryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryError';
  }
}

/**
 * `load`, run once and its promise shared; a failure rejects with a RetryError (`message`, the failure as its
 * cause) and is forgotten, so the next call tries again (e.g. after the network comes back).
 */
export function loadOnceRetryingFailures<T>(load: () => Promise<T>, message: string): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw new RetryError(message, { cause: error });
    });
    return pending;
  };
}
