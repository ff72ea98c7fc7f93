/**
 * Pictures of a doc (`data-island="image"`): a click or Enter on one opens it full size in the dialog the diagrams
 * use. Without this code the same link opens the largest picture by itself, so the island only adds the dialog.
 */
import { DOC_IMAGE_DARK_CLASS, DOC_IMAGE_LIGHT_CLASS, DOC_IMAGE_LINK_CLASS, FULL_WIDTH_ATTRIBUTE } from '../../../contract/doc-images';
import { islandSelector } from '../../../contract/islands';
import { fullSizeDialog, type FullSizeDialog } from '../full-size-dialog';
import type { Island } from '../types';

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

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * The placeholder colour goes once the picture has loaded, so a picture with transparent parts shows the page behind
 * them (without JavaScript the colour stays: the picture still shows, over it).
 */
function clearPlaceholders(figure: HTMLElement): () => void {
  const undo: (() => void)[] = [];
  for (const wrapper of Array.from(figure.querySelectorAll<HTMLElement>('[data-gatsby-image-wrapper]'))) {
    const img = wrapper.querySelector<HTMLImageElement>('picture img');
    if (!img) continue;
    const clear = () => wrapper.style.removeProperty('background-color');
    if (img.complete && img.naturalWidth > 0) {
      clear();
      continue;
    }
    img.addEventListener('load', clear, { once: true });
    undo.push(() => img.removeEventListener('load', clear));
  }
  return () => undo.forEach((step) => step());
}

const enhanceImages: Island = (root) => {
  const undo: (() => void)[] = [];
  for (const figure of Array.from(root.querySelectorAll<HTMLElement>(islandSelector('image')))) {
    undo.push(clearPlaceholders(figure));
    const link = figure.querySelector<HTMLAnchorElement>(`a.${DOC_IMAGE_LINK_CLASS}`);
    if (!link) continue;
    const title = shownPicture(link).querySelector('img:not([aria-hidden])')?.getAttribute('alt') ?? '';
    let dialog: FullSizeDialog | null = null;
    // A modified click (a new tab or window) still follows the link to the picture itself.
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      const picture = fullSizePicture(link);
      if (!picture) return;
      event.preventDefault();
      dialog ??= fullSizeDialog({ parent: figure, title, onClose: (body) => body.replaceChildren() });
      dialog.show(picture, link);
    };
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', onClick);
    undo.push(() => {
      link.removeEventListener('click', onClick);
      link.removeAttribute('aria-haspopup');
      dialog?.dispose();
    });
  }
  return () => undo.forEach((step) => step());
};

export default enhanceImages;
