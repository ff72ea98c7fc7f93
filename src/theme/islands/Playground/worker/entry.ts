/**
 * The playground's Web Worker (bundled with TypeScript by the build: src/node/playground-assets.ts). It loads the
 * .d.ts files beside it, then answers the page's requests in order; requests sent while it loads wait.
 */
import ts from 'typescript';
import type { WorkerRequest, WorkerResponse } from '../../../../contract/playground';
import { createPlaygroundService, type PlaygroundService } from './service';

const scope = self as unknown as { location: Location; postMessage(message: WorkerResponse): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };

const service: Promise<PlaygroundService> = fetch(new URL('types.json', scope.location.href))
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
