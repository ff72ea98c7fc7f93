/**
 * mermaid is served as the prebuilt ES module build it publishes (dist/mermaid.esm.min.mjs and the chunks it
 * imports), copied to public/vendor/mermaid-<version>/ and imported by URL from the diagram island. Bundled by
 * webpack instead, its ~50 lazy chunks each added a name and a hash to the webpack runtime that every page
 * loads first (≈ 0.8 KB gzip on every page), and bundling it took most of the build's JavaScript step.
 * The directory is versioned, so its files can be cached forever (see src/node/hosting.ts).
 */
import fs from 'fs';
import path from 'path';

export const VENDOR_DIR = 'vendor';
const MERMAID_ENTRY = 'mermaid.esm.min.mjs';
const MERMAID_CHUNKS = 'chunks/mermaid.esm.min';

export class VendorAssetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorAssetError';
  }
}

/** The installed mermaid's version and dist folder; a clear error when the package or its ESM build is missing. */
export function mermaidDist(root: string): { version: string; dist: string } {
  const pkgFile = path.join(root, 'node_modules/mermaid/package.json');
  if (!fs.existsSync(pkgFile)) {
    throw new VendorAssetError(`${pkgFile} not found: mermaid draws the docs' diagrams; run \`npm ci\` to install it.`);
  }
  const { version } = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version)) {
    throw new VendorAssetError(`${pkgFile} has no usable "version"; reinstall mermaid with \`npm ci\`.`);
  }
  const dist = path.join(root, 'node_modules/mermaid/dist');
  for (const needed of [MERMAID_ENTRY, MERMAID_CHUNKS]) {
    if (!fs.existsSync(path.join(dist, needed))) {
      throw new VendorAssetError(
        `${path.join(dist, needed)} not found: mermaid ${version} does not ship the ES module build the diagram ` +
          'island imports; pin a mermaid 11 release that has dist/mermaid.esm.min.mjs.',
      );
    }
  }
  return { version, dist };
}

/** The URL path of mermaid's entry module for a version (what the browser imports). */
export const mermaidUrl = (version: string) => `/${VENDOR_DIR}/mermaid-${version}/${MERMAID_ENTRY}`;

export interface CopiedVendorAsset {
  url: string;
  files: number;
  bytes: number;
}

/**
 * Copies mermaid's entry module and its chunks (no source maps) to public/vendor/mermaid-<version>/. With
 * `prune`, other versions' folders are removed.
 */
export function copyMermaid({ root, publicDir, prune }: { root: string; publicDir: string; prune: boolean }): CopiedVendorAsset {
  const { version, dist } = mermaidDist(root);
  const vendor = path.join(publicDir, VENDOR_DIR);
  const target = path.join(vendor, `mermaid-${version}`);
  if (prune && fs.existsSync(vendor)) {
    for (const entry of fs.readdirSync(vendor)) {
      if (entry.startsWith('mermaid-') && entry !== `mermaid-${version}`) fs.rmSync(path.join(vendor, entry), { recursive: true });
    }
  }
  const modules = [
    MERMAID_ENTRY,
    ...fs
      .readdirSync(path.join(dist, MERMAID_CHUNKS))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${MERMAID_CHUNKS}/${name}`),
  ];
  fs.mkdirSync(path.join(target, MERMAID_CHUNKS), { recursive: true });
  let bytes = 0;
  for (const file of modules) {
    const from = path.join(dist, file);
    const to = path.join(target, file);
    const { size } = fs.statSync(from);
    // A versioned folder's files never change: a copy of the same size is the same file.
    if (!fs.existsSync(to) || fs.statSync(to).size !== size) fs.copyFileSync(from, to);
    bytes += size;
  }
  return { url: mermaidUrl(version), files: modules.length, bytes };
}

