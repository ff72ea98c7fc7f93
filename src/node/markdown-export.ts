/**
 * Machine-readable outputs written after the build (onPostBuild): the Markdown source of every doc of every docs
 * version beside its page (`/docs/api/atom.md`, `/docs/1.0.0-rc14/api/atom.md`), `llms.txt` listing the last
 * version's docs in sidebar order and the other versions after them, `llms-full.txt` holding the last version's docs
 * in that order, and `robots.txt`.
 * Plain data in, files out; src/node/gatsby/post-build.ts reports on them.
 */
import fs from 'fs';
import path from 'path';
import type { SiteConfig } from '../config/types';
import { absoluteUrl } from '../theme-common/route-utils';
import { markdownHref } from '../contract/markdown-path';
import { digest, outputCache } from './build-cache';
import { docTree } from './mdx/parse';
import type { SidebarItem } from '../contract/navigation';
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

export interface LlmsSection {
  title: string;
  docs: ExportDoc[];
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

/**
 * Docs grouped for llms.txt in the order of the sidebar: links before the first category form the
 * "Docs" section, each category a section of its own (its link target first, nested categories flattened);
 * docs in no sidebar come last under "Optional".
 */
export function sidebarSections(
  docs: readonly ExportDoc[],
  sidebars: Readonly<Record<string, readonly SidebarItem[]>>,
  sidebarId: string,
): LlmsSection[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const placed = new Set<string>();
  const take = (doc: ExportDoc | undefined, into: ExportDoc[]) => {
    if (!doc || placed.has(doc.id)) return;
    placed.add(doc.id);
    into.push(doc);
  };
  const collect = (items: readonly SidebarItem[], into: ExportDoc[]) => {
    for (const item of items) {
      if (item.type === 'link') {
        if (item.docId !== null) take(byId.get(item.docId), into);
      } else {
        take(byPath.get(item.href), into);
        collect(item.items, into);
      }
    }
  };
  const sections: LlmsSection[] = [];
  let loose: LlmsSection | null = null;
  for (const item of sidebars[sidebarId] ?? []) {
    if (item.type === 'link') {
      if (!loose) {
        loose = { title: 'Docs', docs: [] };
        sections.push(loose);
      }
      collect([item], loose.docs);
    } else {
      const section: LlmsSection = { title: item.label, docs: [] };
      collect([item], section.docs);
      sections.push(section);
      loose = null;
    }
  }
  const rest = docs.filter((d) => !placed.has(d.id));
  if (rest.length) sections.push({ title: 'Optional', docs: rest });
  return sections.filter((s) => s.docs.length > 0);
}

/** A docs version other than the one llms.txt lists in full: its label, its number of pages and its first page. */
export interface OtherVersion {
  label: string;
  pages: number;
  /** The route of its first page (`/docs/1.0.0-rc14`). */
  mainDocPath: string;
}

export interface LlmsTxtInput {
  title: string;
  summary: string;
  details: string;
  siteUrl: string;
  sections: readonly LlmsSection[];
  /** Listed after the sections, each with the links to its first page and that page's Markdown. */
  otherVersions?: readonly OtherVersion[];
}

/** A version's line in the "Other versions" lists. */
function otherVersionLine(version: OtherVersion, siteUrl: string): string {
  const pages = `${version.pages} ${version.pages === 1 ? 'page' : 'pages'}`;
  return (
    `- [Docs version ${oneLine(version.label)}](${absoluteUrl(siteUrl, markdownHref(version.mainDocPath))}): ${pages}, ` +
    `first page ${absoluteUrl(siteUrl, version.mainDocPath)}; each page's Markdown is at its URL with ".md" appended.`
  );
}

/** Where llms-full.txt is published, and how llms.txt names it. */
export const LLMS_FULL_FILE = 'llms-full.txt';

/** llms.txt following the llms.txt convention: H1 title, quoted summary, details, H2 sections of links. */
export function buildLlmsTxt({ title, summary, details, siteUrl, sections, otherVersions = [] }: LlmsTxtInput): string {
  const lines = [`# ${oneLine(title)}`, '', `> ${oneLine(summary)}`, '', details.trim(), ''];
  for (const section of sections) {
    lines.push(`## ${oneLine(section.title)}`, '');
    for (const doc of section.docs) {
      const link = `[${oneLine(doc.title).replace(/([[\]])/g, '\\$1')}](${absoluteUrl(siteUrl, markdownHref(doc.path))})`;
      lines.push(doc.description ? `- ${link}: ${oneLine(doc.description)}` : `- ${link}`);
    }
    lines.push('');
  }
  if (otherVersions.length > 0) {
    lines.push('## Other versions', '', ...otherVersions.map((version) => otherVersionLine(version, siteUrl)), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export interface LlmsFullTxtInput {
  title: string;
  summary: string;
  siteUrl: string;
  sections: readonly LlmsSection[];
  /** Each doc's published Markdown (its `.md` file), by doc id. */
  markdownById: ReadonlyMap<string, string>;
  /** The versions not held here, named with their links before the pages. */
  otherVersions?: readonly OtherVersion[];
}

const attribute = (value: string) => oneLine(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * llms-full.txt: every doc's `.md` text, unchanged, in the order of llms.txt, each wrapped in a
 * `<page title url markdown>` … `</page>` pair so a reader (or a model) sees where one page ends and the next begins.
 * @throws Error naming the doc when its Markdown is missing (the export wrote every doc before this runs).
 */
export function buildLlmsFullTxt({ title, summary, siteUrl, sections, markdownById, otherVersions = [] }: LlmsFullTxtInput): string {
  const docs = sections.flatMap((section) => section.docs);
  const parts = [
    `# ${oneLine(title)}: the complete documentation`,
    '',
    `> ${oneLine(summary)}`,
    '',
    `All ${docs.length} pages of the documentation in the order of its sidebar, each the same Markdown as the page's ` +
      '".md" file, between <page> and </page> lines naming its title, its URL and its Markdown URL.',
    '',
  ];
  if (otherVersions.length > 0) {
    parts.push('Other versions of the documentation, not included here:', '', ...otherVersions.map((version) => otherVersionLine(version, siteUrl)), '');
  }
  for (const doc of docs) {
    const markdown = markdownById.get(doc.id);
    if (markdown === undefined) throw new Error(`${LLMS_FULL_FILE}: no Markdown was exported for doc "${doc.id}".`);
    const url = absoluteUrl(siteUrl, doc.path);
    const md = absoluteUrl(siteUrl, markdownHref(doc.path));
    parts.push(`<page title="${attribute(doc.title)}" url="${url}" markdown="${md}">`, '', markdown.trimEnd(), '', '</page>', '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/** robots.txt: everything may be crawled; the sitemap index written by gatsby-plugin-sitemap is announced. */
export function buildRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(siteUrl, '/sitemap-index.xml')}`, ''].join('\n');
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

/** Writes a file only when its content changed, so an unchanged output keeps its date across builds. */
function writeIfChanged(file: string, text: string) {
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
}


/** What writeMachineReadableFiles wrote. */
export interface MachineReadableFiles {
  docs: number;
  /** Whether public/sitemap.xml was written (from gatsby-plugin-sitemap's index; missing when the plugin is not). */
  sitemap: boolean;
}

/**
 * Writes public/<route>.md for every doc of every docs version, public/llms.txt and llms-full.txt (the last version's
 * docs, the others listed), robots.txt and sitemap.xml. Throws an error naming the doc whose MDX node is missing.
 */
export async function writeMachineReadableFiles({
  source,
  config,
  publicDir,
}: {
  source: ExportSource;
  config: Pick<SiteConfig, 'title' | 'tagline' | 'url'>;
  publicDir: string;
}): Promise<MachineReadableFiles> {
  const last = source.versions.find((v) => v.isLast);
  if (!last) throw new Error('Markdown export: no docs version is the last one (docs.lastVersion in site.config.ts).');
  let docs: ExportDoc[] = [];
  let written = 0;
  // The last version's Markdown by doc id, for llms-full.txt (ids repeat across versions).
  const markdownById = new Map<string, string>();
  const otherVersions: OtherVersion[] = [];
  for (const version of source.versions) {
    const versionDocs = exportDocs(version, source.mdxByFile);
    for (const doc of versionDocs) {
      const file = path.join(publicDir, markdownFileFor(doc.path));
      const key = digest(JSON.stringify(doc), config.url);
      const markdown = await markdownCache.get(key, () => docToMarkdown(doc, config.url));
      if (version === last) markdownById.set(doc.id, markdown);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      writeIfChanged(file, markdown);
    }
    written += versionDocs.length;
    if (version === last) docs = versionDocs;
    else {
      const main = versionDocs.find((d) => d.id === version.mainDocId) ?? versionDocs[0];
      otherVersions.push({ label: version.label, pages: versionDocs.length, mainDocPath: main?.path ?? version.path });
    }
  }
  const sidebars = last.sidebars;
  const sidebarId = Object.keys(sidebars)[0] ?? '';
  const sections = sidebarSections(docs, sidebars, sidebarId);
  const llms = buildLlmsTxt({
    title: config.title,
    summary: config.tagline,
    details:
      `Documentation of ${config.title} (docs version ${last.label}). ` +
      'Each link is the Markdown source of one page; the page itself is at the same URL without ".md". ' +
      `Every page in one file: [${LLMS_FULL_FILE}](${absoluteUrl(config.url, `/${LLMS_FULL_FILE}`)}).` +
      (otherVersions.length > 0 ? ' Other versions of the documentation are listed at the end.' : ''),
    siteUrl: config.url,
    sections,
    otherVersions,
  });
  writeIfChanged(path.join(publicDir, 'llms.txt'), llms);
  // The pages' Markdown comes from the cache above, so joining it again costs only the write.
  writeIfChanged(
    path.join(publicDir, LLMS_FULL_FILE),
    buildLlmsFullTxt({ title: config.title, summary: config.tagline, siteUrl: config.url, sections, markdownById, otherVersions }),
  );
  writeIfChanged(path.join(publicDir, 'robots.txt'), buildRobotsTxt(config.url));
  // Crawlers probe /sitemap.xml by convention: publish the plugin's sitemap index there too.
  const sitemapIndex = path.join(publicDir, 'sitemap-index.xml');
  const sitemap = fs.existsSync(sitemapIndex);
  if (sitemap) fs.copyFileSync(sitemapIndex, path.join(publicDir, 'sitemap.xml'));
  return { docs: written, sitemap };
}
