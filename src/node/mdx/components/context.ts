/**
 * What the components of one doc share while it renders: the doc's file (named in build errors), its docs version,
 * how fences are drawn, the processed pictures, and a counter for ids unique within the doc (stable across builds).
 */
import { createContext, useContext } from 'react';
import type { DocImageData } from '../../doc-images';
import type { RenderVersion } from '../../render-mdx';
import type { CodeToDraw } from '../fences';

export interface DocRender {
  /** The doc's path, named in build errors. */
  file: string;
  /**
   * The docs version the doc belongs to (`current`, `1.0.0-rc14`): its samples compile against that version's
   * release, what a component links to or launches belongs to that version, and a `<Since>` mark names its releases.
   */
  version: RenderVersion;
  /**
   * Draws a fence as highlighted HTML. TS/TSX samples (with `typed`) are compiled and get type hints; drawing
   * throws when one does not compile.
   */
  drawCode: (block: CodeToDraw) => string;
  /** Lines before the MDX body in its file (the frontmatter), so sample errors name the file's line. */
  lineOffset: number;
  /** The doc's pictures, processed, by absolute path (remark-doc-images found them). */
  images: ReadonlyMap<string, DocImageData>;
  /** The next id with this prefix, unique within the doc: `tabs-1`, `live-example-2`. */
  nextId: (prefix: string) => string;
  /** Stops the build with a message naming the doc. */
  fail: (message: string) => never;
}

export const DocRenderContext = createContext<DocRender | null>(null);

/** The doc being rendered; the components render only inside a doc (render-mdx.ts provides it). */
export function useDocRender(): DocRender {
  const doc = useContext(DocRenderContext);
  if (!doc) throw new Error('An MDX component was rendered outside a doc: render it through render-mdx.ts');
  return doc;
}
