/**
 * Adds a "Copy code" button to every code block (`data-island="copy"`). It exists only once this script runs,
 * so readers without JavaScript never meet a dead button. The result is announced politely.
 */
import type { Island } from '../types';
import { islandSelector } from '../../../contract/islands';
import { CONTENT_STRINGS } from '../../../contract/strings';
import { COPY_TEXT_ATTRIBUTE } from '../../../contract/code-marks';

/** How long the "Copied" state stays visible, in ms. */
export const COPIED_FEEDBACK_MS = 2000;

// Drawn for this site: two overlapping sheets, and a check mark for the copied state.
const COPY_ICON =
  '<svg class="copy-button__icon copy-button__icon--copy" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="5.25" y="5.25" width="8.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M10.75 2.75v-.5a1 1 0 0 0-1-1h-6.5a1 1 0 0 0-1 1v6.5a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>' +
  '<svg class="copy-button__icon copy-button__icon--done" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="m2.75 8.5 3.5 3.5 7-7.5" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/></svg>';

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

const enhanceCodeBlocks: Island = (root) => {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const added: Element[] = [];
  root.querySelectorAll(islandSelector('copy')).forEach((block) => {
    const body = block.querySelector('.code-block__body');
    const code = block.querySelector('pre code');
    if (!body || !code || body.querySelector('.copy-button')) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.setAttribute('aria-label', CONTENT_STRINGS.copyCode);
    button.title = CONTENT_STRINGS.copyCode;
    button.innerHTML = COPY_ICON;
    // Polite live region, in the page before any change, so screen readers announce the outcome.
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', async () => {
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
        status.textContent = '';
        delete button.dataset.copied;
      }, COPIED_FEEDBACK_MS);
      timer = current;
      timers.add(current);
    });
    body.append(button, status);
    added.push(button, status);
  });
  return () => {
    timers.forEach(clearTimeout);
    added.forEach((element) => element.remove());
  };
};

export default enhanceCodeBlocks;
