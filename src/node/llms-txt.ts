/**
 * The llms.txt files of every docs version: `llms.txt` (the docs in sidebar order, as links to their Markdown) and
 * `llms-full.txt` (every page's Markdown in one file). The last version's are at the site root, and link each other
 * version's own pair at its base route (`/docs/1.0.0-rc14/llms.txt`). Plain data in, text out.
 */
import type { SiteConfig } from '../config/types';
import type { SidebarItem } from '../contract/navigation';
import { markdownHref } from '../contract/markdown-path';
import { absoluteUrl } from '../theme-common/route-utils';
import type { ExportDoc } from './markdown-export';
import type { DocsVersion } from './types';

export interface LlmsSection {
  title: string;
  docs: ExportDoc[];
}

/** One line of Markdown without line breaks, for titles and the description quote. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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

/** Where llms-full.txt is published beside llms.txt, and how llms.txt names it. */
const LLMS_FULL_FILE = 'llms-full.txt';
const LLMS_FILE = 'llms.txt';

/** The routes of a version's two files: at the site root for the last version, else at the version's base route. */
export function llmsRoutes(version: Pick<DocsVersion, 'path' | 'isLast'>): { index: string; full: string } {
  const base = version.isLast ? '' : version.path.replace(/\/+$/, '');
  return { index: `${base}/${LLMS_FILE}`, full: `${base}/${LLMS_FULL_FILE}` };
}

/** Another docs version, as a version's llms files list it. */
export interface OtherVersion {
  label: string;
  pages: number;
  isLast: boolean;
  /** Its llms.txt and llms-full.txt (routes, see llmsRoutes). */
  llms: { index: string; full: string };
}

/** A version's line in the "Other versions" lists: its own llms.txt, and its llms-full.txt. */
function otherVersionLine(version: OtherVersion, siteUrl: string): string {
  const pages = `${version.pages} ${version.pages === 1 ? 'page' : 'pages'}`;
  const name = `Docs version ${oneLine(version.label)}${version.isLast ? ' (latest)' : ''}`;
  return (
    `- [${name}](${absoluteUrl(siteUrl, version.llms.index)}): ${pages}; every page in one file: ` +
    `${absoluteUrl(siteUrl, version.llms.full)}`
  );
}

export interface LlmsTxtInput {
  title: string;
  summary: string;
  details: string;
  siteUrl: string;
  sections: readonly LlmsSection[];
  /** Listed after the sections, each with the links to its own llms files. */
  otherVersions?: readonly OtherVersion[];
}

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

/** One docs version with its exported docs and their Markdown, as the llms files are made from it. */
export interface LlmsVersion {
  version: Pick<DocsVersion, 'name' | 'label' | 'isLast' | 'path' | 'sidebars'>;
  docs: readonly ExportDoc[];
  /** Each doc's Markdown, by doc id. */
  markdownById: ReadonlyMap<string, string>;
}

/** A file to publish: its route from the site root and its text. */
export interface LlmsFile {
  route: string;
  text: string;
}

/**
 * The llms.txt and llms-full.txt of every version: each holds its own version's docs (in the order of its first
 * sidebar) and lists the other versions with the links to theirs, the last version first.
 */
export function llmsFiles(versions: readonly LlmsVersion[], config: Pick<SiteConfig, 'title' | 'tagline' | 'url'>): LlmsFile[] {
  const ordered = [...versions.filter((v) => v.version.isLast), ...versions.filter((v) => !v.version.isLast)];
  return ordered.flatMap(({ version, docs, markdownById }) => {
    const routes = llmsRoutes(version);
    const otherVersions = ordered
      .filter((other) => other.version.name !== version.name)
      .map((other) => ({ label: other.version.label, pages: other.docs.length, isLast: other.version.isLast, llms: llmsRoutes(other.version) }));
    const sections = sidebarSections(docs, version.sidebars, Object.keys(version.sidebars)[0] ?? '');
    const title = version.isLast ? config.title : `${config.title} ${version.label}`;
    const which = version.isLast ? `docs version ${version.label}, the latest` : `docs version ${version.label}, an older release`;
    const details =
      `Documentation of ${config.title} (${which}). ` +
      'Each link is the Markdown source of one page; the page itself is at the same URL without ".md". ' +
      `Every page in one file: [${LLMS_FULL_FILE}](${absoluteUrl(config.url, routes.full)}).` +
      (otherVersions.length > 0 ? ' Other versions of the documentation are listed at the end, each with its own llms.txt.' : '');
    return [
      { route: routes.index, text: buildLlmsTxt({ title, summary: config.tagline, details, siteUrl: config.url, sections, otherVersions }) },
      {
        route: routes.full,
        text: buildLlmsFullTxt({ title, summary: config.tagline, siteUrl: config.url, sections, markdownById, otherVersions }),
      },
    ];
  });
}
