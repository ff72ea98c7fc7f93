/** @jest-environment node */
import { execFile } from 'child_process';
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';

import { INDEX_SETTINGS, PushError, hostOption, parsePushArgs, pushCredentials, summarize } from '../lib/search-push.mjs';

const SCRIPT = path.resolve(__dirname, '../search-push.mjs');

const records = [
  { objectID: 'api/atom-0', url: '/docs/api/atom', url_without_anchor: '/docs/api/atom', type: 'lvl1', hierarchy: { lvl0: 'API', lvl1: 'Atom' }, content: null },
  { objectID: 'api/atom-1', url: '/docs/api/atom', url_without_anchor: '/docs/api/atom', type: 'content', hierarchy: { lvl0: 'API', lvl1: 'Atom' }, content: 'An atom.' },
  { objectID: 'api/store-0', url: '/docs/api/store', url_without_anchor: '/docs/api/store', type: 'lvl1', hierarchy: { lvl0: 'API', lvl1: 'Store' }, content: null },
];

function publicDir(data = records) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-push-'));
  fs.writeFileSync(path.join(dir, 'search-records.json'), JSON.stringify(data));
  return dir;
}

function run(args, env) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: { PATH: process.env.PATH, ...env }, timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

/** A loopback stand-in for the hosted service's write API: records requests, says every task is done. */
function fakeService() {
  const requests = [];
  let task = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method, path: req.url.split('?')[0], headers: req.headers, body: body ? JSON.parse(body) : null });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET' && /\/task\//.test(req.url)) return res.end(JSON.stringify({ status: 'published', pendingTask: false }));
      res.end(JSON.stringify({ taskID: ++task, updatedAt: new Date().toISOString(), objectIDs: [] }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, requests, url: `http://127.0.0.1:${server.address().port}` })));
}

describe('search:push', () => {
  it('--dry-run prints the counts and a sample record and sends nothing, without any key', async () => {
    const { code, stdout } = await run(['--dry-run', '--public', publicDir()], { GATSBY_DOCSEARCH_INDEX_NAME: 'stan-docs' });
    expect(code).toBe(0);
    expect(stdout).toContain('Dry run: nothing sent.');
    expect(stdout).toContain('3 records from 2 pages (lvl1 2, content 1)');
    expect(stdout).toContain('for index "stan-docs"');
    expect(stdout).toContain('"objectID": "api/atom-1"');
  });

  it('uploads the records with the admin key: settings, then an atomic replace of every record', async () => {
    const service = await fakeService();
    try {
      const { code, stdout, stderr } = await run(['--public', publicDir(), '--host', service.url], {
        GATSBY_DOCSEARCH_APP_ID: 'APPID',
        DOCSEARCH_ADMIN_API_KEY: 'admin-key',
        GATSBY_DOCSEARCH_INDEX_NAME: 'stan-docs',
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Pushed 3 records from 2 pages to "stan-docs"/);
      const { requests } = service;
      expect(requests.every((r) => r.headers['x-algolia-api-key'] === 'admin-key' && r.headers['x-algolia-application-id'] === 'APPID')).toBe(true);
      expect(requests[0]).toMatchObject({ method: 'PUT', path: '/1/indexes/stan-docs/settings', body: INDEX_SETTINGS });
      const batches = requests.filter((r) => /\/batch$/.test(r.path));
      const sent = batches.flatMap((r) => r.body.requests.map((op) => op.body));
      expect(sent).toEqual(records);
      expect(batches.every((r) => r.path !== '/1/indexes/stan-docs/batch')).toBe(true); // into a temporary index
      const move = requests.find((r) => r.body?.operation === 'move');
      expect(move).toMatchObject({ method: 'POST', body: { operation: 'move', destination: 'stan-docs' } });
    } finally {
      service.server.close();
    }
  });

  it('names the missing credentials and the missing build output', async () => {
    const noKey = await run(['--public', publicDir()], { GATSBY_DOCSEARCH_APP_ID: 'APPID' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('Cannot push: set DOCSEARCH_ADMIN_API_KEY, GATSBY_DOCSEARCH_INDEX_NAME (or --index-name).');
    const noBuild = await run(['--dry-run', '--public', path.join(os.tmpdir(), 'nope-search-push')], {});
    expect(noBuild.code).toBe(1);
    expect(noBuild.stderr).toContain('search-records.json does not exist. Run `npm run build` first.');
  });
});

describe('search:push helpers', () => {
  it('parses its options and rejects unknown ones', () => {
    expect(parsePushArgs(['--dry-run', '--index-name', 'x', '--batch-size', '50'])).toMatchObject({ dryRun: true, indexName: 'x', batchSize: 50 });
    expect(() => parsePushArgs(['--frobnicate'])).toThrow(PushError);
    expect(() => parsePushArgs(['--batch-size', '0'])).toThrow('--batch-size must be a positive integer.');
    expect(() => parsePushArgs(['--public'])).toThrow('--public needs a value.');
  });

  it('reads credentials, with --index-name over the environment', () => {
    expect(pushCredentials({ GATSBY_DOCSEARCH_APP_ID: 'A', DOCSEARCH_ADMIN_API_KEY: 'K', GATSBY_DOCSEARCH_INDEX_NAME: 'env' }, { indexName: 'flag' })).toEqual({
      appId: 'A',
      adminKey: 'K',
      indexName: 'flag',
    });
  });

  it('summarises records and turns a host URL into the client option', () => {
    expect(summarize(records)).toMatchObject({ records: 3, pages: 2, byType: { lvl1: 2, content: 1 } });
    expect(hostOption('http://127.0.0.1:8123')).toEqual([{ url: '127.0.0.1', port: 8123, protocol: 'http', accept: 'readWrite' }]);
  });
});
