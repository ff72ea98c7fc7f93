/**
 * The page's side of the TypeScript worker: one worker per page and docs version, started when the first editor of
 * that version opens, through the loader (a worker that cannot load shows a failure with Retry). Requests are
 * answered in order, by id.
 */
import type { WorkerRequest, WorkerResponse } from '../../../contract/playground';
import { latePiece } from '../loader';
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';
import { latePieceFor } from './version-pieces';
import { workerUrl } from './assets';

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;
type Answer<T extends Request['type']> = Extract<WorkerResponse, { type: T }>;

export interface TypeChecker {
  ask<T extends Request['type']>(request: Extract<Request, { type: T }>): Promise<Answer<T>>;
}

/** Starts a worker and resolves once it has answered a first check (its types loaded), or rejects when it fails. */
export function startTypeChecker(url: string, create = (u: string) => new Worker(u)): Promise<TypeChecker> {
  return new Promise((resolve, reject) => {
    const worker = create(url);
    let nextId = 1;
    const pending = new Map<number, { resolve(answer: WorkerResponse): void; reject(error: Error): void }>();
    const failAll = (error: Error) => {
      pending.forEach((entry) => entry.reject(error));
      pending.clear();
    };
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const entry = pending.get(event.data.id);
      if (!entry) return;
      pending.delete(event.data.id);
      if (event.data.type === 'error') entry.reject(new Error(event.data.message));
      else entry.resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || `${url} could not load`);
      failAll(error);
      reject(error);
    };
    const checker: TypeChecker = {
      ask(request) {
        const id = nextId;
        nextId += 1;
        return new Promise((res, rej) => {
          pending.set(id, { resolve: res as (answer: WorkerResponse) => void, reject: rej });
          worker.postMessage({ ...request, id });
        });
      },
    };
    checker.ask({ type: 'check', code: '', lang: 'ts' }).then(() => resolve(checker), reject);
  });
}

/** The type checker of a version, with that version's .d.ts files (one per page and version). */
export const typeCheckerPiece = latePieceFor((version: PlaygroundVersionAssets) =>
  latePiece('The type checker', (attempt) => startTypeChecker(workerUrl(version, attempt))),
);
