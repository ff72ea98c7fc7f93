/** @jest-environment node */
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { describeMissingDates, docDatesFromGit, parseGitLog, parseGitStatus, readDocDates, type GitFacts } from '@src/node/git-history';

const RS = '\u001e';
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

// What `git log --format=%x1e%H %cI --name-only -z` prints: newest commit first.
const log = [
  `${RS}${A} 2026-03-04T10:00:00+01:00\0\ncontent/docs/api/atom.mdx\0content/docs/intro.mdx\0\0`,
  `${RS}${B} 2026-02-01T09:00:00+00:00\0\ncontent/docs/api/atom.mdx\0content/docs/guides/ssr.mdx\0\0`,
  `${RS}${C} 2025-12-24T08:00:00-05:00\0\ncontent/docs/guides/caching.mdx\0content/docs/guides/ssr.mdx\0`,
].join('');

const facts = (extra: Partial<GitFacts> = {}): GitFacts => ({ prefix: '', log, status: '', shallowCommits: new Set(), ...extra });

describe('parseGitLog', () => {
  it('keeps the newest commit of each file', () => {
    const dates = parseGitLog(log);
    expect(Object.fromEntries([...dates].map(([file, c]) => [file, c.date]))).toEqual({
      'content/docs/api/atom.mdx': '2026-03-04T10:00:00+01:00',
      'content/docs/intro.mdx': '2026-03-04T10:00:00+01:00',
      'content/docs/guides/ssr.mdx': '2026-02-01T09:00:00+00:00',
      'content/docs/guides/caching.mdx': '2025-12-24T08:00:00-05:00',
    });
    expect(dates.get('content/docs/guides/caching.mdx')?.commit).toBe(C);
  });

  it('reads paths with spaces and non-ASCII names as git wrote them (-z: no quoting)', () => {
    expect([...parseGitLog(`${RS}${A} 2026-01-01T00:00:00Z\0\ncontent/docs/a b/ünï.mdx\0`).keys()]).toEqual(['content/docs/a b/ünï.mdx']);
  });

  it('gives nothing for empty or foreign output rather than a wrong date', () => {
    expect(parseGitLog('').size).toBe(0);
    expect(parseGitLog('fatal: not a git repository\n').size).toBe(0);
    expect(parseGitLog(`${RS}${A} yesterday\0\nx.mdx\0`).size).toBe(0);
  });
});

describe('parseGitStatus', () => {
  it('lists modified, staged, untracked files and both sides of a rename', () => {
    const status = [' M content/docs/intro.mdx', 'A  content/docs/new.mdx', '?? content/docs/draft.mdx', 'R  content/docs/to.mdx', 'content/docs/from.mdx', ''].join('\0');
    expect([...parseGitStatus(status)].sort()).toEqual([
      'content/docs/draft.mdx',
      'content/docs/from.mdx',
      'content/docs/intro.mdx',
      'content/docs/new.mdx',
      'content/docs/to.mdx',
    ]);
  });
});

describe('docDatesFromGit', () => {
  it('gives each committed doc its last commit date, and a reason-free result when all are known', () => {
    const dates = docDatesFromGit(facts());
    expect(dates.lastUpdated('content/docs/api/atom.mdx')).toBe('2026-03-04T10:00:00+01:00');
    expect(dates.lastUpdated('content/docs/unknown.mdx')).toBeNull();
    expect(dates.reasons).toEqual([]);
    expect(describeMissingDates(dates.reasons)).toBeNull();
  });

  it('shows no date for a doc with uncommitted changes (its last commit is older than its text)', () => {
    const dates = docDatesFromGit(facts({ status: ' M content/docs/intro.mdx\0?? content/docs/draft.mdx\0' }));
    expect(dates.lastUpdated('content/docs/intro.mdx')).toBeNull();
    expect(dates.lastUpdated('content/docs/draft.mdx')).toBeNull();
    expect(dates.lastUpdated('content/docs/api/atom.mdx')).toBe('2026-03-04T10:00:00+01:00');
    expect(describeMissingDates(dates.reasons)).toBe(
      '"Last updated" dates: 2 doc(s) with uncommitted changes show none until committed: content/docs/draft.mdx, content/docs/intro.mdx.',
    );
  });

  it('in a shallow clone, shows no date for docs last changed at the cut, and the true date for the others', () => {
    const dates = docDatesFromGit(facts({ shallowCommits: new Set([B]) }));
    // The cut commit B seems to add every file it has; its date is the cut's, not the doc's.
    expect(dates.lastUpdated('content/docs/guides/ssr.mdx')).toBeNull();
    expect(dates.lastUpdated('content/docs/api/atom.mdx')).toBe('2026-03-04T10:00:00+01:00');
    expect(describeMissingDates(dates.reasons)).toMatch(/1 doc\(s\) last changed at the cut of this shallow clone .*git fetch --unshallow/);
  });

  it('maps the site folder inside the repository (prefix) to paths from the site root', () => {
    const prefixed = log.replaceAll('content/docs/', 'site/content/docs/');
    const dates = docDatesFromGit(facts({ prefix: 'site/', log: prefixed, status: ' M site/content/docs/intro.mdx\0' }));
    expect(dates.lastUpdated('content/docs/api/atom.mdx')).toBe('2026-03-04T10:00:00+01:00');
    expect(dates.lastUpdated('content/docs/intro.mdx')).toBeNull();
  });
});

describe('readDocDates (runs git)', () => {
  let dir: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      },
    });
  const commitAt = (cwd: string, date: string, message: string) => {
    execFileSync('git', ['add', '-A'], { cwd });
    execFileSync('git', ['commit', '-q', '-m', message], {
      cwd,
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
  };
  const write = (root: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-history-'));
    const repo = path.join(dir, 'repo');
    fs.mkdirSync(repo);
    git(repo, 'init', '-q');
    write(repo, 'content/docs/a.mdx', 'a');
    write(repo, 'content/docs/b.mdx', 'b');
    commitAt(repo, '2025-01-02T03:04:05+00:00', 'first');
    write(repo, 'other.txt', 'x');
    commitAt(repo, '2025-03-01T00:00:00+00:00', 'second');
    write(repo, 'content/docs/a.mdx', 'a2');
    commitAt(repo, '2025-06-07T08:09:10+00:00', 'third');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('dates each doc from one log of the folder; a modified or new doc gets none', () => {
    const repo = path.join(dir, 'repo');
    const dates = readDocDates(repo, 'content/docs');
    expect(dates.lastUpdated('content/docs/a.mdx')).toBe('2025-06-07T08:09:10+00:00');
    expect(dates.lastUpdated('content/docs/b.mdx')).toBe('2025-01-02T03:04:05+00:00');
    write(repo, 'content/docs/b.mdx', 'b2');
    write(repo, 'content/docs/c.mdx', 'c');
    const after = readDocDates(repo, 'content/docs');
    expect(after.lastUpdated('content/docs/b.mdx')).toBeNull();
    expect(after.lastUpdated('content/docs/c.mdx')).toBeNull();
    expect(after.lastUpdated('content/docs/a.mdx')).toBe('2025-06-07T08:09:10+00:00');
    git(repo, 'checkout', '-q', '--', 'content/docs/b.mdx');
    fs.rmSync(path.join(repo, 'content/docs/c.mdx'));
  });

  it('in a shallow clone of depth 2, a doc last changed before the cut gets no date; one changed after keeps its own', () => {
    const clone = path.join(dir, 'shallow');
    git(dir, 'clone', '-q', '--depth', '2', `file://${path.join(dir, 'repo')}`, clone);
    const dates = readDocDates(clone, 'content/docs');
    // The cut is "second": it seems to add b.mdx, really from "first", so b's date would be wrong.
    expect(dates.lastUpdated('content/docs/b.mdx')).toBeNull();
    expect(dates.lastUpdated('content/docs/a.mdx')).toBe('2025-06-07T08:09:10+00:00');
    expect(dates.reasons).toEqual([{ kind: 'shallow', files: 1 }]);
  });

  it('a folder outside any repository, or no git, gives no dates and never throws', () => {
    const bare = path.join(dir, 'plain');
    write(bare, 'content/docs/a.mdx', 'a');
    // GIT_CEILING_DIRECTORIES is not needed: tmpdir is not inside a repository.
    const dates = readDocDates(bare, 'content/docs');
    expect(dates.lastUpdated('content/docs/a.mdx')).toBeNull();
    expect(dates.reasons[0]?.kind).toBe('no-git');
    const missing = readDocDates(bare, 'content/docs', () => {
      throw new Error('spawnSync git ENOENT');
    });
    expect(missing.lastUpdated('content/docs/a.mdx')).toBeNull();
    expect(describeMissingDates(missing.reasons)).toBe('"Last updated" dates: git history is not available (spawnSync git ENOENT), so no doc shows one.');
  });
});
