// A drawn diagram keeps its labels readable (a minimum width, scrolling sideways) and opens full size in a dialog
// that gives the drawing back, and focus to its button, when it closes.
import { fullSizeView, MIN_LABEL_SCALE, naturalWidth } from '../Mermaid/full-size';

// jsdom has <dialog> but not its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

function diagram(svg = '<svg id="d1" viewBox="0 0 800 300" style="max-width: 800px;"><text>A</text></svg>') {
  const root = document.createElement('div');
  root.innerHTML = `<div class="mermaid-diagram"><div data-mermaid-output role="img" aria-label="Flow"></div></div>`;
  document.body.replaceChildren(root);
  const box = root.firstElementChild as HTMLElement;
  const output = box.querySelector<HTMLElement>('[data-mermaid-output]')!;
  output.innerHTML = svg;
  return { box, output };
}

describe('diagram full-size view', () => {
  it('reads the natural width from the viewBox', () => {
    const { output } = diagram();
    expect(naturalWidth(output.querySelector('svg')!)).toBe(800);
    expect(naturalWidth(document.createElementNS('http://www.w3.org/2000/svg', 'svg'))).toBeNull();
  });

  it('keeps the drawing at least three quarters of its natural width in the page', () => {
    const { box, output } = diagram();
    fullSizeView(box, output, 'Flow').drawn();
    expect(output.querySelector('svg')!.style.minWidth).toBe(`${800 * MIN_LABEL_SCALE}px`);
  });

  it('moves the one SVG into a labelled dialog at natural size, and back on close with focus on the button', () => {
    const { box, output } = diagram();
    fullSizeView(box, output, 'Flow').drawn();
    const open = box.querySelector<HTMLButtonElement>('.mermaid-diagram__expand')!;
    expect(open).toHaveTextContent('View full size');
    open.focus();
    open.click();
    const dialog = box.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog).toHaveAttribute('aria-label', 'Flow');
    expect(document.activeElement).toHaveTextContent('Close');
    expect(output.querySelector('svg')).toBeNull();
    const shown = dialog.querySelector('svg')!;
    expect(shown.style.width).toBe('800px');
    expect(document.querySelectorAll('#d1')).toHaveLength(1);
    (document.activeElement as HTMLElement).click();
    expect(dialog.open).toBe(false);
    expect(output.querySelector('svg')).toBe(shown);
    expect(shown.style.width).toBe('');
    expect(shown.style.minWidth).toBe('600px');
    expect(document.activeElement).toBe(open);
  });

  it('shows a redrawing (a theme change) in the open dialog and keeps only that one', () => {
    const { box, output } = diagram();
    const view = fullSizeView(box, output, 'Flow');
    view.drawn();
    box.querySelector<HTMLButtonElement>('.mermaid-diagram__expand')!.click();
    output.innerHTML = '<svg id="d2" viewBox="0 0 400 100"></svg>';
    view.drawn();
    const dialog = box.querySelector('dialog')!;
    expect(dialog.querySelector('svg')!.id).toBe('d2');
    dialog.close();
    expect(Array.from(document.querySelectorAll('svg')).map((svg) => svg.id)).toEqual(['d2']);
  });

  it('removes its button and dialog when the page goes', () => {
    const { box, output } = diagram();
    const view = fullSizeView(box, output, 'Flow');
    view.drawn();
    box.querySelector<HTMLButtonElement>('.mermaid-diagram__expand')!.click();
    view.dispose();
    expect(box.querySelector('dialog, .mermaid-diagram__expand')).toBeNull();
  });
});
