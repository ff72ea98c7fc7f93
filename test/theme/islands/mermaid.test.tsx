import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Island } from '@src/theme/islands/registry';
import { fence, mountDoc } from './markup';

jest.setTimeout(30_000);

// Real mermaid does not load under Jest (ESM + layout in a real browser): the e2e spec draws real diagrams.
const mockMermaid = {
  failImport: 0,
  initialize: jest.fn(),
  render: jest.fn(async (id: string, source: string) => ({ svg: `<svg id="${id}"><text>${source.split('\n')[0]}</text></svg>` })),
};
const mockImportAttempts: number[] = [];
// The island imports mermaid's own ES module build by URL (./Mermaid/import-mermaid); that import is mocked.
jest.mock('@src/theme/islands/Mermaid/import-mermaid', () => ({
  importMermaid: async (attempt: number) => {
    mockImportAttempts.push(attempt);
    if (mockMermaid.failImport > 0) {
      mockMermaid.failImport -= 1;
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/vendor/mermaid-11/mermaid.esm.min.mjs');
    }
    return { initialize: mockMermaid.initialize, render: mockMermaid.render };
  },
}));

/** A fresh island module: its cached mermaid import does not leak between tests. */
async function loadIsland(): Promise<Island> {
  let island: Island | undefined;
  await jest.isolateModulesAsync(async () => {
    island = (await import('@src/theme/islands/Mermaid')).default;
  });
  return island as Island;
}

const diagram = 'flowchart LR\n  accTitle: Atoms feed selectors\n  a[atom] --> s[selector]';
const stops: (() => void)[] = [];
const start = async (root: HTMLElement) => {
  const stop = (await loadIsland())(root);
  if (stop) stops.push(stop);
};

// The island renders into its own React roots, asynchronously, like in the browser: no act() here.
const flush = () => new Promise((resolve) => setTimeout(resolve, 50));
let actEnvironment: unknown;
beforeAll(() => {
  actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

beforeEach(() => {
  // Each test gets a fresh island module (no cached import).
  jest.resetModules();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-theme');
  mockMermaid.failImport = 0;
  mockImportAttempts.length = 0;
  mockMermaid.initialize.mockClear();
  mockMermaid.render.mockClear();
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  jest.restoreAllMocks();
});

describe('Mermaid island', () => {
  it('draws the diagram as a named image and folds the source away', async () => {
    const root = await mountDoc(fence('mermaid', diagram));
    await start(root);
    const image = await screen.findByRole('img', { name: 'Atoms feed selectors' });
    await waitFor(() => expect(image.querySelector('svg')).not.toBeNull());
    expect(image).toBeVisible();
    expect(mockMermaid.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ startOnLoad: false, securityLevel: 'strict', layout: 'dagre', theme: 'default' }),
    );
    expect(mockMermaid.render).toHaveBeenCalledWith(expect.stringMatching(/^mermaid-diagram-\d+$/), diagram);
    expect(root.querySelector('details')).not.toHaveAttribute('open');
    expect(root.querySelector('.mermaid-diagram')).toHaveAttribute('data-rendered-theme', 'default');
  });

  it('uses the dark theme in dark mode and draws again when <html data-theme> changes', async () => {
    document.documentElement.setAttribute('data-theme', 'dark');
    const root = await mountDoc(fence('mermaid', diagram));
    await start(root);
    await waitFor(() => expect(root.querySelector('.mermaid-diagram')).toHaveAttribute('data-rendered-theme', 'dark'));
    expect(mockMermaid.initialize).toHaveBeenLastCalledWith(expect.objectContaining({ theme: 'dark' }));
    // Same theme again (the toggle may re-set it): no redraw.
    document.documentElement.setAttribute('data-theme', 'dark');
    await flush();
    expect(mockMermaid.render).toHaveBeenCalledTimes(1);
    document.documentElement.setAttribute('data-theme', 'light');
    await waitFor(() => expect(root.querySelector('.mermaid-diagram')).toHaveAttribute('data-rendered-theme', 'default'));
    expect(mockMermaid.initialize).toHaveBeenLastCalledWith(expect.objectContaining({ theme: 'default' }));
    expect(mockMermaid.render).toHaveBeenCalledTimes(2);
  });

  it('says when mermaid cannot load, and Retry imports it again under a new URL', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockMermaid.failImport = 1;
    const root = await mountDoc(fence('mermaid', diagram));
    await start(root);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The diagram could not load.');
    // The readable source stays open while the diagram is missing.
    expect(root.querySelector('details')).toHaveAttribute('open');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(root.querySelector('[data-mermaid-output] svg')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    // The retry is a new attempt (a new URL), since the browser remembers the failed module.
    expect(mockImportAttempts).toEqual([0, 1]);
  });

  it("says when the chunk for the diagram's type cannot load, and Retry draws it for real", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockMermaid.render.mockRejectedValueOnce(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/vendor/mermaid/chunks/flowDiagram-X.mjs'),
    );
    const root = await mountDoc(fence('mermaid', diagram));
    await start(root);
    expect(await screen.findByRole('alert')).toHaveTextContent('The diagram could not load.');
    expect(root.querySelector('details')).toHaveAttribute('open');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(root.querySelector('[data-mermaid-output] svg')).not.toBeNull());
    expect(mockMermaid.render).toHaveBeenCalledTimes(2);
    // mermaid itself was loaded once: only the drawing was tried again.
    expect(mockImportAttempts).toEqual([0]);
  });

  it('reports a diagram mermaid cannot parse, keeping its source visible', async () => {
    mockMermaid.render.mockRejectedValueOnce(new Error('Parse error on line 2'));
    const root = await mountDoc(fence('mermaid', 'flowchart LR\n  a -->'));
    await start(root);
    expect(await screen.findByText('This diagram could not be drawn: Parse error on line 2')).toBeInTheDocument();
    // Trying again would not help a syntax error: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(root.querySelector('[data-mermaid-output]')).toHaveAttribute('hidden');
    expect(root.querySelector('details')).toHaveAttribute('open');
  });

  it('stops following the colour mode after cleanup', async () => {
    const root = await mountDoc(fence('mermaid', diagram));
    const stop = (await loadIsland())(root);
    await waitFor(() => expect(mockMermaid.render).toHaveBeenCalledTimes(1));
    stop?.();
    document.documentElement.setAttribute('data-theme', 'dark');
    await flush();
    expect(mockMermaid.render).toHaveBeenCalledTimes(1);
  });
});
