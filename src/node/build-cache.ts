/**
 * Work that is expensive per file (rendering a doc, compiling its samples, its search records and links) is kept
 * across runs in Gatsby's `cache` (files under .cache/caches), keyed by the content digest of its input and by the
 * version of the code that produces it: the source files its module reaches through its imports (read from
 * esbuild's metafile, so no list of files is kept by hand) and package-lock.json for the installed packages. A warm
 * build or a restarted dev server redoes only what changed; `gatsby clean` forgets everything.
 */
import crypto from 'crypto';
import fs from 'fs';
import { isBuiltin } from 'module';
import path from 'path';
import type { Metafile } from 'esbuild';

/** The part of Gatsby's `cache` helper used here (every gatsby-node API receives one). */
export interface BuildCacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

export const digest = (...parts: ReadonlyArray<string | Uint8Array>): string => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
};

/** Where the build's source files are: the working directory when the build code loaded (tests may move away later). */
const CODE_ROOT = process.cwd();

/** The file that pins every installed package, part of each code version. */
const LOCK_FILE = 'package-lock.json';

/** A code scope whose entry file cannot be read; the message names the file and the fix. */
export class CodeScopeError extends Error {
  override name = 'CodeScopeError';
}

/** What an entry file's code reaches through its imports. */
export interface ImportClosure {
  /** The source files, repository-relative, sorted (the entry among them). */
  files: string[];
  /** The installed packages they import (`react-dom/client` → `react-dom`), Node's own modules left out, sorted. */
  packages: string[];
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * The import closure of each entry file: esbuild bundles them without writing anything and reports each output's
 * inputs. Packages are not followed (package-lock.json stands for them) and type-only imports produce no code, so
 * neither adds files to the closure.
 */
export function importClosures(entries: readonly string[], root: string = CODE_ROOT): Map<string, ImportClosure> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  for (const entry of entries) {
    if (!fs.existsSync(path.join(root, entry))) {
      throw new CodeScopeError(
        `${entry}: a build cache names this file as the code it depends on, and it does not exist. ` +
          'Fix: name the module that computes what the cache keeps.',
      );
    }
  }
  const { metafile } = esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: entries.map((entry, index) => ({ in: entry, out: `closure-${index}` })),
    outdir: 'closures',
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    packages: 'external',
    // Stylesheets and pictures reach the browser through webpack; here only their place in the graph counts.
    loader: { '.css': 'empty', '.png': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
  });
  const { inputs, outputs } = metafile as Metafile;
  const closures = new Map<string, ImportClosure>();
  for (const output of Object.values(outputs)) {
    if (!output.entryPoint) continue;
    const files = Object.keys(output.inputs).sort();
    const packages = files
      .flatMap((file) => inputs[file]?.imports ?? [])
      .filter((found) => found.external && !found.path.startsWith('.') && !isBuiltin(found.path))
      .map((found) => packageName(found.path));
    closures.set(output.entryPoint, { files, packages: [...new Set(packages)].sort() });
  }
  return closures;
}

/** A digest of the files' contents (and names) and of package-lock.json. */
export function filesVersion(files: readonly string[], root: string = CODE_ROOT): string {
  const hash = crypto.createHash('sha256');
  for (const file of [...files, LOCK_FILE]) {
    const full = path.join(root, file);
    hash.update(file).update('\0').update(fs.existsSync(full) ? fs.readFileSync(full) : '').update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Every code scope of this process, so the first one asked computes them all in one pass of esbuild. */
const scopes = new Set<CodeScope>();

/**
 * The code an output depends on: the import closure of its entry files (the modules that compute it). Its version
 * changes when any file of the closure or any installed package does, and only then. Computed once per process.
 */
export class CodeScope {
  private closure: string[] | undefined;
  private cachedVersion: string | undefined;

  constructor(
    readonly entries: readonly string[],
    private readonly root: string = CODE_ROOT,
  ) {
    scopes.add(this);
  }

  /** The source files of the scope, repository-relative. */
  files(): string[] {
    if (!this.closure) {
      // The scopes of this process that still need their closure, with this root: one pass of esbuild for all.
      const pending = [...scopes].filter((scope) => !scope.closure && scope.root === this.root);
      const closures = importClosures([...new Set(pending.flatMap((scope) => scope.entries))], this.root);
      for (const scope of pending) scope.closure = [...new Set(scope.entries.flatMap((entry) => closures.get(entry)?.files ?? []))].sort();
    }
    return this.closure as string[];
  }

  version(): string {
    return (this.cachedVersion ??= filesVersion(this.files(), this.root));
  }
}

/** The store this process keeps its outputs in (Gatsby's `cache`), or null: outputs then live in memory only. */
let processStore: BuildCacheStore | null = null;

/**
 * Every output cache of this process uses Gatsby's `cache` from now on (null: memory only again, for tests).
 * ./gatsby/step.ts calls it at the start of every lifecycle step, so no cache of a build process is left in memory only.
 */
export function useBuildCacheStore(store: BuildCacheStore | null): void {
  processStore = store;
}

/** Counts of one cache's lookups in this process (shown in the build log and read by tests). */
export interface CacheStats {
  hits: number;
  misses: number;
}

/** Every output cache, registered as it is made: the work counts of a process are read here. */
const outputCaches = new Set<OutputCache<unknown>>();

/** Every output cache made in this process so far. */
export const registeredOutputCaches = (): ReadonlyArray<OutputCache<unknown>> => [...outputCaches];

/** What a cache's entries are versioned by: the code scope that computes them, or (tests) a version of its own. */
export type CacheVersion = CodeScope | (() => string);

/**
 * A cache of one kind of output (`namespace`). `get(key, compute)` returns the stored value for the key, or
 * computes, stores and returns it; one computation per key is shared by concurrent callers, and once settled the
 * value is read back from the store (a long `gatsby develop` keeps no body in memory). A failed computation is not
 * stored, so the next call tries again. Without a store (unit tests, scripts) values live in memory, unversioned.
 */
export class OutputCache<T> {
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    readonly namespace: string,
    private readonly version: CacheVersion,
    private readonly ownStore: BuildCacheStore | null = null,
  ) {
    outputCaches.add(this as OutputCache<unknown>);
  }

  /** The code the entries depend on (null for a cache versioned by hand, in tests). */
  get scope(): CodeScope | null {
    return this.version instanceof CodeScope ? this.version : null;
  }

  private get store(): BuildCacheStore | null {
    return this.ownStore ?? processStore;
  }

  private storeKey(key: string, store: BuildCacheStore | null) {
    if (!store) return `${this.namespace}:${key}`;
    const version = this.version instanceof CodeScope ? this.version.version() : this.version();
    return `${this.namespace}:${version}:${key}`;
  }

  private async stored(store: BuildCacheStore | null, storeKey: string): Promise<T | undefined> {
    const entry = store ? ((await store.get(storeKey)) as { value: T } | undefined) : undefined;
    return entry && typeof entry === 'object' && 'value' in entry ? entry.value : undefined;
  }

  /** Keeps a result in flight until it settles; with a store, the store holds it from then on. */
  private track(storeKey: string, result: Promise<T>, store: BuildCacheStore | null): Promise<T> {
    this.pending.set(storeKey, result);
    const settle = () => {
      if (this.pending.get(storeKey) === result) this.pending.delete(storeKey);
    };
    result.then(() => store && settle(), settle);
    return result;
  }

  /** The stored value for the key, without computing it. */
  async peek(key: string): Promise<T | undefined> {
    const store = this.store;
    const storeKey = this.storeKey(key, store);
    const inFlight = this.pending.get(storeKey);
    const value = inFlight ? await inFlight.then((found) => found, () => undefined) : await this.stored(store, storeKey);
    if (value === undefined) this.stats.misses += 1;
    else this.stats.hits += 1;
    return value;
  }

  /** Stores a value computed elsewhere (e.g. during a synchronous render). */
  async put(key: string, value: T): Promise<void> {
    const store = this.store;
    const storeKey = this.storeKey(key, store);
    if (!store) {
      this.pending.set(storeKey, Promise.resolve(value));
      return;
    }
    await this.track(storeKey, store.set(storeKey, { value }).then(() => value), store);
  }

  get(key: string, compute: () => Promise<T> | T): Promise<T> {
    const store = this.store;
    const storeKey = this.storeKey(key, store);
    const inFlight = this.pending.get(storeKey);
    if (inFlight) {
      this.stats.hits += 1;
      return inFlight;
    }
    const result = (async () => {
      const stored = await this.stored(store, storeKey);
      if (stored !== undefined) {
        this.stats.hits += 1;
        return stored;
      }
      this.stats.misses += 1;
      const value = await compute();
      if (store) await store.set(storeKey, { value });
      return value;
    })();
    return this.track(storeKey, result, store);
  }
}

/** A cache whose entries are versioned by the code of `entry`, the module that computes them. */
export function outputCache<T>(namespace: string, entry: string | readonly string[]): OutputCache<T> {
  return new OutputCache<T>(namespace, new CodeScope(typeof entry === 'string' ? [entry] : entry));
}
