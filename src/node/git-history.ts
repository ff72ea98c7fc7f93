/**
 * When each doc last changed, from git history at build time. A date is shown only when git can vouch for it:
 * a file with uncommitted changes, or whose last commit is the cut of a shallow clone (that commit seems to add
 * every file, on the day of the cut), or a build without git at all gets no date. Nothing here fails a build.
 *
 * Pure parsing of git's output, plus a thin runner (`readDocDates`) that starts three git processes per build
 * however many docs there are: one `git log` for the whole content folder rather than one per doc (measured on
 * this site's 17 docs: 260 ms one per doc, 15 ms for the one log).
 */
import { execFileSync } from 'child_process';
import fs from 'fs';

/** Separates the commits of our `git log` output (a character no path or date contains). */
const COMMIT_MARK = '\u001e';
/** `git log` arguments whose output parseGitLog reads: commit hash and committer date, then the files it changed. */
export const GIT_LOG_ARGS = ['log', `--format=${COMMIT_MARK}%H %cI`, '--name-only', '-z', '--no-renames'] as const;

export interface CommitDate {
  commit: string;
  /** The committer date, ISO 8601 with the committer's offset, as git prints it. */
  date: string;
}

/**
 * The newest commit of each file in `git log` output (GIT_LOG_ARGS: newest first), by repository-relative path.
 */
export function parseGitLog(output: string): Map<string, CommitDate> {
  const latest = new Map<string, CommitDate>();
  for (const chunk of output.split(COMMIT_MARK)) {
    const [header = '', ...files] = chunk.split('\0');
    const match = /^([0-9a-f]{7,64}) (\S+)$/.exec(header.trim());
    if (!match) continue;
    const [, commit = '', date = ''] = match;
    if (Number.isNaN(Date.parse(date))) continue;
    for (const raw of files) {
      const file = raw.replace(/^\n+/, '');
      if (file !== '' && !latest.has(file)) latest.set(file, { commit, date });
    }
  }
  return latest;
}

/**
 * The repository-relative paths `git status --porcelain=v1 -z` lists: changed, staged, added or untracked.
 * A rename or copy entry is followed by its source path, which is listed too.
 */
export function parseGitStatus(output: string): Set<string> {
  const paths = new Set<string>();
  const entries = output.split('\0');
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i] ?? '';
    if (entry.length < 4) continue;
    paths.add(entry.slice(3));
    if (/^[RC]/.test(entry)) {
      i += 1;
      if (entries[i]) paths.add(entries[i] as string);
    }
  }
  return paths;
}

/** What git says about the site's working tree, as the runner collects it. */
export interface GitFacts {
  /** The site's folder inside the repository, with a trailing slash (`''` at the repository's root). */
  prefix: string;
  /** The output of `git log` (GIT_LOG_ARGS) over the docs folder. */
  log: string;
  /** The output of `git status --porcelain=v1 -z` over the docs folder. */
  status: string;
  /** The commits at which a shallow clone's history is cut (empty in a full clone). */
  shallowCommits: ReadonlySet<string>;
}

/** Why some or all docs show no date: for the build's log, so an editor knows the missing dates are intended. */
export type MissingDatesReason =
  | { kind: 'no-git'; detail: string }
  | { kind: 'shallow'; files: number }
  | { kind: 'uncommitted'; files: string[] };

export interface DocDates {
  /** The ISO date of a doc's last committed change, by its path from the site's root; null when not known. */
  lastUpdated(file: string): string | null;
  reasons: MissingDatesReason[];
}

/** The last-updated date of each file, or none where git cannot vouch for the date (see the module comment). */
export function docDatesFromGit(facts: GitFacts): DocDates {
  const commits = parseGitLog(facts.log);
  const uncommitted = parseGitStatus(facts.status);
  const atShallowCut = new Set([...commits].filter(([, c]) => facts.shallowCommits.has(c.commit)).map(([file]) => file));
  const reasons: MissingDatesReason[] = [];
  if (atShallowCut.size > 0) reasons.push({ kind: 'shallow', files: atShallowCut.size });
  const changed = [...uncommitted].filter((file) => file.startsWith(facts.prefix)).map((file) => file.slice(facts.prefix.length));
  if (changed.length > 0) reasons.push({ kind: 'uncommitted', files: changed.sort() });
  return {
    lastUpdated(file) {
      const inRepo = `${facts.prefix}${file}`;
      if (uncommitted.has(inRepo) || atShallowCut.has(inRepo)) return null;
      return commits.get(inRepo)?.date ?? null;
    },
    reasons,
  };
}

const NO_DATES = (detail: string): DocDates => ({ lastUpdated: () => null, reasons: [{ kind: 'no-git', detail }] });

/** Runs git with the arguments given, in `cwd`; returns its standard output. Throws when git fails or is missing. */
export type RunGit = (args: readonly string[], cwd: string) => string;

export const runGit: RunGit = (args, cwd) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });

const readShallowCommits = (file: string): Set<string> => {
  try {
    return new Set(fs.readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean));
  } catch {
    return new Set();
  }
};

/**
 * The dates of the docs under `contentDir` (one folder or several, relative to `root`, the site's folder). No git, or a folder that is not
 * in a repository, gives no dates and a reason; it never throws.
 */
export function readDocDates(root: string, contentDir: string | readonly string[], run: RunGit = runGit): DocDates {
  const dirs = typeof contentDir === 'string' ? [contentDir] : [...contentDir];
  try {
    // One line each: the site's folder in the repository, whether the clone is shallow, where git lists the cut.
    const [prefix = '', shallow = 'false', shallowFile = ''] = run(
      ['rev-parse', '--show-prefix', '--is-shallow-repository', '--git-path', 'shallow'],
      root,
    ).split('\n');
    const log = run([...GIT_LOG_ARGS, '--', ...dirs], root);
    const status = run(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...dirs], root);
    const shallowCommits = shallow.trim() === 'true' ? readShallowCommits(pathFrom(root, shallowFile.trim())) : new Set<string>();
    return docDatesFromGit({ prefix: prefix.trim(), log, status, shallowCommits });
  } catch (error) {
    return NO_DATES(error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
  }
}

const pathFrom = (root: string, file: string) => (file.startsWith('/') ? file : `${root}/${file}`);

/** One line for the build's log when some docs show no "Last updated" date, or null when every doc has one. */
export function describeMissingDates(reasons: readonly MissingDatesReason[]): string | null {
  if (reasons.length === 0) return null;
  const parts = reasons.map((reason) => {
    switch (reason.kind) {
      case 'no-git':
        return `git history is not available (${reason.detail || 'git failed'}), so no doc shows one`;
      case 'shallow':
        return `${reason.files} doc(s) last changed at the cut of this shallow clone show none (fetch the full history with "git fetch --unshallow" to show them)`;
      case 'uncommitted':
        return `${reason.files.length} doc(s) with uncommitted changes show none until committed: ${reason.files.join(', ')}`;
    }
  });
  return `"Last updated" dates: ${parts.join('; ')}.`;
}
