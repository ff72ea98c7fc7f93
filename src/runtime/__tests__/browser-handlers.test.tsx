import type { GatsbyGlobals } from '../navigation';

type Win = Window & GatsbyGlobals & { dataLayer?: Array<{ page_path: string }> };

/** Fresh runtime module per test: it keeps per-visit state (last page view, progress bar). */
function loadRuntime() {
  let runtime!: typeof import('..');
  jest.isolateModules(() => {
    runtime = jest.requireActual('..');
  });
  return runtime;
}

const routeUpdate = (runtime: ReturnType<typeof loadRuntime>, pathname: string, search = '', hash = '') =>
  (runtime.onRouteUpdate as (args: unknown) => void)({ location: { pathname, search, hash }, prevLocation: null });

beforeEach(() => {
  jest.useFakeTimers();
  const win = window as Win;
  delete win.dataLayer;
  win.___navigate = jest.fn();
  win.___loader = { loadPage: jest.fn(() => Promise.resolve({ status: 'success' })), hovering: jest.fn() };
  document.title = 'Docs | Stan';
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('gatsby-browser handlers', () => {
  it('sends one page view per distinct URL to window.dataLayer, after the title is set', async () => {
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    routeUpdate(runtime, '/docs');
    expect((window as Win).dataLayer).toBeUndefined();
    await jest.advanceTimersByTimeAsync(50);
    routeUpdate(runtime, '/docs');
    routeUpdate(runtime, '/docs', '', '#usage');
    await jest.advanceTimersByTimeAsync(50);
    expect((window as Win).dataLayer?.map((v) => v.page_path)).toEqual(['/docs', '/docs#usage']);
  });

  it('sends nothing with Do Not Track on', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, get: () => '1' });
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    routeUpdate(runtime, '/docs');
    await jest.advanceTimersByTimeAsync(50);
    expect((window as Win).dataLayer).toBeUndefined();
    delete (navigator as { doNotTrack?: unknown }).doNotTrack;
  });

  it('logs a warning naming the route when its resources fail to load', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = window as Win;
    win.___loader = { loadPage: jest.fn(() => Promise.resolve({ status: 'error' })) };
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    win.___navigate?.('/docs/api/atom');
    await Promise.resolve();
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Loading the route "/docs/api/atom" failed'));
  });

  it('shows the progress bar only when a path change takes 200 ms, and removes it when the route updates', async () => {
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    (window as Win).___navigate?.('/docs/api/atom');
    await jest.advanceTimersByTimeAsync(199);
    expect(document.getElementById('route-progress')).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(document.getElementById('route-progress')).not.toBeNull();
    routeUpdate(runtime, '/docs/api/atom');
    await jest.advanceTimersByTimeAsync(1000);
    expect(document.getElementById('route-progress')).toBeNull();
  });

  it('shows no bar when the route updates within 200 ms', async () => {
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    (window as Win).___navigate?.('/docs/api/state');
    await jest.advanceTimersByTimeAsync(150);
    routeUpdate(runtime, '/docs/api/state');
    await jest.advanceTimersByTimeAsync(1000);
    expect(document.getElementById('route-progress')).toBeNull();
  });
});
