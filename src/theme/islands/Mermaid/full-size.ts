/**
 * A drawn diagram is seen whole: in the page it fits the column (never cut off at the column's edge), and "View full
 * size" opens it in a modal <dialog> (full-size-dialog.ts: Escape or Close shuts it and focus goes back to the
 * button) fitted to the screen, as large as the screen allows up to its natural size. When that is smaller than its
 * natural size, a button there switches to the natural size (scrolling both ways) and back. The SVG moves into the
 * dialog and back rather than being copied: mermaid scopes its styles and markers by the SVG's id, which must stay
 * unique.
 */
import { CONTENT_STRINGS } from '../../../contract/strings';
import { fullSizeDialog } from '../full-size-dialog';

/** The dialog's zoom button: its label says what a press does. */
export const ZOOM_STRINGS = {
  actualSize: 'Actual size',
  fitToScreen: 'Fit to screen',
} as const;

export type Zoom = 'fit' | 'actual';

/** The size mermaid drew the diagram at (its viewBox), or null when it says nothing. */
export function naturalSize(svg: SVGSVGElement): { width: number; height: number } | null {
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
  return width && height && width > 0 && height > 0 ? { width, height } : null;
}

/** In the page: as wide as the column allows (mermaid caps it at its natural width), the height following. */
export function fitInPage(svg: SVGSVGElement): void {
  svg.style.width = '';
  svg.style.height = '';
  svg.style.maxWidth = '';
  svg.style.maxHeight = '';
  svg.style.minWidth = '';
}

/** In the dialog: fitted to the dialog's body both ways (never beyond its natural size), or at its natural size. */
export function sizeInDialog(svg: SVGSVGElement, zoom: Zoom): void {
  const natural = naturalSize(svg);
  svg.style.minWidth = '';
  if (zoom === 'fit') {
    // The drawing keeps its proportions inside this box (the SVG's default preserveAspectRatio).
    svg.style.width = '100%';
    svg.style.height = '100%';
    svg.style.maxWidth = natural ? `${natural.width}px` : 'none';
    svg.style.maxHeight = natural ? `${natural.height}px` : 'none';
  } else {
    svg.style.width = natural ? `${natural.width}px` : '';
    svg.style.height = natural ? `${natural.height}px` : '';
    svg.style.maxWidth = 'none';
    svg.style.maxHeight = 'none';
  }
}

/** True when the drawing at its natural size fits in `box` (the dialog's body, padding excluded). */
export function fitsAtNaturalSize(svg: SVGSVGElement, box: HTMLElement): boolean {
  const natural = naturalSize(svg);
  if (!natural) return true;
  const style = getComputedStyle(box);
  const width = box.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
  const height = box.clientHeight - parseFloat(style.paddingTop || '0') - parseFloat(style.paddingBottom || '0');
  return natural.width <= width + 0.5 && natural.height <= height + 0.5;
}

export interface FullSizeView {
  /** Call after each drawing of the diagram into `output` (first draw and theme changes). */
  drawn(): void;
  dispose(): void;
}

export function fullSizeView(diagram: HTMLElement, output: HTMLElement, title: string): FullSizeView {
  const toolbar = document.createElement('div');
  toolbar.className = 'mermaid-diagram__toolbar';
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'mermaid-diagram__expand';
  open.textContent = CONTENT_STRINGS.viewFullSize;
  open.setAttribute('aria-haspopup', 'dialog');
  toolbar.append(open);
  output.after(toolbar);
  // The drawing fits its box now: nothing to scroll, so the box is no keyboard stop (the build made it one).
  output.removeAttribute('tabindex');

  let zoom: Zoom = 'fit';
  const zoomButton = document.createElement('button');
  zoomButton.type = 'button';
  zoomButton.className = 'mermaid-dialog__zoom';

  const dialog = fullSizeDialog({
    parent: diagram,
    title,
    actions: [zoomButton],
    // The SVG goes back to the page (unless a redrawing took its place meanwhile).
    onClose: (body) => {
      window.removeEventListener('resize', offerZoom);
      const svg = body.querySelector('svg');
      if (svg && !output.querySelector('svg')) {
        fitInPage(svg);
        output.append(svg);
      } else {
        svg?.remove();
      }
    },
  });

  const shownSvg = () => dialog.body?.querySelector('svg') ?? null;
  const applyZoom = () => {
    const svg = shownSvg();
    if (!svg || !dialog.body) return;
    sizeInDialog(svg, zoom);
    dialog.body.dataset.zoom = zoom;
    zoomButton.textContent = zoom === 'fit' ? ZOOM_STRINGS.actualSize : ZOOM_STRINGS.fitToScreen;
  };
  // The zoom button is offered only where it changes something: when the fitted drawing is smaller than its natural
  // size (a phone, a narrow window), or while the drawing is at its natural size.
  function offerZoom() {
    const svg = shownSvg();
    if (!svg || !dialog.body) return;
    zoomButton.hidden = zoom === 'fit' && fitsAtNaturalSize(svg, dialog.body);
  }
  zoomButton.addEventListener('click', () => {
    zoom = zoom === 'fit' ? 'actual' : 'fit';
    applyZoom();
  });

  open.addEventListener('click', () => {
    const svg = output.querySelector('svg');
    if (!svg) return;
    zoom = 'fit';
    dialog.show(svg, open);
    applyZoom();
    offerZoom();
    window.addEventListener('resize', offerZoom);
  });

  return {
    drawn() {
      const svg = output.querySelector('svg');
      if (!svg) return;
      // Redrawn (a theme change) while the dialog is open: the new drawing replaces the one shown there.
      if (dialog.open) {
        dialog.replace(svg);
        applyZoom();
        offerZoom();
      } else {
        fitInPage(svg);
      }
    },
    dispose() {
      window.removeEventListener('resize', offerZoom);
      dialog.dispose();
      toolbar.remove();
    },
  };
}
