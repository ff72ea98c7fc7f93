/**
 * The island registry: the code of every island kind the build writes (src/contract/islands.ts), each a piece of the
 * one loader (./loader.ts), downloaded only by docs whose HTML has that kind's marker.
 */
import { type IslandKind } from '../../contract/islands';
import { latePiece, type LatePiece } from './loader';

/**
 * An island enhances the build-time markup of one kind inside a doc's container and returns what undoes it:
 * ./use-islands.ts calls that before the HTML changes.
 */
export type Island = (root: HTMLElement) => (() => void) | void;

const islandCode = (load: () => Promise<{ default: Island }>) => () => load().then((module) => module.default);

/**
 * A piece of code for every island kind the build writes, and for nothing else: adding a kind without its code here
 * (or the other way round) fails to compile.
 */
export type IslandRegistry = { [K in IslandKind]: LatePiece<Island> };

/**
 * One piece per kind of island, downloaded only by docs whose HTML has that kind's marker (an intent kind only once
 * a reader reaches for one of its islands).
 */
export const islandPieces: IslandRegistry = {
  copy: latePiece('The copy button', islandCode(() => import('./CodeCopy'))),
  tabs: latePiece('The tabs', islandCode(() => import('./Tabs'))),
  mermaid: latePiece('The diagram', islandCode(() => import('./Mermaid'))),
  'live-example': latePiece('The live example', islandCode(() => import('./LiveExample'))),
  'type-hints': latePiece('The type popups', islandCode(() => import('./TypeHints'))),
  image: latePiece('The full-size view', islandCode(() => import('./Image'))),
  playground: latePiece('The playground', islandCode(() => import('./Playground'))),
};
