/**
 * The files written after the build (onPostBuild) for machines rather than browsers: every doc's Markdown twin
 * (./markdown-export.ts), each docs version's llms.txt and llms-full.txt (./llms-txt.ts), robots.txt and the
 * sitemap at its conventional address (./crawler-files.ts). Plain data in, files out; src/node/gatsby/post-build.ts
 * reports on them.
 */
import fs from 'fs';
import path from 'path';
import type { SiteConfig } from '../config/types';
import { buildRobotsTxt, SITEMAP_FILE, SITEMAP_INDEX_FILE } from './crawler-files';
import { llmsFiles, type LlmsVersion } from './llms-txt';
import { cachedDocMarkdown, exportDocs, markdownFileFor, type ExportSource } from './markdown-export';

/** Writes a file only when its content changed, so an unchanged output keeps its date across builds. */
function writeIfChanged(file: string, text: string) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** What writeMachineReadableFiles wrote. */
export interface MachineReadableFiles {
  docs: number;
  /** The llms files' routes (two per docs version). */
  llms: string[];
  /** Whether public/sitemap.xml was written (from gatsby-plugin-sitemap's index; missing when the plugin is not). */
  sitemap: boolean;
}

/**
 * Writes public/<route>.md for every doc of every docs version, each version's llms.txt and llms-full.txt (the last
 * version's at the root), robots.txt and sitemap.xml. Throws an error naming the doc whose MDX node is missing.
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
  if (!source.versions.some((v) => v.isLast)) {
    throw new Error('Markdown export: no docs version is the last one (docs.lastVersion in site.config.ts).');
  }
  let docs = 0;
  const versions: LlmsVersion[] = [];
  for (const version of source.versions) {
    const versionDocs = exportDocs(version, source.mdxByFile);
    const markdownById = new Map<string, string>();
    for (const doc of versionDocs) {
      const markdown = await cachedDocMarkdown(doc, config.url);
      markdownById.set(doc.id, markdown);
      writeIfChanged(path.join(publicDir, markdownFileFor(doc.path)), markdown);
    }
    docs += versionDocs.length;
    versions.push({ version, docs: versionDocs, markdownById });
  }
  // The pages' Markdown comes from the cache above, so joining it again costs only the writes.
  const llms = llmsFiles(versions, config);
  for (const file of llms) writeIfChanged(path.join(publicDir, file.route), file.text);
  writeIfChanged(path.join(publicDir, 'robots.txt'), buildRobotsTxt(config.url));
  // Crawlers probe /sitemap.xml by convention: publish the plugin's sitemap index there too.
  const sitemapIndex = path.join(publicDir, SITEMAP_INDEX_FILE);
  const sitemap = fs.existsSync(sitemapIndex);
  if (sitemap) fs.copyFileSync(sitemapIndex, path.join(publicDir, SITEMAP_FILE));
  return { docs, llms: llms.map((file) => file.route), sitemap };
}
