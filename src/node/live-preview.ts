/**
 * The editors' fast path in `gatsby develop`. Gatsby applies a file change only after collecting node changes for
 * 500 ms and then re-running the page query, so a saved MDX file reached the open page in about two seconds. The
 * dev server also watches the docs itself: on a save it renders the changed doc with the build's own renderer
 * (samples and highlighting come from the cache, so only what changed is redone) and pushes the body, title and
 * table of contents to the pages showing that doc over a server-sent event stream. Gatsby's update follows with
 * the same content. An error (MDX syntax, a sample that does not compile) is pushed the same way, and printed in
 * the terminal, naming the file and line.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import matter from 'gray-matter';
import { renderMdx, type RenderVersion } from './render-mdx';
import { LIVE_PREVIEW_PATH, type LivePreviewMessage } from '../contract/live-preview';
import type { ResolveImage } from './doc-images';

interface LivePreviewVersion {
  name: string;
  docs: ReadonlyArray<{ path: string; file: string }>;
}

/** The published docs: every version's (a doc's route and version are looked up in all). */
export interface LivePreviewDocs {
  versions: ReadonlyArray<LivePreviewVersion>;
}

/** A doc file of the published docs: its route and the docs version the model put it in. */
function publishedDoc(docs: LivePreviewDocs | null, file: string): { route: string; versionName: string } | undefined {
  for (const version of docs?.versions ?? []) {
    const route = version.docs.find((doc) => doc.file === file)?.path;
    if (route) return { route, versionName: version.name };
  }
  return undefined;
}

/** A saved doc to push: its file, its route and the docs version it renders for. */
export interface PreviewedDoc {
  file: string;
  route: string;
  version: RenderVersion;
}

/**
 * The watcher's options: chokidar drops a second change of a file within 50 ms of the first (a save and a fix, a save
 * and a formatter's), so it reports a change only once the file's size has held still for a moment, and the last
 * write is the one rendered.
 */
export const LIVE_PREVIEW_WATCH_OPTIONS = { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 } } as const;

/**
 * How long after a save Gatsby gets to read it before the live preview compares Gatsby's node with the file: Gatsby's
 * own watcher drops such a second change too (and reuses a digest for a file whose time stamp did not move).
 */
export const SOURCED_CHECK_MS = 1500;

/** Gatsby's content digest of a file (gatsby-source-filesystem's: the MD5 of its bytes). */
const fileDigest = (absolutePath: string) => crypto.createHash('md5').update(fs.readFileSync(absolutePath)).digest('hex');

/** Makes a watcher see the file again without changing a byte of it: its modification time becomes now. */
const touch = (absolutePath: string) => {
  const now = new Date();
  fs.utimesSync(absolutePath, now, now);
};

/** Without the processed pictures at hand, each picture shows as being processed. */
const pendingPictures: ResolveImage = async () => ({ kind: 'pending' });

/** The message for a doc's file as it is now on disk: rendered, or the error naming file and line. */
export async function livePreviewMessage(
  root: string,
  { file, route, version }: PreviewedDoc,
  render: typeof renderMdx = renderMdx,
  pictures: ResolveImage = pendingPictures,
): Promise<LivePreviewMessage> {
  try {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    let parsed: matter.GrayMatterFile<string>;
    try {
      // A fresh parse each time: gray-matter's own cache would hand back the previous frontmatter object.
      parsed = matter(source, {});
    } catch (error) {
      throw new Error(`${file}: the frontmatter is not valid YAML: ${(error as Error).message}`);
    }
    // Rendered for the docs version the model put the file in, as the build renders it.
    const { html, toc } = await render(parsed.content, file, version, { resolveImage: pictures });
    const title = typeof parsed.data.title === 'string' ? parsed.data.title : null;
    return { route, file, html, title, toc };
  } catch (error) {
    return { route, file, problem: (error as Error).message };
  }
}

interface SseResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: string): unknown;
  on(event: 'close', listener: () => void): unknown;
}

interface DevServerApp {
  get(route: string, handler: (req: unknown, res: SseResponse) => void): unknown;
}

export interface Watcher {
  on(event: 'change' | 'add', listener: (absolutePath: string) => void): unknown;
  close(): Promise<void> | void;
}

/**
 * onCreateDevServer: the event stream at LIVE_PREVIEW_PATH and the watchers that feed it (each docs version's
 * folder). `docs()` maps a file to its route and version (the model of the last createPages); files it does not know
 * yet (a new doc) wait for Gatsby.
 */
export function startLivePreview({
  app,
  root,
  contentDirs,
  docs,
  renderVersion,
  report,
  watch,
  render = renderMdx,
  pictures,
  sourcedDigest,
  resource = touch,
  sourcedCheckMs = SOURCED_CHECK_MS,
}: {
  app: DevServerApp;
  root: string;
  /** Every docs version's folder (`content/docs`, `content/versioned_docs/version-1.0.0-rc14`). */
  contentDirs: readonly string[];
  docs: () => LivePreviewDocs | null;
  /** What a docs version renders with (its release, the releases its marks may name). */
  renderVersion: (versionName: string) => RenderVersion;
  /** Prints the doc's error in the terminal (`problem`), or says it renders again (null). */
  report: (file: string, problem: string | null) => void;
  watch: (dir: string) => Watcher;
  render?: typeof renderMdx;
  /** The doc's pictures as the last query processed them: the preview has no query context to process new ones. */
  pictures?: ResolveImage;
  /**
   * The content digest of a doc file (repository-relative) as Gatsby last read it, its Mdx node's. When given, a saved
   * doc whose node still holds other bytes after `sourcedCheckMs` is handed to `resource` once, so that Gatsby reads
   * it again and its page data (what a reload shows) catches up with the file.
   */
  sourcedDigest?: (file: string) => string | undefined;
  resource?: (absolutePath: string) => void;
  sourcedCheckMs?: number;
}): { close(): Promise<void>; rendered: () => Promise<void> } {
  const clients = new Set<SseResponse>();
  app.get(LIVE_PREVIEW_PATH, (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      // no-transform: the dev server's compression would otherwise hold events back until its buffer fills.
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
    });
    // Reconnect quickly after a restart of the dev server.
    res.write('retry: 1000\n\n');
    clients.add(res);
    res.on('close', () => clients.delete(res));
  });
  const heartbeat = setInterval(() => clients.forEach((client) => client.write(': keep-alive\n\n')), 25_000);
  heartbeat.unref?.();

  // After a save, whether Gatsby read the bytes on disk; each file's content is handed back to Gatsby once at most.
  const checks = new Map<string, ReturnType<typeof setTimeout>>();
  const resourced = new Map<string, string>();
  const checkSourced = (file: string) => {
    if (!sourcedDigest) return;
    clearTimeout(checks.get(file));
    const timer = setTimeout(() => {
      checks.delete(file);
      const absolutePath = path.join(root, file);
      let onDisk: string;
      try {
        onDisk = fileDigest(absolutePath);
      } catch {
        return; // removed since: Gatsby's watcher reports that itself
      }
      if (sourcedDigest(file) === onDisk || resourced.get(file) === onDisk) return;
      resourced.set(file, onDisk);
      resource(absolutePath);
    }, sourcedCheckMs);
    timer.unref?.();
    checks.set(file, timer);
  };

  // One render per file at a time; a save during a render is rendered right after it, from the newest content.
  const busy = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let last: Promise<void> = Promise.resolve();
  const renderFile = (file: string): Promise<void> => {
    const running = busy.get(file);
    if (running) {
      again.add(file);
      return running;
    }
    const doc = publishedDoc(docs(), file);
    if (!doc) return Promise.resolve();
    const job = livePreviewMessage(root, { file, route: doc.route, version: renderVersion(doc.versionName) }, render, pictures)
      .then((message) => {
        report(file, 'problem' in message ? message.problem : null);
        const data = `data: ${JSON.stringify(message)}\n\n`;
        clients.forEach((client) => client.write(data));
        checkSourced(file);
      })
      .finally(() => {
        busy.delete(file);
        if (again.delete(file)) void renderFile(file);
      });
    busy.set(file, job);
    last = job;
    return job;
  };

  const watchers = [...new Set(contentDirs)].map((dir) => watch(path.join(root, dir)));
  const onFile = (absolutePath: string) => {
    if (!/\.mdx?$/.test(absolutePath)) return;
    void renderFile(path.relative(root, absolutePath).split(path.sep).join('/'));
  };
  for (const watcher of watchers) {
    watcher.on('change', onFile);
    watcher.on('add', onFile);
  }
  return {
    async close() {
      clearInterval(heartbeat);
      checks.forEach((timer) => clearTimeout(timer));
      await Promise.all(watchers.map((watcher) => watcher.close()));
    },
    rendered: () => last,
  };
}
