/**
 * The action of every code block's "Copy code" button (`data-island="copy"`). The build writes the button and its
 * polite live region with the block, hidden without JavaScript; this code loads when a reader reaches for one
 * (src/theme/islands/use-islands.ts) and announces the result.
 */
import type { Island } from '../registry';
import { islandSelector } from '../../../contract/islands';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { COPY_TEXT_ATTRIBUTE } from '../../../contract/code-marks';
import { COPY_BUTTON_CLASS } from '../../../contract/markup/copy-button';

/** How long the "Copied" state stays visible, in ms. */
export const COPIED_FEEDBACK_MS = 2000;

/** Writes text to the clipboard; falls back to the legacy copy command where the async API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const scratch = document.createElement('textarea');
  scratch.value = text;
  scratch.setAttribute('readonly', '');
  scratch.style.position = 'fixed';
  scratch.style.opacity = '0';
  document.body.append(scratch);
  scratch.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The copy command was refused');
  } finally {
    scratch.remove();
  }
}

/** Selects the code, so a reader can copy it by hand when the clipboard refuses. */
function selectContents(element: Element) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

// Buttons with the action, so running again (a re-render) never copies twice per click.
const enhanced = new WeakSet<Element>();

const enhanceCodeBlocks: Island = (root) => {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stops: (() => void)[] = [];
  root.querySelectorAll(islandSelector('copy')).forEach((block) => {
    const button = block.querySelector<HTMLButtonElement>(`.${COPY_BUTTON_CLASS}`);
    const status = button?.nextElementSibling;
    const code = block.querySelector('pre code');
    if (!button || !status || !code || enhanced.has(button)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      status.textContent = '';
      delete button.dataset.copied;
    };
    const copy = async () => {
      if (timer) {
        clearTimeout(timer);
        timers.delete(timer);
      }
      try {
        // A block with diff marks carries the code it ends with; the others copy what they show.
        await copyText(block.getAttribute(COPY_TEXT_ATTRIBUTE) ?? code.textContent ?? '');
        status.textContent = CONTENT_STRINGS.copied;
        button.dataset.copied = '';
      } catch {
        selectContents(code);
        status.textContent = CONTENT_STRINGS.copyFailed;
      }
      const current = setTimeout(() => {
        timers.delete(current);
        reset();
      }, COPIED_FEEDBACK_MS);
      timer = current;
      timers.add(current);
    };
    button.addEventListener('click', copy);
    enhanced.add(button);
    stops.push(() => {
      button.removeEventListener('click', copy);
      enhanced.delete(button);
      reset();
    });
  });
  return () => {
    timers.forEach(clearTimeout);
    stops.forEach((stop) => stop());
  };
};

export default enhanceCodeBlocks;
