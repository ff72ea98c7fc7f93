// `npm run docs:version -- <release>`: cuts the current docs into an older docs version pinned to a package release,
// as `docusaurus docs:version` does: its docs, sidebars, claim tests and entry in content/versions.json (the one list
// of versions: the site config only overrides labels and banners), and the release installed under its alias. It
// checks everything first (./checks.mjs), stages every file (./docs.mjs, ./claims.mjs) and places them through a
// journal (./journal.mjs), so a failure or an interruption at any point leaves the site as it was, or finished by
// running the command again.
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
import { checkRelease, npmProblem, runNpm, uncommittedChanges, versionNamesOf } from './checks.mjs';
import { CLAIMS_DIR, stageClaims, versionedClaimsDir } from './claims.mjs';
import { stageDocs } from './docs.mjs';
import { CutStopped, SCRATCH_PREFIX, missingParents, placeSteps, removeScratch, scratchDir, undoSteps, unfinishedCuts, writeJournal } from './journal.mjs';
import { CutError, SITE_CONFIG_FILE } from './site.mjs';

/** The sidebars file of a version: site.config.ts's sidebars as JSON, with the same item shapes. */
export function sidebarsJson(sidebars) {
  if (!sidebars || typeof sidebars !== 'object' || Object.keys(sidebars).length === 0) {
    throw new CutError(`${SITE_CONFIG_FILE} has no sidebars to copy: add \`sidebars: { docs: [...] }\` and run again.`);
  }
  // Only what JSON keeps as it is: plain objects, arrays, strings, finite numbers, booleans and null.
  const plain = (value, at) => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number' && Number.isFinite(value)) return;
    if (Array.isArray(value)) return value.forEach((item, i) => plain(item, `${at}[${i}]`));
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.entries(value).forEach(([key, item]) => plain(item, `${at}.${key}`));
    }
    throw new CutError(`${SITE_CONFIG_FILE}: ${at} is ${typeof value}, which a sidebars JSON file cannot hold: make it a plain value and run again.`);
  };
  plain(sidebars, 'sidebars');
  return `${JSON.stringify(sidebars, null, 2)}\n`;
}

const relative = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Stops the cut when the process was asked to (Ctrl+C): checked between steps, where stopping loses nothing. */
function interruptions() {
  let signal = null;
  const onSignal = (name) => () => {
    signal = name;
  };
  const handlers = { SIGINT: onSignal('SIGINT'), SIGTERM: onSignal('SIGTERM') };
  for (const [name, handler] of Object.entries(handlers)) process.on(name, handler);
  return {
    check() {
      if (signal) throw new CutError(`interrupted (${signal})`);
    },
    get signal() {
      return signal;
    },
    stop() {
      for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
    },
  };
}

/**
 * Everything the version is made of, staged in the scratch folder `dir`, and the journal that places it. Writes
 * nothing outside `dir`.
 */
async function stage({ root, dir, release, install, versionNames, config, site, interrupt }) {
  writeJournal(dir, { release, state: 'staging' });
  const contentDir = typeof config?.docs?.contentDir === 'string' ? config.docs.contentDir : 'content/docs';
  const docsPath = typeof config?.docs?.path === 'string' ? config.docs.path : 'docs';
  const sidebars = sidebarsJson(config?.sidebars);
  const docs = await stageDocs({ root, contentDir, into: path.join(dir, 'docs'), docsPath, release, versionNames: [...versionNames, release], site });
  interrupt.check();
  fs.writeFileSync(path.join(dir, 'sidebars.json'), sidebars);
  const claims = stageClaims(root, release, docs.ids, path.join(dir, 'claims'));
  interrupt.check();
  const versionsFile = path.join(root, VERSIONS_FILE);
  const hadVersions = fs.existsSync(versionsFile);
  if (hadVersions) fs.copyFileSync(versionsFile, path.join(dir, 'versions.json.previous'));
  const versionsJson = `${JSON.stringify([release, ...versionNames])}\n`;
  fs.writeFileSync(path.join(dir, 'versions.json'), versionsJson);
  const step = (staged, target, kind = 'create', content = undefined) => ({
    staged,
    target,
    kind,
    parents: missingParents(root, target),
    ...(kind === 'replace' ? { previous: `${staged}.previous`, content } : {}),
  });
  const steps = [
    step('docs', versionedDocsDir(release)),
    step('sidebars.json', versionedSidebarsFile(release)),
    ...(claims.carried.length > 0 ? [step('claims', versionedClaimsDir(release))] : []),
    // Last: the build sees the version once it is listed.
    step('versions.json', VERSIONS_FILE, hadVersions ? 'replace' : 'create', versionsJson),
  ];
  const journal = {
    release,
    state: 'ready',
    install,
    steps,
    report: {
      docs: docs.ids.length,
      links: docs.links,
      docsPath,
      contentDir,
      examples: docs.examples,
      versions: [release, ...versionNames],
      claims: { carried: claims.carried, left: claims.left },
    },
  };
  interrupt.check();
  writeJournal(dir, journal);
  return journal;
}

/** What the maintainer reads once the version's files are in place. */
function report({ journal, log }) {
  const { release, report: r } = journal;
  log(`Cut the docs of ${release}:`);
  for (const { target } of journal.steps) {
    const detail =
      target === VERSIONS_FILE
        ? ` (${r.versions.join(', ')})`
        : target === versionedDocsDir(release)
          ? ` (${r.docs} docs, ${r.links} links into the docs now /${r.docsPath}/${release}/…)`
          : target === versionedClaimsDir(release)
            ? ` (${r.claims.carried.length} claim tests)`
            : '';
    log(`  wrote ${target}${detail}`);
  }
  for (const example of r.examples) {
    log(
      `  ${versionedDocsDir(release)}/${example.file}:${example.line}: the live example "${example.id}" shows as ${example.shown}: ` +
        `the live examples run the current ${CURRENT_PACKAGE}, a version runs its own release. Check the words around it.`,
    );
  }
}

/** The maintainer's next steps, numbered. */
function nextSteps({ journal, installed, installProblem, log }) {
  const { release, report: r } = journal;
  const todo = [];
  if (!journal.install) todo.push(`Install the release beside the current one (the build needs it), pinned:\n      ${aliasInstallCommand(release)}`);
  else if (!installed) {
    todo.push(
      `npm could not install the release (${installProblem}). When the registry answers, run the same command again ` +
        `(npm run docs:version -- ${release}) to finish, or run\n      ${aliasInstallCommand(release)}`,
    );
  }
  if (r.claims.carried.length > 0) {
    todo.push(
      `Run the ${r.claims.carried.length} claim tests made tests of ${release} in ${versionedClaimsDir(release)}/ (pages renamed ` +
        `version-${release}/<id>, imports of ${CURRENT_PACKAGE} now ${versionPackage(release)}):\n      npx jest ${versionedClaimsDir(release)}`,
    );
  }
  if (r.claims.left.length > 0) {
    const lines = r.claims.left.flatMap(({ file, reasons }) =>
      reasons.map(({ what, lines: at }) => `      ${file}: ${what} (line${at.length > 1 ? 's' : ''} ${at.join(', ')})`),
    );
    todo.push(
      `${r.claims.left.length} claim tests of ${CLAIMS_DIR}/ were not carried: they run the current ${CURRENT_PACKAGE} or read ` +
        `the current docs whatever the page, so they would not test ${release}. To back those pages' statements in the version, ` +
        `copy them into ${versionedClaimsDir(release)}/ using ${versionPackage(release)} and the version's files (as claims-1.0.0-rc14/ does):\n${lines.join('\n')}`,
    );
  }
  todo.push(
    `Then document the new release in ${r.contentDir}: npm install --save-exact ${CURRENT_PACKAGE}@<new release>, rewrite the pages ` +
      'and their claims, and run the tests (README, "Documenting a new release").',
  );
  log('\nStill to do:');
  todo.forEach((item, i) => log(`  ${i + 1}. ${item}`));
  return todo;
}

/** The install of the release under its alias; its real error when npm fails. */
function installRelease({ root, release, npm, log }) {
  log(`Installing ${versionPackage(release)}: ${aliasInstallCommand(release)}`);
  const result = npm(root, ['install', '--save-exact', `${versionPackage(release)}@npm:${CURRENT_PACKAGE}@${release}`], { showOutput: true });
  return result.status === 0 ? { installed: true } : { installed: false, problem: npmProblem(result.stderr, result.status) };
}

/** From a journal whose changes are all in place: install, remove the scratch folder, say what was done and is left. */
function finish({ root, dir, journal, site, npm, log, interrupt, notes = [] }) {
  const { release } = journal;
  report({ journal, log });
  for (const note of notes) log(`Note: ${note}`);
  let installed = false;
  let installProblem = null;
  if (journal.install) {
    installed = site.readInstalledPackage(versionPackage(release), root)?.version === release;
    if (!installed && !interrupt.signal) ({ installed, problem: installProblem } = installRelease({ root, release, npm, log }));
    if (!installed) installProblem ??= 'interrupted';
  }
  // The journal stays while the install is left to do: the same command then retries it.
  if (!journal.install || installed) removeScratch(dir, journal);
  const todo = nextSteps({ journal, installed, installProblem, log });
  return { installed, todo, written: journal.steps.map((s) => s.target), claims: journal.report.claims, examples: journal.report.examples };
}

/** Runs what is left once the version is placed, or finishes one placed before: a failure there loses nothing. */
function resumable(release, run) {
  try {
    return run();
  } catch (err) {
    if (err instanceof CutStopped) throw err;
    throw new CutStopped(
      `it stopped after placing the version (${err.message}). Nothing is lost: run npm run docs:version -- ${release} again to finish the cut.`,
      'resumable',
    );
  }
}

/** Puts back what a stopped cut of `release` had changed and removes its scratch folder (`--undo`). */
function undoCut({ root, release, unfinished, log }) {
  const cut = unfinished.find((c) => c.release === release);
  if (!cut) throw new CutError(`No cut of ${release} stopped part-way (there is no ${SCRATCH_PREFIX}${release}/): there is nothing to undo.`);
  try {
    if (cut.journal && cut.journal.state !== 'staging') undoSteps(root, cut.dir, cut.journal);
    removeScratch(cut.dir, cut.journal);
  } catch (err) {
    throw new CutStopped(
      `it could not put everything back (${err.message}). Nothing is lost: what is not back yet is in ${relative(root, cut.dir)}/; ` +
        `run npm run docs:version -- ${release} --undo again, or without --undo to finish the cut.`,
      'resumable',
    );
  }
  log(`Undid the cut of ${release}: the site is as it was before it.`);
  return { undone: true };
}

/**
 * Cuts the current docs into the version `release` under root. `site` is the site's code (./site.mjs loadSiteCode),
 * `config` its site.config.ts. Returns what was written and what is left to do; a CutError says why nothing was
 * changed, a CutStopped what became of a cut stopped part-way. With `undo`, puts back a cut stopped part-way instead.
 */
export async function cutDocsVersion({ root, release, install, allowUncommitted = false, undo = false, site, config, log = console.log, npm = runNpm }) {
  const interrupt = interruptions();
  try {
    const unfinished = unfinishedCuts(root);
    if (undo) return undoCut({ root, release, unfinished, log });
    const other = unfinished.find((cut) => cut.release !== release);
    if (other) {
      throw new CutError(
        `The cut of ${other.release} did not finish (${relative(root, other.dir)}/ holds its journal): run ` +
          `npm run docs:version -- ${other.release} to finish it first.`,
      );
    }
    const dir = scratchDir(root, release);
    const earlier = unfinished.find((cut) => cut.release === release);
    if (earlier?.journal && earlier.journal.state !== 'staging') {
      log(`Finishing the cut of ${release} that stopped part-way (${relative(root, dir)}/).`);
      return resumable(release, () => {
        placeSteps(root, dir, earlier.journal);
        const placed = { ...earlier.journal, state: 'placed' };
        writeJournal(dir, placed);
        return finish({ root, dir, journal: placed, site, npm, log, interrupt });
      });
    }
    // Stopped while staging: nothing outside the scratch folder was touched, so the cut starts again.
    if (earlier) removeScratch(dir, earlier.journal);

    const versionNames = versionNamesOf(root, site);
    const notes = checkRelease({ root, release, versionNames, site, npm });
    const contentDir = typeof config?.docs?.contentDir === 'string' ? config.docs.contentDir : 'content/docs';
    if (!fs.existsSync(path.join(root, contentDir))) throw new CutError(`${contentDir} is missing in ${root}: run the command in the site's folder.`);
    const uncommitted = uncommittedChanges(root, [contentDir, CLAIMS_DIR]);
    if (uncommitted === null) notes.push(`git cannot say whether ${contentDir} has uncommitted changes (not a git repository): it was cut as it is.`);
    else if (uncommitted.length > 0 && !allowUncommitted) {
      throw new CutError(
        `${contentDir} or ${CLAIMS_DIR} has changes git has not committed, which the version would be cut with:\n` +
          `${uncommitted.map((line) => `  ${line}`).join('\n')}\nCommit (or stash) them first, or run again with --allow-uncommitted to cut them as they are.`,
      );
    } else if (uncommitted.length > 0) notes.push(`Cut with changes git has not committed: ${uncommitted.join(', ')}.`);
    sidebarsJson(config?.sidebars);

    fs.mkdirSync(dir);
    let journal;
    try {
      journal = await stage({ root, dir, release, install, versionNames, config, site, interrupt });
    } catch (err) {
      // Everything in the folder is the cut's: it made the folder, and staging writes nowhere else.
      removeScratch(dir, { state: 'staging' });
      if (err instanceof CutError) throw err;
      throw new CutError(`it stopped while staging the version: ${err.message}`);
    }
    try {
      interrupt.check();
      placeSteps(root, dir, journal);
    } catch (err) {
      try {
        undoSteps(root, dir, journal);
        removeScratch(dir, journal);
      } catch (undoErr) {
        throw new CutStopped(
          `it stopped while placing the version (${err.message}) and could not put the site back (${undoErr.message}). ` +
            `Nothing is lost: run npm run docs:version -- ${release} again to finish the cut.`,
          'resumable',
        );
      }
      throw new CutStopped(`it stopped while placing the version: ${err.message}`, 'undone');
    }
    return resumable(release, () => {
      const placed = { ...journal, state: 'placed' };
      writeJournal(dir, placed);
      return finish({ root, dir, journal: placed, site, npm, log, interrupt, notes });
    });
  } finally {
    interrupt.stop();
  }
}
