/**
 * The one MDX parser of the build (remark-parse + remark-mdx, as MDX's own compiler parses): an MDX body becomes its
 * syntax tree, or an MdxSyntaxError naming the file, line and column and the fix. A doc body is parsed once per
 * build (`docTree`), and every step that reads a doc reads that tree.
 */
import type { Root } from 'mdast';
import { digest, outputCache } from '../build-cache';
import { importEsm } from '../esm';
import { linesBefore, mdxSyntaxError } from '../mdx-errors';

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

/**
 * Each doc body's syntax tree, parsed once per body and build: the render, the link check, the search records, the
 * Markdown export and the pictures' pre-pass all read it, in whichever process runs them (the cache is Gatsby's).
 */
export const docTreeCache = outputCache<Root>('doc-tree', 'src/node/mdx/parse.ts');

// JSON, as Gatsby's cache keeps it: a BigInt literal's value goes (its `raw` text stays, and code is printed from it).
const jsonSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? undefined : value);

/**
 * The syntax tree of a doc's MDX body (without its frontmatter); a syntax error is an MdxSyntaxError naming the
 * file's line. The tree is shared: a step that changes it works on `copyTree` of it.
 */
export function docTree(body: string, file: string): Promise<Root> {
  return docTreeCache.get(digest(file, body), async () => {
    const parse = await loadMdxParser();
    // The same plain data whether this process parsed it or another stored it.
    return JSON.parse(JSON.stringify(parse(body, file, () => linesBefore(file, body)), jsonSafe)) as Root;
  });
}

/** A copy of a shared tree (plain JSON data), for a step that changes it (the render's remark steps, the pictures' pre-pass). */
export const copyTree = (tree: Root): Root => JSON.parse(JSON.stringify(tree)) as Root;
