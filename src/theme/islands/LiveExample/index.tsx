/**
 * Mounts each <LiveExample> (`data-island="live-example"`) once it comes near the viewport, in its own React root.
 * Its component's chunk loads through the loader: "Loading example…" meanwhile, and if it cannot load, a notice
 * with Retry that fetches it again, in the same root (one root per example, however often it is retried). An
 * example that throws while running shows its error instead of vanishing.
 */
import { createRoot, type Root } from 'react-dom/client';
import LoadFailure from '../../LoadFailure';
import { latePiece, showsFailure, startLoading, useLatePiece, type LatePiece } from '../loader';
import { islandSelector } from '../../../contract/islands';
import { isLiveExampleId, type LiveExampleId } from '../../../contract/live-example-ids';
import { liveExamples, type LiveExampleModule } from '../live-examples';
import { ISLAND_STATUS_CLASS, ISLAND_STATUS_DATA } from '../../../contract/markup/island-status';
import { EXAMPLE_ID_DATA, LIVE_EXAMPLE_ROOT_DATA } from '../../../contract/markup/live-example';
import { CONTENT_STRINGS } from '../../../contract/strings';
import type { Island } from '../registry';

/** How far below (or above) the viewport an example starts loading. */
export const LIVE_EXAMPLE_ROOT_MARGIN = '400px 0px';

// One piece per example, shared by every mount, so a loaded chunk is not requested again.
const pieces = new Map<LiveExampleId, LatePiece<LiveExampleModule['default']>>();
export function examplePiece(id: LiveExampleId) {
  let piece = pieces.get(id);
  if (!piece) {
    piece = latePiece('The live example', () => liveExamples[id]().then((module) => module.default));
    pieces.set(id, piece);
  }
  return piece;
}

/** The example once its code is there; until then its loading note, or the failure notice with Retry. */
export function ExampleMount({ piece }: { piece: LatePiece<LiveExampleModule['default']> }) {
  const state = useLatePiece(piece);
  if (state.status === 'ready') {
    const Example = state.value;
    return <Example />;
  }
  if (showsFailure(state)) return <LoadFailure piece={piece} />;
  return (
    <p role="status" className={ISLAND_STATUS_CLASS}>
      {CONTENT_STRINGS.loadingExample}
    </p>
  );
}

// The React root of each container: created once, reused by every later mount (a retry, the island restarted).
const roots = new WeakMap<HTMLElement, Root>();

function mount(figure: HTMLElement): Root | null {
  const id = figure.dataset[EXAMPLE_ID_DATA.key];
  const container = figure.querySelector<HTMLElement>(`[${LIVE_EXAMPLE_ROOT_DATA.name}]`);
  if (!isLiveExampleId(id) || !container) return null;
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container, {
      onUncaughtError(error) {
        container.textContent = `This example stopped with an error: ${error instanceof Error ? error.message : String(error)}`;
      },
    });
    roots.set(container, root);
  }
  // The React root takes over from the build-time "Loading example…" note.
  figure.querySelector(`[${ISLAND_STATUS_DATA.name}]`)?.remove();
  const piece = examplePiece(id);
  root.render(<ExampleMount piece={piece} />);
  startLoading(piece);
  return root;
}

const enhanceLiveExamples: Island = (root) => {
  const mounted: { container: HTMLElement; root: Root }[] = [];
  const figures = Array.from(root.querySelectorAll<HTMLElement>(islandSelector('live-example')));
  const start = (figure: HTMLElement) => {
    const container = figure.querySelector<HTMLElement>(`[${LIVE_EXAMPLE_ROOT_DATA.name}]`);
    const reactRoot = mount(figure);
    if (reactRoot && container) mounted.push({ container, root: reactRoot });
  };
  let observer: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === 'undefined') {
    figures.forEach(start);
  } else {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          start(entry.target as HTMLElement);
        }
      },
      { rootMargin: LIVE_EXAMPLE_ROOT_MARGIN },
    );
    figures.forEach((figure) => observer?.observe(figure));
  }
  return () => {
    observer?.disconnect();
    // Deferred: the doc runtime calls this from an effect cleanup, while React is committing.
    setTimeout(() =>
      mounted.forEach(({ container, root: reactRoot }) => {
        reactRoot.unmount();
        roots.delete(container);
      }),
    );
  };
};

export default enhanceLiveExamples;
