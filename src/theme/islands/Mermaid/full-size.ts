/**
 * Diagrams stay readable on a phone: a drawn diagram never shrinks below MIN_LABEL_SCALE of its natural width
 * (its box scrolls sideways instead), and "View full size" shows it at its natural size in a modal <dialog>
 * (full-size-dialog.ts: Escape or Close shuts it and focus goes back to the button). The SVG moves into the dialog and back rather
 * than being copied: mermaid scopes its styles and markers by the SVG's id, which must stay unique.
 */
import { CONTENT_STRINGS } from '../../../contract/strings';
import { fullSizeDialog } from '../full-size-dialog';

/** mermaid draws labels at 14–16 px: at three quarters of its natural size they stay at least 10 px tall. */
export const MIN_LABEL_SCALE = 0.75;

/** The width mermaid drew the diagram at (its viewBox), or null when it says nothing. */
export function naturalWidth(svg: SVGSVGElement): number | null {
  const width = Number((svg.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/)[2]);
  return Number.isFinite(width) && width > 0 ? width : null;
}

/** In the page: as wide as the column allows, never narrower than MIN_LABEL_SCALE of its natural width. */
export function fitInPage(svg: SVGSVGElement): void {
  const width = naturalWidth(svg);
  svg.style.width = '';
  svg.style.maxWidth = '';
  svg.style.minWidth = width ? `${Math.round(width * MIN_LABEL_SCALE)}px` : '';
}

/** In the dialog: at its natural width. */
function fitNatural(svg: SVGSVGElement): void {
  const width = naturalWidth(svg);
  svg.style.minWidth = '';
  svg.style.maxWidth = 'none';
  svg.style.width = width ? `${width}px` : '';
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

  const dialog = fullSizeDialog({
    parent: diagram,
    title,
    // The SVG goes back to the page (unless a redrawing took its place meanwhile).
    onClose: (body) => {
      const svg = body.querySelector('svg');
      if (svg && !output.querySelector('svg')) {
        fitInPage(svg);
        output.append(svg);
      } else {
        svg?.remove();
      }
    },
  });

  open.addEventListener('click', () => {
    const svg = output.querySelector('svg');
    if (!svg) return;
    fitNatural(svg);
    dialog.show(svg, open);
  });

  return {
    drawn() {
      const svg = output.querySelector('svg');
      if (!svg) return;
      // Redrawn (a theme change) while the dialog is open: the new drawing replaces the one shown there.
      if (dialog.open) {
        fitNatural(svg);
        dialog.replace(svg);
      } else {
        fitInPage(svg);
      }
    },
    dispose() {
      dialog.dispose();
      toolbar.remove();
    },
  };
}
