// A doc's picture opens full size in the diagrams' dialog (the one the colour mode shows, at its full width), gives
// focus back to its link when the dialog closes, and drops its placeholder colour once loaded.
import { waitFor } from '@testing-library/react';
import enhanceImages from '@src/theme/islands/Image';
import { fullSizePicture } from '@src/theme/islands/Image/full-size';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => document.documentElement.removeAttribute('data-theme'));

const picture = (name: string) => `
  <div data-gatsby-image-wrapper="" class="gatsby-image-wrapper" style="background-color: rgb(1, 2, 3);">
    <div><img alt="" role="presentation" aria-hidden="true" src="data:image/svg+xml,x"></div>
    <picture>
      <source type="image/avif" srcset="/static/${name}.avif 816w, /static/${name}-2x.avif 1632w" sizes="column">
      <img src="/static/${name}.png" srcset="/static/${name}.png 816w" sizes="column" width="816" height="400" loading="lazy" alt="A chart" style="position: absolute;">
    </picture>
  </div>`;

/** The build's markup of a picture with a dark twin (see src/node/mdx/components/Figure.tsx). */
function mount() {
  const root = document.createElement('div');
  root.innerHTML = `
    <figure class="doc-image" data-island="image">
      <a class="doc-image__link" href="/static/light-2x.png" data-full-width="1632">
        <div class="doc-image__light">${picture('light')}</div>
        <div class="doc-image__dark">${picture('dark')}</div>
      </a>
    </figure>`;
  document.body.replaceChildren(root);
  return { root, link: root.querySelector<HTMLAnchorElement>('a')! };
}

describe('image island', () => {
  it('opens the picture in a labelled dialog by click (Enter on a link is a click), and gives focus back on close', async () => {
    const { root, link } = mount();
    const undo = enhanceImages(root) as () => void;
    expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    link.focus();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    // The dialog's code loads on the first click (or before, when the reader points at or focuses the picture).
    await waitFor(() => expect(root.querySelector('dialog')).not.toBeNull());
    const dialog = root.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog).toHaveAttribute('aria-label', 'A chart');
    expect(document.activeElement).toHaveTextContent('Close');
    const shown = dialog.querySelector<HTMLImageElement>('img')!;
    expect(shown.getAttribute('src')).toBe('/static/light.png');
    expect(shown.getAttribute('sizes')).toBe('1632px');
    expect(shown.getAttribute('width')).toBe('1632');
    expect(shown.hasAttribute('height')).toBe(false);
    expect(shown.getAttribute('style')).toBeNull();
    expect(dialog.querySelector('source')!.getAttribute('sizes')).toBe('1632px');
    dialog.close();
    expect(dialog.querySelector('img')).toBeNull();
    expect(document.activeElement).toBe(link);
    undo();
    await waitFor(() => expect(root.querySelector('dialog')).toBeNull());
    expect(link.hasAttribute('aria-haspopup')).toBe(false);
  });

  it('opens the picture itself when the dialog’s code cannot load', async () => {
    jest.resetModules();
    jest.doMock('@src/theme/islands/Image/full-size', () => {
      throw new Error('Loading chunk failed');
    });
    const { default: enhance, pictureLink } = (await import('@src/theme/islands/Image')) as typeof import('@src/theme/islands/Image');
    const follow = jest.spyOn(pictureLink, 'follow').mockImplementation(() => undefined);
    const { root, link } = mount();
    try {
      enhance(root);
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      await waitFor(() => expect(follow).toHaveBeenCalledWith(link.href));
      expect(root.querySelector('dialog')).toBeNull();
    } finally {
      jest.dontMock('@src/theme/islands/Image/full-size');
    }
  });

  it('shows the dark twin in the dark colour mode', () => {
    const { link } = mount();
    document.documentElement.setAttribute('data-theme', 'dark');
    expect(fullSizePicture(link)!.querySelector('img')!.getAttribute('src')).toBe('/static/dark.png');
  });

  it('lets a modified click through, to open the picture itself in a new tab', () => {
    const { root, link } = mount();
    enhanceImages(root);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('drops the placeholder colour once the picture has loaded', () => {
    const { root } = mount();
    enhanceImages(root);
    const wrapper = root.querySelector<HTMLElement>('.doc-image__light [data-gatsby-image-wrapper]')!;
    expect(wrapper.style.backgroundColor).toBe('rgb(1, 2, 3)');
    wrapper.querySelector('picture img')!.dispatchEvent(new Event('load'));
    expect(wrapper.style.backgroundColor).toBe('');
  });
});
