/**
 * The scripts and stylesheets every page loads are also written gzip-compressed beside themselves (`app-….js.gz`),
 * compressed once at build time with zopfli: about 3.5% smaller than the gzip a server makes on the fly, in the
 * same format every browser reads. `npm run serve` and the nginx rules (`gzip_static`) send that file to a browser
 * that accepts gzip. Only content-hashed files qualify, so a file's compressed twin never goes stale, and Gatsby's
 * cache keeps each one between builds (the names change only with the content).
 *
 * The search indexes (`search-index.json`, one per docs version) are the largest files a reader fetches, under one
 * URL whatever their content: they get a brotli twin at its best quality (what every current browser is sent) and a
 * gzip twin at level 9 for a client without brotli, written anew when the index changes (cached by its content), so
 * a server sends bytes instead of compressing 673 KB on every request. The index changes with every doc edit, so
 * its gzip twin is not zopfli's: on a 3.4 MB index (217 pages) zopfli took 5.9 s for 13 % under level 9's 0.14 s,
 * and ran beside brotli's 5.0 s on a two-core machine, doubling a one-page rebuild's wait for bytes no browser
 * that reads brotli fetches.
 */
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { gzipAsync } from '@gfx/zopfli';
import { digest, outputCache, type OutputCache } from './build-cache';
import { isImmutable } from './hosting';
import { BROTLI_SUFFIX, PRECOMPRESSED_SUFFIX } from '../contract/hosting-layout.mjs';

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

/** gzip at level 9, off the main thread: a search index's fallback twin. */
export function gzip9(data: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => zlib.gzip(data, { level: 9 }, (error, result) => (error ? reject(error) : resolve(result))));
}

/** Whether a file of the build (relative to public/) is a search index, which gets a gzip and a brotli twin. */
export const isSearchIndex = (file: string): boolean => /^search-index(?:-[^/]+)?\.json$/.test(file);

/** Brotli at its best quality, told the input is text of this size (the index is compressed once per change). */
export function brotli(data: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.brotliCompress(
      data,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
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

/** A search index's twins, keyed by the digest of its content: gzip and brotli, as base64. */
export const searchIndexTwinsCache = outputCache<IndexTwins>('precompressed-search-index', 'src/node/precompress.ts');

/** Writes a file unless it already holds these bytes (a twin that did not change keeps its date, hence its ETag). */
function writeIfChanged(file: string, data: Buffer): void {
  if (fs.existsSync(file) && fs.readFileSync(file).equals(data)) return;
  fs.writeFileSync(file, data);
}

type IndexTwins = { gz: string; br: string };
type IndexCompressors = { gzip: (data: Uint8Array) => Promise<Buffer>; brotli: (data: Uint8Array) => Promise<Buffer> };

/** The indexes (by cache key) whose twins this process compressed and no report has counted yet. */
const compressedNow = new Set<string>();

/** An index's twins from the cache, or compressed (once, however many ask while it runs). */
function indexTwins(name: string, data: Buffer, twins: OutputCache<IndexTwins>, compress: IndexCompressors) {
  const key = digest(name, data.toString('base64'));
  const pending = twins.get(key, async () => {
    compressedNow.add(key);
    const [gz, br] = await Promise.all([compress.gzip(data), compress.brotli(data)]);
    return { gz: gz.toString('base64'), br: br.toString('base64') };
  });
  return { key, pending };
}

/**
 * Starts compressing every search index of public/ as soon as createPages has written them: brotli runs in zlib's
 * thread pool while Gatsby builds the pages, and precompressSearchIndexes, after the build, waits for what is left.
 * A failure here is thrown there, where the index is asked for again.
 */
export function startPrecompressingSearchIndexes(
  publicDir: string,
  twins: OutputCache<IndexTwins> = searchIndexTwinsCache,
  compress: IndexCompressors = { gzip: gzip9, brotli },
): void {
  for (const name of fs.readdirSync(publicDir).filter(isSearchIndex)) {
    indexTwins(name, fs.readFileSync(path.join(publicDir, name)), twins, compress).pending.catch(() => undefined);
  }
}

/**
 * Writes `<index>.gz` and `<index>.br` beside every search index of public/, and removes the twins of an index no
 * longer built (a retired docs version's).
 */
export async function precompressSearchIndexes(
  publicDir: string,
  twins: OutputCache<IndexTwins> = searchIndexTwinsCache,
  compress: IndexCompressors = { gzip: gzip9, brotli },
): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, compressedFromScratch: 0, savedBytes: 0 };
  const names = fs.readdirSync(publicDir).sort();
  for (const name of names) {
    const suffix = [PRECOMPRESSED_SUFFIX, BROTLI_SUFFIX].find((s) => name.endsWith(s));
    const original = suffix ? name.slice(0, -suffix.length) : null;
    if (original && isSearchIndex(original) && !names.includes(original)) fs.rmSync(path.join(publicDir, name));
  }
  for (const name of names.filter(isSearchIndex)) {
    const file = path.join(publicDir, name);
    const data = fs.readFileSync(file);
    const { key, pending } = indexTwins(name, data, twins, compress);
    const entry = await pending;
    if (compressedNow.delete(key)) report.compressedFromScratch += 1;
    const gz = Buffer.from(entry.gz, 'base64');
    const br = Buffer.from(entry.br, 'base64');
    writeIfChanged(`${file}${PRECOMPRESSED_SUFFIX}`, gz);
    writeIfChanged(`${file}${BROTLI_SUFFIX}`, br);
    report.files += 1;
    // Against what a server sends compressing on the fly (gzip at level 6), the brotli twin being the one sent.
    report.savedBytes += zlib.gzipSync(data, { level: 6 }).length - br.length;
  }
  return report;
}

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

