import { PROGRESS_BAR, PROGRESS_BAR_DELAY_MS } from '@src/contract/constants';
import { createRouteProgress } from '@src/runtime/browser/route-progress';

function fakeBar() {
  const calls: string[] = [];
  let status: number | null = null;
  const bar = {
    start: jest.fn(() => {
      status = PROGRESS_BAR.minimum;
      calls.push('start');
    }),
    inc: jest.fn((amount: number) => {
      status = Math.round(((status ?? 0) + amount) * 100) / 100;
      calls.push(`inc ${amount}`);
    }),
    done: jest.fn(() => {
      status = null;
      calls.push('done');
    }),
  };
  return { bar, calls, status: () => status };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('route progress', () => {
  it('loads the bar when a path change starts and shows it only after the delay', async () => {
    const { bar, calls } = fakeBar();
    const load = jest.fn(() => Promise.resolve(bar));
    const progress = createRouteProgress(load);
    progress.start();
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS - 1);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['start']);
  });

  it('trickles by a fixed step at a fixed pace, then completes when the route updates', async () => {
    const { bar, calls, status } = fakeBar();
    const progress = createRouteProgress(() => Promise.resolve(bar));
    progress.start();
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS + 2 * PROGRESS_BAR.trickleSpeed);
    expect(calls).toEqual(['start', `inc ${PROGRESS_BAR.trickleRate}`, `inc ${PROGRESS_BAR.trickleRate}`]);
    expect(status()).toBeCloseTo(PROGRESS_BAR.minimum + 2 * PROGRESS_BAR.trickleRate);
    progress.done();
    expect(calls.at(-1)).toBe('done');
    await jest.advanceTimersByTimeAsync(5 * PROGRESS_BAR.trickleSpeed);
    expect(calls.filter((c) => c.startsWith('inc'))).toHaveLength(2);
  });

  it('never shows when the route updates within the delay', async () => {
    const { bar, calls } = fakeBar();
    const progress = createRouteProgress(() => Promise.resolve(bar));
    progress.start();
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS / 2);
    progress.done();
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual([]);
  });

  it('shows as soon as the bar arrives when its code comes after the delay', async () => {
    const { bar, calls } = fakeBar();
    let arrive!: (value: typeof bar) => void;
    const progress = createRouteProgress(() => new Promise((resolve) => (arrive = resolve)));
    progress.start();
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS + 100);
    expect(calls).toEqual([]);
    arrive(bar);
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start']);
  });

  it('goes on without a bar when the bar cannot load', async () => {
    const progress = createRouteProgress(() => Promise.reject(new Error('offline')));
    progress.start();
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS + 1000);
    expect(() => progress.done()).not.toThrow();
  });

  it('counts overlapping starts as one navigation', async () => {
    const { bar, calls } = fakeBar();
    const load = jest.fn(() => Promise.resolve(bar));
    const progress = createRouteProgress(load);
    progress.start();
    progress.start();
    await jest.advanceTimersByTimeAsync(PROGRESS_BAR_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['start']);
  });
});

describe('the bar', () => {
  it('is accessible-nprogress with no spinner, starting at the minimum, labelled for assistive technology', async () => {
    const { progressBar } = await import('@src/runtime/browser/progress-bar');
    progressBar.start();
    const bar = document.querySelector('#nprogress [role="progressbar"]');
    expect(bar).toHaveAccessibleName('Loading page');
    expect(bar).toHaveAttribute('aria-valuenow', String(PROGRESS_BAR.minimum));
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
    progressBar.done();
  });
});

describe('loadOnNavigationIntent', () => {
  const { loadOnNavigationIntent } = jest.requireActual('@src/runtime/browser/route-progress') as typeof import('@src/runtime/browser/route-progress');
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('loads once, when a reader points at or focuses a link to another page of the site', () => {
    document.body.innerHTML =
      '<a id="here" href="/">here</a><a id="out" href="https://example.org/x">out</a><a id="next" href="/docs/api/atom"><span>next</span></a>';
    const load = jest.fn();
    const stop = loadOnNavigationIntent(document, load);
    document.getElementById('out')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.getElementById('here')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    document.querySelector('#next span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.getElementById('next')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });
});
