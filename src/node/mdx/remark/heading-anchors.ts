/**
 * The remark step of a doc's headings: h2–h6 get the ids gatsby-remark-autolink-headers gives them (the ids the link
 * check computes) and a "#" link each, and the headings are recorded for the table of contents.
 */
import type { Heading, Link, Root } from 'mdast';
import { AUTOLINKED_HEADING_ELEMENTS } from '../../headings';
import { TOC_MAX_HEADING_LEVEL, TOC_MIN_HEADING_LEVEL } from '../../../contract/constants';
import type { TocItem } from '../../../contract/toc';
import { HEADING_ANCHOR_CLASS } from '../../../contract/markup/static';

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

/** A table-of-contents entry as the build makes it: every entry has its list of children, empty or not. */
interface BuiltTocItem extends TocItem {
  children: BuiltTocItem[];
}

/**
 * The doc's table of contents from the headings the step recorded: the levels the theme lists (h2 and h3), each h3
 * under the h2 before it; an h3 before any h2 stays at the top level.
 */
export function tocFromHeadings(headings: ReadonlyArray<{ depth: number; id: string; title: string }>): BuiltTocItem[] {
  const items: BuiltTocItem[] = [];
  for (const { depth, id, title } of headings) {
    if (depth < TOC_MIN_HEADING_LEVEL || depth > TOC_MAX_HEADING_LEVEL) continue;
    const parent = items[items.length - 1];
    if (depth > TOC_MIN_HEADING_LEVEL && parent) parent.children.push({ id, title, children: [] });
    else items.push({ id, title, children: [] });
  }
  return items;
}

/** What remarkHeadingAnchors leaves in the file's data: every heading with an id, in document order. */
export interface HeadingData {
  headings?: Array<{ depth: number; id: string; title: string }>;
}

/**
 * Gives h2–h6 ids and appends a "#" link to each, named "Direct link to <heading>" for screen readers; records the
 * headings for the table of contents.
 */
export function remarkHeadingAnchors() {
  return (tree: Root, file?: { data: Record<string, unknown> }) => {
    autolinkHeaders({ markdownAST: tree }, { icon: false, elements: AUTOLINKED_HEADING_ELEMENTS });
    const headings: NonNullable<HeadingData['headings']> = [];
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'heading') {
        const heading = node as Heading;
        const id = headingId(heading);
        if (!id) return;
        headings.push({ depth: heading.depth, id, title: headingText(heading) });
        const anchor: Link = {
          type: 'link',
          url: `#${id}`,
          title: null,
          children: [{ type: 'text', value: '#' }],
          data: {
            hProperties: { className: [HEADING_ANCHOR_CLASS], 'aria-label': `Direct link to ${headingText(heading)}` },
          },
        };
        heading.children.push(anchor);
        return;
      }
      (node.children ?? []).forEach((child) => visit(child as typeof node));
    };
    visit(tree);
    if (file) (file.data as HeadingData).headings = headings;
  };
}
