/**
 * Links and heading anchors of one MDX file, read from its syntax tree (unified + remark-parse +
 * remark-mdx), for the link check (src/node/link-check.ts).
 */
import GithubSlugger from 'github-slugger';
import mdastToString from 'mdast-util-to-string';
import { importEsm } from './esm';
import type { Root } from 'mdast';
import { linesBefore } from './mdx-errors';
import { docTree, loadMdxParser } from './mdx/parse';

export interface ExtractedLink {
  url: string;
  /** 1-based line in the file, frontmatter included. */
  line: number;
  /**
   * Where the link's node is in the parsed text (offsets, end excluded), and for a JSX element the attribute that
   * holds the URL: what `npm run docs:version` rewrites a link by.
   */
  at: { start: number; end: number; attribute?: string };
}

export interface MdxExtract {
  links: ExtractedLink[];
  /** Ids gatsby-remark-autolink-headers gives the headings, in document order. */
  headingIds: string[];
}

export interface ExtractOptions {
  /**
   * Heading depths that get ids, mirroring the plugin's `elements` option (default: 1 to 6). Skipped
   * depths consume no slug, exactly as in the plugin, so duplicate numbering matches.
   */
  headingDepths?: readonly number[];
  /** The file, as errors name it (`content/docs/guides/caching.mdx`). */
  file?: string;
}

/** JSX elements whose string attribute is a link: `<a href>` and Gatsby's `<Link to>`. */
const JSX_LINK_ATTRIBUTES: Readonly<Record<string, string>> = { a: 'href', Link: 'to' };

interface JsxAttributeLike {
  type: string;
  name?: string;
  value?: unknown;
}

interface JsxElementLike {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttributeLike[];
}

const FRONTMATTER = /^(?:\uFEFF)?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?=\r?\n|$)/;

/** Blanks the YAML frontmatter (which remark-mdx cannot parse) but keeps its lines, so line numbers stay true. */
export function blankFrontmatter(source: string): string {
  return source.replace(FRONTMATTER, (block) => block.replace(/[^\r\n]/g, ''));
}

let visitPromise: Promise<typeof import('unist-util-visit').visit> | undefined;

function loadVisit() {
  visitPromise ??= importEsm(() => import('unist-util-visit')).then((m) => m.visit);
  return visitPromise;
}

const isJsxElement = (node: { type: string }): node is JsxElementLike & { type: string } =>
  node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/**
 * Internal and external link targets plus heading ids of an MDX document; code is ignored. Throws an
 * MdxSyntaxError naming `options.file`, line and column when the MDX does not parse.
 */
export async function extractMdxLinks(source: string, options: ExtractOptions = {}): Promise<MdxExtract> {
  const parse = await loadMdxParser();
  // The whole file with its frontmatter blanked: lines in errors are the editor's.
  return linksOfTree(parse(blankFrontmatter(source), options.file ?? 'MDX'), options);
}

/**
 * The links and heading ids of a doc's body, read from its shared syntax tree (the build parses each body once);
 * lines are the file's, its frontmatter counted.
 */
export async function docLinks(body: string, file: string, headingDepths: readonly number[]): Promise<MdxExtract> {
  return linksOfTree(await docTree(body, file), { headingDepths, lineOffset: linesBefore(file, body) });
}

/** The links and heading ids of a syntax tree; `lineOffset` lines come before the parsed text in its file. */
export async function linksOfTree(
  tree: Root,
  { headingDepths = [1, 2, 3, 4, 5, 6], lineOffset = 0 }: Pick<ExtractOptions, 'headingDepths'> & { lineOffset?: number },
): Promise<MdxExtract> {
  const visit = await loadVisit();
  const links: ExtractedLink[] = [];
  const headingIds: string[] = [];
  // One slugger per document, as the plugin resets its slugger per file: repeated headings get -1, -2.
  const slugger = new GithubSlugger();

  visit(tree, (node) => {
    const line = node.position ? node.position.start.line + lineOffset : 0;
    const at = { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 };
    if (node.type === 'link' || node.type === 'definition') {
      links.push({ url: node.url, line, at });
    } else if (node.type === 'heading') {
      if (headingDepths.includes(node.depth)) headingIds.push(slugger.slug(mdastToString(node)));
    } else if (isJsxElement(node) && node.name !== null) {
      const attributeName = JSX_LINK_ATTRIBUTES[node.name];
      for (const attribute of node.attributes) {
        if (attribute.type === 'mdxJsxAttribute' && attribute.name === attributeName && typeof attribute.value === 'string') {
          links.push({ url: attribute.value, line, at: { ...at, attribute: attributeName } });
        }
      }
    }
  });
  return { links, headingIds };
}
