/**
 * The one reader of installed packages (node_modules/<name>): their manifest (name, release, entry points) and
 * their files. The docs versions read each release's package here, the sample compiler its declarations, the
 * playground the files it bundles and the versions its folders are named after.
 */
import fs from 'fs';
import path from 'path';

/** An installed package, as its package.json describes it. */
export interface InstalledPackage {
  /** The folder name under node_modules: the package's own name, or an npm alias (`stan-1.0.0-rc14`). */
  installName: string;
  /** The name in its package.json (an alias keeps the aliased package's: `@rkrupinski/stan`). */
  name: string;
  /** Its release, from package.json. */
  version: string;
  /** Absolute folder of the install. */
  dir: string;
  /** Its `exports` map as written (subpath → file), or {} when it has none. */
  exports: Readonly<Record<string, unknown>>;
}

/** A package the build needs and cannot find; the message names it and the command that installs it. */
export class PackageNotInstalledError extends Error {
  override name = 'PackageNotInstalledError';
}

/** The folder of an installed package under `root` (the site's root). */
export const installedPackageDir = (installName: string, root: string = process.cwd()): string =>
  path.join(root, 'node_modules', ...installName.split('/'));

/** The package installed as `installName` under root, or null when node_modules has no readable package.json for it. */
export function readInstalledPackage(installName: string, root: string = process.cwd()): InstalledPackage | null {
  return readPackageAt(installedPackageDir(installName, root), installName);
}

/** The package in a folder (an install under node_modules), or null when it has no readable package.json. */
export function readPackageAt(dir: string, installName: string = path.basename(dir)): InstalledPackage | null {
  let manifest: { name?: unknown; version?: unknown; exports?: unknown };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return null;
  }
  if (typeof manifest.version !== 'string') return null;
  return {
    installName,
    name: typeof manifest.name === 'string' ? manifest.name : installName,
    version: manifest.version,
    dir,
    exports: typeof manifest.exports === 'object' && manifest.exports !== null ? (manifest.exports as Record<string, unknown>) : {},
  };
}

/** The package installed as `installName`; when it is missing, an error saying what needs it and the fix. */
export function requireInstalledPackage(installName: string, { root = process.cwd(), neededFor, fix }: { root?: string; neededFor: string; fix: string }): InstalledPackage {
  const found = readInstalledPackage(installName, root);
  if (found) return found;
  throw new PackageNotInstalledError(`${installName} is not installed (${installedPackageDir(installName, root)}): ${neededFor} needs it. ${fix}`);
}

/** "@rkrupinski/stan 1.0.0-rc14": a package as messages and pages name it. */
export const packageLabel = (pkg: Pick<InstalledPackage, 'name' | 'version'>): string => `${pkg.name} ${pkg.version}`;

/** The package's files that `keep` accepts (paths relative to its folder, "/" separators), sorted, with their text. */
export function packageFiles(pkg: Pick<InstalledPackage, 'dir'>, keep: (file: string) => boolean): Array<[string, string]> {
  return (fs.readdirSync(pkg.dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter(keep)
    .sort()
    .map((file) => [file, fs.readFileSync(path.join(pkg.dir, file), 'utf8')]);
}
