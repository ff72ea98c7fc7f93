/**
 * The full-size view of a doc's picture, loaded on the reader's first move towards one (./index.ts): the picture
 * the colour mode shows, copied at its full width into the dialog the diagrams use.
 */
import { DOC_IMAGE_DARK_CLASS, DOC_IMAGE_LIGHT_CLASS, FULL_WIDTH_ATTRIBUTE } from '../../../contract/doc-images';
import { fullSizeDialog, type FullSizeDialog } from '../full-size-dialog';

/** The picture the colour mode shows (a dark twin in the dark mode), as the page's stylesheet decides. */
function shownPicture(link: HTMLElement): HTMLElement {
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  return link.querySelector<HTMLElement>(`.${dark ? DOC_IMAGE_DARK_CLASS : DOC_IMAGE_LIGHT_CLASS}`) ?? link;
}

/**
 * A copy of the shown picture at its full width: the same sources, chosen for that width, without the fade-in and
 * absolute placing it has in the page.
 */
export function fullSizePicture(link: HTMLElement): HTMLElement | null {
  const width = Number(link.getAttribute(FULL_WIDTH_ATTRIBUTE)) || undefined;
  const shown = shownPicture(link);
  const main = shown.querySelector<HTMLImageElement>('picture img');
  const original = main?.closest('picture') ?? shown.querySelector<HTMLImageElement>('img:not([aria-hidden])');
  if (!original) return null;
  const copy = original.cloneNode(true) as HTMLElement;
  const images = copy instanceof HTMLImageElement ? [copy] : Array.from(copy.querySelectorAll('img'));
  for (const img of images) {
    img.removeAttribute('style');
    img.loading = 'eager';
    img.className = 'doc-image__full';
    if (width) {
      img.width = width;
      img.removeAttribute('height');
      img.sizes = `${width}px`;
    }
  }
  if (width) copy.querySelectorAll('source').forEach((source) => source.setAttribute('sizes', `${width}px`));
  return copy;
}

export interface PictureOpener {
  /** Opens the dialog; false when there is no picture to show (the link then does its own job). */
  open(): boolean;
  dispose(): void;
}

export function pictureOpener(figure: HTMLElement, link: HTMLElement): PictureOpener {
  const title = shownPicture(link).querySelector('img:not([aria-hidden])')?.getAttribute('alt') ?? '';
  let dialog: FullSizeDialog | null = null;
  return {
    open() {
      const picture = fullSizePicture(link);
      if (!picture) return false;
      dialog ??= fullSizeDialog({ parent: figure, title, onClose: (body) => body.replaceChildren() });
      dialog.show(picture, link);
      return true;
    },
    dispose: () => dialog?.dispose(),
  };
}
