/**
 * What the playground loads when a reader opens an editor, built once per build into
 * public/vendor/playground-<key>/ (a versioned folder, so it is cached for a year like mermaid's):
 * - `worker.js`: TypeScript and @typescript/vfs with the worker's protocol, one minified classic script;
 * - `types.json`: the .d.ts files the samples compile against (TypeScript's libs for the sample options, the
 *   package's declarations, React's), as a map from virtual path to text;
 * - `runtime.js`: the modules a sample may import in the sandboxed frame (the package, React 19, react-dom/client),
 *   with the frame's side of the protocol, as one script the frame evaluates.
 * esbuild bundles them rather than webpack: TypeScript alone is 9 MB of JavaScript, which Gatsby's minifier would
 * chew on in every build, and the frame's runtime must be plain text the page hands to a frame with an opaque origin.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type ts from 'typescript';
import { importClosures } from './build-cache';
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
} as const;

/** This module: how the bundles are made and what types.json holds. */
const BUILDER = 'src/node/playground-assets.ts';

/** The packages whose declaration files types.json holds (read as files, not imported). */
const TYPE_PACKAGES = ['@rkrupinski/stan', '@types/react', '@types/react-dom', 'csstype'] as const;

function packageVersion(root: string, name: string): string {
  const file = path.join(root, 'node_modules', name, 'package.json');
  if (!fs.existsSync(file)) {
    throw new PlaygroundAssetError(`${file} not found: the playground bundles ${name}; run \`npm ci\` to install it.`);
  }
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The folder's name: the sources the bundles are made of and the code that makes them (their import closures), and
 * the installed versions of the packages they import or whose types they carry, so its files can be cached forever.
 */
export function playgroundKey(root: string): string {
  const closures = importClosures([PLAYGROUND_SOURCES.worker, PLAYGROUND_SOURCES.runtime, BUILDER], root);
  const files = [...new Set([...closures.values()].flatMap((closure) => closure.files))].sort();
  const packages = [...new Set([...[...closures.values()].flatMap((closure) => closure.packages), ...TYPE_PACKAGES])].sort();
  const hash = crypto.createHash('sha256');
  for (const name of packages) hash.update(`${name}@${packageVersion(root, name)}\n`);
  for (const file of files) hash.update(`${file}\n`).update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 12);
}

/** The URL path of the folder (what the browser fetches from). */
export const playgroundBaseUrl = (key: string) => `/${VENDOR_DIR}/playground-${key}/`;

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

/** Every .d.ts file (and package.json, for resolution) of a package, at its /node_modules/ path. */
function packageTypes(root: string, name: string, keep: (file: string) => boolean = () => true): Array<[string, string]> {
  const dir = path.join(root, 'node_modules', name);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => (f.endsWith('.d.ts') && keep(f)) || f === 'package.json')
    .sort()
    .map((f) => [`/node_modules/${name}/${f.split(path.sep).join('/')}`, fs.readFileSync(path.join(dir, f), 'utf8')]);
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

/** The virtual files the worker compiles against: libs at /lib.*.d.ts, packages under /node_modules. */
export function playgroundTypes(root: string): Record<string, string> {
  const libDir = path.join(root, 'node_modules/typescript/lib');
  const out: Record<string, string> = {};
  for (const [name, text] of libFilesFor(sampleCompilerOptions(), libDir)) out[`/${name}`] = text;
  const keep: Record<(typeof TYPE_PACKAGES)[number], (file: string) => boolean> = {
    '@rkrupinski/stan': (f) => !f.includes('.test.'),
    '@types/react': (f) => !f.startsWith('ts5.0') && !/canary|experimental/.test(f),
    '@types/react-dom': (f) => ['index.d.ts', 'client.d.ts'].includes(f),
    csstype: () => true,
  };
  const entries = TYPE_PACKAGES.flatMap((name) => packageTypes(root, name, keep[name]));
  for (const [file, text] of entries) out[file] = text;
  out['/ambient.d.ts'] = SAMPLE_AMBIENT_TYPES;
  for (const file of Object.keys(out)) if (file.endsWith('.d.ts')) out[file] = withoutComments(out[file]!);
  return out;
}

export interface WrittenPlaygroundAssets {
  url: string;
  bytes: number;
  reused: boolean;
}

/** Builds the folder unless this build's key already has one; with `prune`, other keys' folders go. */
export async function writePlaygroundAssets({ root, publicDir, prune }: { root: string; publicDir: string; prune: boolean }): Promise<WrittenPlaygroundAssets> {
  const key = playgroundKey(root);
  const vendor = path.join(publicDir, VENDOR_DIR);
  const target = path.join(vendor, `playground-${key}`);
  const done = path.join(target, 'types.json');
  const reused = fs.existsSync(done);
  if (!reused) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild') as typeof import('esbuild');
    fs.mkdirSync(target, { recursive: true });
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
    await Promise.all([
      esbuild.build({
        ...common,
        entryPoints: [path.join(root, PLAYGROUND_SOURCES.worker)],
        outfile: path.join(target, 'worker.js'),
        // TypeScript's Node host is never created in a worker; its requires stay unresolved.
        external: ['fs', 'path', 'os', 'crypto', 'inspector', 'perf_hooks', 'module', 'buffer', 'source-map-support', 'node:*'],
      }),
      esbuild.build({
        ...common,
        entryPoints: [path.join(root, PLAYGROUND_SOURCES.runtime)],
        outfile: path.join(target, 'runtime.js'),
      }),
    ]);
    // Written last: its presence means the folder is complete.
    fs.writeFileSync(done, JSON.stringify(playgroundTypes(root)));
  }
  if (prune && fs.existsSync(vendor)) {
    for (const entry of fs.readdirSync(vendor)) {
      if (entry.startsWith('playground-') && entry !== `playground-${key}`) fs.rmSync(path.join(vendor, entry), { recursive: true, force: true });
    }
  }
  const bytes = fs.readdirSync(target).reduce((sum, f) => sum + fs.statSync(path.join(target, f)).size, 0);
  return { url: playgroundBaseUrl(key), bytes, reused };
}

