import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import DocContent, { islandPieces } from '..';
import { latePiece } from '../../islands/loader';
import type { IslandKind } from '../../../contract/islands';
import type { Island } from '../../islands/types';

// Each kind's code is a stand-in: the test sees when it is requested, started and stopped.
const log = { requested: [] as string[], started: [] as string[], stopped: [] as string[] };
let failing = new Set<string>();

const fakeIsland =
  (kind: string): Island =>
  (root) => {
    const islands = root.querySelectorAll(`[data-island="${kind}"]`);
    log.started.push(`${kind}:${islands.length}`);
    // What the copy island does: add a control to each of its elements (the others enhance what is there).
    if (kind === 'copy') {
      islands.forEach((island) => {
        const control = document.createElement('button');
        control.textContent = 'Copy code';
        island.append(control);
      });
    }
    return () => log.stopped.push(kind);
  };

const names: [IslandKind, string][] = [
  ['copy', 'The copy button'],
  ['tabs', 'The tabs'],
  ['live-example', 'The live example'],
];

beforeEach(() => {
  log.requested = [];
  log.started = [];
  log.stopped = [];
  failing = new Set();
  for (const [kind, name] of names) {
    islandPieces[kind] = latePiece(name, () => {
      log.requested.push(kind);
      return failing.has(kind) ? Promise.reject(new Error('Loading chunk 3588 failed.')) : Promise.resolve(fakeIsland(kind));
    });
  }
});

const codeHtml = '<div class="code-block" data-island="copy"><pre><code>x</code></pre></div>';
const tabsHtml =
  '<div class="tabs" data-island="tabs"><div role="tablist"><button role="tab" tabindex="0">npm</button></div></div>';
const exampleHtml =
  '<figure data-island="live-example" data-example-id="counter"><figcaption>Live example</figcaption><div data-island-status><p role="status">Loading example…</p></div></figure>';

describe('DocContent islands', () => {
  it('loads and starts only the islands the HTML asks for, once per kind', async () => {
    render(<DocContent html={`${codeHtml}${codeHtml}<p>Prose</p>`} />);
    await waitFor(() => expect(log.started).toEqual(['copy:2']));
    expect(log.requested).toEqual(['copy']);
  });

  it('starts nothing on a page without islands', async () => {
    render(<DocContent html="<p>Only prose</p>" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.requested).toEqual([]);
  });

  it('stops the islands of the old HTML and starts those of the new one on navigation', async () => {
    const { rerender, unmount } = render(<DocContent html={codeHtml} />);
    await waitFor(() => expect(log.started).toEqual(['copy:1']));
    rerender(<DocContent html={`${tabsHtml}${codeHtml}`} />);
    // Code already loaded starts at once, the rest as it arrives.
    await waitFor(() => expect(log.started).toEqual(['copy:1', 'copy:1', 'tabs:1']));
    expect(log.stopped).toEqual(['copy']);
    // Loaded code is not requested again.
    expect(log.requested).toEqual(['copy', 'tabs']);
    unmount();
    expect(log.stopped).toEqual(['copy', 'copy', 'tabs']);
  });

  it('when a kind cannot load, each of its islands says so, announced once, and its fallback stays', async () => {
    failing.add('copy');
    const { container } = render(<DocContent html={`${codeHtml}${codeHtml}${tabsHtml}`} />);
    await waitFor(() => expect(screen.getAllByText('The copy button could not load.')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const blocks = container.querySelectorAll('[data-island="copy"]');
    blocks.forEach((block) => {
      expect(block).toHaveAttribute('data-island-failed');
      // The notice sits in the island, the code stays as it was.
      expect(block.querySelector('[data-island-notice]')).toHaveTextContent('Retry');
      expect(block.querySelector('pre code')).toHaveTextContent('x');
    });
    // Other kinds are not held back.
    await waitFor(() => expect(log.started).toEqual(['tabs:1']));
  });

  it('Retry loads the code again, starts the islands, removes the notices and focuses what came to life', async () => {
    failing.add('tabs');
    const { container } = render(<DocContent html={tabsHtml} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    retry.focus();
    failing.delete('tabs');
    await act(async () => fireEvent.click(retry));
    await waitFor(() => expect(log.started).toEqual(['tabs:1']));
    expect(log.requested).toEqual(['tabs', 'tabs']);
    await waitFor(() => expect(container.querySelector('[data-island-notice]')).toBeNull());
    expect(container.querySelector('[data-island="tabs"]')).not.toHaveAttribute('data-island-failed');
    expect(screen.getByRole('tab', { name: 'npm' })).toHaveFocus();
  });

  it('focuses the control an island added, when that is what Retry brought (a copy button)', async () => {
    failing.add('copy');
    render(<DocContent html={`${codeHtml}${codeHtml}`} />);
    const retries = await screen.findAllByRole('button', { name: 'Retry' });
    retries[1]?.focus();
    failing.delete('copy');
    await act(async () => fireEvent.click(retries[1] as HTMLElement));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Copy code' })[1]).toHaveFocus());
  });

  it('focuses the island itself when its controls come later (a live example mounts after its code)', async () => {
    failing.add('live-example');
    islandPieces['live-example'] = latePiece('The live example', () => {
      log.requested.push('live-example');
      return failing.has('live-example') ? Promise.reject(new Error('offline')) : Promise.resolve(() => undefined);
    });
    const { container } = render(<DocContent html={exampleHtml} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // After the caption, where the reader looks.
    expect(container.querySelector('figcaption')?.nextElementSibling).toContainElement(retry);
    retry.focus();
    failing.delete('live-example');
    await act(async () => fireEvent.click(retry));
    await waitFor(() => expect(container.querySelector('[data-island="live-example"]')).toHaveFocus());
  });

  it('tries a kind that failed on an earlier page again on the next one', async () => {
    failing.add('copy');
    const { rerender } = render(<DocContent html={codeHtml} />);
    await screen.findByRole('button', { name: 'Retry' });
    failing.delete('copy');
    rerender(<DocContent html={`<h2>Next page</h2>${codeHtml}`} />);
    await waitFor(() => expect(log.started).toEqual(['copy:1']));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
