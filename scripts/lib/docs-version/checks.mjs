// What the cut checks before it writes anything: the release (an npm version, not a version of the site yet, a
// published release of the package) and the docs it copies (no changes git has not committed, unless allowed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  aliasInstallCommand,
  CURRENT_PACKAGE,
  VERSIONS_FILE,
  versionedDocsDir,
  versionedSidebarsFile,
  versionPackage,
} from '../../../src/contract/docs-versions-layout.mjs';
import { versionedClaimsDir } from './claims.mjs';
import { CutError } from './site.mjs';

// The regular expression semver.org publishes for a version (npm's versions are semver); a well-known one-liner, so
// the script needs no extra dependency.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** Runs npm in root and returns its status and output (npm is found on PATH, as a shell would). */
export function runNpm(root, args, { showOutput = false } = {}) {
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', showOutput ? 'inherit' : 'pipe', 'pipe'], timeout: 300_000 });
  return { status: result.error ? -1 : result.status, stdout: result.stdout ?? '', stderr: result.error ? String(result.error.message) : (result.stderr ?? '') };
}

/**
 * What went wrong, from npm's error output: its own lines without the `npm error` prefix, the error code, and
 * neither the pointer to its log file nor the lines that only repeat the code.
 */
export function npmProblem(stderr, status) {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (?:error|ERR!)\s?/, '').trim())
    .filter((line) => line !== '' && !/^A complete log of this run can be found in/.test(line) && !/^(?:syscall|errno)\b/.test(line) && !/^Log files were not written/.test(line));
  const code = lines.find((line) => /^code \S+$/.test(line))?.slice('code '.length);
  const said = lines.filter((line) => !/^code \S+$/.test(line)).slice(0, 3).join(' ');
  if (said && code) return `${said} (${code})`;
  return said || (code ? `error ${code}` : `npm exited with ${status}`);
}

/** The older versions' names (content/versions.json), read by the site's own reader; a broken file is a CutError. */
export function versionNamesOf(root, site) {
  try {
    return site.readVersionNames(root);
  } catch (err) {
    if (err instanceof site.DocsVersionsError) throw new CutError(`${err.message} Fix it and run again.`);
    throw err;
  }
}

/**
 * Checks that the release can be cut: an npm version, not a version of the site yet, no folder of it left from an
 * earlier cut, and a published release of the package (asked of the registry unless it is installed already).
 * Returns notes for the maintainer.
 */
export function checkRelease({ root, release, versionNames, site, npm = runNpm }) {
  if (!SEMVER.test(release)) {
    throw new CutError(`"${release}" is not an npm version. Name the release of ${CURRENT_PACKAGE} the current docs document, e.g. 1.2.0-rc4.`);
  }
  if (versionNames.includes(release)) {
    throw new CutError(
      `${release} is already a docs version (${VERSIONS_FILE}). Cut a release that has no version yet, or retire ` +
        `${release} first (README, "Retiring a version") and cut it again.`,
    );
  }
  for (const taken of [versionedDocsDir(release), versionedSidebarsFile(release), versionedClaimsDir(release)]) {
    if (fs.existsSync(path.join(root, taken))) {
      throw new CutError(
        `${taken} already exists although ${VERSIONS_FILE} does not list ${release}: it is left from an earlier cut or ` +
          'retirement. Remove it (or add the version to versions.json by hand) and run again.',
      );
    }
  }
  const notes = [];
  const current = site.readInstalledPackage(CURRENT_PACKAGE, root)?.version ?? null;
  if (current !== null && current !== release) {
    notes.push(
      `The installed ${CURRENT_PACKAGE} is ${current}, not ${release}: check that content/docs describes ${release} ` +
        'before you rewrite it for the new release.',
    );
  }
  if (current === release || site.readInstalledPackage(versionPackage(release), root)?.version === release) return notes;
  const view = npm(root, ['view', CURRENT_PACKAGE, 'versions', '--json']);
  if (view.status !== 0) {
    throw new CutError(
      `Cannot check that ${release} is a release of ${CURRENT_PACKAGE}: npm could not ask the registry ` +
        `(${npmProblem(view.stderr, view.status)}). Run again when the registry answers, or install the release first: ${aliasInstallCommand(release)}`,
    );
  }
  let published;
  try {
    published = [].concat(JSON.parse(view.stdout || '[]'));
  } catch {
    throw new CutError(`npm view ${CURRENT_PACKAGE} versions --json did not answer JSON: run it yourself to see why, then run again.`);
  }
  if (!published.includes(release)) {
    throw new CutError(
      `${CURRENT_PACKAGE} has no release ${release} on npm (published: ${published.slice(-8).join(', ')}). ` +
        'Name a published release: the one the current docs document.',
    );
  }
  return notes;
}

/**
 * The changes git has not committed under the folders the cut copies, one `<status> <file>` line each (`M`, `??`, …);
 * null when git cannot tell (not a repository, or no git).
 */
export function uncommittedChanges(root, folders) {
  const status = spawnSync('git', ['status', '--porcelain=v1', '--untracked-files=all', '--', ...folders], { cwd: root, encoding: 'utf8' });
  if (status.error || status.status !== 0) return null;
  return status.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `${line.slice(0, 2).trim()} ${line.slice(3)}`);
}
