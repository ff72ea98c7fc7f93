/**
 * What TypeScript answers for each docs sample (twoslash's result: the sample's hovers and errors), kept in a folder
 * across builds, so a cold build (Gatsby's .cache emptied) compiles only samples it has not seen with the same
 * toolchain. A host keeps the folder between builds as it would keep `.cache`.
 *
 * An answer is found by a digest of everything it is computed from: the sample, its language and options, and the
 * compiler's environment (see sampleEnvironmentDigest's callers: the compiler options, the ambient types, the site's
 * folder, the release's declaration files as they are on disk, and the versions of TypeScript, twoslash and every
 * installed package through package-lock.json). Nothing else goes into an answer, so a kept one is never stale.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { TwoslashExecuteOptions, TwoslashInstance, TwoslashReturn } from 'twoslash';

/** The folder of the kept answers, under the site's root (gitignored; `npm run clean` leaves it). */
export const SAMPLE_RESULTS_DIR = '.samples-cache';

const sha256 = (...parts: ReadonlyArray<string | Buffer>) => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** One kept answer, with the key it was kept under. */
interface SampleResultEntry {
  key: string;
  result: TwoslashReturn;
}

/** Lookups of one store in this process (read by tests and the build log). */
export interface SampleResultStats {
  hits: number;
  misses: number;
}

/**
 * A twoslasher answering from the folder `dir` when it can; `environment` is the digest of the compiler's environment.
 */
export function keptSampleResults(
  twoslasher: TwoslashInstance,
  { dir, environment }: { dir: string; environment: string },
): TwoslashInstance & { stats: SampleResultStats } {
  const stats: SampleResultStats = { hits: 0, misses: 0 };
  const entryPath = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);

  const read = (key: string): TwoslashReturn | undefined => {
    try {
      const entry = JSON.parse(fs.readFileSync(entryPath(key), 'utf8')) as SampleResultEntry;
      return entry.key === key ? entry.result : undefined;
    } catch {
      return undefined;
    }
  };

  const write = (key: string, result: TwoslashReturn) => {
    const target = entryPath(key);
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Written aside and renamed: the build's processes share the folder, and none reads half an entry.
      const temporary = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify({ key, result } satisfies SampleResultEntry));
      fs.renameSync(temporary, target);
    } catch {
      // A read-only or full disk costs the next build this answer, nothing more.
    }
  };

  const kept = (code: string, extension?: string, options?: TwoslashExecuteOptions): TwoslashReturn => {
    const key = sha256(environment, extension ?? 'ts', code, JSON.stringify(options ?? {}));
    const found = read(key);
    if (found) {
      stats.hits += 1;
      return found;
    }
    stats.misses += 1;
    const result = twoslasher(code, extension, options);
    write(key, result);
    return result;
  };
  return Object.assign(kept, { getCacheMap: () => twoslasher.getCacheMap(), stats });
}

/** The digest of a compiler environment, from its parts (see the header): the same parts, the same digest. */
export function sampleEnvironmentDigest(parts: Record<string, string>): string {
  return sha256(JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b))));
}

/** A digest of the declaration files under a package's folder (its real folder, should it be linked), by path and content. */
export function declarationsDigest(packageDir: string): string {
  let dir: string;
  try {
    dir = fs.realpathSync(packageDir);
  } catch {
    return 'absent';
  }
  const files = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.d\.[cm]?ts$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .sort();
  return sha256(...files.flatMap((file) => [file, fs.readFileSync(path.join(dir, file))]));
}
