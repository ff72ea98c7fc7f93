/**
 * Where docs versions live and how their packages and doc ids are named: read by the build and the browser (through
 * src/contract/docs-versions.ts) and by the plain-Node `npm run docs:version` cut (scripts/lib/docs-version/).
 * Plain JavaScript, so both can import it as is.
 */

/** The name of the version made from `content/docs`. */
export const CURRENT_VERSION_NAME = 'current';

/** The package the current docs describe. */
export const CURRENT_PACKAGE = '@rkrupinski/stan';

/** Where the list of older versions lives (newest first), and their docs and sidebars. */
export const VERSIONS_FILE = 'content/versions.json';
export const VERSIONED_DOCS_DIR = 'content/versioned_docs';
export const VERSIONED_SIDEBARS_DIR = 'content/versioned_sidebars';

/** An older version's docs folder (`content/versioned_docs/version-1.0.0-rc14`). */
export const versionedDocsDir = (name) => `${VERSIONED_DOCS_DIR}/version-${name}`;

/** An older version's sidebars file (`content/versioned_sidebars/version-1.0.0-rc14-sidebars.json`). */
export const versionedSidebarsFile = (name) => `${VERSIONED_SIDEBARS_DIR}/version-${name}-sidebars.json`;

/** The installed package a version's samples import as `@rkrupinski/stan` (`stan-1.0.0-rc14` for 1.0.0-rc14). */
export const versionPackage = (name) => (name === CURRENT_VERSION_NAME ? CURRENT_PACKAGE : `stan-${name}`);

/** The npm command that installs an older version's release beside the current one, pinned, under its alias. */
export const aliasInstallCommand = (name) => `npm install --save-exact ${versionPackage(name)}@npm:${CURRENT_PACKAGE}@${name}`;

/**
 * A doc's id across versions: the current docs keep their plain id (`api/atom`), an older version's are prefixed
 * (`version-1.0.0-rc14/api/atom`), so ids are unique site-wide while each version keeps its own ids.
 */
export const qualifiedDocId = (versionName, docId) =>
  versionName === CURRENT_VERSION_NAME ? docId : `version-${versionName}/${docId}`;
