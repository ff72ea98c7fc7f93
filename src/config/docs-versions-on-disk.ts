/** Reads what the docs versions config is checked against: content/versions.json and the installed packages. */
import fs from 'fs';
import path from 'path';
import { VERSIONS_FILE } from '../contract/docs-versions';
import type { DocsVersionsOnDisk } from './schemas/docs';

/** A malformed versions file stops the build naming the file and its expected shape. */
export class VersionsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VersionsFileError';
  }
}

/** The older versions' names, newest first; none when the file is absent. */
export function readOlderVersions(root: string = process.cwd()): string[] {
  const file = path.join(root, VERSIONS_FILE);
  if (!fs.existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new VersionsFileError(`${VERSIONS_FILE} is not valid JSON (${(error as Error).message}). It holds the older versions' names, newest first, like ["1.0.0-rc14"].`);
  }
  if (!Array.isArray(parsed) || !parsed.every((name) => typeof name === 'string' && /^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(name))) {
    throw new VersionsFileError(`${VERSIONS_FILE} must be an array of release names, newest first, like ["1.0.0-rc14"]; got ${JSON.stringify(parsed)}.`);
  }
  return parsed as string[];
}

/** The version in an installed package's package.json, or null when the package is not in node_modules. */
export function installedRelease(packageName: string, root: string = process.cwd()): string | null {
  const manifest = path.join(root, 'node_modules', ...packageName.split('/'), 'package.json');
  if (!fs.existsSync(manifest)) return null;
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : null;
}

export function readDocsVersionsOnDisk(root: string = process.cwd()): DocsVersionsOnDisk {
  return { olderVersions: readOlderVersions(root), installedRelease: (name) => installedRelease(name, root) };
}
