/** Copying a doc's published Markdown: downloaded on the click, so no page carries its Markdown twice. */

export type CopyOutcome = 'copied' | 'fetch-failed' | 'clipboard-denied';

/** The Markdown at `href` (same origin); rejects on a network failure or an answer other than 2xx. */
async function fetchMarkdown(href: string, fetcher: typeof fetch): Promise<string> {
  const response = await fetcher(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  return response.text();
}

/**
 * Downloads the Markdown at `href` and puts it on the clipboard; says which step failed, never throws. Where the
 * browser takes a clipboard item still being downloaded, it gets one at once, so the click's permission to write
 * (which Safari keeps only for a moment) is used before the download ends.
 */
export async function copyMarkdown(href: string, fetcher: typeof fetch = fetch): Promise<CopyOutcome> {
  const text = fetchMarkdown(href, fetcher);
  const downloaded = text.then(
    () => true,
    () => false,
  );
  try {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) throw new Error('No clipboard in this context');
    if (typeof ClipboardItem === 'function' && typeof clipboard.write === 'function') {
      const blob = text.then((markdown) => new Blob([markdown], { type: 'text/plain' }));
      await clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else {
      await clipboard.writeText(await text);
    }
    return 'copied';
  } catch {
    return (await downloaded) ? 'clipboard-denied' : 'fetch-failed';
  }
}
