import { copyMarkdown } from '@src/theme/CopyPage/copy-markdown';

// jsdom has no Response: the part of one the copy reads.
const response = (text: string, status = 200) => ({ ok: status >= 200 && status < 300, status, text: async () => text }) as Response;
const ok = (text: string) => jest.fn(async () => response(text)) as unknown as typeof fetch;
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const clipboard = (write: Partial<Clipboard>) => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: write });
};

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  delete (globalThis as { ClipboardItem?: unknown }).ClipboardItem;
});

describe('copyMarkdown', () => {
  test('downloads the Markdown from the same origin and writes it as text', async () => {
    const writeText = jest.fn(async () => undefined);
    clipboard({ writeText });
    const fetcher = ok('# Atom\n');
    await expect(copyMarkdown('/docs/api/atom.md', fetcher)).resolves.toBe('copied');
    expect(fetcher).toHaveBeenCalledWith('/docs/api/atom.md', { credentials: 'same-origin' });
    expect(writeText).toHaveBeenCalledWith('# Atom\n');
  });

  test('where clipboard items exist, hands one over before the download ends, holding the Markdown', async () => {
    const items: Array<Record<string, Promise<Blob>>> = [];
    (globalThis as { ClipboardItem?: unknown }).ClipboardItem = class {
      constructor(readonly data: Record<string, Promise<Blob>>) {
        items.push(data);
      }
    };
    let finish: (response: Response) => void = () => undefined;
    const fetcher = jest.fn(() => new Promise<Response>((resolve) => (finish = resolve))) as unknown as typeof fetch;
    const write = jest.fn(async (list: Array<{ data: Record<string, Promise<Blob>> }>) => {
      await list[0]?.data['text/plain'];
    });
    clipboard({ write: write as unknown as Clipboard['write'], writeText: jest.fn() });
    const result = copyMarkdown('/docs.md', fetcher);
    await Promise.resolve();
    expect(write).toHaveBeenCalledTimes(1);
    finish(response('# Intro\n'));
    await expect(result).resolves.toBe('copied');
    await expect(items[0]?.['text/plain']?.then(blobText)).resolves.toBe('# Intro\n');
  });

  test('names the step that failed: the download (network or status) or the clipboard', async () => {
    clipboard({ writeText: jest.fn(async () => undefined) });
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(copyMarkdown('/docs.md', offline)).resolves.toBe('fetch-failed');
    const missing = jest.fn(async () => response('gone', 404)) as unknown as typeof fetch;
    await expect(copyMarkdown('/docs.md', missing)).resolves.toBe('fetch-failed');

    clipboard({ writeText: jest.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError'))) });
    await expect(copyMarkdown('/docs.md', ok('# Intro\n'))).resolves.toBe('clipboard-denied');
    clipboard(undefined as unknown as Partial<Clipboard>);
    await expect(copyMarkdown('/docs.md', ok('# Intro\n'))).resolves.toBe('clipboard-denied');
  });
});
