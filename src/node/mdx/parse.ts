/**
 * The one MDX parser of the build (remark-parse + remark-mdx, as MDX's own compiler parses): an MDX body becomes its
 * syntax tree, or an MdxSyntaxError naming the file, line and column and the fix.
 */
import type { Root } from 'mdast';
import { importEsm } from '../esm';
import { mdxSyntaxError } from '../mdx-errors';

export type MdxParse = (text: string, file: string, lineOffset?: number | (() => number)) => Root;

let parserPromise: Promise<MdxParse> | undefined;

/** MDX text → its syntax tree (remark-parse + remark-mdx); a syntax error throws an MdxSyntaxError for `file`. */
export function loadMdxParser(): Promise<MdxParse> {
  parserPromise ??= Promise.all([
    importEsm(() => import('unified')),
    importEsm(() => import('remark-parse')),
    importEsm(() => import('remark-mdx')),
  ]).then(([{ unified }, { default: remarkParse }, { default: remarkMdx }]) => {
    const processor = unified().use(remarkParse).use(remarkMdx);
    return (text, file, lineOffset = 0) => {
      try {
        return processor.parse(text);
      } catch (error) {
        throw mdxSyntaxError(error, file, lineOffset, text);
      }
    };
  });
  return parserPromise;
}
