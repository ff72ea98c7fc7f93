/**
 * The kinds of island: parts of the build-time HTML that browser code brings to life. The build marks an element
 * with its kind; a page downloads a kind's code only when its HTML has that kind's marker.
 */
export const ISLAND_KINDS = ['copy', 'tabs', 'mermaid', 'live-example', 'type-hints', 'image', 'playground'] as const;

export type IslandKind = (typeof ISLAND_KINDS)[number];

export const isIslandKind = (value: unknown): value is IslandKind => (ISLAND_KINDS as readonly unknown[]).includes(value);

/**
 * Kinds whose markup the build writes whole (the copy and "Edit and run" buttons, the typed identifiers) and whose
 * code only gives it actions: it loads on the reader's first sign of using one (a pointer over it, a touch included,
 * focus in it, or a click), and a click that came first is carried out once the code is there. A page read without
 * reaching for a sample downloads none of it.
 */
export const INTENT_ISLAND_KINDS: readonly IslandKind[] = ['copy', 'type-hints', 'playground'];

/** The attribute that holds an island's kind. */
export const ISLAND_ATTRIBUTE = 'data-island';

/** The marker to spread on an element the build writes: `<div {...islandMarker('tabs')}>`. */
export const islandMarker = (kind: IslandKind) => ({ [ISLAND_ATTRIBUTE]: kind });

/** A CSS selector for the islands of one kind, or of every kind. */
export const islandSelector = (kind?: IslandKind): string =>
  kind ? `[${ISLAND_ATTRIBUTE}="${kind}"]` : `[${ISLAND_ATTRIBUTE}]`;
