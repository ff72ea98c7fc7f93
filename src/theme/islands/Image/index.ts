/**
 * Pictures of a doc (`data-island="image"`): a click or Enter on one opens it full size in the dialog the diagrams
 * use. Without this code the same link opens the largest picture by itself, so the island only adds the dialog, and
 * this starter only listens: the dialog's code (./full-size.ts) loads when a reader points at, focuses or presses a
 * picture, and if it cannot load, the link opens the picture itself.
 */
import { DOC_IMAGE_LINK_CLASS } from '../../../contract/doc-images';
import { islandSelector } from '../../../contract/islands';
import { isPlainLeftClick as isPlainClick } from '../../../theme-common/navigate';
import type { Island } from '../registry';
import type { PictureOpener } from './full-size';

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

const INTENT = ['pointerover', 'focusin'] as const;

/** How the link is followed when the dialog cannot show the picture (replaceable in tests). */
export const pictureLink = { follow: (href: string) => window.location.assign(href) };

const enhanceImages: Island = (root) => {
  const undo: (() => void)[] = [];
  for (const figure of Array.from(root.querySelectorAll<HTMLElement>(islandSelector('image')))) {
    undo.push(clearPlaceholders(figure));
    const link = figure.querySelector<HTMLAnchorElement>(`a.${DOC_IMAGE_LINK_CLASS}`);
    if (!link) continue;
    let opener: Promise<PictureOpener> | null = null;
    // A failed load is not kept: the next move towards the picture asks again.
    const load = () =>
      (opener ??= import('./full-size').then(
        (module) => module.pictureOpener(figure, link),
        (error: unknown) => {
          opener = null;
          throw error;
        },
      ));
    const onIntent = () => void load().catch(() => undefined);
    // A modified click (a new tab or window) still follows the link to the picture itself.
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      load().then(
        (ready) => ready.open() || pictureLink.follow(link.href),
        () => pictureLink.follow(link.href),
      );
    };
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', onClick);
    INTENT.forEach((type) => link.addEventListener(type, onIntent, { once: true }));
    undo.push(() => {
      link.removeEventListener('click', onClick);
      INTENT.forEach((type) => link.removeEventListener(type, onIntent));
      link.removeAttribute('aria-haspopup');
      void opener?.then((ready) => ready.dispose(), () => undefined);
    });
  }
  return () => undo.forEach((step) => step());
};

export default enhanceImages;
