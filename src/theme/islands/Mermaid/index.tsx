/**
 * Draws the ```mermaid diagrams of a doc (`data-island="mermaid"`). mermaid itself is imported only here, so only
 * pages with a diagram download it. The build-time markup shows the diagram's source; once the SVG is drawn the
 * source folds into its <details>. The theme follows <html data-theme> (default or dark) and the diagrams are
 * drawn again when it changes.
 *
 * Both mermaid and the chunk mermaid fetches for a diagram's type (flowchart, sequence…) go through the loader:
 * when either cannot load, the diagram says so with a Retry that fetches again, while its source stays readable.
 * A diagram whose text mermaid rejects says why, without a Retry (trying again would not help).
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Mermaid } from 'mermaid';
import LoadFailure from '../../LoadFailure';
import { isModuleLoadFailure, latePiece, startLoading, useLatePiece, type LatePiece } from '../loader';
import { fullSizeView, type FullSizeView } from './full-size';
import { importMermaid } from './import-mermaid';
import { islandSelector } from '../../../contract/islands';
import { ISLAND_STATUS_DATA } from '../../../contract/markup/island-status';
import { MERMAID_OUTPUT_DATA } from '../../../contract/markup/mermaid';
import { CONTENT_STRINGS } from '../../../contract/strings';
import type { Island } from '../registry';

/** mermaid's own module, shared by every diagram of every page; each retry imports it under a new URL. */
export const mermaidModule = latePiece<Mermaid>('The diagram', (attempt) => importMermaid(attempt));

export type DiagramTheme = 'default' | 'dark';

/** mermaid's theme for the current colour mode. */
export const diagramTheme = (): DiagramTheme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'default';

/** The innermost reason of a failure (the loader wraps what it catches). */
const rootCause = (error: unknown): unknown => {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current;
};

// mermaid draws in a scratch element of its own: one diagram at a time.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

let renderSequence = 0;

/** A diagram drawn in one theme: its SVG, as a piece that can fail to load and be retried. */
export function diagramPiece(source: string, theme: DiagramTheme): LatePiece<string> {
  return latePiece('The diagram', async () => {
    const mermaid = await mermaidModule.load();
    return oneAtATime(async () => {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        layout: 'dagre',
        theme,
        // A syntax error is reported below the source, not drawn into the page by mermaid.
        suppressErrorRendering: true,
      });
      const { svg } = await mermaid.render(`mermaid-diagram-${(renderSequence += 1)}`, source);
      return svg;
    });
  });
}

/** The status line under a diagram: loading, could not load (with Retry), or could not be drawn. */
export function DiagramStatus({ piece, drawn }: { piece: LatePiece<string>; drawn: boolean }) {
  const state = useLatePiece(piece);
  if (state.status === 'ready') return null;
  // Only a load failure offers Retry, so only a load failure can be retrying.
  if (state.status === 'loading' && state.retrying) return <LoadFailure piece={piece} />;
  if (state.status === 'failed') {
    if (isModuleLoadFailure(state.error)) return <LoadFailure piece={piece} />;
    const reason = rootCause(state.error);
    return (
      <p className="island-status__error">
        This diagram could not be drawn: {reason instanceof Error ? reason.message : String(reason)}
      </p>
    );
  }
  // A redraw in the other theme keeps the drawn diagram on screen without a note.
  return drawn ? null : <p role="status">{CONTENT_STRINGS.loadingDiagram}</p>;
}

const enhanceDiagrams: Island = (root) => {
  const diagrams = Array.from(root.querySelectorAll<HTMLElement>(islandSelector('mermaid')));
  if (diagrams.length === 0) return;
  const statusRoots = new Map<HTMLElement, Root>();
  const views = new Map<HTMLElement, FullSizeView>();
  const unsubscribes: (() => void)[] = [];
  let disposed = false;
  let requestedTheme: DiagramTheme | null = null;

  const draw = (diagram: HTMLElement, theme: DiagramTheme) => {
    const output = diagram.querySelector<HTMLElement>(`[${MERMAID_OUTPUT_DATA.name}]`);
    const slot = diagram.querySelector(`[${ISLAND_STATUS_DATA.name}]`);
    if (!output || !slot) return;
    const piece = diagramPiece(diagram.querySelector('pre code')?.textContent ?? '', theme);
    let statusRoot = statusRoots.get(diagram);
    if (!statusRoot) {
      statusRoot = createRoot(slot);
      statusRoots.set(diagram, statusRoot);
    }
    statusRoot.render(<DiagramStatus piece={piece} drawn={diagram.dataset.renderedTheme !== undefined} />);
    unsubscribes.push(
      piece.subscribe(() => {
        const { state } = piece;
        // A newer theme was asked for meanwhile: its own drawing wins.
        if (disposed || state.status !== 'ready' || theme !== requestedTheme) return;
        output.innerHTML = state.value;
        output.hidden = false;
        let view = views.get(diagram);
        if (!view) {
          view = fullSizeView(diagram, output, output.getAttribute('aria-label') ?? '');
          views.set(diagram, view);
        }
        view.drawn();
        diagram.dataset.renderedTheme = theme;
        diagram.querySelector('details')?.removeAttribute('open');
      }),
    );
    startLoading(piece);
  };

  const drawAll = () => {
    const theme = diagramTheme();
    if (theme === requestedTheme) return;
    requestedTheme = theme;
    diagrams.forEach((diagram) => draw(diagram, theme));
  };

  // The colour-mode toggle flips <html data-theme>; redraw only when the theme really changed.
  const observer = new MutationObserver(drawAll);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  drawAll();
  return () => {
    disposed = true;
    observer.disconnect();
    unsubscribes.forEach((unsubscribe) => unsubscribe());
    views.forEach((view) => view.dispose());
    // Deferred: the doc runtime calls this from an effect cleanup, while React is committing.
    setTimeout(() => statusRoots.forEach((statusRoot) => statusRoot.unmount()));
  };
};

export default enhanceDiagrams;
