/**
 * @jest-environment node
 *
 * A third docs version costs one command: in a copy of the site (its files, a git repository of them, node_modules
 * hard-linked), `npm run docs:version -- 1.2.0-rc4` cuts the current docs into a version, as a maintainer would when
 * the next release ships, and the copy then builds with three versions, each page under its own path with its own
 * release in its checks line, a version menu of three, and search, Markdown twins and llms files for each.
 * `npm test` runs it in the step "build:incremental" (it needs a cold build of the copy, a few minutes).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { plainLog } from '../lib/editor-bench.mjs';

const ROOT = path.resolve(__dirname, '../..');
const RELEASE = '1.2.0-rc4';
const OLD = '1.0.0-rc14';
const DOC = 'api/atom';
jest.setTimeout(1_800_000);

let site;
let cutOutput;
let buildLog;

/** The repository's files as git sees them (tracked, and new ones it does not ignore), copied into `dir`. */
function copySite(dir) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet in git
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  // Hard links: the copy's packages are the repository's without a second gigabyte (the build writes new files only).
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
  fs.rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
  const git = (...args) => execFileSync('git', ['-c', 'user.name=cut test', '-c', 'user.email=cut@test.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'the site before the cut');
}

const read = (file) => fs.readFileSync(path.join(site, file), 'utf8');
const exists = (file) => fs.existsSync(path.join(site, file));
/** A page's HTML with React's text separators taken out, so a sentence reads as written. */
const page = (route) => read(path.join('public', route, 'index.html')).replace(/<!-- -->/g, '');

beforeAll(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-cut-'));
  copySite(site);
  // The release the new version documents is the installed current one, which the cut would install as its alias.
  execFileSync('cp', ['-al', path.join(site, 'node_modules/@rkrupinski/stan'), path.join(site, `node_modules/stan-${RELEASE}`)]);
  const cut = spawnSync(process.execPath, ['scripts/docs-version.mjs', RELEASE, '--no-install'], { cwd: site, encoding: 'utf8' });
  cutOutput = `${cut.stdout}${cut.stderr}`;
  if (cut.status !== 0) throw new Error(`docs:version failed (${cut.status}):\n${cutOutput}`);
  const build = spawnSync(path.join(site, 'node_modules/.bin/gatsby'), ['build'], {
    cwd: site,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NODE_OPTIONS: '--max-old-space-size=1024' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  buildLog = plainLog(`${build.stdout}${build.stderr}`);
  if (build.status !== 0) throw new Error(`gatsby build of the cut site failed (${build.status}):\n${buildLog.split('\n').slice(-40).join('\n')}`);
});

afterAll(() => {
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

describe(`npm run docs:version -- ${RELEASE}, then a build`, () => {
  it('lists the new version first and prints the install command it did not run', () => {
    expect(JSON.parse(read('content/versions.json'))).toEqual([RELEASE, OLD]);
    expect(cutOutput).toContain(`stan-${RELEASE}@npm:@rkrupinski/stan@${RELEASE}`);
  });

  it.each([
    ['/docs', RELEASE],
    [`/docs/${RELEASE}`, RELEASE],
    [`/docs/${OLD}`, OLD],
  ])(`serves %s/${DOC}, checked against its own release (%s)`, (base, release) => {
    expect(page(`${base}/${DOC}`)).toContain(`Checked against <code>@rkrupinski/stan</code> ${release}:`);
  });

  it('gives each doc page a version menu of the three, each linking the same page', () => {
    const html = page(`/docs/${RELEASE}/${DOC}`);
    const menu = html.slice(html.indexOf('<details'), html.indexOf('</details>'));
    const links = [...menu.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual([`/docs/${DOC}`, `/docs/${RELEASE}/${DOC}`, `/docs/${OLD}/${DOC}`]);
  });

  it("gives each version its search index, Markdown twins and llms files, linked from the site's", () => {
    for (const index of ['search-index.json', `search-index-${RELEASE}.json`, `search-index-${OLD}.json`]) {
      expect(JSON.parse(read(path.join('public', index))).documentCount).toBeGreaterThan(0);
    }
    expect(read(`public/search-index-${RELEASE}.json`)).toContain(`/docs/${RELEASE}/${DOC}`);
    for (const base of ['/docs', `/docs/${RELEASE}`, `/docs/${OLD}`]) expect(exists(path.join('public', `${base}/${DOC}.md`))).toBe(true);
    expect(read(`public/docs/${RELEASE}/llms.txt`)).toContain(`/docs/${RELEASE}/`);
    expect(read('public/llms.txt')).toContain(`/docs/${RELEASE}/llms.txt`);
  });
});
