/**
 * The search records of this site read straight from content/docs (no Gatsby): what the build indexes, for
 * the relevance suite, the size check and `npm run bench:search`. Frontmatter is parsed with gray-matter,
 * the parser gatsby-plugin-mdx itself uses.
 */
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import { readDocsVersions } from '../config/docs-versions';
import type { SiteConfig } from '../config/types';
import { lastVersionOf } from '../contract/docs-versions';
import type { SearchRecord } from '../search/types';
import { docIdFromRelativePath } from './docs-model/doc-ids';
import { buildDocsVersion } from './docs-model/version';
import { collectSearchRecords, type MdxForSearch } from './search-index';
import type { DocSource } from './types';
import { docSourceOf } from './frontmatter';

function mdxFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory() && e.name.endsWith('.mdx'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The records of the last version's docs (the ones search answers from unless a page of another version asks). */
export async function siteSearchRecords(root: string, config: SiteConfig): Promise<SearchRecord[]> {
  const last = lastVersionOf(readDocsVersions(config, root));
  const contentDir = path.join(root, last.contentDir);
  const sources: DocSource[] = [];
  const byFile = new Map<string, MdxForSearch>();
  for (const absolute of mdxFiles(contentDir)) {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const { data, content } = matter(fs.readFileSync(absolute, 'utf8'));
    const source = docSourceOf(data, file, docIdFromRelativePath(path.relative(contentDir, absolute)));
    sources.push(source);
    const keywords = Array.isArray(data.keywords) ? data.keywords.map(String) : null;
    byFile.set(file, { body: content, frontmatter: { description: source.description, keywords, overview: data.overview === true }, internal: {} });
  }
  const { version } = buildDocsVersion(sources, last, { includeDrafts: false, breadcrumbs: config.docs.breadcrumbs });
  return collectSearchRecords(version, byFile, config);
}
