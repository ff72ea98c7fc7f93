/** A ```mermaid fence: the diagram's place (drawn in the browser by its island) above its source as a code block. */
import { islandMarker } from '../../../contract/islands';
import { ISLAND_STATUS_CLASS, ISLAND_STATUS_DATA } from '../../../contract/markup/island-status';
import { MERMAID_CLASSES, MERMAID_OUTPUT_DATA } from '../../../contract/markup/mermaid';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { CodeBlock } from './CodeBlock';

/**
 * The diagram's accessible name: the fence title, else mermaid's front-matter `title:` or `accTitle:`, else
 * its first line.
 */
export function diagramTitle(source: string, fenceTitle?: string | null): string {
  if (fenceTitle) return fenceTitle;
  const frontMatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
  const fromFrontMatter = frontMatter ? /^title:\s*(.+)$/m.exec(frontMatter)?.[1] : undefined;
  const accTitle = /^\s*accTitle\s*:\s*(.+)$/m.exec(source)?.[1];
  const body = frontMatter === undefined ? source : source.replace(/^\s*---\r?\n[\s\S]*?\r?\n---/, '');
  const firstLine = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('%%'));
  const title = (fromFrontMatter ?? accTitle ?? firstLine ?? 'Diagram').trim();
  return title.replace(/^(["'])(.*)\1$/, '$2');
}

export function Mermaid({ code, title }: { code: string; title?: string }) {
  return (
    <div className={MERMAID_CLASSES.diagram} {...islandMarker('mermaid')}>
      {/* Focusable: on a phone the drawing is wider than the column and scrolls sideways, by keyboard too. */}
      <div
        className={MERMAID_CLASSES.output}
        role="img"
        aria-label={diagramTitle(code, title)}
        tabIndex={0}
        {...{ [MERMAID_OUTPUT_DATA.name]: true }}
        hidden
      />
      <div className={ISLAND_STATUS_CLASS} {...{ [ISLAND_STATUS_DATA.name]: true }} />
      <details className={MERMAID_CLASSES.source} open>
        <summary>{CONTENT_STRINGS.diagramSource}</summary>
        <CodeBlock code={code} lang="mermaid" />
      </details>
    </div>
  );
}
