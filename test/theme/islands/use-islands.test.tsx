import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import DocContent from '@src/theme/DocContent';
import { latePiece } from '@src/theme/islands/loader';
import type { IslandKind } from '@src/contract/islands';
import { islandPieces, type Island } from '@src/theme/islands/registry';

// Each kind's code is a stand-in: the test sees when it is requested, started and stopped, and what it was asked to do.
const log = { requested: [] as string[], started: [] as string[], stopped: [] as string[], copied: 0, tabs: [] as string[] };
let failing = new Set<string>();

const fakeIsland =
  (kind: string): Island =>
  (root) => {
    const islands = root.querySelectorAll(`[data-island="${kind}"]`);
    log.started.push(`${kind}:${islands.length}`);
    // What the copy island does: give the buttons the build wrote their action.
    const copy = () => (log.copied += 1);
    const buttons = kind === 'copy' ? root.querySelectorAll('.copy-button') : [];
    buttons.forEach((button) => button.addEventListener('click', copy));
    // What the tabs island does: listen for clicks on its tabs.
    const choose = (event: Event) => log.tabs.push((event.target as Element).closest('[role="tab"]')?.textContent ?? '');
    if (kind === 'tabs') root.addEventListener('click', choose);
    return () => {
      root.removeEventListener('click', choose);
      buttons.forEach((button) => button.removeEventListener('click', copy));
      log.stopped.push(kind);
    };
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
  log.copied = 0;
  log.tabs = [];
  failing = new Set();
  localStorage.setItem(TAB_KEY, 'npm');
  for (const [kind, name] of names) {
    islandPieces[kind] = latePiece(name, () => {
      log.requested.push(kind);
      return failing.has(kind) ? Promise.reject(new Error('Loading chunk 3588 failed.')) : Promise.resolve(fakeIsland(kind));
    });
  }
});

// A code block as the build writes it: scrollable code (a Tab stop) and its copy button (loaded on the reader's intent).
const codeHtml =
  '<div class="code-block" data-island="copy"><div class="code-block__body"><pre tabindex="0"><code>x</code></pre>' +
  '<button type="button" class="copy-button" aria-label="Copy code"></button></div></div>';
// A tab group with a remembered choice (set before each test), so its code loads with the page to apply it.
const tabsHtml =
  '<div class="tabs" data-island="tabs" data-group-id="pm"><div role="tablist"><button role="tab" tabindex="0">npm</button></div></div>';
const TAB_KEY = 'docusaurus.tab.pm';
const exampleHtml =
  '<figure data-island="live-example" data-example-id="counter"><figcaption>Live example</figcaption><div data-island-status><p role="status">Loading example…</p></div></figure>';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('DocContent islands', () => {
  it('loads and starts only the islands the HTML asks for, once per kind', async () => {
    render(<DocContent html={`${tabsHtml}${tabsHtml}<p>Prose</p>`} />);
    await waitFor(() => expect(log.started).toEqual(['tabs:2']));
    expect(log.requested).toEqual(['tabs']);
  });

  it('starts nothing on a page without islands', async () => {
    render(<DocContent html="<p>Only prose</p>" />);
    await settle();
    expect(log.requested).toEqual([]);
  });

  it('stops the islands of the old HTML and starts those of the new one on navigation', async () => {
    const { rerender, unmount } = render(<DocContent html={tabsHtml} />);
    await waitFor(() => expect(log.started).toEqual(['tabs:1']));
    rerender(<DocContent html={`${exampleHtml}${tabsHtml}`} />);
    // Code already loaded starts at once, the rest as it arrives.
    await waitFor(() => expect(log.started).toEqual(['tabs:1', 'tabs:1', 'live-example:1']));
    expect(log.stopped).toEqual(['tabs']);
    // Loaded code is not requested again.
    expect(log.requested).toEqual(['tabs', 'live-example']);
    unmount();
    expect(log.stopped).toEqual(['tabs', 'tabs', 'live-example']);
  });

  it('when a kind cannot load, each of its islands says so, announced once, and its fallback stays', async () => {
    failing.add('tabs');
    const { container } = render(<DocContent html={`${tabsHtml}${tabsHtml}${exampleHtml}`} />);
    await waitFor(() => expect(screen.getAllByText('The tabs could not load.')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    container.querySelectorAll('[data-island="tabs"]').forEach((tabs) => {
      expect(tabs).toHaveAttribute('data-island-failed');
      // The notice sits in the island, the markup stays as it was.
      expect(tabs.querySelector('[data-island-notice]')).toHaveTextContent('Retry');
      expect(tabs.querySelector('[role="tab"]')).toHaveTextContent('npm');
    });
    // Other kinds are not held back.
    await waitFor(() => expect(log.started).toEqual(['live-example:1']));
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

  it('a click on a tab before the tabs’ code has started is carried out once it has; one that cannot load drops it', async () => {
    const { unmount } = render(<DocContent html={tabsHtml} />);
    // The code is on its way: not started yet.
    expect(log.started).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'npm' }));
    expect(log.tabs).toEqual([]);
    await waitFor(() => expect(log.tabs).toEqual(['npm']));
    fireEvent.click(screen.getByRole('tab', { name: 'npm' }));
    expect(log.tabs).toEqual(['npm', 'npm']);
    unmount();

    failing.add('tabs');
    islandPieces.tabs = latePiece('The tabs', () =>
      failing.has('tabs') ? Promise.reject(new Error('Loading chunk 12 failed.')) : Promise.resolve(fakeIsland('tabs')),
    );
    render(<DocContent html={tabsHtml} />);
    fireEvent.click(screen.getByRole('tab', { name: 'npm' }));
    await screen.findByRole('button', { name: 'Retry' });
    failing.delete('tabs');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(log.started).toEqual(['tabs:1', 'tabs:1']));
    expect(log.tabs).toEqual(['npm', 'npm']);
  });

  it('tries a kind that failed on an earlier page again on the next one', async () => {
    failing.add('tabs');
    const { rerender } = render(<DocContent html={tabsHtml} />);
    await screen.findByRole('button', { name: 'Retry' });
    failing.delete('tabs');
    rerender(<DocContent html={`<h2>Next page</h2>${tabsHtml}`} />);
    await waitFor(() => expect(log.started).toEqual(['tabs:1']));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('islands loaded when a reader reaches for one (the copy buttons)', () => {
  it.each([
    ['points at', (target: Element) => fireEvent.pointerOver(target)],
    ['focuses', (target: Element) => fireEvent.focusIn(target)],
  ])('loads nothing with the page, and the code once the reader %s one of its islands', async (_, reach) => {
    const { container } = render(<DocContent html={`<p>Prose</p>${codeHtml}${codeHtml}`} />);
    await settle();
    fireEvent.pointerOver(container.querySelector('p')!);
    await settle();
    expect(log.requested).toEqual([]);
    reach(container.querySelectorAll('pre')[1]!);
    await waitFor(() => expect(log.started).toEqual(['copy:2']));
    reach(container.querySelector('pre')!);
    await settle();
    expect(log.requested).toEqual(['copy']);
  });

  it('loads the code at hydration when the reader already has focus in one of its islands', async () => {
    // The server's HTML, focused by the reader before React arrives (no listener saw that focus).
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<DocContent html={`<p>Prose</p>${codeHtml}`} />);
    container.querySelector<HTMLElement>('pre')!.focus();
    render(<DocContent html={`<p>Prose</p>${codeHtml}`} />, { container, hydrate: true });
    await waitFor(() => expect(log.started).toEqual(['copy:1']));
  });

  it('does not load it at hydration when focus is elsewhere', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<DocContent html={`<p>Prose</p>${codeHtml}`} />);
    render(<DocContent html={`<p>Prose</p>${codeHtml}`} />, { container, hydrate: true });
    await settle();
    expect(log.requested).toEqual([]);
  });

  it('a click on its button before the code is there is carried out once it has started, and only then', async () => {
    render(<DocContent html={codeHtml} />);
    await settle();
    const button = screen.getByRole('button', { name: 'Copy code' });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(log.copied).toBe(1));
    fireEvent.click(button);
    expect(log.copied).toBe(2);
  });

  it('when its code cannot load: the held click is dropped, the islands say so, reaching for one again waits for Retry', async () => {
    failing.add('copy');
    const { container } = render(<DocContent html={`${codeHtml}${codeHtml}`} />);
    await settle();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Copy code' })[1]!));
    const retries = await screen.findAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(2);
    fireEvent.pointerOver(container.querySelector('pre')!);
    await settle();
    expect(log.requested).toEqual(['copy']);
    // Retry brings the code; focus goes to the island's control; the click from before is not carried out.
    retries[1]!.focus();
    failing.delete('copy');
    await act(async () => fireEvent.click(retries[1]!));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Copy code' })[1]).toHaveFocus());
    expect(log.started).toEqual(['copy:2']);
    expect(log.copied).toBe(0);
  });
});

describe('tabs with no remembered choice (every group shows the tab the build selected)', () => {
  beforeEach(() => localStorage.removeItem(TAB_KEY));

  it('load nothing with the page, and their code once the reader points at or focuses a group', async () => {
    const { container } = render(<DocContent html={`<p>Prose</p>${tabsHtml}`} />);
    await settle();
    fireEvent.pointerOver(container.querySelector('p')!);
    await settle();
    expect(log.requested).toEqual([]);
    fireEvent.focusIn(screen.getByRole('tab', { name: 'npm' }));
    await waitFor(() => expect(log.started).toEqual(['tabs:1']));
  });

  it('a click on a tab before their code is there is carried out once it has started', async () => {
    render(<DocContent html={tabsHtml} />);
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'npm' })));
    await waitFor(() => expect(log.tabs).toEqual(['npm']));
  });

  it('load with the page as soon as one group on it has a remembered choice', async () => {
    localStorage.setItem('docusaurus.tab.other', 'yarn');
    try {
      const other = tabsHtml.replace('data-group-id="pm"', 'data-group-id="other"');
      render(<DocContent html={`${tabsHtml}${other}`} />);
      await waitFor(() => expect(log.started).toEqual(['tabs:2']));
    } finally {
      localStorage.removeItem('docusaurus.tab.other');
    }
  });
});
