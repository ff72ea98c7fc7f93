/**
 * The link check in Gatsby: every published doc's links and heading ids (each from the cache unless the doc
 * changed) checked against every page once all pages exist. Broken internal links fail the build naming the file
 * and target; broken anchors warn. In develop the report is printed again after an edit whenever it changed.
 */
import fs from 'fs';
import path from 'path';
import type { Reporter } from 'gatsby';
import { outputCache } from '../build-cache';
import { AUTOLINKED_HEADING_DEPTHS } from '../headings';
import { checkLinks, formatLinkReport, type PageLinks } from '../link-check';
import { docLinks, type MdxExtract } from '../mdx-extract';
import { contentKey } from './doc-render';
import { publishedDocs, type PublishedDocs } from './docs';
import { swapReport } from './reports';
import { fromRoot, isDevelop, relativeToRoot } from './site';
import type { DocMdxNode, GetNodesByType } from './types';

/** Links and heading ids of each doc, kept across runs by the doc's content. */
export const docLinksCache = outputCache<MdxExtract>('doc-links', 'src/node/gatsby/links.ts');

type LinkReporter = Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;

/** Links and heading ids of a doc, from the cache when its content is unchanged (lines are its file's). */
function linksOfDoc(node: DocMdxNode): Promise<MdxExtract> {
  const file = relativeToRoot(node.internal.contentFilePath as string);
  return docLinksCache.get(contentKey(node), () => docLinks(node.body ?? '', file, AUTOLINKED_HEADING_DEPTHS));
}

/**
 * The links and heading ids of every published doc, in every version. A doc that does not parse (an MdxSyntaxError names
 * file:line:column and the fix) stops the build; develop reports it and keeps serving the other docs (the page
 * itself shows the error, see doc-render.ts).
 */
export async function publishedDocLinks(docs: PublishedDocs | null, reporter: Pick<Reporter, 'panicOnBuild'>): Promise<PageLinks[]> {
  const pages: PageLinks[] = [];
  // Every version's docs: an older version's pages link within it by their full route (/docs/1.0.0-rc14/…).
  for (const doc of docs?.versions.flatMap((version) => version.docs) ?? []) {
    const node = docs?.mdxByFile.get(doc.file);
    if (!node?.internal.contentFilePath) continue;
    try {
      const { links, headingIds } = await linksOfDoc(node);
      pages.push({ file: doc.file, route: doc.path, links, headingIds });
    } catch (error) {
      const message = (error as Error).message;
      reporter.panicOnBuild(message.includes(doc.file) ? message : `${doc.file}: ${message}`);
    }
  }
  return pages;
}

/** The files of static/, as URL paths: links to them are not broken. */
function listStaticFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
}

/** The report of the docs' links against every page (in develop printed only when it changed). */
export function checkBuiltLinks({ pagePaths, reporter, pages }: { pagePaths: string[]; reporter: LinkReporter; pages: PageLinks[] }): void {
  const result = checkLinks(pages, pagePaths, { staticFiles: listStaticFiles(fromRoot('static')) });
  const report = result.warnings.length === 0 && result.errors.length === 0 ? '' : formatLinkReport(result);
  const previous = swapReport('links', report);
  if (report === '') {
    if (previous !== '') reporter.info('Links: the problems reported before are fixed.');
    return;
  }
  if (isDevelop() && report === previous) return;
  if (result.errors.length > 0) reporter.panicOnBuild(report);
  else reporter.warn(report);
}

/**
 * onPostBootstrap (every page exists by then, src/pages too): the link report of the published docs, by default
 * as their nodes hold them.
 */
export async function checkPublishedLinks({
  getNodesByType,
  reporter,
  docs = publishedDocs(getNodesByType),
}: {
  getNodesByType: GetNodesByType;
  reporter: LinkReporter;
  docs?: PublishedDocs | null;
}): Promise<void> {
  const pages = await publishedDocLinks(docs, reporter);
  checkBuiltLinks({ pagePaths: getNodesByType('SitePage').map((p) => String(p.path)), reporter, pages });
}

/** Whether createPages has run before in this process (develop runs it again after each edit). */
let createPagesRuns = 0;

/** createPages in develop after an edit: the link report of the docs it just published (pages exist by then). */
export async function recheckLinksAfterEdit(args: { getNodesByType: GetNodesByType; reporter: LinkReporter; docs: PublishedDocs | null }): Promise<void> {
  createPagesRuns += 1;
  if (!isDevelop() || createPagesRuns === 1) return;
  await checkPublishedLinks(args);
}
