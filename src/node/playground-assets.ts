/**
 * What the playground loads when a reader opens an editor, built into folders named after their inputs
 * (public/vendor/playground-<key>/, so they are cached for a year like mermaid's), each built once and reused while
 * its inputs stay the same:
 * - one folder for every docs version: `worker.js`, TypeScript and @typescript/vfs with the worker's protocol, one
 *   minified classic script (it is told which types to load, so a reader who switches release keeps it cached);
 * - one folder per docs version, holding `types.json`, the .d.ts files the samples compile against (TypeScript's libs
 *   for the sample options, the version's package declarations at `@rkrupinski/stan`'s path, React's), as a map from
 *   virtual path to text, and `runtime.js`, the modules a sample may import in the sandboxed frame (the version's
 *   package as `@rkrupinski/stan`, React 19, react-dom/client), with the frame's side of the protocol, as one script
 *   the frame evaluates, and `server.js`, react-dom/server, which the page sends only with code that imports it
 *   (it would double the runtime), built to take the runtime's React and ReactDOM.
 * esbuild bundles them rather than webpack: TypeScript alone is 9 MB of JavaScript, which Gatsby's minifier would
 * chew on in every build, and the frame's runtime must be plain text the page hands to a frame with an opaque origin.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type ts from 'typescript';
import { importClosures } from './build-cache';
import type { DocsVersionMetadata } from '../config/docs-versions';
import { packageFiles, PackageNotInstalledError, requireInstalledPackage } from '../config/installed-package';
import { CURRENT_PACKAGE } from '../contract/docs-versions';
import type { PlaygroundAssetsIndex } from '../contract/playground-versions';
import { typescript } from './typescript';
import { sampleCompilerOptions, SAMPLE_AMBIENT_TYPES } from './type-hints';
import { VENDOR_DIR } from './vendor-assets';

export class PlaygroundAssetError extends Error {
  override name = 'PlaygroundAssetError';
}

/** The browser sources esbuild bundles, relative to the repository root. */
export const PLAYGROUND_SOURCES = {
  worker: 'src/theme/islands/Playground/worker/entry.ts',
  runtime: 'src/theme/islands/Playground/frame/runtime.ts',
  server: 'src/theme/islands/Playground/frame/server.ts',
} as const;

/** This module: how the bundles are made and what types.json holds. */
const BUILDER = 'src/node/playground-assets.ts';

/** The packages whose declaration files types.json holds (read as files, not imported); the first is the version's. */
const TYPE_PACKAGES = [CURRENT_PACKAGE, '@types/react', '@types/react-dom', 'csstype'] as const;

/** The installed release of a package the playground bundles or names its folders after. */
function packageVersion(root: string, name: string): string {
  try {
    return requireInstalledPackage(name, { root, neededFor: 'the playground', fix: 'Run `npm ci` to install it.' }).version;
  } catch (error) {
    if (error instanceof PackageNotInstalledError) throw new PlaygroundAssetError(error.message);
    throw error;
  }
}

/** A docs version as the playground serves it: its name, the release it runs and the package installed for it. */
export interface PlaygroundVersion {
  name: string;
  /** The package release the version documents (its package's installed version). */
  release: string;
  /** The installed package its code gets as `@rkrupinski/stan` (`stan-1.0.0-rc14` for 1.0.0-rc14). */
  packageName: string;
}

/** Every docs version the playground runs, the last version first (what a link naming none opens), then the others. */
export function playgroundVersions(versions: readonly Pick<DocsVersionMetadata, 'name' | 'release' | 'installName' | 'isLast'>[]): PlaygroundVersion[] {
  return [...versions]
    .sort((a, b) => Number(b.isLast) - Number(a.isLast))
    .map(({ name, release, installName }) => ({ name, release, packageName: installName }));
}

/** A digest of the files (names and contents) and of the packages' installed versions. */
function keyOf(root: string, files: readonly string[], packages: readonly string[], extra: readonly string[] = []): string {
  const hash = crypto.createHash('sha256');
  for (const line of extra) hash.update(`${line}\n`);
  for (const name of [...new Set(packages)].sort()) hash.update(`${name}@${packageVersion(root, name)}\n`);
  for (const file of [...new Set(files)].sort()) hash.update(`${file}\n`).update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
}

/** The code the bundles are made of and the code that makes them (their import closures). */
function closuresOf(root: string) {
  const closures = importClosures([PLAYGROUND_SOURCES.worker, PLAYGROUND_SOURCES.runtime, PLAYGROUND_SOURCES.server, BUILDER], root);
  const of = (entry: string) => closures.get(entry) ?? { files: [], packages: [] };
  const runtime = of(PLAYGROUND_SOURCES.runtime);
  const server = of(PLAYGROUND_SOURCES.server);
  return {
    worker: of(PLAYGROUND_SOURCES.worker),
    // A version's folder holds both frame bundles.
    runtime: { files: [...runtime.files, ...server.files], packages: [...new Set([...runtime.packages, ...server.packages])] },
    builder: of(BUILDER),
  };
}

export interface PlaygroundKeys {
  /** The worker's folder: its sources, the builder, TypeScript and the other packages it bundles. */
  worker: string;
  /** Each version's folder, by version name: the runtime's sources, the builder, and the version's package and types. */
  versions: Record<string, string>;
}

/**
 * The folders' names, each from what its files are made of (so a folder can be cached forever, and a version's
 * folder is reused while its package and the code that builds it stay the same, whatever the other versions do).
 */
export function playgroundKeys(root: string, versions: readonly PlaygroundVersion[]): PlaygroundKeys {
  const closures = closuresOf(root);
  const builder = [...closures.builder.files];
  const worker = keyOf(root, [...closures.worker.files, ...builder], [...closures.worker.packages, 'typescript'], ['worker']);
  const shared = TYPE_PACKAGES.filter((name) => name !== CURRENT_PACKAGE);
  const runtimePackages = closures.runtime.packages.filter((name) => name !== CURRENT_PACKAGE);
  const keys: Record<string, string> = {};
  for (const version of versions) {
    keys[version.name] = keyOf(
      root,
      [...closures.runtime.files, ...builder],
      [...runtimePackages, ...shared, 'typescript', version.packageName],
      [`version ${version.name} runs ${version.packageName}`],
    );
  }
  return { worker, versions: keys };
}

/** The URL path of a folder (what the browser fetches from). */
export const playgroundBaseUrl = (key: string) => `/${VENDOR_DIR}/playground-${key}/`;

/** What the browser is told: the worker's folder, and each version's folder and release (the last version first). */
export function playgroundAssetsIndex(root: string, versions: readonly PlaygroundVersion[]): PlaygroundAssetsIndex {
  const keys = playgroundKeys(root, versions);
  return {
    workerBase: playgroundBaseUrl(keys.worker),
    versions: versions.map(({ name, release }) => ({ name, release, base: playgroundBaseUrl(keys.versions[name]!) })),
  };
}

/** TypeScript's lib files the options name, with every lib they reference in turn. */
export function libFilesFor(options: ts.CompilerOptions, libDir: string, read = (f: string) => fs.readFileSync(f, 'utf8')): Map<string, string> {
  const tsc = typescript();
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const text = read(path.join(libDir, name));
    files.set(name, text);
    for (const ref of tsc.preProcessFile(text, true, true).libReferenceDirectives) visit(`lib.${ref.fileName.toLowerCase()}.d.ts`);
  };
  (options.lib ?? []).forEach(visit);
  return files;
}

/** Every .d.ts file (and package.json, for resolution) of a package, at the /node_modules/ path of `as`. */
function packageTypes(root: string, name: string, keep: (file: string) => boolean = () => true, as = name): Array<[string, string]> {
  const pkg = requireInstalledPackage(name, { root, neededFor: "the playground's types", fix: 'Run `npm ci` to install it.' });
  return packageFiles(pkg, (f) => (f.endsWith('.d.ts') && keep(f)) || f === 'package.json').map(([f, text]) => [`/node_modules/${as}/${f}`, text]);
}

/**
 * A .d.ts file without its comments (reference directives kept): hovers show types, not documentation, and
 * TypeScript's DOM declarations are mostly comments (the types file shrinks from 458 to 317 KB gzip).
 */
export function withoutComments(text: string): string {
  const tsc = typescript();
  const scanner = tsc.createScanner(tsc.ScriptTarget.Latest, false, tsc.LanguageVariant.Standard, text);
  const parts: string[] = [];
  for (let kind = scanner.scan(); kind !== tsc.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const token = scanner.getTokenText();
    if (kind === tsc.SyntaxKind.MultiLineCommentTrivia) continue;
    if (kind === tsc.SyntaxKind.SingleLineCommentTrivia && !token.startsWith('///')) continue;
    parts.push(token);
  }
  return parts.join('').replace(/\n\s*\n+/g, '\n');
}

/**
 * The virtual files the worker compiles against: libs at /lib.*.d.ts, packages under /node_modules, the version's
 * package (`stan-1.0.0-rc14` for 1.0.0-rc14) at `@rkrupinski/stan`'s path, since the code imports it by that name.
 */
export function playgroundTypes(root: string, packageName: string = CURRENT_PACKAGE): Record<string, string> {
  const libDir = path.join(root, 'node_modules/typescript/lib');
  const out: Record<string, string> = {};
  for (const [name, text] of libFilesFor(sampleCompilerOptions(), libDir)) out[`/${name}`] = text;
  const keep: Record<(typeof TYPE_PACKAGES)[number], (file: string) => boolean> = {
    '@rkrupinski/stan': (f) => !f.includes('.test.'),
    '@types/react': (f) => !f.startsWith('ts5.0') && !/canary|experimental/.test(f),
    '@types/react-dom': (f) => ['index.d.ts', 'client.d.ts', 'server.d.ts'].includes(f),
    csstype: () => true,
  };
  const entries = TYPE_PACKAGES.flatMap((name) =>
    name === CURRENT_PACKAGE ? packageTypes(root, packageName, keep[name], CURRENT_PACKAGE) : packageTypes(root, name, keep[name]),
  );
  for (const [file, text] of entries) out[file] = text;
  out['/ambient.d.ts'] = SAMPLE_AMBIENT_TYPES;
  for (const file of Object.keys(out)) if (file.endsWith('.d.ts')) out[file] = withoutComments(out[file]!);
  return out;
}

export interface WrittenPlaygroundFolder {
  url: string;
  bytes: number;
  reused: boolean;
  /** Seconds spent building it (0 when reused). */
  seconds: number;
}

export interface WrittenPlaygroundAssets {
  index: PlaygroundAssetsIndex;
  worker: WrittenPlaygroundFolder;
  /** Each version's folder, by version name. */
  versions: Record<string, WrittenPlaygroundFolder & { release: string }>;
}

const folderBytes = (dir: string) => fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);

/**
 * Builds a folder unless it is complete (`done` written last, by `build`), and says what it cost.
 * The work count of a build is the number of folders not reused.
 */
async function ensureFolder(target: string, done: string, build: () => Promise<void>): Promise<Omit<WrittenPlaygroundFolder, 'url'>> {
  const reused = fs.existsSync(path.join(target, done));
  const started = process.hrtime.bigint();
  if (!reused) {
    fs.mkdirSync(target, { recursive: true });
    await build();
  }
  const seconds = reused ? 0 : Number(process.hrtime.bigint() - started) / 1e9;
  return { bytes: folderBytes(target), reused, seconds };
}

/** Resolves react and react-dom to the runtime's own (the `frameModules` argument server.js is evaluated with). */
const frameModulesPlugin: import('esbuild').Plugin = {
  name: 'frame-modules',
  setup(build) {
    build.onResolve({ filter: /^react(?:-dom)?$/ }, (args) => ({ path: args.path, namespace: 'frame-modules' }));
    build.onLoad({ filter: /.*/, namespace: 'frame-modules' }, (args) => ({
      contents: `module.exports = frameModules[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
  },
};

/**
 * Builds the worker's folder and each version's folder unless this build's keys already have them; with `prune`,
 * folders of other keys go.
 */
export async function writePlaygroundAssets({
  root,
  publicDir,
  prune,
  versions,
}: {
  root: string;
  publicDir: string;
  prune: boolean;
  versions: readonly PlaygroundVersion[];
}): Promise<WrittenPlaygroundAssets> {
  const keys = playgroundKeys(root, versions);
  const vendor = path.join(publicDir, VENDOR_DIR);
  const folder = (key: string) => path.join(vendor, `playground-${key}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const common = {
    bundle: true,
    minify: true,
    format: 'iife' as const,
    platform: 'browser' as const,
    target: 'es2022',
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
    absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const worker = await ensureFolder(folder(keys.worker), 'worker.js', async () => {
    await esbuild.build({
      ...common,
      entryPoints: [path.join(root, PLAYGROUND_SOURCES.worker)],
      outfile: path.join(folder(keys.worker), 'worker.js'),
      // TypeScript's Node host is never created in a worker; its requires stay unresolved.
      external: ['fs', 'path', 'os', 'crypto', 'inspector', 'perf_hooks', 'module', 'buffer', 'source-map-support', 'node:*'],
    });
  });
  const written: WrittenPlaygroundAssets['versions'] = {};
  // One version at a time: each bundles React and writes a few MB, and the machine is shared.
  for (const version of versions) {
    const target = folder(keys.versions[version.name]!);
    const result = await ensureFolder(target, 'types.json', async () => {
      await esbuild.build({
        ...common,
        entryPoints: [path.join(root, PLAYGROUND_SOURCES.runtime)],
        outfile: path.join(target, 'runtime.js'),
        // The code imports `@rkrupinski/stan`; each version's runtime bundles that version's package under the name.
        ...(version.packageName === CURRENT_PACKAGE ? {} : { alias: { [CURRENT_PACKAGE]: version.packageName } }),
      });
      await esbuild.build({
        ...common,
        entryPoints: [path.join(root, PLAYGROUND_SOURCES.server)],
        outfile: path.join(target, 'server.js'),
        // The frame evaluates it as the body of `new Function('frameModules', …)` and takes what it returns.
        globalName: 'reactDomServer',
        footer: { js: 'return reactDomServer;' },
        plugins: [frameModulesPlugin],
      });
      // Written last: its presence means the folder is complete.
      fs.writeFileSync(path.join(target, 'types.json'), JSON.stringify(playgroundTypes(root, version.packageName)));
    });
    written[version.name] = { ...result, url: playgroundBaseUrl(keys.versions[version.name]!), release: version.release };
  }
  if (prune && fs.existsSync(vendor)) {
    const kept = new Set([keys.worker, ...Object.values(keys.versions)].map((key) => `playground-${key}`));
    for (const entry of fs.readdirSync(vendor)) {
      if (entry.startsWith('playground-') && !kept.has(entry)) fs.rmSync(path.join(vendor, entry), { recursive: true, force: true });
    }
  }
  return {
    index: {
      workerBase: playgroundBaseUrl(keys.worker),
      versions: versions.map(({ name, release }) => ({ name, release, base: playgroundBaseUrl(keys.versions[name]!) })),
    },
    worker: { ...worker, url: playgroundBaseUrl(keys.worker) },
    versions: written,
  };
}
