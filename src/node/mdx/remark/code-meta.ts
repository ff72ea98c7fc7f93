/**
 * Turns fenced code into MDX components before MDX compiles the tree: ```lang meta → <CodeBlock>, and
 * ```mermaid → <Mermaid>. Fence meta: title="file.ts" (or 'file.ts'), {2,4-6} for highlighted lines,
 * and `partial` for a deliberately incomplete sample (not compiled, and it must not compile on its own).
 */
import type { Code, Root } from 'mdast';

export interface CodeMeta {
  title: string | null;
  /** 1-based line numbers, ascending, without duplicates. */
  highlightLines: number[];
  partial: boolean;
}

/** A fence whose meta or lines are wrong; the message names the file and line. */
export class CodeFenceError extends Error {
  override name = 'CodeFenceError';
}

const META_TOKEN = /\s*(?:title=(?:"([^"]*)"|'([^']*)')|\{([^}]*)\}|(partial)(?=\s|$)|(\S+))/y;

/** Parses a fence's meta string; throws a message naming the bad part. */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { title: null, highlightLines: [], partial: false };
  const source = (meta ?? '').trim();
  const lines = new Set<number>();
  META_TOKEN.lastIndex = 0;
  while (META_TOKEN.lastIndex < source.length) {
    const match = META_TOKEN.exec(source);
    if (!match) break;
    const [, doubleQuoted, singleQuoted, ranges, partial, unknown] = match;
    if (unknown !== undefined) {
      throw new Error(`unknown code block option "${unknown}" (known: title="…", {1,3-5}, partial)`);
    }
    if (partial) result.partial = true;
    else if (ranges !== undefined) for (const line of parseLineRanges(ranges)) lines.add(line);
    else result.title = (doubleQuoted ?? singleQuoted ?? '').trim() || null;
  }
  result.highlightLines = [...lines].sort((a, b) => a - b);
  return result;
}

function parseLineRanges(ranges: string): number[] {
  const lines: number[] = [];
  for (const part of ranges.split(',').map((p) => p.trim())) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    const from = Number(match?.[1]);
    const to = match?.[2] === undefined ? from : Number(match[2]);
    if (!match || from < 1 || to < from) {
      throw new Error(`bad highlighted-line range "${part}" in {${ranges}} (use e.g. {2,4-6}, 1-based, ascending)`);
    }
    for (let line = from; line <= to; line += 1) lines.push(line);
  }
  return lines;
}

interface JsxAttribute {
  type: 'mdxJsxAttribute';
  name: string;
  value: string | null;
}

interface JsxFlowElement {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: JsxAttribute[];
  children: [];
  position?: Code['position'];
}

/** A fence's language as the components receive it: lower case, `text` when the fence names none. */
export const fenceLanguage = (lang: string | null | undefined): string => (lang ?? 'text').toLowerCase();

const attribute = (name: string, value: string | null): JsxAttribute => ({ type: 'mdxJsxAttribute', name, value });

/** A fence as the renderer will draw it. */
export interface CodeBlockSpec {
  lang: string;
  code: string;
  /** 1-based highlighted lines. */
  highlight: number[];
  partial: boolean;
}

/** Every fence of the doc (and their languages), so the renderer can load grammars or reuse cached output first. */
export interface CodeMetaData {
  codeLanguages?: string[];
  codeBlocks?: CodeBlockSpec[];
}

export function remarkCodeMeta() {
  return (tree: Root, file: { path?: string; data: Record<string, unknown> }) => {
    const languages = new Set<string>();
    const blocks: CodeBlockSpec[] = [];
    const where = (node: Code) => `${file.path ?? 'MDX'}:${node.position?.start.line ?? '?'}`;
    const visit = (node: { type: string; children?: unknown[] }) => {
      node.children?.forEach((child, index) => {
        const candidate = child as { type: string; children?: unknown[] };
        if (candidate.type !== 'code') return visit(candidate);
        const code = candidate as Code;
        let meta: CodeMeta;
        try {
          meta = parseCodeMeta(code.meta);
        } catch (error) {
          throw new CodeFenceError(`${where(code)}: ${(error as Error).message}`);
        }
        const lineCount = code.value.split('\n').length;
        const outOfRange = meta.highlightLines.find((line) => line > lineCount);
        if (outOfRange !== undefined) {
          throw new CodeFenceError(
            `${where(code)}: highlighted line ${outOfRange} is past the end of the code block (${lineCount} lines)`,
          );
        }
        const lang = fenceLanguage(code.lang);
        languages.add(lang);
        blocks.push({ lang, code: code.value, highlight: meta.highlightLines, partial: meta.partial });
        const attributes = [attribute('lang', lang), attribute('code', code.value)];
        if (meta.title) attributes.push(attribute('title', meta.title));
        if (meta.highlightLines.length > 0) attributes.push(attribute('highlight', meta.highlightLines.join(',')));
        if (meta.partial) attributes.push(attribute('partial', null));
        // The fence's line in the MDX source, so a sample that does not compile is reported where it is.
        if (code.position) attributes.push(attribute('line', String(code.position.start.line)));
        const element: JsxFlowElement = {
          type: 'mdxJsxFlowElement',
          name: lang === 'mermaid' ? 'Mermaid' : 'CodeBlock',
          attributes,
          children: [],
          position: code.position,
        };
        (node.children as unknown[])[index] = element;
      });
    };
    visit(tree);
    (file.data as CodeMetaData).codeLanguages = [...languages];
    (file.data as CodeMetaData).codeBlocks = blocks;
  };
}
