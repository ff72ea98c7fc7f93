/**
 * Search records from the MDX syntax tree (not from rendered HTML): one per page, one per h2–h6 section and
 * one per block of content, in DocSearch's record shape. Identifiers that only appear in code blocks are
 * attached to their section so `makeStore` or `DEFAULT_STORE` find it (names the text mentions are left to it).
 */
import GithubSlugger from 'github-slugger';
import mdastToString from 'mdast-util-to-string';
import type TS from 'typescript';
import { lazyTypescript } from './typescript';
import type { Content } from 'mdast';
import type { Hierarchy, RecordType, SearchRecord } from '../search/types';
import { AUTOLINKED_HEADING_DEPTHS } from './headings';
import { copyTree, docTree } from './mdx/parse';
import { blankFrontmatter } from './mdx-extract';
import type { SidebarItem } from '../contract/navigation';
import type { DocsVersion } from './types';
import { finalCode } from '../contract/code-marks';
import { SINCE_COMPONENT, sinceText } from '../contract/since';
import type { Root } from 'mdast';


const ts = lazyTypescript();

/** lvl0 of docs that sit outside any sidebar category. */
export const DEFAULT_LVL0 = 'Documentation';

export interface DocForSearch {
  id: string;
  /** Route of the page, e.g. `/docs/api/atom`. */
  path: string;
  title: string;
  description?: string | null;
  keywords?: readonly string[] | null;
  /** The MDX source; frontmatter, if present, is ignored. */
  source: string;
  /** The file it was read from, as errors name it (`content/docs/api/atom.mdx`). */
  file?: string;
  /** The sidebar category the page sits in. */
  lvl0: string;
  /** Position of the page in the sidebar (0 first). */
  pageRank: number;
  /** The page's label in the sidebar (often the API name, e.g. `selectorFamily`): searchable, not shown. */
  sidebarLabel?: string | null;
  /** A page that compares or lists changes (frontmatter `overview: true`): ranked after pages that explain. */
  overview?: boolean;
}

export interface RecordOptions {
  language: string;
  tag: string;
}

export interface Placement {
  lvl0: string;
  pageRank: number;
  /** The label of the sidebar item that links to the doc. */
  label: string | null;
}

/** Where each doc sits: its outermost sidebar category (lvl0) and its reading position (ties in ranking). */
export function sidebarPlacement(version: Pick<DocsVersion, 'docs' | 'sidebars'>): Map<string, Placement> {
  const idByRoute = new Map(version.docs.map((d) => [d.path, d.id]));
  const placement = new Map<string, Placement>();
  const place = (id: string | null | undefined, lvl0: string, label: string | null) => {
    if (!id) return;
    const known = placement.get(id);
    if (!known) placement.set(id, { lvl0, pageRank: placement.size, label });
    else if (known.label === null) known.label = label;
  };
  const walk = (items: readonly SidebarItem[], lvl0: string | null) => {
    for (const item of items) {
      if (item.type === 'link') {
        place(item.docId, lvl0 ?? DEFAULT_LVL0, item.label);
      } else {
        // A category's link target takes the category's place; its label comes from its own link item.
        place(idByRoute.get(item.href), lvl0 ?? item.label, null);
        walk(item.items, lvl0 ?? item.label);
      }
    }
  };
  Object.values(version.sidebars).forEach((items) => walk(items, null));
  for (const doc of version.docs) place(doc.id, DEFAULT_LVL0, doc.title);
  return placement;
}

const JS_WORDS = new Set(
  'abstract any async await boolean break case catch class const console constructor continue declare default delete do else enum export extends false finally for from function get if implements import in instanceof interface keyof let log never new null number object of private protected public readonly return set static string super switch this throw true try type typeof undefined unknown var void while with yield'.split(
    ' ',
  ),
);

/** Identifiers a reader may search for: API names, options, constants; not keywords or short locals. */
export function codeIdentifiers(code: string): string[] {
  const found = new Set<string>();
  // Comments and string literals are prose and data, not names a reader looks up.
  const names = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, ' ');
  for (const m of names.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const word = m[0].replace(/\$/g, '');
    if (word.length >= 3 && !JS_WORDS.has(word)) found.add(word);
  }
  return [...found];
}

const isAmbient = (node: TS.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);

/**
 * The names a TypeScript block declares when it is an API signature: nothing but imports, type aliases,
 * interfaces and `declare`d functions, constants and classes (an example has statements that run). Null
 * for any other block.
 */
export function declaredNames(code: string): string[] | null {
  const source = ts.createSourceFile('signature.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
      names.push(statement.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && isAmbient(statement)) {
      if (statement.name) names.push(statement.name.text);
    } else if (ts.isVariableStatement(statement) && isAmbient(statement)) {
      for (const { name } of statement.declarationList.declarations) if (ts.isIdentifier(name)) names.push(name.text);
    } else {
      return null;
    }
  }
  return names.length > 0 ? names : null;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

type Block = Content | { type: string; children?: unknown[] };

/** The text blocks of a node: paragraphs, one per list item or table row; code is returned apart. */
interface Blocks {
  text: string[];
  code: string[];
  /** Code blocks in TypeScript (which may be API signatures). */
  typescript: string[];
}

function blocksOf(node: Block, out: Blocks): void {
  switch (node.type) {
    case 'paragraph':
    case 'tableRow':
      out.text.push(clean(node.type === 'tableRow' ? rowText(node as Content) : mdastToString(node as Content)));
      return;
    case 'code': {
      const { value: shown, lang } = node as { value: string; lang?: string | null };
      // A diff's removed lines are not what the page teaches: index the code a marked sample ends with.
      const value = finalCode(shown);
      out.code.push(value);
      if (lang && /^(ts|tsx|typescript)$/.test(lang)) out.typescript.push(value);
      return;
    }
    case 'heading':
      out.text.push(clean(mdastToString(node as Content)));
      return;
    case 'html':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'thematicBreak':
    case 'definition':
      return;
    case 'listItem': {
      // A list item is one record: its paragraphs joined; nested lists and code still go their own way.
      const parts: string[] = [];
      for (const child of (node as { children: Block[] }).children) {
        if (child.type === 'paragraph') parts.push(clean(mdastToString(child as Content)));
        else blocksOf(child, out);
      }
      if (parts.length > 0) out.text.push(parts.join(' '));
      return;
    }
    default:
      for (const child of (node as { children?: Block[] }).children ?? []) blocksOf(child, out);
  }
}

function rowText(row: Content): string {
  return ((row as { children?: Content[] }).children ?? []).map((cell) => clean(mdastToString(cell))).join(' · ');
}

interface JsxLike {
  type: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: JsxLike[];
}

const isSince = (node: JsxLike) => (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && node.name === SINCE_COMPONENT;

/**
 * The tree with each `<Since release>` mark as its words ("Since 1.2.0-rc4"): inline in its sentence, or a paragraph of
 * its own under a heading, so the records hold what the page says. The shared tree is copied only when it has a mark.
 */
export function sinceAsText(tree: Root): Root {
  const has = (node: JsxLike): boolean => isSince(node) || (node.children ?? []).some(has);
  if (!has(tree as unknown as JsxLike)) return tree;
  const copy = copyTree(tree);
  const rewrite = (node: JsxLike) => {
    node.children = node.children?.map((child) => {
      if (!isSince(child)) {
        rewrite(child);
        return child;
      }
      const release = child.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'release')?.value;
      const text = { type: 'text', value: typeof release === 'string' ? sinceText(release) : '' };
      return (child.type === 'mdxJsxFlowElement' ? { type: 'paragraph', children: [text] } : text) as JsxLike;
    });
  };
  rewrite(copy as unknown as JsxLike);
  return copy;
}

const LEVEL_WEIGHT: Record<RecordType, number> = { lvl1: 100, lvl2: 90, lvl3: 80, lvl4: 70, lvl5: 60, lvl6: 50, content: 0 };

/** The records of one doc, in document order: the page, then its sections and blocks. */
export async function toSearchRecords(doc: DocForSearch, options: RecordOptions): Promise<SearchRecord[]> {
  const file = doc.file ?? `the MDX of ${doc.path}`;
  // The doc's shared syntax tree (a body has no frontmatter, so blanking it changes nothing and the tree is the render's).
  const tree = sinceAsText(await docTree(blankFrontmatter(doc.source), file));
  const slugger = new GithubSlugger();
  const records: SearchRecord[] = [];
  const hierarchy: Hierarchy = { lvl0: doc.lvl0, lvl1: doc.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  let anchor: string | null = null;
  // The record code identifiers attach to: the page, then each section as it starts.
  let section: SearchRecord;

  const push = (type: RecordType, content: string | null): SearchRecord => {
    const record: SearchRecord = {
      objectID: `${doc.id}-${records.length}`,
      url: anchor ? `${doc.path}#${anchor}` : doc.path,
      url_without_anchor: doc.path,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language: options.language,
      docusaurus_tag: options.tag,
      weight: { pageRank: doc.pageRank, level: LEVEL_WEIGHT[type], position: records.length, ...(doc.overview ? { overview: true } : {}) },
    };
    records.push(record);
    return record;
  };

  // The description is the page's own summary of what it is about ("Stan is a minimal, type-safe …").
  const page = push('lvl1', doc.description ? clean(doc.description) : null);
  section = page;
  const keywords = [doc.sidebarLabel ?? '', ...(doc.keywords ?? [])].filter(Boolean).join(' ');
  if (keywords) page.keywords = keywords;
  const defines = new Set<string>();
  const attachCode = (code: readonly string[]) => {
    const ids = code.flatMap(codeIdentifiers);
    if (ids.length === 0) return;
    const merged = new Set([...(section.code ? section.code.split(' ') : []), ...ids]);
    section.code = [...merged].join(' ');
  };

  for (const node of tree.children) {
    if (node.type === 'heading') {
      if (node.depth === 1) continue;
      if (!(AUTOLINKED_HEADING_DEPTHS as readonly number[]).includes(node.depth)) continue;
      const text = clean(mdastToString(node));
      anchor = slugger.slug(mdastToString(node));
      const level = `lvl${node.depth}` as Exclude<RecordType, 'content' | 'lvl1'>;
      hierarchy[level] = text;
      for (let depth = node.depth + 1; depth <= 6; depth++) hierarchy[`lvl${depth}` as typeof level] = null;
      section = push(level, null);
      continue;
    }
    const out: Blocks = { text: [], code: [], typescript: [] };
    blocksOf(node, out);
    out.text.filter((t) => t !== '').forEach((text) => push('content', text));
    attachCode(out.code);
    for (const code of out.typescript) declaredNames(code)?.forEach((name) => defines.add(name));
  }
  if (defines.size > 0) page.defines = [...defines].join(' ');
  // Identifiers the page's text already mentions are found through the text; keeping only code-only ones
  // keeps the index small.
  const words = new Set(
    records.flatMap((r) => [r.content ?? '', r.type === 'content' ? '' : (r.hierarchy[r.type] ?? '')]).flatMap((t) => t.match(/[\w$]+/g) ?? []),
  );
  for (const record of records) {
    if (!record.code) continue;
    const codeOnly = record.code.split(' ').filter((id) => !words.has(id));
    if (codeOnly.length > 0) record.code = codeOnly.join(' ');
    else delete record.code;
  }
  return records;
}
