/**
 * createPages: the files every page may load later, written once the docs model is known: the search index and
 * DocSearch's stylesheet, mermaid's ES module build and the playground's worker, types and frame runtime. Each
 * failure stops the build naming the file or package and the fix.
 */
import path from 'path';
import type { Reporter } from 'gatsby';
import { readDocsVersions } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { MdxSyntaxError } from '../mdx-errors';
import { startPrecompressingSearchIndexes } from '../precompress';
import { playgroundVersions, writePlaygroundAssets, type WrittenPlaygroundFolder } from '../playground-assets';
import {
  collectVersionRecords,
  writeDocSearchStylesheet,
  writeSearchAssets,
  type DocsForSearch,
  type MdxForSearch,
  type SearchAssets,
  type VersionForSearch,
  type VersionRecords,
} from '../search-index';
import { copyMermaid, VendorAssetError } from '../vendor-assets';
import { isDevelop } from './site';

/** What search reads of the docs createPages published (./docs.ts PublishedDocs): every version, else the last one. */
export interface PublishedForSearch {
  versions?: readonly VersionForSearch[];
  version: VersionForSearch;
  mdxByFile: ReadonlyMap<string, MdxForSearch>;
}

/** The published docs as search reads them: every docs version with the MDX nodes of their docs. */
export const searchDocsOf = (docs: PublishedForSearch): DocsForSearch => ({
  versions: docs.versions ?? [docs.version],
  mdxByFile: docs.mdxByFile,
});

type AssetReporter = Pick<Reporter, 'panicOnBuild' | 'info'>;

/** A production build removes the files of earlier versions; develop keeps them (an open page may still ask). */
const prune = () => process.env.NODE_ENV === 'production';

/**
 * In a build: the records of every doc of every version (each from the cache unless the doc or its place in the
 * sidebar changed) → one index per version and the records file, plus the stylesheet. In develop only the stylesheet is written (when it changed);
 * the index is built on request (./develop.ts).
 */
export async function buildSearchAssets({
  docs,
  reporter,
  config,
  root = process.cwd(),
}: {
  docs: PublishedForSearch | null;
  reporter: AssetReporter;
  config: Pick<SiteConfig, 'i18n'>;
  root?: string;
}): Promise<SearchAssets | null> {
  const publicDir = path.join(root, 'public');
  if (isDevelop()) {
    writeDocSearchStylesheet({ publicDir, root, prune: false });
    return null;
  }
  if (!docs) {
    reporter.panicOnBuild('The search index needs the docs model, which createPages did not build (see the errors above).');
    return null;
  }
  let versions: VersionRecords[];
  try {
    versions = await collectVersionRecords(searchDocsOf(docs), config);
  } catch (error) {
    // A doc that does not parse: the MdxSyntaxError names its file, line, column and the fix.
    if (!(error instanceof MdxSyntaxError)) throw error;
    reporter.panicOnBuild(error.message);
    return null;
  }
  const assets = await writeSearchAssets(versions, { publicDir, root, prune: true });
  // Their brotli twins take seconds: started now, they are made while Gatsby builds the pages.
  startPrecompressingSearchIndexes(publicDir);
  const indexes = assets.indexes.map((index) => `${index.url} (${index.records} records, ${Math.round(index.bytes / 1024)} KB)`);
  reporter.info(`Search: ${assets.records} records, ${indexes.length === 1 ? 'index' : 'indexes'} ${indexes.join(', ')}`);
  return assets;
}

/** Copies mermaid into public/; a missing or unusable mermaid fails the build naming the file. */
export function writeVendorAssets({ reporter, root = process.cwd() }: { reporter: AssetReporter; root?: string }): void {
  try {
    const mermaid = copyMermaid({ root, publicDir: path.join(root, 'public'), prune: prune() });
    reporter.info(`Diagrams: mermaid ${mermaid.url} (${mermaid.files} modules, ${Math.round(mermaid.bytes / 1024)} KB)`);
  } catch (error) {
    if (error instanceof VendorAssetError) reporter.panicOnBuild(error.message);
    else throw error;
  }
}

/** A folder's line in the build's log: where it is, its size, and whether it was built (in how long) or reused. */
const folderLine = (label: string, folder: WrittenPlaygroundFolder) =>
  `${label} ${folder.url} (${Math.round(folder.bytes / 1024)} KB, ${folder.reused ? 'reused' : `built in ${folder.seconds.toFixed(1)} s`})`;

/**
 * Builds the playground's folders (the worker's, and each docs version's types and runtime) unless this build's keys
 * have them; a missing package fails the build naming it and the command that installs it.
 */
export async function buildPlaygroundAssets({
  reporter,
  config,
  root = process.cwd(),
}: {
  reporter: AssetReporter;
  config: Pick<SiteConfig, 'docs' | 'sidebars'>;
  root?: string;
}): Promise<void> {
  try {
    const versions = playgroundVersions(readDocsVersions(config, root));
    const assets = await writePlaygroundAssets({ root, publicDir: path.join(root, 'public'), prune: prune(), versions });
    const lines = Object.entries(assets.versions).map(([name, folder]) => folderLine(`${name} (${folder.release})`, folder));
    reporter.info(`Playground: ${[folderLine('worker', assets.worker), ...lines].join('; ')}`);
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? `The playground's files could not be built: ${error.message}` : String(error));
  }
}

/**
 * createPages' vendor files: mermaid's copy and the playground's folder. A build writes them now; develop leaves
 * them to the first request for one of their files (./develop.ts), so a start that never shows a diagram or opens
 * the playground does no such work. Returns whether they were written.
 */
export async function writeVendorOutputs({
  reporter,
  config,
  root = process.cwd(),
}: {
  reporter: AssetReporter;
  config: Pick<SiteConfig, 'docs' | 'sidebars'>;
  root?: string;
}): Promise<boolean> {
  if (isDevelop()) {
    reporter.info('Diagrams and playground files: written on the first request for them (develop)');
    return false;
  }
  writeVendorAssets({ reporter, root });
  await buildPlaygroundAssets({ reporter, config, root });
  return true;
}
