/**
 * Build step of the local search: records from every doc's MDX → a MiniSearch index written to `public/`
 * under a content-hashed name, plus DocSearch's stylesheet (loaded only with the modal). The browser learns
 * both URLs from webpack constants, so it never rebuilds the index and never asks for a manifest.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { SiteConfig } from '../config/types';
import { buildSearchIndex } from '../search/engine';
import { SEARCH_DOCS_TAG } from '../search/config';
import { HostedSearchConfigError, hostedSearchFromEnv } from '../search/hosted-config';
import type { SearchRecord } from '../search/types';
import { sidebarPlacement, toSearchRecords, DEFAULT_LVL0 } from './search-records';
import type { DocsVersion } from './types';

export const SEARCH_INDEX_PREFIX = 'search-index.';
export const DOCSEARCH_CSS_PREFIX = 'docsearch.';
export const SEARCH_RECORDS_FILE = 'search-records.json';

export interface SearchAssets {
  indexUrl: string;
  cssUrl: string;
  records: number;
  bytes: number;
}

interface ReporterLike {
  panic(message: string): never | void;
  info(message: string): void;
}

/** Fails the build when the hosted-search variables are only partly set: both credentials, or neither. */
export function checkHostedSearchEnv(env: Record<string, string | undefined>, reporter: ReporterLike): void {
  try {
    hostedSearchFromEnv(env);
  } catch (error) {
    if (error instanceof HostedSearchConfigError) reporter.panic(error.message);
    else throw error;
  }
}

export interface MdxForSearch {
  body?: string | null;
  frontmatter?: { title?: string | null; description?: string | null; keywords?: readonly string[] | null } | null;
  internal: { contentFilePath?: string | null };
}

/** Every record of the version's docs, in sidebar order. `file` of a doc is matched to the MDX node's path. */
export async function collectSearchRecords(
  version: Pick<DocsVersion, 'docs' | 'sidebars'>,
  mdxByFile: ReadonlyMap<string, MdxForSearch>,
  config: Pick<SiteConfig, 'i18n'>,
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
    records.push(
      ...(await toSearchRecords(
        {
          id: doc.id,
          path: doc.path,
          title: doc.title,
          description: mdx.frontmatter?.description ?? null,
          keywords: mdx.frontmatter?.keywords ?? null,
          source: mdx.body ?? '',
          file: doc.file,
          lvl0: place.lvl0,
          pageRank: place.pageRank,
          sidebarLabel: place.label,
        },
        { language: config.i18n.defaultLocale, tag: SEARCH_DOCS_TAG },
      )),
    );
  }
  return records;
}

const contentHash = (data: string) => crypto.createHash('sha256').update(data).digest('hex').slice(0, 12);

/** Writes `name<hash>.ext`; in production builds earlier versions of the file are removed. */
function writeHashed(dir: string, prefix: string, ext: string, data: string, prune: boolean): string {
  fs.mkdirSync(dir, { recursive: true });
  const name = `${prefix}${contentHash(data)}${ext}`;
  if (prune) {
    for (const old of fs.readdirSync(dir)) {
      if (old !== name && old.startsWith(prefix) && old.endsWith(ext)) fs.rmSync(path.join(dir, old));
    }
  }
  fs.writeFileSync(path.join(dir, name), data);
  return `/${name}`;
}

/** DocSearch's stylesheet with the site's colour tokens appended. */
export function docSearchStylesheet(root: string): string {
  // A plain path: Parcel, which compiles gatsby-node, drops require.resolve.
  const base = fs.readFileSync(path.join(root, 'node_modules/@docsearch/css/dist/style.css'), 'utf8');
  const theme = fs.readFileSync(path.join(root, 'src/theme/SearchBar/docsearch-theme.css'), 'utf8');
  return `${base}\n${theme}`;
}

export function writeSearchAssets(
  records: readonly SearchRecord[],
  { publicDir, root, prune }: { publicDir: string; root: string; prune: boolean },
): SearchAssets {
  fs.mkdirSync(publicDir, { recursive: true });
  const json = buildSearchIndex(records);
  // The full records (with the index-only code and keywords fields) for `npm run search:push`.
  fs.writeFileSync(path.join(publicDir, SEARCH_RECORDS_FILE), JSON.stringify(records));
  return {
    indexUrl: writeHashed(publicDir, SEARCH_INDEX_PREFIX, '.json', json, prune),
    cssUrl: writeHashed(publicDir, DOCSEARCH_CSS_PREFIX, '.css', docSearchStylesheet(root), prune),
    records: records.length,
    bytes: Buffer.byteLength(json),
  };
}

/** The newest search index in a build output folder (used by `npm run search:push` and the benchmark). */
export function findSearchIndexFile(publicDir: string): string | null {
  if (!fs.existsSync(publicDir)) return null;
  const candidates = fs
    .readdirSync(publicDir)
    .filter((f) => f.startsWith(SEARCH_INDEX_PREFIX) && f.endsWith('.json'))
    .map((f) => path.join(publicDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return candidates[0] ?? null;
}

interface GraphqlLike {
  <T>(query: string): Promise<{ errors?: unknown; data?: T }>;
}

interface SearchBuildData {
  docsVersion: { docs: DocsVersion['docs']; sidebars: Array<{ id: string; items: DocsVersion['sidebars'][string] }> };
  allMdx: { nodes: MdxForSearch[] };
}

let assets: SearchAssets | null = null;

/** createPages step: queries the docs model and the MDX, then writes the index and the stylesheet. */
export async function buildSearchAssets({
  graphql,
  reporter,
  config,
  root = process.cwd(),
}: {
  graphql: GraphqlLike;
  reporter: ReporterLike & { panicOnBuild(message: string, error?: unknown): void };
  config: Pick<SiteConfig, 'i18n'>;
  root?: string;
}): Promise<SearchAssets | null> {
  const result = await graphql<SearchBuildData>(`
    query SearchRecordsSource {
      docsVersion { docs { id path title sidebar file } sidebars { id items } }
      allMdx { nodes { body frontmatter { title description keywords } internal { contentFilePath } } }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not query the docs for the search index.', result.errors);
    return null;
  }
  const { docsVersion, allMdx } = result.data;
  const version = {
    docs: docsVersion.docs,
    sidebars: Object.fromEntries(docsVersion.sidebars.map((s) => [s.id, s.items])),
  };
  const byFile = new Map(
    allMdx.nodes.map((n) => [path.relative(root, n.internal.contentFilePath ?? '').split(path.sep).join('/'), n]),
  );
  const records = await collectSearchRecords(version, byFile, config);
  assets = writeSearchAssets(records, {
    publicDir: path.join(root, 'public'),
    root,
    prune: process.env.NODE_ENV === 'production',
  });
  reporter.info(`Search: ${assets.records} records, index ${assets.indexUrl} (${Math.round(assets.bytes / 1024)} KB)`);
  return assets;
}

/** Webpack constants naming the hashed files (see src/search/assets.ts). */
export function searchWebpackDefines(): Record<string, string> {
  return {
    __STAN_SEARCH_INDEX_URL__: JSON.stringify(assets?.indexUrl ?? null),
    __STAN_DOCSEARCH_CSS_URL__: JSON.stringify(assets?.cssUrl ?? null),
  };
}
