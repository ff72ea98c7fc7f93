/** @jest-environment node */
// Why `npm run serve` reads Range and conditional headers itself (../lib/byte-ranges.mjs, ../lib/preconditions.mjs)
// before `send` streams the file: for each request below, send on its own answers otherwise than nginx, and our
// server answers as nginx does (servers-agree.test.js holds it to nginx on the same requests). When a release of
// send starts to agree on one, this test fails, and the hand-written reading of that header can go.
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import send from 'send';

import { hostingRules } from '../../src/node/hosting';
import { fileValidators } from '../lib/preconditions.mjs';
import { createServer } from '../lib/serve.mjs';

const FILE = 'img/logo.png'; // not text, so no compression stands between the two answers
const BYTES = 'not really a png, but bytes all the same'.repeat(5);
const MODIFIED = new Date('2026-11-28T02:15:57Z');
const LATER = 'Sat, 28 Nov 2026 02:15:58 GMT';

const validators = fileValidators({ size: BYTES.length, mtimeMs: MODIFIED.getTime() });

let root;
let ours;
let alone;

function request(server, headers) {
  return new Promise((resolve, reject) => {
    const { port } = server.address();
    http
      .get({ host: '127.0.0.1', port, path: `/${FILE}`, headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

const listening = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'send-vs-nginx-'));
  fs.mkdirSync(path.join(root, 'img'));
  fs.writeFileSync(path.join(root, FILE), BYTES);
  for (const page of ['index.html', '404.html']) fs.writeFileSync(path.join(root, page), '<h1>page</h1>');
  fs.utimesSync(path.join(root, FILE), MODIFIED, MODIFIED);
  ours = await createServer({ root, rules: hostingRules({ files: [FILE, 'index.html', '404.html'], scriptHashes: [] }), port: 0 });
  // send with nginx's validators, so only its reading of the request differs.
  alone = await listening(
    http.createServer((req, res) => {
      res.setHeader('ETag', validators.etag);
      res.setHeader('Last-Modified', validators.lastModified);
      send(req, req.url, { root, etag: false, lastModified: false }).pipe(res);
    }),
  );
});

afterAll(async () => {
  await Promise.all([ours, alone].map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(root, { recursive: true, force: true });
});

// [what, request headers, nginx's status (ours), send's status]
const DIFFERENCES = [
  ['If-Modified-Since a second after the file: nginx wants its exact date', { 'if-modified-since': LATER }, 200, 304],
  ['If-Modified-Since in ISO form, which is no HTTP date', { 'if-modified-since': '2026-11-28T02:15:57Z' }, 200, 304],
  ['Cache-Control: no-cache does not defeat a current If-None-Match', { 'if-none-match': validators.etag, 'cache-control': 'no-cache' }, 304, 200],
  ['If-Match compares strongly: a weak tag never matches', { 'if-match': `W/${validators.etag}` }, 412, 200],
  ['If-Range with a weak tag is stale', { range: 'bytes=0-9', 'if-range': `W/${validators.etag}` }, 200, 206],
  ['If-Range with a later date is stale', { range: 'bytes=0-9', 'if-range': LATER }, 200, 206],
  ['a suffix longer than the file is the whole file', { range: `bytes=-${BYTES.length + 500}` }, 206, 416],
  ['a stray character makes the header unsatisfiable', { range: 'bytes=0-9x' }, 416, 206],
  ['the unit is read in any case', { range: 'BYTES=0-9' }, 206, 200],
  ['several ranges are sent as multipart/byteranges', { range: 'bytes=0-9,20-29' }, 206, 200],
  ['ranges adding up to more than the file get it whole (200), not their union', { range: 'bytes=0-,0-' }, 200, 206],
];

test.each(DIFFERENCES)('%s', async (_what, headers, nginx, sendAlone) => {
  expect([await request(ours, headers), await request(alone, headers)]).toEqual([nginx, sendAlone]);
});
