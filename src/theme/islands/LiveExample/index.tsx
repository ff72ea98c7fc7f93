/**
 * Mounts each <LiveExample> (`data-island="live-example"`) once it comes near the viewport: its chunk loads
 * then, in its own React root. A failed chunk shows the error text and "Retry" (LazyChunk); an example that
 * throws while running shows its error instead of vanishing.
 */
import { createRoot, type Root } from 'react-dom/client';
import { LazyBoundary, lazyWithRetry } from '../../LazyChunk';
import { isLiveExampleId, type LiveExampleId } from '../live-example-ids';
import { liveExamples } from '../live-examples';
import { CONTENT_STRINGS } from '../strings';
import type { Island } from '../types';

/** How far below (or above) the viewport an example starts loading. */
export const LIVE_EXAMPLE_ROOT_MARGIN = '400px 0px';

// One lazy component per example, shared by every mount, so a loaded chunk is not requested again.
const createExample = (id: LiveExampleId) => lazyWithRetry(liveExamples[id]);
const components = new Map<LiveExampleId, ReturnType<typeof createExample>>();
function componentFor(id: LiveExampleId) {
  let component = components.get(id);
  if (!component) {
    component = createExample(id);
    components.set(id, component);
  }
  return component;
}

function mount(figure: HTMLElement): Root | null {
  const id = figure.dataset.exampleId;
  const container = figure.querySelector<HTMLElement>('[data-live-example-root]');
  if (!isLiveExampleId(id) || !container) return null;
  const Example = componentFor(id);
  const root = createRoot(container, {
    onUncaughtError(error) {
      container.textContent = `This example stopped with an error: ${error instanceof Error ? error.message : String(error)}`;
    },
  });
  // The React fallback takes over from the build-time "Loading example…" note.
  figure.querySelector('[data-island-status]')?.remove();
  root.render(
    <LazyBoundary fallback={<p role="status" className="island-status">{CONTENT_STRINGS.loadingExample}</p>}>
      <Example />
    </LazyBoundary>,
  );
  return root;
}

const enhanceLiveExamples: Island = (root) => {
  const roots: Root[] = [];
  const figures = Array.from(root.querySelectorAll<HTMLElement>('[data-island="live-example"]'));
  const start = (figure: HTMLElement) => {
    const mounted = mount(figure);
    if (mounted) roots.push(mounted);
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
    setTimeout(() => roots.forEach((mounted) => mounted.unmount()));
  };
};

export default enhanceLiveExamples;
