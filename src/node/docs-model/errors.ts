/** A docs model that cannot be built (a sidebar naming a missing doc, two docs with one id…); the message names the file and the fix. */
export class DocsModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocsModelError';
  }
}

/** The known doc ids, as a hint after an unknown one. */
export const knownIdsHint = (ids: Iterable<string>) => `Known doc ids: ${[...ids].sort().join(', ')}.`;
