/**
 * Bundles a snippet that imports the package, with each bundler the docs name, as an app's production build for the
 * browser does (React left outside): the code it wrote and the files it read. Vite and webpack run in a child
 * process of their own (Vite is ES modules only, which Jest's module loader does not run).
 */
import { spawnSync } from 'child_process';
import path from 'path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './samples';

export type Bundler = 'vite' | 'webpack' | 'esbuild';

export interface Bundled {
  /** Everything the bundler wrote, joined. */
  code: string;
  /** The files it read, as absolute paths. */
  inputs: string[];
}

const REACT = ['react', 'react/jsx-runtime', 'react-dom'];

/** A program that prints `{ code, inputs }` as JSON, given the snippet in `SOURCE` and the repository in `ROOT`. */
const PROGRAMS: Record<Exclude<Bundler, 'esbuild'>, string> = {
  vite: `
const { build } = await import('vite');
const [output] = [await build({
  configFile: false, root: ROOT, logLevel: 'silent', mode: 'production',
  plugins: [{ name: 'snippet', resolveId: (id) => (id === 'snippet' ? '\\0snippet' : null), load: (id) => (id === '\\0snippet' ? SOURCE : null) }],
  build: { write: false, minify: false, rollupOptions: { input: 'snippet', external: ${JSON.stringify(REACT)}, preserveEntrySignatures: 'strict' } },
})].flat();
const chunks = output.output.filter((o) => o.type === 'chunk');
console.log(JSON.stringify({ code: chunks.map((c) => c.code).join('\\n'), inputs: chunks.flatMap((c) => c.moduleIds) }));`,
  webpack: `
const { createRequire } = await import('module');
const require = createRequire(ROOT + '/package.json');
const webpack = require('webpack');
const fs = require('fs'), os = require('os'), path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stan-webpack-'));
fs.writeFileSync(path.join(dir, 'snippet.js'), SOURCE);
const stats = await new Promise((resolve, reject) => webpack({
  mode: 'production', target: 'web', context: dir, entry: './snippet.js', devtool: false,
  resolve: { modules: [path.join(ROOT, 'node_modules')] },
  externals: Object.fromEntries(${JSON.stringify(REACT)}.map((id) => [id, 'commonjs ' + id])),
  optimization: { minimize: false }, output: { path: path.join(dir, 'out') },
}, (error, result) => (error ? reject(error) : resolve(result))));
if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
const out = path.join(dir, 'out');
const code = fs.readdirSync(out).map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('\\n');
const inputs = stats.toJson({ modules: true }).modules.flatMap((m) => [m.nameForCondition, ...(m.modules ?? []).map((n) => n.nameForCondition)]).filter(Boolean);
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ code, inputs }));`,
};

/** The BUNDLERS the docs name, in the order they name them. */
export const BUNDLERS: readonly Bundler[] = ['vite', 'webpack', 'esbuild'];

export async function bundleForBrowser(bundler: Bundler, source: string): Promise<Bundled> {
  if (bundler === 'esbuild') {
    const result = await esbuild.build({
      stdin: { contents: source, resolveDir: REPO_ROOT },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      external: REACT,
      metafile: true,
      logLevel: 'silent',
    });
    return {
      code: result.outputFiles.map((f) => f.text).join('\n'),
      inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(REPO_ROOT, input)),
    };
  }
  const program = `const ROOT = ${JSON.stringify(REPO_ROOT)}, SOURCE = ${JSON.stringify(source)};\n${PROGRAMS[bundler]}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (child.status !== 0) throw new Error(`${bundler} failed: ${child.stderr || child.error?.message}`);
  const { code, inputs } = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Bundled;
  return { code, inputs: [...new Set(inputs)] };
}
