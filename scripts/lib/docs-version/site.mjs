// The site's own code the cut runs, rather than a copy of it: the reader of content/versions.json and of installed
// packages, the MDX parser and link finder of the build, and where the live examples' sources are. The site's
// modules are TypeScript: the command loads them with tsx; tests hand the same modules in as they import them.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The site's modules the cut uses, from the repository root. */
export const SITE_MODULES = {
  versions: 'src/config/docs-versions.ts',
  packages: 'src/config/installed-package.ts',
  parse: 'src/node/mdx/parse.ts',
  extract: 'src/node/mdx-extract.ts',
  examples: 'src/contract/live-example-ids.ts',
};

/** Where the site config is, from the root of the site cut. */
export const SITE_CONFIG_FILE = 'site.config.ts';

/** A mistake in the command or the site that stops the cut; its message names the fix. */
export class CutError extends Error {}

/**
 * What the cut needs of the site's code: `importModule(file)` loads one of SITE_MODULES (the command: with tsx).
 * Each reader is the build's own, so the cut reads versions, packages and links exactly as the build does.
 */
export async function loadSiteCode(importModule) {
  const [versions, packages, parse, extract, examples] = await Promise.all(
    [SITE_MODULES.versions, SITE_MODULES.packages, SITE_MODULES.parse, SITE_MODULES.extract, SITE_MODULES.examples].map(importModule),
  );
  return {
    readVersionNames: versions.readVersionNames,
    DocsVersionsError: versions.DocsVersionsError,
    readInstalledPackage: packages.readInstalledPackage,
    parseMdx: await parse.loadMdxParser(),
    blankFrontmatter: extract.blankFrontmatter,
    linksOfTree: extract.linksOfTree,
    liveExampleSourceFile: examples.liveExampleSourceFile,
  };
}

/** The site config (site.config.ts, TypeScript) of the site cut, loaded with tsx. */
export async function loadSiteConfig(root) {
  const file = path.join(root, SITE_CONFIG_FILE);
  if (!fs.existsSync(file)) throw new CutError(`${SITE_CONFIG_FILE} is missing in ${root}: run the command in the site's folder.`);
  const { tsImport } = await import('tsx/esm/api');
  const loaded = await tsImport(pathToFileURL(file).href, pathToFileURL(file).href);
  return loaded.default?.default ?? loaded.default;
}
