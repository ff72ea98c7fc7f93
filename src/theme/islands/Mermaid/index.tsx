/**
 * Draws the ```mermaid diagrams of a doc (`data-island="mermaid"`). mermaid itself is imported only here, so
 * only pages with a diagram download it. The build-time markup shows the diagram's source; once the SVG is
 * drawn the source folds into its <details>. The theme follows <html data-theme> (default or dark) and the
 * diagrams are drawn again when it changes. A failed chunk shows the error text and "Retry" (LazyChunk).
 */
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Mermaid } from 'mermaid';
import { LazyChunkError } from '../../LazyChunk';
import { importMermaid } from './import-mermaid';
import { CONTENT_STRINGS } from '../strings';
import type { Island } from '../types';

let mermaidPromise: Promise<Mermaid> | undefined;
let failedImports = 0;

/** The mermaid module, imported once; a failed import is forgotten so the next call tries again. */
export function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= importMermaid(failedImports).catch((error: unknown) => {
    mermaidPromise = undefined;
    failedImports += 1;
    throw error;
  });
  return mermaidPromise;
}

export type DiagramTheme = 'default' | 'dark';

/** mermaid's theme for the current colour mode. */
export const diagramTheme = (): DiagramTheme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'default';

const asError = (thrown: unknown) => (thrown instanceof Error ? thrown : new Error(String(thrown)));

let renderSequence = 0;

const enhanceDiagrams: Island = (root) => {
  const diagrams = Array.from(root.querySelectorAll<HTMLElement>('[data-island="mermaid"]'));
  if (diagrams.length === 0) return;
  const statusRoots = new Map<HTMLElement, Root>();
  const showStatus = (diagram: HTMLElement, content: ReactNode) => {
    const slot = diagram.querySelector('[data-island-status]');
    if (!slot) return;
    let statusRoot = statusRoots.get(diagram);
    if (!statusRoot) {
      statusRoot = createRoot(slot);
      statusRoots.set(diagram, statusRoot);
    }
    statusRoot.render(content);
  };

  let disposed = false;
  let generation = 0;
  let requestedTheme: DiagramTheme | null = null;

  const draw = async () => {
    const current = (generation += 1);
    const stale = () => disposed || current !== generation;
    const theme = diagramTheme();
    requestedTheme = theme;
    for (const diagram of diagrams) {
      if (!diagram.dataset.renderedTheme) showStatus(diagram, <p role="status">{CONTENT_STRINGS.loadingDiagram}</p>);
    }
    let mermaid: Mermaid;
    try {
      mermaid = await loadMermaid();
    } catch (error) {
      if (stale()) return;
      for (const diagram of diagrams) {
        showStatus(diagram, <LazyChunkError error={asError(error)} onRetry={() => void draw()} />);
      }
      return;
    }
    if (stale()) return;
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      layout: 'dagre',
      theme,
      // A syntax error is reported below the source, not drawn into the page by mermaid.
      suppressErrorRendering: true,
    });
    for (const diagram of diagrams) {
      const output = diagram.querySelector<HTMLElement>('[data-mermaid-output]');
      const source = diagram.querySelector('pre code')?.textContent ?? '';
      if (!output) continue;
      try {
        const { svg } = await mermaid.render(`mermaid-diagram-${(renderSequence += 1)}`, source);
        if (stale()) return;
        output.innerHTML = svg;
        output.hidden = false;
        diagram.dataset.renderedTheme = theme;
        diagram.querySelector('details')?.removeAttribute('open');
        showStatus(diagram, null);
      } catch (error) {
        if (stale()) return;
        showStatus(diagram, <p className="island-status__error">This diagram could not be drawn: {asError(error).message}</p>);
      }
    }
  };

  // The colour-mode toggle flips <html data-theme>; redraw only when the theme really changed.
  const observer = new MutationObserver(() => {
    if (diagramTheme() !== requestedTheme) void draw();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  void draw();
  return () => {
    disposed = true;
    observer.disconnect();
    // Deferred: the doc runtime calls this from an effect cleanup, while React is committing.
    setTimeout(() => statusRoots.forEach((statusRoot) => statusRoot.unmount()));
  };
};

export default enhanceDiagrams;
