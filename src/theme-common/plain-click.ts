/** What a click event says about how it was made (a DOM MouseEvent or React's). */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click is a plain left click that nothing has handled yet: the only one a page may take over, since a
 * modified or middle click asks the browser for a new tab or window, or a download.
 */
export const isPlainLeftClick = (click: ClickLike): boolean =>
  click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey && !click.defaultPrevented;
