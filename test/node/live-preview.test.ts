/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { LIVE_PREVIEW_PATH } from '@src/contract/live-preview';
import crypto from 'crypto';
import chokidar from 'chokidar';
import { LIVE_PREVIEW_WATCH_OPTIONS, livePreviewMessage, startLivePreview, type Watcher } from '@src/node/live-preview';
import { renderVersion } from '../support/render';

jest.setTimeout(30_000);

function site(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'live-preview-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const DOC = 'content/docs/guides/caching.mdx';
const OLD_DOC = 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx';
const STORE_SAMPLE = "```ts\nimport { makeStore } from '@rkrupinski/stan';\n\nexport const store = makeStore();\n```\n";
const page = (body: string, title = 'Caching') => `---\ntitle: ${title}\n---\n\n${body}`;
const saved = (file: string, route: string, version = 'current') => ({ file, route, version: renderVersion(version) });

describe('livePreviewMessage', () => {
  it('renders the saved doc with the build renderer: body, title and table of contents', async () => {
    const root = site({ [DOC]: page('Intro.\n\n## What a store keeps\n\nText.\n') });
    const message = await livePreviewMessage(root, saved(DOC, '/docs/guides/caching'));
    expect(message).toMatchObject({ route: '/docs/guides/caching', file: DOC, title: 'Caching' });
    expect('html' in message && message.html).toContain('<h2 id="what-a-store-keeps">');
    expect('toc' in message && message.toc).toEqual([{ id: 'what-a-store-keeps', title: 'What a store keeps', children: [] }]);
  });

  it('renders the doc for the docs version it is given', async () => {
    const root = site({ [OLD_DOC]: page('Text.\n', 'atom'), [DOC]: page('Text.\n') });
    const render = jest.fn(async () => ({ html: '<p>Text.</p>', toc: [], samples: 0, imageFiles: [] }));
    await livePreviewMessage(root, saved(OLD_DOC, '/docs/1.0.0-rc14/api/atom', '1.0.0-rc14'), render);
    await livePreviewMessage(root, saved(DOC, '/docs/guides/caching'), render);
    expect(render.mock.calls.map((call: unknown[]) => (call[2] as { name: string }).name)).toEqual(['1.0.0-rc14', 'current']);
  });

  it('turns an MDX syntax error into a problem naming the file', async () => {
    const root = site({ [DOC]: page('Intro.\n\nA stray { opens an expression.\n') });
    const message = await livePreviewMessage(root, saved(DOC, '/docs/guides/caching'));
    expect('problem' in message && message.problem).toMatch(/^content\/docs\/guides\/caching\.mdx/);
  });

  it('turns bad frontmatter into a problem naming the file', async () => {
    const root = site({ [DOC]: '---\ntitle: [unclosed\n---\n\nText.\n' });
    const message = await livePreviewMessage(root, saved(DOC, '/docs/guides/caching'));
    expect('problem' in message && message.problem).toMatch(/^content\/docs\/guides\/caching\.mdx: the frontmatter is not valid YAML/);
  });
});

/** A dev server app, an event-stream client and a watcher we can drive by hand. */
type LivePreviewOptions = Parameters<typeof startLivePreview>[0];

function harness(root: string, render?: LivePreviewOptions['render'], more: Partial<LivePreviewOptions> = {}) {
  let handler: ((req: unknown, res: never) => void) | undefined;
  const app = { get: (route: string, h: (req: unknown, res: never) => void) => (route === LIVE_PREVIEW_PATH ? (handler = h) : undefined) };
  const listeners: Record<string, (file: string) => void> = {};
  const watcher: Watcher = { on: (event, listener) => (listeners[event] = listener), close: () => undefined };
  const report = jest.fn();
  const watched: string[] = [];
  const live = startLivePreview({
    app,
    root,
    contentDirs: ['content/docs', 'content/versioned_docs/version-1.0.0-rc14'],
    docs: () => ({
      versions: [
        { name: 'current', docs: [{ path: '/docs/guides/caching', file: DOC }] },
        { name: '1.0.0-rc14', docs: [{ path: '/docs/1.0.0-rc14/api/atom', file: OLD_DOC }] },
      ],
    }),
    renderVersion,
    report,
    watch: (dir) => {
      watched.push(path.relative(root, dir).split(path.sep).join('/'));
      return watcher;
    },
    render,
    ...more,
  });
  const received: string[] = [];
  const client = {
    headers: {} as Record<string, string>,
    writeHead: (_status: number, headers: Record<string, string>) => Object.assign(client.headers, headers),
    write: (chunk: string) => received.push(chunk),
    on: () => undefined,
  };
  handler?.({}, client as never);
  const messages = () =>
    received.filter((chunk) => chunk.startsWith('data: ')).map((chunk) => JSON.parse(chunk.slice(6)) as Record<string, unknown>);
  return { live, listeners, client, messages, report, watched };
}

describe('startLivePreview', () => {
  it('streams a saved doc to the open pages; files it does not know and other files are left to Gatsby', async () => {
    const root = site({ [DOC]: page('First.\n') });
    const { live, listeners, client, messages, report } = harness(root);
    expect(client.headers['Content-Type']).toBe('text/event-stream');
    fs.writeFileSync(path.join(root, DOC), page('Second.\n'));
    listeners.change?.(path.join(root, DOC));
    await live.rendered();
    listeners.add?.(path.join(root, 'content/docs/new.mdx'));
    listeners.change?.(path.join(root, 'content/docs/_category_.json'));
    await live.rendered();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ route: '/docs/guides/caching', title: 'Caching' });
    expect(String(messages()[0]?.html)).toContain('Second.');
    expect(report).toHaveBeenCalledWith(DOC, null);
    expect(report).not.toHaveBeenCalledWith(DOC, expect.any(String));
    await live.close();
  });

  it("watches every version's folder, and streams a saved 1.0.0-rc14 doc rendered against 1.0.0-rc14", async () => {
    const root = site({ [OLD_DOC]: page('Text.\n', 'atom'), [DOC]: page('Text.\n') });
    const { live, listeners, messages, watched } = harness(root);
    expect(watched).toEqual(['content/docs', 'content/versioned_docs/version-1.0.0-rc14']);
    fs.writeFileSync(path.join(root, OLD_DOC), page(`A store:\n\n${STORE_SAMPLE}`, 'atom'));
    listeners.change?.(path.join(root, OLD_DOC));
    await live.rendered();
    expect(messages()).toEqual([
      expect.objectContaining({
        route: '/docs/1.0.0-rc14/api/atom',
        problem: expect.stringMatching(/content\/versioned_docs\/version-1\.0\.0-rc14\/api\/atom\.mdx:\d+: TS2305: Module '"@rkrupinski\/stan"' has no exported member 'makeStore'/),
      }),
    ]);
    await live.close();
  });

  it('reports an error in the terminal and streams it to the page', async () => {
    const root = site({ [DOC]: page('Broken { here.\n') });
    const { live, listeners, messages, report } = harness(root);
    listeners.change?.(path.join(root, DOC));
    await live.rendered();
    expect(messages()[0]).toMatchObject({ route: '/docs/guides/caching', problem: expect.stringMatching(/caching\.mdx/) });
    expect(report).toHaveBeenCalledWith(DOC, expect.stringMatching(/caching\.mdx/));
    await live.close();
  });

  it('renders a file once at a time, and again from its newest content when it was saved during a render', async () => {
    const root = site({ [DOC]: page('One.\n') });
    let release: () => void = () => undefined;
    const renders: string[] = [];
    const render = jest.fn(async (source: string) => {
      renders.push(source.trim());
      if (renders.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return { html: `<p>${source.trim()}</p>`, toc: [], samples: 0, imageFiles: [] };
    });
    const { live, listeners, messages } = harness(root, render);
    listeners.change?.(path.join(root, DOC));
    fs.writeFileSync(path.join(root, DOC), page('Two.\n'));
    listeners.change?.(path.join(root, DOC));
    fs.writeFileSync(path.join(root, DOC), page('Three.\n'));
    listeners.change?.(path.join(root, DOC));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await live.rendered();
    expect(renders).toEqual(['One.', 'Three.']);
    expect(messages().map((m) => m.html)).toEqual(['<p>One.</p>', '<p>Three.</p>']);
    await live.close();
  });

  it('renders the last of two saves made a few milliseconds apart, with the watcher the dev server uses', async () => {
    const root = site({ [DOC]: page('Fine.\n') });
    const render = jest.fn(async (source: string) => ({ html: `<p>${source.trim()}</p>`, toc: [], samples: 0, imageFiles: [] }));
    const live = startLivePreview({
      app: { get: () => undefined },
      root,
      contentDirs: ['content/docs'],
      docs: () => ({ versions: [{ name: 'current', docs: [{ path: '/docs/guides/caching', file: DOC }] }] }),
      renderVersion,
      report: () => undefined,
      watch: (dir) => chokidar.watch(dir, LIVE_PREVIEW_WATCH_OPTIONS),
      render,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rendered = () => render.mock.calls.at(-1)?.[0].trim();
    const settled = async (expected: string) => {
      for (let waited = 0; waited < 3000 && rendered() !== expected; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await live.rendered();
    };
    try {
      // A save, then a fix (or a formatter's write) of the same file within chokidar's 50 ms: each time, the fix shows.
      for (const gap of [2, 8, 15, 25, 40]) {
        fs.writeFileSync(path.join(root, DOC), page(`Broken ${gap} {\n`));
        await new Promise((resolve) => setTimeout(resolve, gap));
        fs.writeFileSync(path.join(root, DOC), page(`Fixed ${gap}.\n`));
        await settled(`Fixed ${gap}.`);
        expect(rendered()).toBe(`Fixed ${gap}.`);
      }
    } finally {
      await live.close();
    }
  });

  it("hands a saved doc back to Gatsby's watcher once when Gatsby's node holds other bytes", async () => {
    const root = site({ [DOC]: page('Saved.\n') });
    const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');
    let sourced = md5(page('Older.\n'));
    const resource = jest.fn();
    const { live, listeners } = harness(root, undefined, { sourcedDigest: () => sourced, resource, sourcedCheckMs: 10 });
    const save = async () => {
      listeners.change?.(path.join(root, DOC));
      await live.rendered();
      await new Promise((resolve) => setTimeout(resolve, 60));
    };
    await save();
    expect(resource).toHaveBeenCalledTimes(1);
    expect(resource).toHaveBeenCalledWith(path.join(root, DOC));
    // The same bytes again: handed back once only, however often the watcher reports them.
    await save();
    expect(resource).toHaveBeenCalledTimes(1);
    // Gatsby caught up: nothing to hand back.
    fs.writeFileSync(path.join(root, DOC), page('Newer.\n'));
    sourced = md5(page('Newer.\n'));
    await save();
    expect(resource).toHaveBeenCalledTimes(1);
    await live.close();
  });
});
