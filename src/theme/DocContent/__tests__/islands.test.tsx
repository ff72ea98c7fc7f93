import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import DocContent from '..';

// Each island module is mocked: the test sees which ones the runtime imports, starts and stops.
const mockIslands = {
  loaded: [] as string[],
  started: [] as string[],
  stopped: [] as string[],
  failLiveExample: 0,
};
const mockIsland = (kind: string) => {
  mockIslands.loaded.push(kind);
  return {
    __esModule: true,
    default: (root: HTMLElement) => {
      mockIslands.started.push(`${kind}:${root.querySelectorAll(`[data-island="${kind}"]`).length}`);
      return () => mockIslands.stopped.push(kind);
    },
  };
};
jest.mock('../../islands/CodeCopy', () => mockIsland('copy'));
jest.mock('../../islands/Tabs', () => mockIsland('tabs'));
jest.mock('../../islands/Mermaid', () => mockIsland('mermaid'));
jest.mock('../../islands/LiveExample', () => {
  if (mockIslands.failLiveExample > 0) {
    mockIslands.failLiveExample -= 1;
    throw new Error('Loading chunk 3588 failed.');
  }
  return mockIsland('live-example');
});

const codeHtml = '<div class="code-block" data-island="copy"><pre><code>x</code></pre></div>';
const tabsHtml = '<div class="tabs" data-island="tabs"></div>';
const exampleHtml =
  '<figure data-island="live-example" data-example-id="counter"><div data-island-status><p role="status">Loading example…</p></div></figure>';

beforeEach(() => {
  jest.resetModules();
  mockIslands.loaded = [];
  mockIslands.started = [];
  mockIslands.stopped = [];
  mockIslands.failLiveExample = 0;
});

describe('DocContent islands', () => {
  it('imports and starts only the islands the HTML asks for, once per kind', async () => {
    render(<DocContent html={`${codeHtml}${codeHtml}<p>Prose</p>`} />);
    await waitFor(() => expect(mockIslands.started).toEqual(['copy:2']));
    expect(mockIslands.loaded).toEqual(['copy']);
  });

  it('starts nothing on a page without islands', async () => {
    render(<DocContent html="<p>Only prose</p>" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockIslands.loaded).toEqual([]);
  });

  it('stops the islands of the old HTML and starts those of the new one on navigation', async () => {
    const { rerender, unmount } = render(<DocContent html={codeHtml} />);
    await waitFor(() => expect(mockIslands.started).toEqual(['copy:1']));
    rerender(<DocContent html={`${tabsHtml}${codeHtml}`} />);
    expect(mockIslands.stopped).toEqual(['copy']);
    await waitFor(() => expect(mockIslands.started).toEqual(['copy:1', 'tabs:1', 'copy:1']));
    unmount();
    expect(mockIslands.stopped).toEqual(['copy', 'tabs', 'copy']);
  });

  it("shows the error and a Retry button when an island's own chunk fails", async () => {
    mockIslands.failLiveExample = 1;
    render(<DocContent html={exampleHtml} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.parentElement).toHaveTextContent('Loading chunk 3588 failed.');
    fireEvent.click(retry);
    await waitFor(() => expect(mockIslands.started).toEqual(['live-example:1']));
  });
});
