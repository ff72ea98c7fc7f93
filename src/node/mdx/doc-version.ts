/**
 * The docs version a doc file belongs to, read from its path: `content/versioned_docs/version-<name>/…` is `<name>`,
 * anything else (`content/docs/…`, a test's probe file) is the current docs. Its samples compile against that
 * version's package, and its checks line names that version's release.
 */
import path from 'path';
import { CURRENT_VERSION_NAME, VERSIONED_DOCS_DIR } from '../../contract/docs-versions';

const VERSIONED_FILE = new RegExp(`(?:^|/)${VERSIONED_DOCS_DIR.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/version-([^/]+)/`);

/** The version name of a doc file (repository-relative or absolute): an older version's name, else `current`. */
export function docVersionOfFile(file: string): string {
  return VERSIONED_FILE.exec(file.split(path.sep).join('/'))?.[1] ?? CURRENT_VERSION_NAME;
}
