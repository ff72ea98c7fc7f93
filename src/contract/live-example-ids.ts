/**
 * The live examples a doc can embed with <LiveExample id="…" />; each id has a src/examples/<id>/index.tsx.
 * The build rejects other ids (src/node/mdx/components/LiveExample.tsx); the browser maps each id to its chunk
 * (src/theme/islands/live-examples.ts).
 */
export const LIVE_EXAMPLE_IDS = ['counter', 'todo-list', 'async-data'] as const;

export type LiveExampleId = (typeof LIVE_EXAMPLE_IDS)[number];

export const isLiveExampleId = (id: unknown): id is LiveExampleId =>
  (LIVE_EXAMPLE_IDS as readonly unknown[]).includes(id);

/**
 * The source file of a live example, from the site root: what a cut version shows instead of running it.
 * @public The `npm run docs:version` cut loads this module by path (scripts/lib/docs-version/site.mjs).
 */
export const liveExampleSourceFile = (id: string): string => `src/examples/${id}/index.tsx`;
