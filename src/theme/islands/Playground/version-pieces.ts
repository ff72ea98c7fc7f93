/** One late piece per docs version, made when a version is first asked for and kept for the page's life. */
import type { PlaygroundVersionAssets } from '../../../contract/playground-versions';

export function latePieceFor<T>(make: (version: PlaygroundVersionAssets) => T): (version: PlaygroundVersionAssets) => T {
  const pieces = new Map<string, T>();
  return (version) => {
    let piece = pieces.get(version.base);
    if (piece === undefined) {
      piece = make(version);
      pieces.set(version.base, piece);
    }
    return piece;
  };
}
