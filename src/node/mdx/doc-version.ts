/**
 * The docs version a doc file belongs to, read from its path (the contract's versionOfFile):
 * `content/versioned_docs/version-<name>/…` is `<name>`, anything else (`content/docs/…`, a test's probe file) is the
 * current docs. Its samples compile against that version's package, and its checks line names that version's release.
 */
import path from 'path';
import { CURRENT_VERSION_NAME, versionOfFile } from '../../contract/docs-versions';

/** The version name of a doc file (repository-relative, or absolute under the working directory); else `current`. */
export function docVersionOfFile(file: string): string {
  const relative = path.isAbsolute(file) ? path.relative(process.cwd(), file) : file;
  return versionOfFile(relative.split(path.sep).join('/')) ?? CURRENT_VERSION_NAME;
}
