/**
 * The dialog that shows a diagram or a picture full size: modal, named by what it shows, scrollable both ways (by
 * keyboard too). Escape, Close or a click on the backdrop shuts it, and focus goes back to what opened it.
 */
import { CONTENT_STRINGS } from '../../contract/strings';

export interface FullSizeDialog {
  /** Shows `content` in the dialog; `opener` gets focus back when it closes. */
  show(content: Node, opener: HTMLElement): void;
  /** Puts new content in the open dialog (a diagram redrawn in another theme). */
  replace(content: Node): void;
  readonly open: boolean;
  /** The element that holds what the dialog shows (null until first shown). */
  readonly body: HTMLElement | null;
  dispose(): void;
}

/**
 * A dialog appended to `parent` (inside the doc, so the doc's styles reach it), created on first use. `actions` are
 * controls for its header, before Close. `onClose` receives the dialog's body, to take back or drop what it shows.
 */
export function fullSizeDialog({
  parent,
  title,
  actions = [],
  onClose,
}: {
  parent: HTMLElement;
  title: string;
  actions?: readonly HTMLElement[];
  onClose: (body: HTMLElement) => void;
}): FullSizeDialog {
  let dialog: HTMLDialogElement | null = null;
  let body: HTMLElement | null = null;
  let opener: HTMLElement | null = null;

  const make = () => {
    const modal = document.createElement('dialog');
    modal.className = 'mermaid-dialog';
    modal.setAttribute('aria-label', title);
    const header = document.createElement('div');
    header.className = 'mermaid-dialog__header';
    const heading = document.createElement('p');
    heading.className = 'mermaid-dialog__title';
    heading.textContent = title;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'mermaid-dialog__close';
    close.textContent = CONTENT_STRINGS.closeFullSize;
    close.addEventListener('click', () => modal.close());
    const controls = document.createElement('div');
    controls.className = 'mermaid-dialog__controls';
    controls.append(...actions, close);
    header.append(heading, controls);
    const holder = document.createElement('div');
    holder.className = 'mermaid-dialog__body';
    holder.setAttribute('role', 'img');
    holder.setAttribute('aria-label', title);
    // Scrollable both ways with the keyboard too.
    holder.tabIndex = 0;
    modal.append(header, holder);
    // A click on the backdrop (the dialog element itself, outside its content) closes it.
    modal.addEventListener('click', (event) => {
      if (event.target === modal) modal.close();
    });
    modal.addEventListener('close', () => {
      onClose(holder);
      opener?.focus();
    });
    parent.append(modal);
    dialog = modal;
    body = holder;
    return modal;
  };

  return {
    show(content, from) {
      const modal = dialog ?? make();
      opener = from;
      body?.replaceChildren(content);
      modal.showModal();
      modal.querySelector<HTMLElement>('.mermaid-dialog__close')?.focus();
    },
    replace(content) {
      body?.replaceChildren(content);
    },
    get open() {
      return dialog?.open ?? false;
    },
    get body() {
      return body;
    },
    dispose() {
      if (dialog?.open) dialog.close();
      dialog?.remove();
    },
  };
}
