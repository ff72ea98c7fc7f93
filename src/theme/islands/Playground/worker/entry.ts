/**
 * The playground's Web Worker (bundled with TypeScript by the build: src/node/playground-assets.ts). It loads the
 * .d.ts files of the version the page names in the worker's fragment (`worker.js#types=<path of types.json>`, on
 * this site only), then answers the page's requests in order; requests sent while it loads wait.
 */
import ts from 'typescript';
import type { WorkerRequest, WorkerResponse } from '../../../../contract/playground';
import { createPlaygroundService, type PlaygroundService } from './service';

const scope = self as unknown as { location: Location; postMessage(message: WorkerResponse): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };

/** The types the page asked for, on this site; without a fragment, the ones beside the worker. */
function typesUrl(location: Location): URL {
  const asked = new URLSearchParams(location.hash.replace(/^#/, '')).get('types') ?? 'types.json';
  const url = new URL(asked, location.href);
  if (url.origin !== location.origin) throw new Error(`types.json must come from this site, not ${url.origin}`);
  return url;
}

const service: Promise<PlaygroundService> = Promise.resolve()
  .then(() => fetch(typesUrl(scope.location)))
  .then((response) => {
    if (!response.ok) throw new Error(`types.json: HTTP ${response.status}`);
    return response.json() as Promise<Record<string, string>>;
  })
  .then((types) => createPlaygroundService(ts, types));

scope.onmessage = (event) => {
  const request = event.data;
  service.then(
    (ready) => scope.postMessage(ready.handle(request)),
    (error: unknown) => scope.postMessage({ id: request.id, type: 'error', message: `The type checker could not load: ${error instanceof Error ? error.message : String(error)}` }),
  );
};
