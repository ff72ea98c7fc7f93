/** @jest-environment node */
import siteConfig from '../../../site.config';
import fs from 'fs';
import type { AddressInfo } from 'net';
import http from 'http';
import path from 'path';
import { fakeMermaidRoot } from '../mermaid-fixture';
import { writeVendorOutputs } from '@src/node/gatsby/assets';
import { servePlaygroundFrame, serveVendorOutputsOnRequest } from '@src/node/gatsby/develop';
import { OutputOnRequest, type DevServerUse } from '@src/node/gatsby/on-request';

const reporter = () => ({ info: jest.fn(), error: jest.fn(), panicOnBuild: jest.fn() });

describe('OutputOnRequest', () => {
  it('builds nothing until asked, once for requests that arrive together, and not again once built', async () => {
    const build = jest.fn(async () => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    const log = reporter();
    const output = new OutputOnRequest('Playground files', build, log);
    expect(build).not.toHaveBeenCalled();

    expect(await Promise.all([output.ensure(), output.ensure(), output.ensure()])).toEqual([null, null, null]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(output.ready).toBe(true);
    expect(await output.ensure()).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);
    expect(output.stats).toEqual({ builds: 1, waits: 3 });
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Playground files: built on first request, build 1 of this process \(\d+ ms\)$/));
  });

  it('answers a failed build with its message (printed, the server keeps running) and builds again on the next request', async () => {
    let attempt = 0;
    const log = reporter();
    const output = new OutputOnRequest(
      'Diagrams (mermaid)',
      (outputReporter) => {
        attempt += 1;
        if (attempt === 1) outputReporter.panicOnBuild('node_modules/mermaid not found: run `npm ci`.');
        if (attempt === 2) throw new Error('disk full');
      },
      log,
    );
    expect(await output.ensure()).toBe('node_modules/mermaid not found: run `npm ci`.');
    expect(log.error).toHaveBeenCalledWith('node_modules/mermaid not found: run `npm ci`.');
    expect(output.ready).toBe(false);
    expect(await output.ensure()).toBe('disk full');
    expect(log.error).toHaveBeenCalledWith('Diagrams (mermaid): disk full');
    expect(await output.ensure()).toBeNull();
    expect(output.stats.builds).toBe(3);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/failed on first request, build 1 of this process/));
  });
});

/** A development server as Gatsby's is laid out: public/ answered first, then what onCreateDevServer registers. */
async function devServer(root: string, log: ReturnType<typeof reporter>) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require('express') as (() => DevServerUse & { listen(port: number): http.Server }) & {
    static(dir: string): unknown;
  };
  const app = express();
  (app as unknown as { use(handler: unknown): void }).use(express.static(path.join(root, 'public')));
  const outputs = serveVendorOutputsOnRequest({ app, reporter: log, root, config: siteConfig });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { outputs, base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('serveVendorOutputsOnRequest (develop)', () => {
  it('writes mermaid and the playground only when a file of theirs is first asked for', async () => {
    const root = fakeMermaidRoot({ version: '11.1.0' });
    const log = reporter();
    const server = await devServer(root, log);
    try {
      const [mermaid, playground] = server.outputs as [OutputOnRequest, OutputOnRequest];
      // The start wrote nothing.
      expect(fs.existsSync(path.join(root, 'public/vendor'))).toBe(false);
      expect(mermaid.stats.builds + playground.stats.builds).toBe(0);

      // Another file under /vendor builds nothing.
      expect((await fetch(`${server.base}/vendor/other.js`)).status).toBe(404);
      expect(mermaid.stats.builds + playground.stats.builds).toBe(0);

      const entry = `${server.base}/vendor/mermaid-11.1.0/mermaid.esm.min.mjs`;
      const first = await fetch(entry);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain('chunk-A.mjs');
      expect(fs.existsSync(path.join(root, 'public/vendor/mermaid-11.1.0/chunks/mermaid.esm.min/chunk-A.mjs'))).toBe(true);
      // The chunk is now a file in public/: the static files answer it, nothing is copied again.
      expect((await fetch(`${server.base}/vendor/mermaid-11.1.0/chunks/mermaid.esm.min/chunk-A.mjs`)).status).toBe(200);
      expect(mermaid.stats.builds).toBe(1);
      expect(playground.stats.builds).toBe(0);
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Diagrams \(mermaid\): built on first request/));

      // This root has no playground sources: the request says why, and the next one tries again.
      const failed = await fetch(`${server.base}/vendor/playground-0123456789ab/worker.js`);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toMatch(/^Playground files could not be built: The playground's files could not be built: /);
      await fetch(`${server.base}/vendor/playground-0123456789ab/types.json`);
      expect(playground.stats.builds).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('writeVendorOutputs (createPages)', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it('writes nothing at a develop start, and says when the files are written', async () => {
    process.env.NODE_ENV = 'development';
    const root = fakeMermaidRoot({ version: '11.1.0' });
    const log = reporter();
    expect(await writeVendorOutputs({ reporter: log, root, config: siteConfig })).toBe(false);
    expect(fs.existsSync(path.join(root, 'public'))).toBe(false);
    expect(log.info).toHaveBeenCalledWith('Diagrams and playground files: written on the first request for them (develop)');
  });

  it('writes them in a build', async () => {
    process.env.NODE_ENV = 'production';
    const root = fakeMermaidRoot({ version: '11.1.0' });
    const log = reporter();
    expect(await writeVendorOutputs({ reporter: log, root, config: siteConfig })).toBe(true);
    expect(fs.existsSync(path.join(root, 'public/vendor/mermaid-11.1.0/mermaid.esm.min.mjs'))).toBe(true);
    // The fake root has no playground sources: the build stops naming the failure.
    expect(log.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/^The playground's files could not be built/));
  });
});

describe('servePlaygroundFrame (develop)', () => {
  it("answers the sandbox frame's .html file, which Gatsby's development server leaves to its page routes", async () => {
    const root = fakeMermaidRoot({ version: '11.1.0' });
    fs.mkdirSync(path.join(root, 'public'), { recursive: true });
    fs.writeFileSync(path.join(root, 'public/playground-frame.html'), '<!doctype html><title>frame</title>');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const express = require('express') as () => DevServerUse & { listen(port: number): http.Server };
    const app = express();
    servePlaygroundFrame({ app, root });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${base}/playground-frame.html`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toContain('<title>frame</title>');
      expect((await fetch(`${base}/playground-frame.html/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
