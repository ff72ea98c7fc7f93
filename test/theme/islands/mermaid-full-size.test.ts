// A drawn diagram is seen whole: it fits the column in the page, and opens full size in a dialog fitted to the
// screen (with a switch to its natural size when the screen is smaller) that gives the drawing back, and focus to
// its button, when it closes.
import { fitsAtNaturalSize, fullSizeView, naturalSize, ZOOM_STRINGS } from '@src/theme/islands/Mermaid/full-size';

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

/** jsdom lays nothing out: the dialog body's inner size, as a browser would report it. */
function bodyOfSize(width: number, height: number) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('mermaid-dialog__body') ? width : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('mermaid-dialog__body') ? height : 0;
  });
}

afterEach(() => jest.restoreAllMocks());

function diagram(svg = '<svg id="d1" viewBox="0 0 800 300" style="max-width: 800px;"><text>A</text></svg>') {
  const root = document.createElement('div');
  root.innerHTML = `<div class="mermaid-diagram"><div data-mermaid-output role="img" aria-label="Flow" tabindex="0"></div></div>`;
  document.body.replaceChildren(root);
  const box = root.firstElementChild as HTMLElement;
  const output = box.querySelector<HTMLElement>('[data-mermaid-output]')!;
  output.innerHTML = svg;
  return { box, output };
}

const openDialog = (box: HTMLElement) => {
  box.querySelector<HTMLButtonElement>('.mermaid-diagram__expand')!.click();
  return box.querySelector('dialog')!;
};
const zoomButton = (dialog: HTMLDialogElement) =>
  Array.from(dialog.querySelectorAll('button')).find((b) => b.classList.contains('mermaid-dialog__zoom'))!;

describe('diagram full-size view', () => {
  it('reads the natural size from the viewBox', () => {
    const { output } = diagram();
    expect(naturalSize(output.querySelector('svg')!)).toEqual({ width: 800, height: 300 });
    expect(naturalSize(document.createElementNS('http://www.w3.org/2000/svg', 'svg'))).toBeNull();
  });

  it('fits the drawing to the column in the page, with no minimum width and no keyboard stop for a box with nothing to scroll', () => {
    const { box, output } = diagram();
    const svg = output.querySelector('svg')!;
    svg.style.minWidth = '600px';
    fullSizeView(box, output, 'Flow').drawn();
    expect(svg.style.minWidth).toBe('');
    expect(svg.style.width).toBe('');
    expect(output).not.toHaveAttribute('tabindex');
  });

  it('moves the one SVG into a labelled dialog, fitted to the screen, and back on close with focus on the button', () => {
    bodyOfSize(1000, 700);
    const { box, output } = diagram();
    fullSizeView(box, output, 'Flow').drawn();
    const open = box.querySelector<HTMLButtonElement>('.mermaid-diagram__expand')!;
    expect(open).toHaveTextContent('View full size');
    open.focus();
    const dialog = openDialog(box);
    expect(dialog.open).toBe(true);
    expect(dialog).toHaveAttribute('aria-label', 'Flow');
    expect(document.activeElement).toHaveTextContent('Close');
    expect(output.querySelector('svg')).toBeNull();
    const shown = dialog.querySelector('svg')!;
    // As large as the body allows, never beyond its natural size.
    expect([shown.style.width, shown.style.height, shown.style.maxWidth, shown.style.maxHeight]).toEqual(['100%', '100%', '800px', '300px']);
    expect(document.querySelectorAll('#d1')).toHaveLength(1);
    // It fits at its natural size: a zoom button would change nothing.
    expect(zoomButton(dialog).hidden).toBe(true);
    (document.activeElement as HTMLElement).click();
    expect(dialog.open).toBe(false);
    expect(output.querySelector('svg')).toBe(shown);
    expect([shown.style.width, shown.style.height, shown.style.maxWidth]).toEqual(['', '', '']);
    expect(document.activeElement).toBe(open);
  });

  it('on a screen smaller than the drawing, offers its natural size (scrolling both ways) and back', () => {
    bodyOfSize(358, 700);
    const { box, output } = diagram();
    fullSizeView(box, output, 'Flow').drawn();
    const dialog = openDialog(box);
    const zoom = zoomButton(dialog);
    const shown = dialog.querySelector('svg')!;
    expect(zoom.hidden).toBe(false);
    expect(zoom).toHaveTextContent(ZOOM_STRINGS.actualSize);
    expect(shown.style.width).toBe('100%');
    zoom.click();
    expect([shown.style.width, shown.style.height, shown.style.maxWidth]).toEqual(['800px', '300px', 'none']);
    expect(dialog.querySelector<HTMLElement>('.mermaid-dialog__body')!.dataset.zoom).toBe('actual');
    expect(zoom).toHaveTextContent(ZOOM_STRINGS.fitToScreen);
    zoom.click();
    expect(shown.style.width).toBe('100%');
    expect(zoom).toHaveTextContent(ZOOM_STRINGS.actualSize);
    // The zoom button sits before Close in the header.
    expect(Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent)).toEqual([ZOOM_STRINGS.actualSize, 'Close']);
  });

  it('tells whether the natural size fits a box, padding excluded', () => {
    bodyOfSize(820, 320);
    const { output } = diagram();
    const body = document.createElement('div');
    body.className = 'mermaid-dialog__body';
    body.style.padding = '16px';
    document.body.append(body);
    expect(fitsAtNaturalSize(output.querySelector('svg')!, body)).toBe(false);
    body.style.padding = '0px';
    expect(fitsAtNaturalSize(output.querySelector('svg')!, body)).toBe(true);
  });

  it('shows a redrawing (a theme change) in the open dialog and keeps only that one', () => {
    bodyOfSize(1000, 700);
    const { box, output } = diagram();
    const view = fullSizeView(box, output, 'Flow');
    view.drawn();
    const dialog = openDialog(box);
    output.innerHTML = '<svg id="d2" viewBox="0 0 400 100"></svg>';
    view.drawn();
    expect(dialog.querySelector('svg')!.id).toBe('d2');
    expect(dialog.querySelector('svg')!.style.maxWidth).toBe('400px');
    dialog.close();
    expect(Array.from(document.querySelectorAll('svg')).map((svg) => svg.id)).toEqual(['d2']);
  });

  it('removes its button and dialog when the page goes', () => {
    const { box, output } = diagram();
    const view = fullSizeView(box, output, 'Flow');
    view.drawn();
    openDialog(box);
    view.dispose();
    expect(box.querySelector('dialog, .mermaid-diagram__expand')).toBeNull();
  });
});
