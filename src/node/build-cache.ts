/**
 * Work that is expensive per file (rendering a doc, compiling its samples, its search records and links) is kept
 * across runs in Gatsby's `cache` (files under .cache/caches), keyed by the content digest of its input and by the
 * version of the code and packages that produce it. A warm build or a restarted dev server redoes only what
 * changed; `gatsby clean` forgets everything.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

/** The part of Gatsby's `cache` helper used here (every gatsby-node API receives one). */
export interface BuildCacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

export const digest = (...parts: readonly string[]): string => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
};

/** Source folders whose code decides what the build's per-file outputs look like. */
export const OUTPUT_CODE_DIRS = ['src/node', 'src/contract', 'src/search', 'src/config'];

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory() && /\.(ts|tsx|mts|js|mjs|json)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((full) => !path.relative(dir, full).split(path.sep).includes('__tests__'))
    .sort();
}

/** The files that decide how a fence is drawn (highlighting and type hints), beside the installed packages. */
export const FENCE_CODE_FILES = ['src/node/highlight.ts', 'src/node/type-hints.ts', 'src/contract/type-hints.ts', 'src/contract/code-marks.ts'];

/**
 * A digest of the code and the installed packages that produce the per-file outputs: the source files under
 * `dirs` (by default OUTPUT_CODE_DIRS, and site.config.ts) and package-lock.json. Changing any of them makes the
 * outputs cached under that version stale.
 */
export function outputCodeVersion(root: string = process.cwd(), paths: readonly string[] = [...OUTPUT_CODE_DIRS, 'site.config.ts']): string {
  const files = [
    ...paths.flatMap((p) => (fs.existsSync(path.join(root, p)) && fs.statSync(path.join(root, p)).isFile() ? [path.join(root, p)] : listFiles(path.join(root, p)))),
    path.join(root, 'package-lock.json'),
  ];
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0');
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '').update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

let codeVersion: string | undefined;
/** outputCodeVersion of this process's working directory, computed once. */
export const currentCodeVersion = () => (codeVersion ??= outputCodeVersion());

let fenceVersion: string | undefined;
/** The version drawn fences are kept under: editing the rest of the renderer does not recompile every sample. */
export const currentFenceVersion = () => (fenceVersion ??= outputCodeVersion(process.cwd(), FENCE_CODE_FILES));

/** Counts of one cache's lookups in this process (shown in the build log and read by tests). */
export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * A cache of one kind of output (`namespace`). `get(key, compute)` returns the stored value for the key, or
 * computes, stores and returns it; one computation per key is shared by concurrent callers. A failed computation
 * is not stored, so the next call tries again. Without a store (unit tests, scripts) it caches in memory only.
 */
export class OutputCache<T> {
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    private readonly namespace: string,
    private readonly version: () => string = currentCodeVersion,
    private store: BuildCacheStore | null = null,
  ) {}

  /** Uses Gatsby's cache from now on (the first API call of a process that receives it). */
  attach(store: BuildCacheStore | null | undefined): this {
    if (store && !this.store) this.store = store;
    return this;
  }

  private storeKey(key: string) {
    return `${this.namespace}:${this.version()}:${key}`;
  }

  private async stored(storeKey: string): Promise<T | undefined> {
    const entry = this.store ? ((await this.store.get(storeKey)) as { value: T } | undefined) : undefined;
    return entry && typeof entry === 'object' && 'value' in entry ? entry.value : undefined;
  }

  /** The stored value for the key, without computing it. */
  async peek(key: string): Promise<T | undefined> {
    const storeKey = this.storeKey(key);
    const inFlight = this.pending.get(storeKey);
    const value = inFlight
      ? await inFlight.then((found) => found, () => undefined)
      : await this.stored(storeKey);
    if (value === undefined) this.stats.misses += 1;
    else this.stats.hits += 1;
    return value;
  }

  /** Stores a value computed elsewhere (e.g. during a synchronous render). */
  async put(key: string, value: T): Promise<void> {
    const storeKey = this.storeKey(key);
    this.pending.set(storeKey, Promise.resolve(value));
    if (this.store) await this.store.set(storeKey, { value });
  }

  get(key: string, compute: () => Promise<T> | T): Promise<T> {
    const storeKey = this.storeKey(key);
    const inFlight = this.pending.get(storeKey);
    if (inFlight) {
      this.stats.hits += 1;
      return inFlight;
    }
    const result = (async () => {
      const stored = await this.stored(storeKey);
      if (stored !== undefined) {
        this.stats.hits += 1;
        return stored;
      }
      this.stats.misses += 1;
      const value = await compute();
      if (this.store) await this.store.set(storeKey, { value });
      return value;
    })();
    this.pending.set(storeKey, result);
    result.catch(() => this.pending.delete(storeKey));
    return result;
  }
}
