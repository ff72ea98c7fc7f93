/**
 * A stand-in for `fetch` in claim tests of samples that talk to a server: it answers each request on the next
 * timer tick with the status and body the test set (an aborted request rejects with the signal's reason, as
 * `fetch` does), and counts requests, so a test can tell hidden requests apart.
 */
export interface FakeApi {
  /** Request URLs, in order. */
  readonly requests: string[];
  /** What the next requests get: an HTTP status and, for a 2xx status, a JSON body. */
  answer(status: number, body?: unknown): void;
  restore(): void;
}

export function installFakeApi(): FakeApi {
  const original = globalThis.fetch;
  const requests: string[] = [];
  let status = 200;
  let body: unknown = null;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    requests.push(String(input));
    const signal = init?.signal;
    const response = { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => resolve(response), 0);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  }) as typeof fetch;
  return {
    requests,
    answer(nextStatus, nextBody = null) {
      status = nextStatus;
      body = nextBody;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}
