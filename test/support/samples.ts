/**
 * Code samples of the docs, read from the MDX syntax tree (unified + remark-parse + remark-mdx), so tests can
 * compare the live examples' source with the block shown on the page. (The build compiles every TS/TSX
 * sample: src/node/type-hints.ts.)
 */
import fs from 'fs';
import path from 'path';
import type { Code } from 'mdast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import { blankFrontmatter } from '@src/node/mdx-extract';
import { finalCode } from '@src/contract/code-marks';
import { readVersionNames } from '@src/config/docs-versions';
import { versionedDocsDir, versionPackage } from '@src/contract/docs-versions';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const CONTENT_DIR = path.join(REPO_ROOT, 'content/docs');
/**
 * React 18.3 and React DOM 18.3 for the claims about React 18: a local package outside src/ (React DOM 18 peers on
 * React 18, which cannot sit beside the site's React 19; under src/ Gatsby would parse its 4.6 MB on every start).
 */
export const REACT_18_MODULES = path.join(REPO_ROOT, 'fixtures/react-18/node_modules');
/** The names of the older docs versions, newest first: the site's own reader of content/versions.json. */
export const docsVersions = (): string[] => readVersionNames(REPO_ROOT);

/** The docs folder of a version: the current docs without a name, else that older version's folder. */
export const docsDir = (version?: string): string => (version === undefined ? CONTENT_DIR : path.join(REPO_ROOT, versionedDocsDir(version)));

export { versionPackage };

/** Where an older version's release is installed. */
export const versionPackageDir = (version: string): string => path.join(REPO_ROOT, 'node_modules', versionPackage(version));

export interface CodeSample {
  /** Path relative to the repository root, e.g. content/docs/api/atom.mdx. */
  file: string;
  /** 1-based line of the opening fence in the file, frontmatter included. */
  line: number;
  lang: string;
  meta: string;
  /** The code the sample ends with (`// [!code --]` lines dropped, mark comments removed): what tests compile and run. */
  code: string;
  /** The fence's text as written, marks included. */
  shown: string;
  /** `partial` in the meta: deliberately incomplete, not compiled by the build. */
  partial: boolean;
  /** The `title="…"` of the meta, if any. */
  title: string | undefined;
}

export function mdxFiles(dir = CONTENT_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? mdxFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.mdx'))
    .sort();
}

export function parseMeta(meta: string): { partial: boolean; title: string | undefined } {
  const withoutStrings = meta.replace(/"[^"]*"|'[^']*'/g, '');
  return {
    partial: /(^|\s)partial(\s|$)/.test(withoutStrings),
    title: /title=(?:"([^"]*)"|'([^']*)')/.exec(meta)?.slice(1).find((v) => v !== undefined),
  };
}

// Only Jest imports this module (babel turns the ESM packages into CommonJS), so the parser loads synchronously.
const processor = unified().use(remarkParse).use(remarkMdx);

/** Every fenced code block of one MDX source. */
export function codeSamples(source: string, file: string): CodeSample[] {
  const samples: CodeSample[] = [];
  const walk = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'code') {
      const code = node as Code;
      const meta = code.meta ?? '';
      samples.push({
        file,
        line: code.position?.start.line ?? 0,
        lang: code.lang ?? '',
        meta,
        code: finalCode(code.value),
        shown: code.value,
        ...parseMeta(meta),
      });
    }
    (node.children ?? []).forEach((child) => walk(child as typeof node));
  };
  walk(processor.parse(blankFrontmatter(source)));
  return samples;
}

/** Code blocks of every doc, in file order: of the current docs, or with `version` of that older version. */
export function allCodeSamples(version?: string): CodeSample[] {
  return mdxFiles(docsDir(version)).flatMap((f) => codeSamples(fs.readFileSync(f, 'utf8'), path.relative(REPO_ROOT, f)));
}
