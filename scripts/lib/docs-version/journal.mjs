// How the cut changes the site all or nothing, whatever stops it: everything it writes is staged in a scratch folder
// of the site (`.docs-version-<release>/`) beside a journal, then each change is one rename into place, in order, the
// file that makes the build see the version (content/versions.json) last. Whether a change is in place is read from
// the disk (its staged copy has moved), so the journal never disagrees with the files:
// - a failure while staging or placing puts back what was placed (moved back into the scratch folder, the previous
//   versions.json restored from the copy staged beside it) and removes the scratch folder, which holds only what the
//   cut wrote;
// - a process killed at any point leaves the journal: the same command then finishes the cut (or, killed while
//   staging, starts it again). A maintainer's file is never moved into the scratch folder, so nothing of theirs can
//   be lost with it.
import fs from 'node:fs';
import path from 'node:path';
import { CutError } from './site.mjs';

/** The scratch folders of cuts (ignored by git). */
export const SCRATCH_PREFIX = '.docs-version-';
export const scratchDir = (root, release) => path.join(root, `${SCRATCH_PREFIX}${release}`);
const JOURNAL = 'journal.json';
const JOURNAL_NEXT = 'journal.json.next';

/**
 * The journal's states: `staging` (only the scratch folder has been written), `ready` (everything is staged: each
 * step moves one thing into place) and `placed` (every change is in place: what is left is the install and removing
 * the scratch folder).
 */
export const STATES = ['staging', 'ready', 'placed'];

/** A cut stopped part-way; `outcome` says what became of the site: `undone` (as it was) or `resumable`. */
export class CutStopped extends CutError {
  constructor(message, outcome) {
    super(message);
    this.outcome = outcome;
  }
}

/** Writes the journal whole or not at all (a new file renamed over the old one). */
export function writeJournal(dir, journal) {
  fs.writeFileSync(path.join(dir, JOURNAL_NEXT), `${JSON.stringify(journal, null, 2)}\n`);
  fs.renameSync(path.join(dir, JOURNAL_NEXT), path.join(dir, JOURNAL));
}

/** The journal of a scratch folder, or null when it has none that can be read. */
export function readJournal(dir) {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(dir, JOURNAL), 'utf8'));
    return STATES.includes(journal?.state) && typeof journal.release === 'string' ? journal : null;
  } catch {
    return null;
  }
}

/** Whether a scratch folder holds nothing but the cut's journal files: then it is the cut's own, whatever they say. */
const onlyJournalFiles = (dir) => fs.readdirSync(dir).every((name) => name === JOURNAL || name === JOURNAL_NEXT);

/** The cuts that did not finish: each scratch folder of the site with its release and journal (null when unreadable). */
export function unfinishedCuts(root) {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(SCRATCH_PREFIX))
    .map((entry) => {
      const dir = path.join(root, entry.name);
      return { release: entry.name.slice(SCRATCH_PREFIX.length), dir, journal: readJournal(dir) };
    });
}

/**
 * Removes a scratch folder: only what the cut wrote in it (the journal's staged files and copies, and the journal),
 * then the folder if that left it empty. A scratch folder that holds other files and no journal is left alone.
 */
export function removeScratch(dir, journal) {
  if (!fs.existsSync(dir)) return;
  if (!journal && !onlyJournalFiles(dir)) {
    throw new CutError(
      `${path.basename(dir)} holds files the cut did not write and no journal it can read: look at it, then remove it and run again.`,
    );
  }
  const ours = journal?.state === 'staging' ? fs.readdirSync(dir) : [...(journal?.steps ?? []).flatMap((s) => [s.staged, s.previous].filter(Boolean)), ...(journal?.staged ?? [])];
  for (const name of new Set(ours)) {
    if (name !== JOURNAL && name !== JOURNAL_NEXT) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  for (const name of [JOURNAL_NEXT, JOURNAL]) fs.rmSync(path.join(dir, name), { force: true });
  try {
    fs.rmdirSync(dir);
  } catch (err) {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'ENOENT') throw err;
  }
}

const exists = (file) => {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
};

/** Whether a step's change is in place: its staged copy has moved out of the scratch folder. */
const isPlaced = (dir, step) => !exists(path.join(dir, step.staged));

/**
 * Moves each staged change into place that is not yet, in order. A `create` never replaces what is there; a
 * `replace` (content/versions.json) goes in only while the file is still as the cut found it (its copy beside it).
 */
export function placeSteps(root, dir, journal) {
  for (const step of journal.steps) {
    if (isPlaced(dir, step)) continue;
    const target = path.join(root, step.target);
    if (step.kind === 'create' && exists(target)) {
      throw new CutError(`${step.target} appeared while the version was cut: the cut does not replace it. Move it away and run again.`);
    }
    if (step.kind === 'replace' && exists(target) && !fs.readFileSync(target).equals(fs.readFileSync(path.join(dir, step.previous)))) {
      throw new CutError(`${step.target} changed while the version was cut: run the command again to cut with it as it is now.`);
    }
    for (const parent of step.parents ?? []) if (!exists(path.join(root, parent))) fs.mkdirSync(path.join(root, parent));
    fs.renameSync(path.join(dir, step.staged), target);
  }
}

/**
 * Puts back every change in place, the last first: a created file or folder moves back into the scratch folder, a
 * replaced file gets its previous content back from the copy staged beside it (only while it is as the cut wrote it);
 * folders the cut made go when empty.
 */
export function undoSteps(root, dir, journal) {
  for (const step of [...journal.steps].reverse()) {
    if (!isPlaced(dir, step)) continue;
    const target = path.join(root, step.target);
    if (step.kind === 'replace' && exists(target) && step.content !== undefined && fs.readFileSync(target, 'utf8') !== step.content) {
      throw new CutError(`${step.target} changed after the cut placed it: put it back as the cut wrote it, or restore it by hand (the previous one is ${path.basename(dir)}/${step.previous}).`);
    }
    if (exists(target)) fs.renameSync(target, path.join(dir, step.staged));
    if (step.kind === 'replace') fs.renameSync(path.join(dir, step.previous), target);
  }
  for (const parent of [...journal.steps].reverse().flatMap((step) => [...(step.parents ?? [])].reverse())) {
    try {
      fs.rmdirSync(path.join(root, parent));
    } catch (err) {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'ENOENT' && err.code !== 'EEXIST') throw err;
    }
  }
}

/** The folders under root a path needs that do not exist yet, outermost first (made when its step is placed). */
export function missingParents(root, target) {
  const parents = [];
  for (let dir = path.dirname(target); dir !== '.' && dir !== '' && !exists(path.join(root, dir)); dir = path.dirname(dir)) parents.unshift(dir);
  return parents;
}
