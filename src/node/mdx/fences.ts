/**
 * Fences drawn as highlighted HTML: shiki for every language, and for TS/TSX samples the compiler that checks them
 * and adds type hints, against the package of the doc's docs version. A drawn fence is kept across runs by its code,
 * language, lines and (for a sample) docs version, versioned by this module's code (what highlights and compiles),
 * so editing the rest of the renderer recompiles no sample.
 */
import type { Highlighter } from 'shiki';
import { digest, outputCache, type OutputCache } from '../build-cache';
import { highlightToHtml, loadHighlighter, loadLanguages } from '../highlight';
import { loadTypeHints, type SampleSource, type TypeHints } from '../type-hints';

/** The docs version fences are drawn for: its name keys the cache, its release's install is what samples compile against. */
export interface FenceVersion {
  name: string;
  packageDir: string;
}

/** One fence to draw: its code, language, highlighted lines and, for a compiled sample, where it sits. */
export interface CodeToDraw {
  code: string;
  lang: string;
  lines: number[];
  typed?: SampleSource;
}

/** Draws fences with a loaded highlighter (grammars of the fences' languages loaded) and, for samples, the compiler. */
export function drawWith(highlighter: Highlighter, typeHints: TypeHints | undefined) {
  return ({ code, lang, lines, typed }: CodeToDraw): string =>
    highlightToHtml(highlighter, code, lang, lines, typed && typeHints ? { hints: typeHints, source: typed } : undefined);
}

// One load at a time: shiki imports grammars with import() while twoslash require()s modules they share, and
// Node 20 fails ("reading 'getStatus'") when a module is require()d while an import() of it is in flight.
let loading: Promise<unknown> = Promise.resolve();

/**
 * The highlighter with the fences' grammars, and when some fence is a sample the compiler of the docs version's
 * package: loaded one at a time.
 */
function loadDrawing(fences: readonly CodeToDraw[], file: string, version: FenceVersion): Promise<(block: CodeToDraw) => string> {
  const next = loading.then(async () => {
    const highlighter = await loadHighlighter();
    await loadLanguages(highlighter, fences.map((fence) => fence.lang), file);
    const typeHints = fences.some((fence) => fence.typed) ? await loadTypeHints(version.packageDir) : undefined;
    return drawWith(highlighter, typeHints);
  });
  loading = next.catch(() => undefined);
  return next;
}

/** Drawn fences, kept across runs: a fence is highlighted and its sample compiled once per content and toolchain. */
export const codeBlockCache = outputCache<string>('code-block', 'src/node/mdx/fences.ts');

/**
 * The cache key of a fence: everything its HTML depends on besides the toolchain (in the cache's version). A sample's
 * HTML also depends on the docs version it compiles for (the same code has other types in another release).
 */
export const codeBlockKey = ({ code, lang, lines, typed }: CodeToDraw, versionName: string): string =>
  typed
    ? digest(lang, code, lines.join(','), typed.partial ? 'partial' : 'compiled', versionName)
    : digest(lang, code, lines.join(','), 'plain');

/** The fences of one doc, ready to draw synchronously during its render. */
export interface DocFences {
  /** A fence's HTML: from the cache, or drawn now; throws when a sample does not compile. */
  draw(block: CodeToDraw): string;
  /** Keeps the fences drawn during the render for later runs. */
  save(): Promise<void>;
}

/**
 * Looks up each fence of the doc in the cache first, so shiki and the TypeScript compiler load only when a fence is
 * new. `fences` are what the doc will ask to draw (a fence's line only matters for errors, so it is not in the key);
 * its samples compile against the release of `version`.
 */
export async function prepareFences(
  fences: readonly CodeToDraw[],
  file: string,
  version: FenceVersion,
  blocks: OutputCache<string> = codeBlockCache,
): Promise<DocFences> {
  const keyOf = (fence: CodeToDraw) => codeBlockKey(fence, version.name);
  const drawn = new Map<string, string>();
  await Promise.all(
    fences.map(async (fence) => {
      const key = keyOf(fence);
      const html = await blocks.peek(key);
      if (html !== undefined) drawn.set(key, html);
    }),
  );
  const missing = fences.filter((fence) => !drawn.has(keyOf(fence)));
  const draw = missing.length > 0 ? await loadDrawing(missing, file, version) : undefined;
  const fresh = new Map<string, string>();
  return {
    draw(block) {
      const key = keyOf(block);
      const known = drawn.get(key) ?? fresh.get(key);
      if (known !== undefined) return known;
      if (!draw) throw new Error(`${file}: a <CodeBlock> written as JSX is not supported: write a fenced code block instead`);
      const html = draw(block);
      fresh.set(key, html);
      return html;
    },
    save: async () => {
      await Promise.all([...fresh].map(([key, value]) => blocks.put(key, value)));
    },
  };
}
