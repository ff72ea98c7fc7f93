/**
 * onPostBuild: the files made from the finished build, in this order: the Markdown twins and llms files, the social
 * cards (./social-cards.ts), the precompressed scripts and stylesheets, and last the hosting rules, which hash the
 * inline scripts of every HTML file and list every file written before them.
 */
import type { Reporter } from 'gatsby';
import type { SiteConfig } from '../../config/types';
import { HEADERS_FILE, HostingRulesError, NGINX_FILE, REDIRECTS_FILE, RULES_FILE } from '../hosting';
import { buildHostingFiles, inlineScriptsOfPages } from '../hosting-files';
import { LLMS_FULL_FILE, writeMachineReadableFiles, type ExportSource, type ExportVersion } from '../markdown-export';
import { precompressBuild, precompressSearchIndexes } from '../precompress';
import { fromRoot } from './site';

/** What the export reads of the docs createPages published (./docs.ts PublishedDocs): every version, else the last one. */
export interface PublishedForExport {
  versions?: readonly ExportVersion[];
  version: ExportVersion;
  mdxByFile: ExportSource['mdxByFile'];
}

/** The seconds since `started`, as the build log gives a step's time. */
const seconds = (started: number): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** The published docs as the export reads them: every docs version with the MDX nodes of their docs. */
export const exportSourceOf = (docs: PublishedForExport): ExportSource => ({
  versions: docs.versions ?? [docs.version],
  mdxByFile: docs.mdxByFile,
});

/** Writes public/<route>.md for every doc of every version, public/llms.txt, llms-full.txt, robots.txt and sitemap.xml. */
export async function writeMachineReadableOutputs({
  docs,
  reporter,
  config,
  publicDir = fromRoot('public'),
}: {
  docs: PublishedForExport | null;
  reporter: Pick<Reporter, 'panicOnBuild' | 'warn' | 'info'>;
  config: SiteConfig;
  publicDir?: string;
}): Promise<void> {
  if (!docs) {
    reporter.panicOnBuild('Markdown export: createPages built no docs model (see the errors above).');
    return;
  }
  const started = Date.now();
  let written;
  try {
    written = await writeMachineReadableFiles({ source: exportSourceOf(docs), config, publicDir });
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
    return;
  }
  if (!written.sitemap) reporter.warn('Markdown export: public/sitemap-index.xml is missing; is gatsby-plugin-sitemap configured?');
  reporter.info(
    `Markdown export: ${written.docs} docs as .md, llms.txt, ${LLMS_FULL_FILE}, robots.txt and sitemap.xml written to public/ ` +
      `in ${seconds(started)}.`,
  );
}

/** Precompresses the build's scripts, stylesheets and search indexes, and says what it did. */
export async function precompressPublic({ reporter, publicDir = fromRoot('public') }: { reporter: Pick<Reporter, 'info'>; publicDir?: string }): Promise<void> {
  const started = Date.now();
  const report = await precompressBuild(publicDir);
  reporter.info(
    `Precompressed ${report.files} scripts and stylesheets (${report.compressedFromScratch} compressed now, the rest ` +
      `from the cache), ${(report.savedBytes / 1024).toFixed(1)} KB smaller than on-the-fly gzip, in ` +
      seconds(started),
  );
  const indexesStarted = Date.now();
  const indexes = await precompressSearchIndexes(publicDir);
  reporter.info(
    `Precompressed ${indexes.files} search indexes with gzip and brotli (${indexes.compressedFromScratch} compressed now), ` +
      `${(indexes.savedBytes / 1024).toFixed(1)} KB smaller in brotli than on-the-fly gzip, in ${seconds(indexesStarted)}`,
  );
}

/** The hosting rules and host files; a build whose rules cannot be written fails, naming the file and the fix. */
export async function writeHostingFiles({
  reporter,
  config,
  publicDir = fromRoot('public'),
}: {
  reporter: Pick<Reporter, 'info' | 'panicOnBuild'>;
  config: Pick<SiteConfig, 'search' | 'analytics'>;
  publicDir?: string;
}): Promise<void> {
  const started = Date.now();
  try {
    const rules = buildHostingFiles(publicDir, { config }, await inlineScriptsOfPages(publicDir));
    const hashes = rules.headers['Content-Security-Policy']?.match(/'sha256-/g)?.length ?? 0;
    reporter.info(
      `Hosting rules: ${rules.pages.length} pages, ${rules.redirects.length} redirects, ${hashes} inline-script hashes ` +
        `→ public/${RULES_FILE}, ${HEADERS_FILE}, ${REDIRECTS_FILE}, ${NGINX_FILE} in ${seconds(started)}`,
    );
  } catch (error) {
    if (error instanceof HostingRulesError) reporter.panicOnBuild(error.message);
    else throw error;
  }
}
