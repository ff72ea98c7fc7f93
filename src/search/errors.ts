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
