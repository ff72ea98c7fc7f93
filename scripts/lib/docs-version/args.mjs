// The command line of `npm run docs:version`: its usage and its options.
import path from 'node:path';
import { parseArgs } from 'node:util';
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

export const USAGE = `Usage: npm run docs:version -- <release> [--no-install] [--allow-uncommitted]

Cuts the current docs (content/docs) into the docs of <release>, the release of ${CURRENT_PACKAGE} they document. Writes
  - ${versionedDocsDir('<release>')}/: a copy of content/docs, its links into the docs pointed at the version and its
    live examples shown as their code
  - ${versionedSidebarsFile('<release>')}: the sidebars of site.config.ts
  - ${versionedClaimsDir('<release>')}/: the claim tests it can make tests of <release> (it names the others)
  - ${VERSIONS_FILE}: <release> first
and installs the release as ${versionPackage('<release>')} (${aliasInstallCommand('<release>')}).
Every step is journaled: if it stops part-way, run the same command again to finish the cut, or add --undo to put
the site back as it was before it.

Options:
  --no-install         do not run npm; print the install command instead
  --allow-uncommitted  cut content/docs with changes git has not committed (refused otherwise)
  --undo               put back what a cut of <release> that stopped part-way had changed, instead of finishing it
  --root DIR           the site to cut (default: this repository)
  --help               this text`;

/**
 * The options of the command line: the release, whether to install, whether uncommitted docs may be cut, whether to
 * undo a stopped cut instead, the root.
 */
export function parseDocsVersionArgs(argv, defaultRoot) {
  const options = { 'no-install': { type: 'boolean' }, 'allow-uncommitted': { type: 'boolean' }, undo: { type: 'boolean' }, root: { type: 'string' }, help: { type: 'boolean' } };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (err) {
    const arg = /'([^'\s]*)/.exec(err.message)?.[1] ?? err.message;
    throw new CutError(`unknown or incomplete argument: ${arg}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length === 0) {
    throw new CutError(`Name the release the current docs document, e.g. npm run docs:version -- 1.2.0-rc4 (see --help).\n\n${USAGE}`);
  }
  if (positionals.length > 1) throw new CutError(`One release at a time: got ${positionals.join(', ')}.\n\n${USAGE}`);
  return {
    release: positionals[0],
    install: !values['no-install'],
    allowUncommitted: Boolean(values['allow-uncommitted']),
    undo: Boolean(values.undo),
    root: path.resolve(values.root ?? defaultRoot),
  };
}
