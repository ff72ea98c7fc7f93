/**
 * Build step of the local search: records from every doc's MDX → one MiniSearch index per docs version, written to
 * `public/search-index.json` (the last version) and `public/search-index-<name>.json` (each older one), so a reader
 * downloads only the version being searched; plus DocSearch's stylesheet (loaded only with the modal) under a
 * content-hashed name. The browser derives an index's URL from the version (src/search/versions.ts) and the folder
 * webpack defines. Each index keeps one URL (revalidated by the browser, see src/node/hosting.ts) so that a content
 * edit changes no bundle: a hashed name baked into the JavaScript made every edit rebuild the bundles and every
 * page's HTML.
 * In `gatsby develop` the index is not written on each edit: the dev server builds it when the browser first
 * asks for it after a change (src/node/gatsby/develop.ts).
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { SiteConfig } from '../config/types';
import { buildSearchIndex } from '../search/engine';
import { searchDocsTag } from '../search/config';
import type { SearchRecord } from '../search/types';
import { searchIndexFile } from '../search/versions';
import { digest, outputCache, type OutputCache } from './build-cache';
import { sidebarPlacement, toSearchRecords, DEFAULT_LVL0 } from './search-records';
import type { DocsVersion } from './types';

export const DOCSEARCH_CSS_PREFIX = 'docsearch.';
export const SEARCH_RECORDS_FILE = 'search-records.json';

/** Each doc's records, kept across runs by the doc's content and its place in the sidebar. */
export const searchRecordsCache = outputCache<SearchRecord[]>('search-records', 'src/node/search-index.ts');
/** The serialised index of a set of records (whole-site, so rebuilt only when some record changed). */
export const searchIndexCache = outputCache<string>('search-index', 'src/node/search-index.ts');

export interface SearchAssets {
  /** Each version's index: its URL, records and bytes, the last version first. */
  indexes: Array<{ version: string; url: string; records: number; bytes: number }>;
  cssUrl: string;
  records: number;
  bytes: number;
}

/** A docs version as search reads it: its name, whether it is the last, its docs and sidebars. */
export type VersionForSearch = Pick<DocsVersion, 'name' | 'isLast' | 'docs' | 'sidebars'>;

/** One version's records, for its own index. */
export interface VersionRecords {
  version: Pick<DocsVersion, 'name' | 'isLast'>;
  records: SearchRecord[];
}


export interface MdxForSearch {
  body?: string | null;
  frontmatter?: {
    title?: string | null;
    description?: string | null;
    keywords?: readonly string[] | null;
    overview?: boolean | null;
  } | null;
  internal: { contentFilePath?: string | null; contentDigest?: string };
}

/** What the search reads of the published docs: every docs version's model and each doc's MDX node by file. */
export interface DocsForSearch {
  versions: readonly VersionForSearch[];
  mdxByFile: ReadonlyMap<string, MdxForSearch>;
}

/**
 * Every record of the version's docs, in sidebar order, each tagged with the version (`docs-default-<name>`, the
 * facet contextual search filters on). `file` of a doc is matched to the MDX node's path.
 */
export async function collectSearchRecords(
  version: Pick<DocsVersion, 'name' | 'docs' | 'sidebars'>,
  mdxByFile: ReadonlyMap<string, MdxForSearch>,
  config: Pick<SiteConfig, 'i18n'>,
  cache: OutputCache<SearchRecord[]> = searchRecordsCache,
): Promise<SearchRecord[]> {
  const placement = sidebarPlacement(version);
  const docs = [...version.docs].sort(
    (a, b) => (placement.get(a.id)?.pageRank ?? 0) - (placement.get(b.id)?.pageRank ?? 0),
  );
  const records: SearchRecord[] = [];
  for (const doc of docs) {
    const mdx = mdxByFile.get(doc.file);
    if (!mdx) continue;
    const place = placement.get(doc.id) ?? { lvl0: DEFAULT_LVL0, pageRank: records.length, label: null };
    const page = {
      id: doc.id,
      path: doc.path,
      title: doc.title,
      description: mdx.frontmatter?.description ?? null,
      keywords: mdx.frontmatter?.keywords ?? null,
      overview: mdx.frontmatter?.overview === true,
      source: mdx.body ?? '',
      file: doc.file,
      lvl0: place.lvl0,
      pageRank: place.pageRank,
      sidebarLabel: place.label,
    };
    const options = { language: config.i18n.defaultLocale, tag: searchDocsTag(version.name) };
    // Everything the records are made of: the page's source and its place in the sidebar.
    const key = digest(JSON.stringify({ ...page, source: null, options }), mdx.internal.contentDigest ?? page.source);
    records.push(...(await cache.get(key, () => toSearchRecords(page, options))));
  }
  return records;
}

const contentHash = (data: string) => crypto.createHash('sha256').update(data).digest('hex').slice(0, 12);

/** Writes a file only when its content differs, so an unchanged output keeps its time stamp. */
function writeIfChanged(file: string, data: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === data) return;
  fs.writeFileSync(file, data);
}

const hashedName = (prefix: string, ext: string, data: string) => `${prefix}${contentHash(data)}${ext}`;

/** Writes `name<hash>.ext`; with `prune`, earlier versions of the file are removed, with their compressed twins. */
function writeHashed(dir: string, prefix: string, ext: string, data: string, prune: boolean): string {
  fs.mkdirSync(dir, { recursive: true });
  const name = hashedName(prefix, ext, data);
  if (prune) {
    for (const old of fs.readdirSync(dir)) {
      // A twin left without its file would be served as a file of its own (and the hosting rules refuse it).
      const file = old.replace(/\.(?:gz|br)$/, '');
      if (file !== name && file.startsWith(prefix) && file.endsWith(ext)) fs.rmSync(path.join(dir, old));
    }
  }
  writeIfChanged(path.join(dir, name), data);
  return `/${name}`;
}

/** DocSearch's stylesheet with the site's colour tokens appended. */
export function docSearchStylesheet(root: string): string {
  // A plain path: Parcel, which compiles gatsby-node, drops require.resolve.
  const base = fs.readFileSync(path.join(root, 'node_modules/@docsearch/css/dist/style.css'), 'utf8');
  const theme = fs.readFileSync(path.join(root, 'src/theme/SearchBar/docsearch-theme.css'), 'utf8');
  return `${base}\n${theme}`;
}

/** The URL of DocSearch's stylesheet: named after its content, so it follows from the installed files alone. */
export function docSearchStylesheetUrl(root: string): string {
  return `/${hashedName(DOCSEARCH_CSS_PREFIX, '.css', docSearchStylesheet(root))}`;
}

/** The serialised index of these records: built once per distinct set of records, across runs. */
export function searchIndexJson(records: readonly SearchRecord[], cache: OutputCache<string> = searchIndexCache): Promise<string> {
  return cache.get(digest(JSON.stringify(records)), () => buildSearchIndex(records));
}

/** Every version's records, each version apart (the last version's first). */
export async function collectVersionRecords(
  docs: DocsForSearch,
  config: Pick<SiteConfig, 'i18n'>,
  cache: OutputCache<SearchRecord[]> = searchRecordsCache,
): Promise<VersionRecords[]> {
  const ordered = [...docs.versions].sort((a, b) => Number(b.isLast) - Number(a.isLast));
  const out: VersionRecords[] = [];
  for (const version of ordered) {
    out.push({ version: { name: version.name, isLast: version.isLast }, records: await collectSearchRecords(version, docs.mdxByFile, config, cache) });
  }
  return out;
}

/** An older version's index file (`search-index-<name>.json`), as a build writes them. */
const OLDER_INDEX_FILE = /^search-index-.+\.json$/;

/**
 * Writes each version's index (an unchanged one keeps its date), the records of every version in one file for
 * `npm run search:push` (the hosted index holds them all, filtered by version at search time) and DocSearch's
 * stylesheet. With `prune`, the indexes of versions no longer built are removed.
 */
export async function writeSearchAssets(
  versions: readonly VersionRecords[],
  { publicDir, root, prune }: { publicDir: string; root: string; prune: boolean },
): Promise<SearchAssets> {
  fs.mkdirSync(publicDir, { recursive: true });
  const indexes: SearchAssets['indexes'] = [];
  const written = new Set<string>();
  for (const { version, records } of versions) {
    const json = await searchIndexJson(records);
    const file = searchIndexFile(version);
    writeIfChanged(path.join(publicDir, file), json);
    written.add(file);
    indexes.push({ version: version.name, url: `/${file}`, records: records.length, bytes: Buffer.byteLength(json) });
  }
  const all = versions.flatMap((v) => v.records);
  // The full records (with the index-only code and keywords fields) for `npm run search:push`.
  writeIfChanged(path.join(publicDir, SEARCH_RECORDS_FILE), JSON.stringify(all));
  if (prune) {
    // Earlier builds named the index after its content (search-index.<hash>.json); a retired version's index goes too.
    for (const old of fs.readdirSync(publicDir)) {
      if (/^search-index\.[0-9a-f]{12}\.json$/.test(old) || (OLDER_INDEX_FILE.test(old) && !written.has(old))) fs.rmSync(path.join(publicDir, old));
    }
  }
  return {
    indexes,
    cssUrl: writeDocSearchStylesheet({ publicDir, root, prune }),
    records: all.length,
    bytes: indexes.reduce((sum, index) => sum + index.bytes, 0),
  };
}

/** Writes DocSearch's stylesheet under its content-hashed name (with `prune`, earlier versions go); its URL path. */
export function writeDocSearchStylesheet({ publicDir, root, prune }: { publicDir: string; root: string; prune: boolean }): string {
  return writeHashed(publicDir, DOCSEARCH_CSS_PREFIX, '.css', docSearchStylesheet(root), prune);
}


