import { PROGRESS_BAR, PROGRESS_BAR_DELAY_MS } from '../../theme-common/constants';
import { createProgressBar, MAX_TRICKLE, PROGRESS_BAR_ID, trickle } from '../progress-bar';

const bar = () => document.getElementById(PROGRESS_BAR_ID);
const scale = () => Number(/scaleX\(([\d.]+)\)/.exec(bar()?.style.transform ?? '')?.[1]);

beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = '';
});
afterEach(() => jest.useRealTimers());

describe('progress bar', () => {
  it('uses the spec constants: 200 ms delay, minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms', () => {
    expect(PROGRESS_BAR_DELAY_MS).toBe(200);
    expect(PROGRESS_BAR).toEqual({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 });
  });

  it('shows at the minimum, as an accessible progress bar, without a spinner', () => {
    createProgressBar().show();
    expect(bar()).toHaveAttribute('role', 'progressbar');
    expect(bar()).toHaveAccessibleName('Loading page');
    expect(bar()?.style.transitionDuration).toBe('200ms');
    expect(scale()).toBeCloseTo(0.08);
    expect(bar()).toHaveAttribute('aria-valuenow', '0.08');
    expect(document.querySelector('.spinner, [class*="spinner"]')).toBeNull();
  });

  it('trickles by 0.02 every 800 ms and never fills by itself', () => {
    createProgressBar().show();
    jest.advanceTimersByTime(799);
    expect(scale()).toBeCloseTo(0.08);
    jest.advanceTimersByTime(1);
    expect(scale()).toBeCloseTo(0.1);
    jest.advanceTimersByTime(800 * 3);
    expect(scale()).toBeCloseTo(0.16);
    expect(trickle(0.99, 0.02)).toBe(MAX_TRICKLE);
  });

  it('fills, fades and goes away when the route has updated', () => {
    const progress = createProgressBar();
    progress.show();
    progress.done();
    expect(scale()).toBe(1);
    expect(progress.status).toBeNull();
    jest.advanceTimersByTime(PROGRESS_BAR.speed);
    expect(bar()?.style.opacity).toBe('0');
    jest.advanceTimersByTime(PROGRESS_BAR.speed);
    expect(bar()).toBeNull();
  });

  it('keeps one bar when shown twice, and done() without show() does nothing', () => {
    const progress = createProgressBar();
    progress.done();
    expect(bar()).toBeNull();
    progress.show();
    progress.show();
    expect(document.querySelectorAll(`#${PROGRESS_BAR_ID}`)).toHaveLength(1);
  });

  it('follows the theme: its colour is a design token', () => {
    createProgressBar().show();
    expect(document.getElementById(`${PROGRESS_BAR_ID}-style`)?.textContent).toContain('background:var(--color-link)');
  });
});
