/**
 * Types on hover for the docs' TS/TSX samples. At build time twoslash compiles every sample against the
 * installed @rkrupinski/stan (the one place samples are compiled) and marks each identifier with the type
 * TypeScript gives it: `<span class="type-hint" data-type="…">`. The browser shows that text in a popup
 * (src/theme/islands/TypeHints); without JavaScript the code reads as plain highlighted code.
 */
import fs from 'fs';
import path from 'path';
import type ts from 'typescript';
import { importEsm } from './esm';
import { typescript } from './typescript';
import type { ShikiTransformer } from 'shiki';
import type { TwoslashRenderer } from '@shikijs/twoslash/core';
import type { TwoslashExecuteOptions, TwoslashInstance } from 'twoslash';
import { TYPE_HINT_ATTRIBUTE, TYPE_HINT_CLASS } from '../contract/type-hints';
import { compilableCode } from '../contract/code-marks';
import { sampleCompilerOptionsFor } from '../contract/sample-compiler-options';
import { CURRENT_PACKAGE } from '../contract/docs-versions';
import { installedPackageDir, packageLabel, readPackageAt } from '../config/installed-package';
import { declarationsDigest, keptSampleResults, SAMPLE_RESULTS_DIR, sampleEnvironmentDigest } from './sample-results';

/** Strict options a reader's project would use (the installation page shows them), resolved from the repo root. */
export function sampleCompilerOptions(): ts.CompilerOptions {
  return sampleCompilerOptionsFor(typescript());
}

/** Samples import CSS modules the way the site's bundler provides them. */
export const SAMPLE_AMBIENT_TYPES =
  "declare module '*.module.css' { const classes: { readonly [key: string]: string }; export = classes; }\n";

/** Fence languages whose samples are compiled and get type hints. */
export const TYPED_LANGUAGES: ReadonlySet<string> = new Set(['ts', 'tsx', 'typescript']);

/** Whether a sample is compiled into type hints: a typed language, not marked `partial` (those must fail to compile). */
export const compilesSample = (lang: string, partial: boolean): boolean => TYPED_LANGUAGES.has(lang) && !partial;


/** Where a sample sits in the docs, for build errors. */
export interface SampleSource {
  /** The MDX file, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence in that file. */
  line: number;
  /** Marked `partial`: not compiled, and it must not compile on its own. */
  partial?: boolean;
}

/** A sample that does not compile (or a `partial` one that does); the message names file and line. */
export class SampleCompileError extends Error {
  override name = 'SampleCompileError';
}

export interface SampleDiagnostic {
  /** Line in the MDX file. */
  line: number;
  code: number;
  message: string;
}

/**
 * TypeScript `paths` that resolve the package's entry points (`@rkrupinski/stan`, `@rkrupinski/stan/react`) to the
 * declarations of another install of it, e.g. `node_modules/stan-1.0.0-rc14`, read from its `exports`.
 */
export function stanPackagePaths(packageDir: string): Record<string, string[]> {
  const dir = path.resolve(packageDir);
  const pkg = readPackageAt(dir);
  if (!pkg) throw new Error(`${dir} holds no installed package: samples cannot compile against it.`);
  return Object.fromEntries(
    Object.entries(pkg.exports)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([subpath, file]) => [`${pkg.name}${subpath.slice(1)}`, [path.join(dir, file.replace(/\.js$/, '.d.ts'))]]),
  );
}

// One compiler per package directory ('' is the installed @rkrupinski/stan).
const twoslashers = new Map<string, Promise<TwoslashInstance>>();
let factoryPromise: Promise<typeof import('@shikijs/twoslash/core')> | undefined;

const AMBIENT_FILE = 'ambient.d.ts';
const HANDBOOK_OPTIONS = { noErrorValidation: true } as const;

/** A file's text under the site's root, or '' when there is none (a test's scratch site). */
const textUnderRoot = (root: string, file: string) => {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8');
  } catch {
    return '';
  }
};

const loadTwoslasher = (packageDir?: string) => {
  const key = packageDir ? path.resolve(packageDir) : '';
  let twoslasher = twoslashers.get(key);
  if (!twoslasher) {
    twoslasher = importEsm(() => import('twoslash')).then(({ createTwoslasher }) => {
      const root = process.cwd();
      const compilerOptions = { ...sampleCompilerOptions(), ...(key ? { paths: stanPackagePaths(key) } : {}) };
      const compiler = createTwoslasher({
        compilerOptions,
        // Resolves `@rkrupinski/stan` and `react` from this repository's node_modules.
        vfsRoot: root,
        extraFiles: { [AMBIENT_FILE]: SAMPLE_AMBIENT_TYPES },
        // Reports every diagnostic to us instead of throwing its own summary (no `// @errors` tags here).
        handbookOptions: HANDBOOK_OPTIONS,
      });
      // Answers kept across builds: a sample is compiled once per content, release and toolchain.
      return keptSampleResults(compiler, {
        dir: path.join(root, SAMPLE_RESULTS_DIR),
        environment: sampleEnvironmentDigest({
          compilerOptions: JSON.stringify(compilerOptions),
          ambient: SAMPLE_AMBIENT_TYPES,
          handbook: JSON.stringify(HANDBOOK_OPTIONS),
          root,
          typescript: typescript().version,
          twoslash: textUnderRoot(root, 'node_modules/twoslash/package.json'),
          vfs: textUnderRoot(root, 'node_modules/@typescript/vfs/package.json'),
          packages: textUnderRoot(root, 'package-lock.json'),
          declarations: declarationsDigest(key || path.join(root, 'node_modules', '@rkrupinski', 'stan')),
        }),
      });
    });
    twoslashers.set(key, twoslasher);
  }
  return twoslasher;
};

const loadFactory = () => (factoryPromise ??= importEsm(() => import('@shikijs/twoslash/core')));

/**
 * Loads the compiler once per build; call before typeHintsTransformer(). With `packageDir` (another install of the
 * package, such as `node_modules/stan-1.0.0-rc14`) samples compile against that release instead, with a compiler
 * of its own.
 */
export async function loadTypeHints(packageDir?: string): Promise<TypeHints> {
  const [twoslasher, { createTransformerFactory, defaultHoverInfoProcessor }] = await Promise.all([
    loadTwoslasher(packageDir),
    loadFactory(),
  ]);
  return { twoslasher, createTransformerFactory, defaultHoverInfoProcessor, compiledAgainst: compiledAgainst(packageDir) };
}

/** "@rkrupinski/stan 1.2.0-rc4": the package and release samples compile against, as build errors name it. */
function compiledAgainst(packageDir: string | undefined): string {
  const dir = packageDir ? path.resolve(packageDir) : installedPackageDir(CURRENT_PACKAGE);
  const pkg = readPackageAt(dir);
  return pkg ? packageLabel(pkg) : `the package in ${dir}`;
}

export interface TypeHints {
  twoslasher: TwoslashInstance;
  createTransformerFactory: (typeof import('@shikijs/twoslash/core'))['createTransformerFactory'];
  defaultHoverInfoProcessor: (type: string) => string;
  /** The package and release the samples compile against ("@rkrupinski/stan 1.0.0-rc14"), named in build errors. */
  compiledAgainst: string;
}

const extensionOf = (lang: string) => (lang === 'tsx' ? 'tsx' : 'ts');

/**
 * Compiler errors of one sample, at their MDX lines (the code starts on the line after the fence). A sample's
 * `// [!code --]` lines are not compiled: the code it ends with is.
 */
export function sampleDiagnostics(hints: TypeHints, code: string, lang: string, source: SampleSource): SampleDiagnostic[] {
  const result = hints.twoslasher(compilableCode(code), extensionOf(lang));
  return result.errors
    .filter((error) => error.level === undefined || error.level === 'error')
    .map((error) => ({ line: source.line + 1 + error.line, code: Number(error.code), message: error.text }));
}

const describeDiagnostics = (file: string, diagnostics: readonly SampleDiagnostic[]) =>
  diagnostics.map((d) => `${file}:${d.line}: TS${d.code}: ${d.message}`).join('\n');

/** HTML tag names in JSX: their types are React's element plumbing, not something a reader looks up. */
const isIntrinsicElement = (type: string) => /^(\(property\) )?(React\.)?JSX\.IntrinsicElements\./.test(type);

/**
 * The popup text of a hover. twoslash's processor drops a kind of one word ("(property) ") and marks a text that
 * starts with a call as a function, so it reads the parenthesis of a kind of two words ("(type parameter) ",
 * "(local var) ") as a call and shows "function (type parameter) T…": drop every kind before it runs.
 */
export const popupTypeText =
  (processInfo: (type: string) => string) =>
  (type: string): string =>
    processInfo(type.replace(/^\([\w-]+(?: [\w-]+)+\)\s+/gm, ''));

/** Turns each hover of twoslash into the hint markup; errors never reach rendering (they fail the build). */
function hintRenderer(processInfo: (type: string) => string): TwoslashRenderer {
  return {
    nodeStaticInfo(info, node) {
      const type = processInfo(info.text);
      if (!type || isIntrinsicElement(type)) return node;
      return {
        type: 'element',
        tagName: 'span',
        properties: { class: TYPE_HINT_CLASS, [TYPE_HINT_ATTRIBUTE]: type },
        children: [node],
      };
    },
  };
}

// The hast types of shiki's own version (the repository's @types/hast is an older major).
type Root = Parameters<NonNullable<ShikiTransformer['root']>>[0];
type Element = Extract<Root['children'][number], { type: 'element' }>;

const isElement = (node: unknown): node is Element => (node as Element | undefined)?.type === 'element';
const hasClass = (node: Element, name: string) => String(node.properties?.class ?? '').split(' ').includes(name);

/**
 * One keyboard stop per block (roving focus, moved by the island): the first hint takes Tab, the others are
 * reached with the arrow keys. The <pre> stops being a stop of its own, since its first hint scrolls it.
 */
export function rovingHintFocus(): ShikiTransformer {
  return {
    name: 'stan-docs:type-hint-focus',
    root(root: Root) {
      const hints: Element[] = [];
      const walk = (node: unknown) => {
        if (!isElement(node) && (node as Root).type !== 'root') return;
        if (isElement(node) && hasClass(node, TYPE_HINT_CLASS)) hints.push(node);
        (node as Element).children?.forEach(walk);
      };
      walk(root);
      if (hints.length === 0) return;
      hints.forEach((hint, index) => {
        hint.properties = { ...hint.properties, tabIndex: index === 0 ? 0 : -1 };
      });
      const pre = root.children.find(isElement);
      if (pre?.tagName === 'pre' && pre.properties) {
        delete pre.properties.tabindex;
        delete pre.properties.tabIndex;
      }
    },
  };
}

/**
 * The shiki transformers that compile one sample and add its type hints, or throw a SampleCompileError naming
 * the file, line and compiler message. A `partial` sample is only checked for not compiling, and gets no hints.
 */
export function typeHintTransformers(
  hints: TypeHints,
  code: string,
  lang: string,
  source: SampleSource,
): ShikiTransformer[] {
  if (!TYPED_LANGUAGES.has(lang)) return [];
  if (!compilesSample(lang, Boolean(source.partial))) {
    if (sampleDiagnostics(hints, code, lang, source).length === 0) {
      throw new SampleCompileError(
        `${source.file}:${source.line}: this sample is marked \`partial\` but compiles on its own: remove \`partial\` ` +
          'from its fence so it is type-checked and gets type hints',
      );
    }
    return [];
  }
  const factory = hints.createTransformerFactory(hints.twoslasher, hintRenderer(popupTypeText(hints.defaultHoverInfoProcessor)));
  const transformer = factory({
    langs: [...TYPED_LANGUAGES],
    langAlias: { typescript: 'ts' },
    twoslasher: (sample: string, extension?: string, options?: TwoslashExecuteOptions) => {
      // Removed lines are blanked in place, so the popups land on the shown code and those lines get none.
      const compiled = compilableCode(sample);
      const result = hints.twoslasher(compiled, extension, options);
      const errors = result.errors.filter((error) => error.level === undefined || error.level === 'error');
      if (errors.length > 0) {
        const diagnostics = errors.map((error) => ({
          line: source.line + 1 + error.line,
          code: Number(error.code),
          message: error.text,
        }));
        throw new SampleCompileError(
          `${path.normalize(source.file)}:${source.line}: this sample does not compile against ${hints.compiledAgainst}, ` +
            `the release its docs version documents (fix it, or mark a deliberately incomplete sample \`partial\`):\n` +
            describeDiagnostics(source.file, diagnostics),
        );
      }
      if (compiled === sample) return result;
      if (result.code !== compiled) {
        throw new SampleCompileError(
          `${path.normalize(source.file)}:${source.line}: a sample with \`// [!code --]\` lines cannot also use ` +
            "twoslash's own annotations (`// @…: …`, `// ^?`): drop one of them",
        );
      }
      return { ...result, code: sample };
    },
    // Our own errors carry the file and line: let them through unchanged.
    onTwoslashError: (error) => {
      throw error;
    },
  });
  return [transformer, rovingHintFocus()];
}
