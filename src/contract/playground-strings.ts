/** Text of the playground (its own module: only the playground's lazy code reads it, so no first load carries it). */
import { CURRENT_PACKAGE } from './docs-versions';
import { PLAYGROUND_LAUNCH_STRINGS } from './playground-launch-strings';

// One formatter for every count: toLocaleString builds a new one per call (about a millisecond each).
const thousands = new Intl.NumberFormat('en-US');

export const PLAYGROUND_STRINGS = {
  ...PLAYGROUND_LAUNCH_STRINGS,
  editorLabel: (lang: 'ts' | 'tsx') => `Code (${lang === 'tsx' ? 'TypeScript with JSX' : 'TypeScript'})`,
  region: 'Playground',
  run: 'Run',
  reset: 'Reset',
  share: 'Share',
  close: 'Close editor',
  keys: 'Ctrl+Enter (⌘Enter) runs. Esc leaves the editor, then Tab moves on.',
  checking: 'Checking types…',
  noErrors: 'No type errors.',
  errors: (count: number) => (count === 1 ? '1 type error.' : `${count} type errors.`),
  errorsList: 'Type errors',
  errorAt: (line: number, column: number) => `Line ${line}, column ${column}:`,
  moreErrors: (count: number) => `…and ${count} more (the first are listed).`,
  typeAtCursor: 'Type at cursor',
  output: 'Output',
  outputEmpty: 'Press Run to see what the code prints.',
  running: 'Running…',
  finished: 'Finished.',
  rendered: 'Rendered the default export below.',
  drew: 'Finished. What the code drew is below.',
  stopped: (seconds: number) =>
    `Stopped: the code kept the sandbox busy for ${seconds} seconds (an endless loop?). Fix it and run again.`,
  stoppedAfterFinish: (seconds: number) =>
    `Finished, then stopped: code the run left scheduled kept the sandbox busy for ${seconds} seconds (an endless loop?).`,
  hiddenLines: (count: number) => `${thousands.format(count)} more ${count === 1 ? 'line' : 'lines'} not shown`,
  threw: 'The code threw:',
  frameTitle: 'Rendered output of the code',
  shareLink: 'Share link',
  linkCopied: 'Link copied to the clipboard.',
  linkReady: 'Copy the link above to share this code.',
  draftRestored: 'Your edits are back, as you left them. Reset brings back the original code.',
  draftNotSaved:
    'This browser does not let the site keep your edits (its storage is full or turned off): they last until the page reloads. Copy them, or use Share, to keep them.',
  sharedBroken: 'The shared code could not be opened.',
  starterInstead: 'The editor holds the starter program instead.',
  needsJavaScript:
    'The playground needs JavaScript: turn it on in your browser to edit, type-check and run code here. The samples in the docs can be read and copied without it.',
  runsRelease: (release: string) => `Runs ${CURRENT_PACKAGE} ${release}`,
  release: 'Release',
  unknownVersion: (asked: string, release: string) =>
    `The link asks for release “${asked}”, which this playground does not run. The code opens on ${CURRENT_PACKAGE} ${release} instead.`,
  pageTitle: 'Playground',
  pageIntro:
    'Write TypeScript against @rkrupinski/stan and React 19, see the type checker’s errors as you type, and run it in a sandbox. Share puts the code in the link.',
} as const;
