/**
 * onCreateDevServer (develop only): the search index, built when the browser asks for it (nothing whole-site runs on
 * each edit), the vendor files (mermaid, the playground) written on the first request for them (nothing whole-site
 * runs at start), and the live preview that puts a saved doc on screen without waiting for Gatsby's batch of node
 * changes.
 */
import fs from 'fs';
import path from 'path';
import chokidar from 'chokidar';
import type { Reporter } from 'gatsby';
import { docsVersionNamed, readDocsVersions } from '../../config/docs-versions';
import type { SiteConfig } from '../../config/types';
import { renderVersionOf } from '../render-mdx';
import { previewImage } from '../doc-images';
import { LIVE_PREVIEW_WATCH_OPTIONS, startLivePreview, type LivePreviewDocs } from '../live-preview';
import { searchIndexFile } from '../../search/versions';
import { collectSearchRecords, searchIndexJson } from '../search-index';
import { VENDOR_DIR } from '../vendor-assets';
import { PLAYGROUND_FRAME_PATH } from '../../contract/playground';
import { buildPlaygroundAssets, searchDocsOf, writeVendorAssets, type PublishedForSearch } from './assets';
import { docImageCache } from './doc-pictures';
import { OutputOnRequest, serveOnRequest, type DevServerUse, type OutputReporter } from './on-request';
import { reportDocProblem } from './reports';
import { relativeToRoot } from './site';
import type { GetNodesByType, MdxNodeLike } from './types';

/** The folder where the development server answers with each version's index (no file is written for them). */
export const DEVELOP_SEARCH_INDEX_DIR = '/__stan/';
/** Where it answers with the last version's index. */
export const DEVELOP_SEARCH_INDEX_PATH = `${DEVELOP_SEARCH_INDEX_DIR}search-index.json`;
/** The addresses of the versions' indexes in that folder (`search-index.json`, `search-index-<name>.json`). */
const DEVELOP_SEARCH_INDEX_ROUTE = /^\/__stan\/search-index(?:-[^/]+)?\.json$/;

interface DevResponse {
  status(code: number): DevResponse;
  set(headers: Record<string, string>): DevResponse;
  send(body: string): unknown;
}

interface DevServerApp {
  get(path: RegExp, handler: (req: { path: string }, res: DevResponse) => void): unknown;
}

/** The docs as the last createPages published them (null before the first). */
type DocsNow = () => (PublishedForSearch & LivePreviewDocs) | null;

/**
 * Answers each version's index address with the index of its docs as they are now. It is built when first asked for
 * after a change (most edits are never followed by a search, and each doc's records come from the cache), so an
 * edit costs no whole-site work.
 */
export function serveDevelopSearchIndex({
  app,
  docs,
  config,
  reporter,
}: {
  app: DevServerApp;
  docs: DocsNow;
  config: Pick<SiteConfig, 'i18n'>;
  reporter: Pick<Reporter, 'error'>;
}): void {
  app.get(DEVELOP_SEARCH_INDEX_ROUTE, (req, res) => {
    const published = docs();
    if (!published) {
      res.status(503).set({ 'Cache-Control': 'no-store' }).send('The docs are still being read; try again.');
      return;
    }
    const current = searchDocsOf(published);
    const version = current.versions.find((v) => `${DEVELOP_SEARCH_INDEX_DIR}${searchIndexFile(v)}` === req.path);
    if (!version) {
      res.status(404).set({ 'Cache-Control': 'no-store' }).send(`No docs version has its search index at ${req.path}.`);
      return;
    }
    collectSearchRecords(version, current.mdxByFile, config)
      .then((records) => searchIndexJson(records))
      .then((json) => {
        res.status(200).set({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).send(json);
      })
      .catch((error: Error) => {
        reporter.error(`Search: the index could not be built: ${error.message}`, error);
        res.status(500).set({ 'Cache-Control': 'no-store' }).send(error.message);
      });
  });
}

/** The vendor outputs develop writes on request: what each builds and the files (below /vendor) that ask for it. */
export interface VendorOnRequest {
  name: string;
  matches: RegExp;
  build: (reporter: OutputReporter, root: string, config: Pick<SiteConfig, 'docs' | 'sidebars'>) => Promise<void> | void;
}

export const VENDOR_OUTPUTS_ON_REQUEST: readonly VendorOnRequest[] = [
  { name: 'Diagrams (mermaid)', matches: /^\/mermaid-[^/]+\//, build: (reporter, root) => writeVendorAssets({ reporter, root }) },
  { name: 'Playground files', matches: /^\/playground-[^/]+\//, build: (reporter, root, config) => buildPlaygroundAssets({ reporter, config, root }) },
];

/**
 * Registers each vendor output to be written on the first request for one of its files; returns them (their work
 * counts are read by tests).
 */
export function serveVendorOutputsOnRequest({
  app,
  reporter,
  config,
  root = process.cwd(),
  outputs = VENDOR_OUTPUTS_ON_REQUEST,
}: {
  app: DevServerUse;
  reporter: Pick<Reporter, 'info' | 'error'>;
  config: Pick<SiteConfig, 'docs' | 'sidebars'>;
  root?: string;
  outputs?: readonly VendorOnRequest[];
}): OutputOnRequest[] {
  return outputs.map(({ name, matches, build }) => {
    const output = new OutputOnRequest(name, (outputReporter) => build(outputReporter, root, config), reporter);
    serveOnRequest({ app, mount: `/${VENDOR_DIR}`, matches, output, publicDir: path.join(root, 'public') });
    return output;
  });
}

/**
 * The playground's sandbox frame, a static .html file: Gatsby's development server leaves .html files to its page
 * routes (so without this it answers 404 and Run reports that the sandbox did not start); a build serves it as a file.
 */
export function servePlaygroundFrame({ app, root = process.cwd() }: { app: DevServerUse; root?: string }): void {
  app.use(PLAYGROUND_FRAME_PATH, (req, res, next) => {
    const file = path.join(root, 'public', PLAYGROUND_FRAME_PATH);
    if ((req.method === 'GET' || req.method === 'HEAD') && (req.path === '/' || req.path === '') && fs.existsSync(file)) res.sendFile(file);
    else next();
  });
}

/**
 * The live preview, watching each docs version's folder, with pictures as the last query processed them; a saved doc whose Mdx
 * node Gatsby left on older bytes is handed back to Gatsby's watcher.
 */
export function serveLivePreview({
  app,
  docs,
  config,
  reporter,
  getNodesByType,
}: {
  app: Parameters<typeof startLivePreview>[0]['app'];
  docs: DocsNow;
  config: Pick<SiteConfig, 'docs' | 'sidebars'>;
  reporter: Pick<Reporter, 'error'>;
  getNodesByType: GetNodesByType;
}): void {
  const versions = readDocsVersions(config);
  startLivePreview({
    app,
    root: process.cwd(),
    contentDirs: versions.map((version) => version.contentDir),
    docs,
    renderVersion: (name) => renderVersionOf(docsVersionNamed(versions, name), versions),
    report: (file, problem) => reportDocProblem(reporter, file, problem),
    watch: (dir) => chokidar.watch(dir, LIVE_PREVIEW_WATCH_OPTIONS),
    pictures: previewImage(docImageCache),
    sourcedDigest: (file) =>
      (getNodesByType('Mdx') as unknown as MdxNodeLike[]).find((node) => relativeToRoot(node.internal.contentFilePath ?? '') === file)?.internal
        .contentDigest,
  });
}
