import { DEFERRED_SCRIPTS_ID, deferredScriptsLoader } from '@src/runtime/ssr/deferred-scripts';

type Win = Window & { dataLayer?: Array<{ page_path: string }> };

// The listeners each test's runtime added to the shared window and document, removed after the test.
const added: Array<[EventTarget, string, EventListenerOrEventListenerObject]> = [];

/** Fresh runtime module per test: it keeps per-visit state (last page view, progress bar). */
function loadRuntime() {
  let runtime!: typeof import('@src/runtime/browser');
  jest.isolateModules(() => {
    runtime = jest.requireActual('@src/runtime/browser');
  });
  return runtime;
}

beforeAll(() => {
  // A hash naming nothing sends a page just entered to the top (jsdom does not scroll).
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  for (const target of [window, document]) {
    jest.spyOn(target, 'addEventListener').mockImplementation((...args: Parameters<EventTarget['addEventListener']>) => {
      const [type, listener] = args;
      if (listener) added.push([target, type, listener]);
      target.constructor.prototype.addEventListener.apply(target, args);
    });
  }
});

const routeUpdate = (runtime: ReturnType<typeof loadRuntime>, pathname: string, search = '', hash = '') =>
  (runtime.onRouteUpdate as (args: unknown) => void)({ location: { pathname, search, hash }, prevLocation: null });

/** A same-site link whose click the router takes over, as Gatsby's <Link> does. */
function clickRouterLink(href: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.addEventListener('click', (event) => event.preventDefault());
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

beforeEach(() => {
  jest.useFakeTimers();
  delete (window as Win).dataLayer;
  document.title = 'Docs | Stan';
  document.documentElement.removeAttribute('data-app-started');
});
afterEach(() => {
  added.splice(0).forEach(([target, type, listener]) => target.removeEventListener(type, listener));
  jest.useRealTimers();
  document.getElementById('nprogress')?.remove();
});

describe('gatsby-browser handlers', () => {
  it('marks the page as started, so the wrong-base-URL banner stays away', () => {
    (loadRuntime().onClientEntry as () => void)();
    expect(document.documentElement).toHaveAttribute('data-app-started');
  });

  it('once the page has hydrated, carries out the clicks the deferred scripts’ loader held back', () => {
    document.body.innerHTML = `<button type="button">Yes</button><template id="${DEFERRED_SCRIPTS_ID}"></template>`;
    const button = document.querySelector('button')!;
    const answered = jest.fn();
    new Function(deferredScriptsLoader())();
    button.click();
    button.addEventListener('click', answered);
    expect(answered).not.toHaveBeenCalled();
    (loadRuntime().onInitialClientRender as () => void)();
    expect(answered).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
  });

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

  it('warns, on the page loaded in full, that its route had failed to load during a client navigation', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    (loadRuntime().onClientEntry as () => void)();
    clickRouterLink('/docs/api/atom');
    window.dispatchEvent(new Event('pagehide'));
    expect(warn).not.toHaveBeenCalled();
    // Gatsby loads the failed route in full: a new page, a new runtime.
    window.history.replaceState(null, '', '/docs/api/atom');
    (loadRuntime().onClientEntry as () => void)();
    expect(warn).toHaveBeenCalledWith('Loading the route "/docs/api/atom" failed, so the page was loaded in full to recover.');
    warn.mockRestore();
    window.history.replaceState(null, '', '/');
  });

  it('shows the progress bar only when a path change takes 200 ms, and completes it when the route updates', async () => {
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    clickRouterLink('/docs/api/atom');
    await jest.advanceTimersByTimeAsync(199);
    expect(document.getElementById('nprogress')).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(document.querySelector('#nprogress [role="progressbar"]')).not.toBeNull();
    routeUpdate(runtime, '/docs/api/atom');
    await jest.advanceTimersByTimeAsync(1000);
    expect(document.getElementById('nprogress')).toBeNull();
  });

  it('shows no bar when the route updates within 200 ms', async () => {
    const runtime = loadRuntime();
    (runtime.onClientEntry as () => void)();
    clickRouterLink('/docs/api/state');
    await jest.advanceTimersByTimeAsync(150);
    routeUpdate(runtime, '/docs/api/state');
    await jest.advanceTimersByTimeAsync(1000);
    expect(document.getElementById('nprogress')).toBeNull();
  });
});
