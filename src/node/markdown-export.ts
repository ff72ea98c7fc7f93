/**
 * The Markdown twin of every doc of every docs version, published beside its page (`/docs/api/atom.md`,
 * `/docs/1.0.0-rc14/api/atom.md`): the MDX body as plain Markdown, headed by the title, description and page URL.
 * Each doc's Markdown is cached by its content and the site URL. The llms files (./llms-txt.ts) are made from these.
 */
import { absoluteUrl } from '../theme-common/route-utils';
import { markdownHref } from '../contract/markdown-path';
import { digest, outputCache } from './build-cache';
import { docTree } from './mdx/parse';
import type { DocsVersion } from './types';
import { finalCode, hasCodeMarks } from '../contract/code-marks';
import { SINCE_COMPONENT, sinceText } from '../contract/since';

/** A doc as the export needs it: the docs model's entry plus its frontmatter description and MDX body. */
export interface ExportDoc {
  id: string;
  path: string;
  title: string;
  description: string | null;
  /** The MDX body without its frontmatter. */
  body: string;
  /** The file it was read from, as errors name it (`content/docs/api/atom.mdx`). */
  file?: string;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface NodeLike {
  type: string;
  url?: string;
  value?: string;
  alt?: string | null;
  title?: string | null;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: NodeLike[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

const JSX_TYPES = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement']);
const EXPRESSION_TYPES = new Set(['mdxFlowExpression', 'mdxTextExpression']);

/** A component without Markdown inside (a live demo) becomes a line saying what the page shows there. */
function componentNote(node: NodeLike, pageUrl: string | undefined): string {
  const attr = (name: string) => node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name)?.value;
  const label = [attr('title'), attr('aria-label'), attr('alt')].find((v): v is string => typeof v === 'string');
  const what = label ? `${node.name ?? 'component'} "${label}"` : (node.name ?? 'component');
  if (node.type === 'mdxJsxTextElement') return '';
  return `_Interactive content (${what}) is shown on the page${pageUrl ? `: ${pageUrl}` : ''}._`;
}

/** A picture of the doc (its file is beside the MDX, not beside the export) becomes a line with its alt text. */
function pictureNote(alt: unknown, caption: unknown, pageUrl: string | undefined): string {
  if (typeof alt !== 'string' || alt.trim() === '') return '';
  const text = typeof caption === 'string' && caption.trim() ? `${alt.trim()} (${caption.trim()})` : alt.trim();
  return `_Picture: ${text}. It is shown on the page${pageUrl ? `: ${pageUrl}` : ''}._`;
}

const isLocalPicture = (url: string | undefined) => url !== undefined && !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(url);

/**
 * The MDX body as plain Markdown: `import`/`export` statements and `{expressions}` (code for the page, noise
 * for a reader) are removed, a JSX wrapper keeps only the Markdown it wraps, a `<Since>` mark becomes its words
 * (`_Since 1.2.0-rc4_`), a component with nothing inside
 * (a live demo) becomes a note pointing at the page, and root-relative link targets become absolute URLs on
 * the site, so the file makes sense on its own. A code block with `// [!code …]` marks becomes the code it ends
 * with (removed lines and mark comments gone). Everything else, code blocks included, is kept byte for byte.
 */
export async function mdxBodyToMarkdown(body: string, siteUrl: string, pageUrl?: string, file = 'MDX'): Promise<string> {
  const tree = await docTree(body, file);
  const edits: Edit[] = [];
  const visit = (node: NodeLike) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if ((node.type === 'mdxjsEsm' || EXPRESSION_TYPES.has(node.type)) && start !== undefined && end !== undefined) {
      edits.push({ start, end, text: '' });
      return;
    }
    if (node.type === 'image' && isLocalPicture(node.url) && start !== undefined && end !== undefined) {
      edits.push({ start, end, text: pictureNote(node.alt, node.title, pageUrl) });
      return;
    }
    if (node.name === 'Figure' && JSX_TYPES.has(node.type) && start !== undefined && end !== undefined) {
      const attr = (name: string) => node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name)?.value;
      edits.push({ start, end, text: pictureNote(attr('alt'), attr('caption'), pageUrl) });
      return;
    }
    if (node.name === SINCE_COMPONENT && JSX_TYPES.has(node.type) && start !== undefined && end !== undefined) {
      // A "Since" mark is words, not a widget: the twin says it in full, in italics where the page shows the pill.
      const release = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'release')?.value;
      edits.push({ start, end, text: typeof release === 'string' ? `_${sinceText(release)}_` : '' });
      return;
    }
    if (JSX_TYPES.has(node.type) && start !== undefined && end !== undefined) {
      const children = node.children ?? [];
      const first = children[0]?.position?.start.offset;
      const last = children[children.length - 1]?.position?.end.offset;
      if (first === undefined || last === undefined) {
        edits.push({ start, end, text: componentNote(node, pageUrl) });
        return;
      }
      // A wrapper around Markdown (a callout, a tab): keep what it wraps, drop the tags.
      edits.push({ start, end: first, text: '' }, { start: last, end, text: '' });
      children.forEach(visit);
      return;
    }
    if (node.type === 'code' && start !== undefined && end !== undefined && hasCodeMarks(node.value ?? '')) {
      // A reader (or an assistant) of the Markdown gets the code a marked sample ends with, ready to use.
      const lines = body.slice(start, end).split('\n');
      const closed = lines.length > 1 && /^\s*(`{3,}|~{3,})\s*$/.test(lines[lines.length - 1] ?? '');
      const inner = lines.slice(1, closed ? -1 : undefined).join('\n');
      edits.push({ start, end, text: [lines[0], finalCode(inner), ...(closed ? [lines[lines.length - 1]] : [])].join('\n') });
      return;
    }
    if ((node.type === 'link' || node.type === 'definition') && node.url?.startsWith('/') && !node.url.startsWith('//')) {
      if (start !== undefined && end !== undefined) {
        const source = body.slice(start, end);
        // The destination is the last occurrence of the URL inside the node's source (after the text).
        const at = source.lastIndexOf(node.url);
        if (at !== -1) {
          edits.push({ start: start + at, end: start + at + node.url.length, text: absoluteUrl(siteUrl, node.url) });
        }
      }
      return;
    }
    (node.children ?? []).forEach(visit);
  };
  (tree.children as unknown as NodeLike[]).forEach(visit);
  let out = body;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return `${out.replace(/^\s*\n/, '').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** One line of Markdown without line breaks, for titles and the description quote. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The published `.md` file of a doc: its title as a heading, its description as a quote, then the body. */
export async function docToMarkdown(doc: ExportDoc, siteUrl: string): Promise<string> {
  const head = [`# ${oneLine(doc.title)}`, ''];
  if (doc.description) head.push(`> ${oneLine(doc.description)}`, '');
  head.push(`Source page: ${absoluteUrl(siteUrl, doc.path)}`, '');
  return `${head.join('\n')}\n${await mdxBodyToMarkdown(doc.body, siteUrl, absoluteUrl(siteUrl, doc.path), doc.file)}`;
}

/** Path relative to public/ where a doc's Markdown is written: `docs/api/atom.md`. */
export function markdownFileFor(route: string): string {
  return markdownHref(route).replace(/^\/+/, '');
}

/** A docs version as the export reads it. */
export type ExportVersion = Pick<DocsVersion, 'name' | 'label' | 'isLast' | 'path' | 'mainDocId' | 'docs' | 'sidebars'>;

type ExportMdx = ReadonlyMap<
  string,
  { body?: string | null; frontmatter?: { description?: string | null } | null; internal: { contentDigest?: string } }
>;

/** What the export reads of the docs createPages published: every version's model and each doc's MDX node by file. */
export interface ExportSource {
  versions: readonly ExportVersion[];
  mdxByFile: ExportMdx;
}

/** Joins a version's docs with their MDX bodies; a published doc without its MDX node is a build error. */
export function exportDocs(version: Pick<DocsVersion, 'docs'>, mdxByFile: ExportMdx): ExportDoc[] {
  return version.docs.map((doc) => {
    const node = mdxByFile.get(doc.file);
    if (!node) throw new Error(`Markdown export: no MDX node for ${doc.file} (doc "${doc.id}").`);
    return {
      id: doc.id,
      path: doc.path,
      title: doc.title,
      description: node.frontmatter?.description ?? null,
      body: node.body ?? '',
      file: doc.file,
    };
  });
}

/** Each doc's Markdown, kept across runs by the doc's content and the site URL its links are made absolute with. */
export const markdownCache = outputCache<string>('doc-markdown', 'src/node/markdown-export.ts');

/** A doc's published Markdown, from the cache when neither the doc nor the site URL changed. */
export function cachedDocMarkdown(doc: ExportDoc, siteUrl: string): Promise<string> {
  return markdownCache.get(digest(JSON.stringify(doc), siteUrl), () => docToMarkdown(doc, siteUrl));
}
