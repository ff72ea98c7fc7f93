/**
 * The scripts and stylesheets every page loads are also written gzip-compressed beside themselves (`app-….js.gz`),
 * compressed once at build time with zopfli: about 3.5% smaller than the gzip a server makes on the fly, in the
 * same format every browser reads. `npm run serve` and the nginx rules (`gzip_static`) send that file to a browser
 * that accepts gzip. Only content-hashed files qualify, so a file's compressed twin never goes stale, and Gatsby's
 * cache keeps each one between builds (the names change only with the content).
 */
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { gzipAsync } from '@gfx/zopfli';
import { outputCache, type OutputCache } from './build-cache';
import { isImmutable } from './hosting';
import { PRECOMPRESSED_SUFFIX } from '../contract/hosting-layout.mjs';

// Files larger than this are the on-demand libraries (mermaid's pieces, the search engine): zopfli's time grows
// with size, and they are fetched once and cached a year, so the server's own gzip does for them.
export const PRECOMPRESS_MAX_BYTES = 256 * 1024;

// One pass gives almost all of zopfli's gain (5 more passes: 0.02% on the framework chunk, at 1.4× the time).
const ZOPFLI = { numiterations: 1 } as const;

/** Whether a file of the build (relative to public/) gets a precompressed twin: a content-hashed script or stylesheet. */
export function isPrecompressible(file: string, bytes: number): boolean {
  return /\.(?:js|mjs|css)$/.test(file) && !file.includes('/') && isImmutable(file) && bytes <= PRECOMPRESS_MAX_BYTES;
}

export async function zopfliGzip(data: Uint8Array): Promise<Buffer> {
  return Buffer.from(await gzipAsync(data, ZOPFLI));
}

export interface PrecompressReport {
  files: number;
  compressedFromScratch: number;
  /** Bytes saved against gzip at level 6 (what a server does on the fly). */
  savedBytes: number;
}

/**
 * Each twin, keyed by its file's name, which carries the content hash: the gzip as base64 (Gatsby's cache stores
 * JSON) and the size of the on-the-fly gzip it replaces, measured once with it.
 */
export const precompressedCache = outputCache<{ gz: string; gzip6: number }>('precompressed', 'src/node/precompress.ts');

/** Writes `<file>.gz` beside every precompressible file of public/ that lacks one. */
export async function precompressBuild(
  publicDir: string,
  compressed: OutputCache<{ gz: string; gzip6: number }> = precompressedCache,
  compress: (data: Uint8Array) => Promise<Buffer> = zopfliGzip,
): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, compressedFromScratch: 0, savedBytes: 0 };
  for (const name of fs.readdirSync(publicDir).sort()) {
    const file = path.join(publicDir, name);
    const stat = fs.statSync(file);
    if (!stat.isFile() || !isPrecompressible(name, stat.size)) continue;
    const data = fs.readFileSync(file);
    const before = compressed.stats.misses;
    const entry = await compressed.get(name, async () => ({
      gz: (await compress(data)).toString('base64'),
      gzip6: zlib.gzipSync(data, { level: 6 }).length,
    }));
    if (compressed.stats.misses > before) report.compressedFromScratch += 1;
    const gz = Buffer.from(entry.gz, 'base64');
    fs.writeFileSync(`${file}${PRECOMPRESSED_SUFFIX}`, gz);
    report.files += 1;
    report.savedBytes += entry.gzip6 - gz.length;
  }
  return report;
}

