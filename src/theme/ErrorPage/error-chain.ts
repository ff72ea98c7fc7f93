/** Most causes a chain shows; guards against cycles and absurd depth. */
export const MAX_CAUSES = 10;

/** The messages of `error` and of its `cause`s, outermost first: the error message chain. */
export function errorMessageChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length <= MAX_CAUSES) {
    seen.add(current);
    if (current instanceof Error) {
      messages.push(current.message || current.name);
      current = current.cause;
    } else {
      messages.push(String(current));
      break;
    }
  }
  return messages;
}
