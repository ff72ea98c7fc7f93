/**
 * The docs versions, read once: content/versions.json (the one list of older versions), the config's optional
 * overrides (`docs.lastVersion`, `docs.versions` labels, banners and badges) and each version's installed release
 * and sidebars, as one value per version (as Docusaurus's `readVersionsMetadata` does). Every step of the build
 * receives these values; none derives a version again.
 */
import fs from 'fs';
import path from 'path';
import {
  aliasInstallCommand,
  CURRENT_VERSION_NAME,
  defaultVersionBanner,
  lastVersionName,
  versionedDocsDir,
  versionedSidebarsFile,
  VERSIONS_FILE,
  versionNamesNewestFirst,
  versionPackage,
  versionRoute,
  type DocsVersionBanner,
  type DocsVersionRoute,
} from '../contract/docs-versions';
import { parseConfig, SiteConfigError } from './error-map';
import { readInstalledPackage } from './installed-package';
import { sidebarsSchema } from './schemas/sidebar';
import type { SidebarItemConfig, SiteConfig } from './types';

/** A docs version as every step of the build receives it. */
export interface DocsVersionMetadata {
  /** `current` for content/docs, else the release an older version documents (`1.0.0-rc14`). */
  name: string;
  label: string;
  /** The package release the version documents, as installed (`1.2.0-rc4`, `1.0.0-rc14`). */
  release: string;
  /** The name the release's package.json gives it (`@rkrupinski/stan`, also for an alias). */
  packageName: string;
  /** Where the release is installed: node_modules/@rkrupinski/stan, or its alias (node_modules/stan-1.0.0-rc14). */
  packageDir: string;
  /** The folder name of that install (`@rkrupinski/stan`, `stan-1.0.0-rc14`). */
  installName: string;
  /** The version's docs folder from the site root (`content/docs`, `content/versioned_docs/version-1.0.0-rc14`). */
  contentDir: string;
  sidebars: Record<string, SidebarItemConfig[]>;
  /** Where the sidebars are written, named by errors about them. */
  sidebarsFile: string;
  /** The base route (`/docs` for the last version, `/docs/1.0.0-rc14`). */
  path: string;
  banner: DocsVersionBanner;
  badge: boolean;
  isLast: boolean;
}

/** A malformed versions file, sidebars file or a missing release: the message names the file or package and the fix. */
export class DocsVersionsError extends Error {
  override name = 'DocsVersionsError';
}

const VERSION_NAME = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;

/** When content/versions.json last changed (-1 without the file): what the remembered reads are checked against. */
const versionsFileStamp = (root: string) => {
  try {
    return fs.statSync(path.join(root, VERSIONS_FILE)).mtimeMs;
  } catch {
    return -1;
  }
};

let rememberedNames: { root: string; stamp: number; names: string[] } | undefined;

/**
 * The older versions' names, newest first, from content/versions.json under root (none when the file is absent):
 * read again only when the file changes.
 */
export function readVersionNames(root: string = process.cwd()): string[] {
  const stamp = versionsFileStamp(root);
  if (rememberedNames?.root === root && rememberedNames.stamp === stamp) return rememberedNames.names;
  const names = parseVersionNames(root);
  rememberedNames = { root, stamp, names };
  return names;
}

function parseVersionNames(root: string): string[] {
  const file = path.join(root, VERSIONS_FILE);
  if (!fs.existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DocsVersionsError(`${VERSIONS_FILE} is not valid JSON (${(error as Error).message}). It holds the older versions' names, newest first, like ["1.0.0-rc14"].`);
  }
  if (!Array.isArray(parsed) || !parsed.every((name) => typeof name === 'string' && VERSION_NAME.test(name))) {
    throw new DocsVersionsError(`${VERSIONS_FILE} must be an array of release names, newest first, like ["1.0.0-rc14"]; got ${JSON.stringify(parsed)}.`);
  }
  const repeated = parsed.find((name, index) => parsed.indexOf(name) !== index);
  if (repeated !== undefined || parsed.includes(CURRENT_VERSION_NAME)) {
    throw new DocsVersionsError(`${VERSIONS_FILE} lists "${repeated ?? CURRENT_VERSION_NAME}" ${repeated !== undefined ? 'twice' : '(the current docs are not an older version)'}: each older version once, newest first.`);
  }
  return parsed as string[];
}

/** An older version's sidebars, validated like site.config.ts's; a missing or malformed file names itself. */
function readVersionSidebars(name: string, root: string): Record<string, SidebarItemConfig[]> {
  const file = versionedSidebarsFile(name);
  const absolute = path.join(root, file);
  if (!fs.existsSync(absolute)) {
    throw new DocsVersionsError(`${file} is missing: docs version "${name}" needs its sidebars, like { "docs": [{ "type": "doc", "id": "intro" }] }.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new DocsVersionsError(`${file} is not valid JSON (${(error as Error).message}). Fix the file.`);
  }
  try {
    return parseConfig(sidebarsSchema, raw, file);
  } catch (error) {
    if (error instanceof SiteConfigError) throw new DocsVersionsError(error.message);
    throw error;
  }
}

/** The installed release of a version; a missing or mismatched install is a problem naming the command that fixes it. */
function versionPackageOf(name: string, root: string, problems: string[]) {
  const installName = versionPackage(name);
  const pkg = readInstalledPackage(installName, root);
  const install = name === CURRENT_VERSION_NAME ? 'npm ci' : aliasInstallCommand(name);
  if (!pkg) {
    problems.push(`docs version "${name}" documents ${installName}, which is not installed: its samples compile against it. Run: ${install}`);
  } else if (name !== CURRENT_VERSION_NAME && pkg.version !== name) {
    problems.push(`docs version "${name}" documents release ${name}, but ${installName} is ${pkg.version}. Run: ${install}`);
  }
  return { installName, pkg };
}

type DocsVersionsConfig = Pick<SiteConfig, 'docs' | 'sidebars'>;

let remembered: { root: string; config: DocsVersionsConfig; stamp: number; versions: DocsVersionMetadata[] } | undefined;


/**
 * Every docs version, newest first (the current docs, then content/versions.json's order). Read once per process (again only when
 * content/versions.json changes); a missing release, sidebars file or a malformed versions file throws a
 * DocsVersionsError naming each problem and its fix.
 */
export function readDocsVersions(config: DocsVersionsConfig, root: string = process.cwd()): DocsVersionMetadata[] {
  const stamp = versionsFileStamp(root);
  if (remembered && remembered.root === root && remembered.config === config && remembered.stamp === stamp) return remembered.versions;
  const older = readVersionNames(root);
  const last = lastVersionName(config.docs.lastVersion);
  const newestFirst = versionNamesNewestFirst(older);
  const problems: string[] = [];
  const versions = newestFirst.map((name): DocsVersionMetadata | null => {
    const isCurrent = name === CURRENT_VERSION_NAME;
    const { installName, pkg } = versionPackageOf(name, root, problems);
    let sidebars: Record<string, SidebarItemConfig[]> = {};
    try {
      sidebars = isCurrent ? config.sidebars : readVersionSidebars(name, root);
    } catch (error) {
      if (!(error instanceof DocsVersionsError)) throw error;
      problems.push(error.message);
    }
    if (!pkg) return null;
    const overrides = config.docs.versions?.[name] ?? {};
    const isLast = name === last;
    return {
      name,
      // A version is labelled by the release it documents unless the config names it otherwise.
      label: overrides.label ?? pkg.version,
      release: pkg.version,
      packageName: pkg.name,
      packageDir: pkg.dir,
      installName,
      contentDir: isCurrent ? config.docs.contentDir : versionedDocsDir(name),
      sidebars,
      sidebarsFile: isCurrent ? 'site.config.ts' : versionedSidebarsFile(name),
      path: versionRoute(config.docs.path, name, isLast),
      banner: overrides.banner ?? defaultVersionBanner(name, newestFirst, last),
      badge: overrides.badge ?? true,
      isLast,
    };
  });
  if (problems.length > 0) throw new DocsVersionsError(problems.join('\n'));
  const read = versions.filter((version): version is DocsVersionMetadata => version !== null);
  remembered = { root, config, stamp, versions: read };
  return read;
}

/** The version named `name`; an unknown name is an error listing the known ones. */
export function docsVersionNamed(versions: readonly DocsVersionMetadata[], name: string): DocsVersionMetadata {
  const found = versions.find((version) => version.name === name);
  if (found) return found;
  throw new DocsVersionsError(`There is no docs version "${name}". Known versions: ${versions.map((v) => v.name).join(', ')}.`);
}

/** The versions as the browser's search and routes need them (a build define, so no page loads more). */
export const docsVersionRoutes = (versions: readonly DocsVersionMetadata[]): DocsVersionRoute[] =>
  versions.map(({ name, label, release, path: route, isLast }) => ({ name, label, release, path: route, isLast }));
