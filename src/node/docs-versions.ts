/**
 * Every docs version the build makes, as specs for the one docs-model pipeline: the current docs from
 * site.config.ts, then each older version content/versions.json lists (its folder and its sidebars file).
 */
import fs from 'fs';
import path from 'path';
import { readDocsVersionsOnDisk } from '../config/docs-versions-on-disk';
import { parseConfig } from '../config/error-map';
import { sidebarsSchema } from '../config/schemas/sidebar';
import { docsVersionRelease, type DocsVersionsOnDisk } from '../config/schemas/docs';
import type { SiteConfig } from '../config/types';
import { versionedDocsDir, versionedSidebarsFile } from '../contract/docs-versions';
import { currentVersionSpec, DocsModelError, type DocsVersionSpec } from './docs-model';

/** An older version's sidebars, validated like site.config.ts's; a missing or malformed file names itself. */
export function readVersionSidebars(name: string, root: string): DocsVersionSpec['sidebars'] {
  const file = versionedSidebarsFile(name);
  const absolute = path.join(root, file);
  if (!fs.existsSync(absolute)) {
    throw new DocsModelError(`${file} is missing: docs version "${name}" needs its sidebars, like { "docs": [{ "type": "doc", "id": "intro" }] }.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new DocsModelError(`${file} is not valid JSON (${(error as Error).message}). Fix the file.`);
  }
  try {
    return parseConfig(sidebarsSchema, raw, file);
  } catch (error) {
    throw new DocsModelError((error as Error).message);
  }
}

/** The specs of every version, the current (last) one first, then the older ones newest first. */
export function docsVersionSpecs(
  config: Pick<SiteConfig, 'docs' | 'sidebars'>,
  root: string = process.cwd(),
  onDisk: DocsVersionsOnDisk = readDocsVersionsOnDisk(root),
): DocsVersionSpec[] {
  return [
    currentVersionSpec(config, docsVersionRelease(config.docs.lastVersion, onDisk)),
    ...onDisk.olderVersions.map((name) => ({
      name,
      release: docsVersionRelease(name, onDisk),
      isLast: false,
      contentDir: versionedDocsDir(name),
      sidebars: readVersionSidebars(name, root),
      sidebarsFile: versionedSidebarsFile(name),
    })),
  ];
}
