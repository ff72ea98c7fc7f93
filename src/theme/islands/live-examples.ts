/**
 * id → the import of src/examples/<id>: a static map, so webpack splits one chunk per example and loads it
 * only where a doc embeds it. `satisfies` keeps it in step with the ids the build accepts.
 */
import type { ComponentType } from 'react';
import type { LiveExampleId } from '../../contract/live-example-ids';

export type LiveExampleModule = { default: ComponentType };

export const liveExamples = {
  counter: () => import('../../examples/counter'),
  'todo-list': () => import('../../examples/todo-list'),
  'async-data': () => import('../../examples/async-data'),
} satisfies Record<LiveExampleId, () => Promise<LiveExampleModule>>;
