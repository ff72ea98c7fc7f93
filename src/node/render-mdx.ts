/**
 * Renders a doc's MDX to static HTML at build time. The HTML reaches the browser as page data, so a docs
 * page ships no per-page JavaScript for its prose: the first load stays within the JS budget, and
 * navigating between docs fetches JSON only.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Heading, Link, Root } from 'mdast';
import { AUTOLINKED_HEADING_ELEMENTS } from './headings';
import { loadHighlighter, loadLanguages } from './highlight';
import { createMdxComponents } from './mdx-components';
import { linesBefore, MdxSyntaxError, mdxSyntaxError } from './mdx-errors';
import { CodeFenceError, remarkCodeMeta, type CodeMetaData } from './remark-code-meta';
import { loadTypeHints, TYPED_LANGUAGES } from './type-hints';

// gatsby-remark-autolink-headers is CommonJS: it gives headings the same ids the link checker computes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autolinkHeaders = require('gatsby-remark-autolink-headers') as (
  args: { markdownAST: Root },
  options: { icon: false; elements: readonly string[] },
) => Root;

/** The heading's id as set by autolink-headers, or null for levels it skips (h1). */
function headingId(node: Heading): string | null {
  const id = (node.data as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

function headingText(node: Heading): string {
  const walk = (n: { value?: unknown; children?: unknown[] }): string =>
    typeof n.value === 'string' ? n.value : (n.children ?? []).map((c) => walk(c as typeof n)).join('');
  return walk(node as unknown as { children: unknown[] });
}

/** Gives h2–h6 ids and appends a "#" link to each, named "Direct link to <heading>" for screen readers. */
export function remarkHeadingAnchors() {
  return (tree: Root) => {
    autolinkHeaders({ markdownAST: tree }, { icon: false, elements: AUTOLINKED_HEADING_ELEMENTS });
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'heading') {
        const heading = node as Heading;
        const id = headingId(heading);
        if (!id) return;
        const anchor: Link = {
          type: 'link',
          url: `#${id}`,
          title: null,
          children: [{ type: 'text', value: '#' }],
          data: {
            hProperties: { className: ['heading-anchor'], 'aria-label': `Direct link to ${headingText(heading)}` },
          },
        };
        heading.children.push(anchor);
        return;
      }
      (node.children ?? []).forEach((child) => visit(child as typeof node));
    };
    visit(tree);
  };
}

type RunOptions = Parameters<typeof import('@mdx-js/mdx').run>[1];

let mdxPromise: Promise<typeof import('@mdx-js/mdx')> | undefined;
// Promise.resolve(): Parcel, which compiles gatsby-node, turns import() of an external into a plain require().
const loadMdx = () => (mdxPromise ??= Promise.resolve(import('@mdx-js/mdx')));

/** Lines of `file` before `body` (its frontmatter), so errors found in the body name the file's lines. */
export const bodyLineOffset = (file: string, body: string): number => linesBefore(file, body);

/**
 * MDX source (without frontmatter) → HTML, with code highlighted and the components of mdx-components.tsx.
 * TS/TSX samples are compiled against the installed package and get type hints (src/node/type-hints.ts).
 * Throws with the file name (and line, for samples) when the MDX does not compile, uses a component wrongly
 * or has a sample that does not compile.
 */
export async function renderMdxToHtml(source: string, file = 'MDX'): Promise<string> {
  const { compile, run } = await loadMdx();
  let compiled: Awaited<ReturnType<typeof compile>>;
  try {
    compiled = await compile(
      { value: source, path: file },
      {
        outputFormat: 'function-body',
        development: false,
        remarkPlugins: [remarkHeadingAnchors, remarkCodeMeta],
      },
    );
  } catch (error) {
    if (error instanceof CodeFenceError) throw error;
    const syntax = mdxSyntaxError(error, file, () => bodyLineOffset(file, source), source);
    if (syntax instanceof MdxSyntaxError) throw syntax;
    throw new Error(`${file}: the MDX does not compile: ${(error as Error).message}`, { cause: error });
  }
  const languages = (compiled.data as CodeMetaData).codeLanguages ?? [];
  const highlighter = await loadHighlighter();
  await loadLanguages(highlighter, languages, file);
  const typeHints = languages.some((lang) => TYPED_LANGUAGES.has(lang)) ? await loadTypeHints() : undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runtime = require('react/jsx-runtime') as RunOptions;
  const { default: Content } = await run(String(compiled), runtime);
  const components = createMdxComponents({ file, highlighter, typeHints, lineOffset: bodyLineOffset(file, source) });
  return renderToStaticMarkup(createElement(Content, { components }));
}
