/**
 * Diagrams stay readable on a phone: a drawn diagram never shrinks below MIN_LABEL_SCALE of its natural width
 * (its box scrolls sideways instead), and "View full size" shows it at its natural size in a modal <dialog>
 * (Escape or Close shuts it and focus goes back to the button). The SVG moves into the dialog and back rather
 * than being copied: mermaid scopes its styles and markers by the SVG's id, which must stay unique.
 */
import { CONTENT_STRINGS } from '../../../contract/strings';

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

  let dialog: HTMLDialogElement | null = null;
  let holder: HTMLElement | null = null;

  const makeDialog = () => {
    dialog = document.createElement('dialog');
    dialog.className = 'mermaid-dialog';
    dialog.setAttribute('aria-label', title);
    const header = document.createElement('div');
    header.className = 'mermaid-dialog__header';
    const heading = document.createElement('p');
    heading.className = 'mermaid-dialog__title';
    heading.textContent = title;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'mermaid-dialog__close';
    close.textContent = CONTENT_STRINGS.closeFullSize;
    close.addEventListener('click', () => dialog?.close());
    header.append(heading, close);
    holder = document.createElement('div');
    holder.className = 'mermaid-dialog__body';
    holder.setAttribute('role', 'img');
    holder.setAttribute('aria-label', title);
    // Scrollable both ways with the keyboard too.
    holder.tabIndex = 0;
    dialog.append(header, holder);
    // A click on the backdrop (the dialog element itself, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      const self = event.currentTarget as HTMLDialogElement;
      if (event.target === self) self.close();
    });
    dialog.addEventListener('close', () => {
      const svg = holder?.querySelector('svg');
      if (svg && !output.querySelector('svg')) {
        fitInPage(svg);
        output.append(svg);
      } else {
        svg?.remove();
      }
      open.focus();
    });
    diagram.append(dialog);
    return dialog;
  };

  open.addEventListener('click', () => {
    const svg = output.querySelector('svg');
    if (!svg) return;
    const modal = dialog ?? makeDialog();
    fitNatural(svg);
    holder?.replaceChildren(svg);
    modal.showModal();
    modal.querySelector<HTMLElement>('.mermaid-dialog__close')?.focus();
  });

  return {
    drawn() {
      const svg = output.querySelector('svg');
      if (!svg) return;
      // Redrawn (a theme change) while the dialog is open: the new drawing replaces the one shown there.
      if (dialog?.open && holder) {
        fitNatural(svg);
        holder.replaceChildren(svg);
      } else {
        fitInPage(svg);
      }
    },
    dispose() {
      if (dialog?.open) dialog.close();
      dialog?.remove();
      toolbar.remove();
    },
  };
}
