/**
 * @jest-environment node
 *
 * Two builds with one MDX edit between them: the second redoes that page's query and HTML (and what truly depends
 * on it), not the whole site. Runs on the repository's own build right after `npm run build` (Gatsby's cache holds
 * absolute paths, so a copy of it elsewhere is not a warm cache), edits one doc, rebuilds, and at the end puts the
 * doc back and rebuilds, checking that the build is then as it was. `npm test` runs it as the step
 * "build:incremental"; it is not part of `npm run test:unit` (it needs a build and takes a minute or two).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { insertBeforeFirstSection, parseGatsbyLog, plainLog } from '../lib/editor-bench.mjs';

const ROOT = path.resolve(__dirname, '../..');
jest.setTimeout(600_000);

/**
 * Content of every page's HTML and page data, by file. Gatsby writes its webpack compilation hash into every page
 * and sometimes changes it without any change of the code (a cached module restored instead of rebuilt): that
 * rewrite of one line is not a page rebuilt, so it is left out.
 */
const withoutCompilationHash = (text) => text.replace(/webpackCompilationHash="[0-9a-f]+"/, 'webpackCompilationHash=""');

function snapshot(dir) {
  const result = new Map();
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'index.html' || entry.name === 'page-data.json') {
        result.set(path.relative(dir, full), withoutCompilationHash(fs.readFileSync(full, 'utf8')));
      }
    }
  };
  walk(path.join(dir, 'public'));
  return result;
}

const changed = (before, after) => [...after.keys()].filter((file) => before.get(file) !== after.get(file)).sort();

function build(dir) {
  const run = spawnSync(path.join(dir, 'node_modules/.bin/gatsby'), ['build'], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`gatsby build failed (${run.status}):\n${plainLog(output).split('\n').slice(-40).join('\n')}`);
  return parseGatsbyLog(output);
}

const EDITED = 'content/docs/guides/caching.mdx';

describe('a warm build after one MDX edit', () => {
  const dir = ROOT;
  let original;
  let built;
  const edit = (change) => fs.writeFileSync(path.join(dir, EDITED), change(fs.readFileSync(path.join(dir, EDITED), 'utf8')));

  beforeAll(() => {
    if (!fs.existsSync(path.join(ROOT, 'public/index.html')) || !fs.existsSync(path.join(ROOT, '.cache'))) {
      throw new Error('Run `npm run build` first: this test edits a doc and rebuilds that build.');
    }
    original = fs.readFileSync(path.join(dir, EDITED), 'utf8');
    built = snapshot(dir);
  });

  afterAll(() => {
    if (original === undefined || fs.readFileSync(path.join(dir, EDITED), 'utf8') === original) return;
    fs.writeFileSync(path.join(dir, EDITED), original);
    build(dir);
  });

  test('a body edit redoes that page only: one page query, one HTML file, one page-data file', () => {
    const before = snapshot(dir);
    edit((source) => insertBeforeFirstSection(source, 'Edited between two builds.'));
    const log = build(dir);
    const after = snapshot(dir);
    expect(changed(before, after)).toEqual(['public/docs/guides/caching/index.html', 'public/page-data/docs/guides/caching/page-data.json']);
    expect(after.get('public/docs/guides/caching/index.html')).toContain('Edited between two builds.');
    expect(log.html).toEqual({ done: 1, total: 1 });
    // The page's query (Gatsby may count a static query it re-checked, never the other docs).
    expect(log.queries?.done).toBeLessThanOrEqual(2);
  });

  test('a body edit of a 1.0.0-rc14 page redoes that page only, not its current-version twin', () => {
    const file = path.join(dir, 'content/versioned_docs/version-1.0.0-rc14/guides/caching.mdx');
    const source = fs.readFileSync(file, 'utf8');
    const before = snapshot(dir);
    try {
      fs.writeFileSync(file, insertBeforeFirstSection(source, 'Edited in 1.0 between two builds.'));
      const log = build(dir);
      const after = snapshot(dir);
      expect(changed(before, after)).toEqual([
        'public/docs/1.0.0-rc14/guides/caching/index.html',
        'public/page-data/docs/1.0.0-rc14/guides/caching/page-data.json',
      ]);
      expect(log.html).toEqual({ done: 1, total: 1 });
      expect(log.queries?.done).toBeLessThanOrEqual(2);
    } finally {
      fs.writeFileSync(file, source);
      build(dir);
    }
  });

  test('a new sidebar label redoes its neighbours (previous/next) and every page showing the sidebar, no other query', () => {
    const before = snapshot(dir);
    edit((source) => source.replace(/^sidebar_label: Caching$/m, 'sidebar_label: Caching, relabelled'));
    const log = build(dir);
    const after = snapshot(dir);
    const files = changed(before, after);
    // Page data: its own (breadcrumb) and the pages whose previous/next link names it.
    expect(files.filter((file) => file.endsWith('page-data.json'))).toEqual([
      'public/page-data/docs/api/utils/page-data.json',
      'public/page-data/docs/guides/caching/page-data.json',
      'public/page-data/docs/guides/error-handling/page-data.json',
    ]);
    // HTML: the docs pages, which all show the sidebar; not the home or search page.
    const html = files.filter((file) => file.endsWith('index.html'));
    expect(html).toHaveLength(22);
    expect(html).not.toContain('public/index.html');
    expect(after.get('public/docs/api/atom/index.html')).toContain('Caching, relabelled');
    // Queries: those three pages and the static queries that read the docs model (sidebar, navbar), no other doc.
    expect(log.queries?.done).toBeLessThanOrEqual(6);
  });

  test('a comment edit in build code no doc is rendered with (the hosting rules) reruns no doc query and rebuilds no page', () => {
    const hosting = path.join(dir, 'src/node/hosting.ts');
    const code = fs.readFileSync(hosting, 'utf8');
    const before = snapshot(dir);
    try {
      fs.writeFileSync(hosting, `${code}\n// A comment added between two builds.\n`);
      const log = build(dir);
      expect(changed(before, snapshot(dir))).toEqual([]);
      expect(log.html?.done ?? 0).toBe(0);
      // At most a static query Gatsby re-checks; every doc query read the doc fields' version, which is unchanged.
      expect(log.queries?.done ?? 0).toBeLessThanOrEqual(1);
    } finally {
      fs.writeFileSync(hosting, code);
    }
  });

  test('undoing the edits leaves the build as it was', () => {
    fs.writeFileSync(path.join(dir, EDITED), original);
    build(dir);
    expect(changed(built, snapshot(dir))).toEqual([]);
  });
});
