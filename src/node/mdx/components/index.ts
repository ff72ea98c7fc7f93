/**
 * The components docs use in MDX, rendered to static HTML at build time by render-mdx.ts. Browser behaviour
 * (copy, tab switching, diagrams, live examples) is added by islands (src/theme/islands), which find their
 * markup by `data-island`; class names are plain strings styled by src/theme/DocContent/styles.module.css.
 */
import { Admonition } from './Admonition';
import { CodeBlock } from './CodeBlock';
import type { DocRender } from './context';
import { Figure } from './Figure';
import { LiveExample } from './LiveExample';
import { Mermaid } from './Mermaid';
import { Pre } from './Pre';
import { Since } from './Since';
import { TabItem } from './TabItem';
import { Tabs } from './Tabs';

export { DocRenderContext, type DocRender } from './context';

/** The components by the names MDX gives them (`pre` stands for raw <pre> in JSX). */
export const MDX_COMPONENTS = { CodeBlock, Figure, Mermaid, Admonition, Tabs, TabItem, LiveExample, Since, pre: Pre };

/** What one doc's components share: ids count from 1 in each doc, and errors name its file. */
export function docRender({
  file,
  drawCode,
  version,
  lineOffset = 0,
  images = new Map(),
}: Pick<DocRender, 'file' | 'drawCode' | 'version'> & Partial<Pick<DocRender, 'lineOffset' | 'images'>>): DocRender {
  let sequence = 0;
  return {
    file,
    version,
    drawCode,
    lineOffset,
    images,
    nextId: (prefix) => `${prefix}-${(sequence += 1)}`,
    fail: (message) => {
      throw new Error(`${file}: ${message}`);
    },
  };
}
