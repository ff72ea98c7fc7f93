/** A diagram: its place, the drawing's box (which the diagram island draws into) and the source shown under it. */
import type { DataAttribute } from './data-attribute';

export const MERMAID_CLASSES = { diagram: 'mermaid-diagram', output: 'mermaid-diagram__output', source: 'mermaid-diagram__source' } as const;

export const MERMAID_OUTPUT_DATA: DataAttribute<'mermaidOutput'> = { name: 'data-mermaid-output', key: 'mermaidOutput' };
