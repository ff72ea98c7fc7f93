import { PROGRESS_BAR } from '../theme-common/constants';

/**
 * The route-loading progress bar (spec section 9): starts at `minimum`, trickles by `trickleRate` every
 * `trickleSpeed` ms, completes when the route has updated; no spinner. Hand-written (≈50 lines) because
 * accessible-nprogress (gatsby-plugin-nprogress) has no fixed trickle rate and only starts after 1000 ms.
 */
export interface ProgressBarOptions {
  minimum: number;
  speed: number;
  trickleRate: number;
  trickleSpeed: number;
}

export const PROGRESS_BAR_ID = 'route-progress';
/** The bar never reaches 100 % by trickling; only `done()` fills it. */
export const MAX_TRICKLE = 0.994;

/** The next value while trickling. */
export function trickle(status: number, rate: number): number {
  return Math.min(MAX_TRICKLE, status + rate);
}

// The colour is a design token, so it follows the colour mode.
const CSS =
  `#${PROGRESS_BAR_ID}{position:fixed;z-index:1031;top:0;left:0;width:100%;height:3px;pointer-events:none;` +
  `background:var(--color-link);transform-origin:0 0;transition:transform linear,opacity linear}`;

/** The bar itself; the delay before showing it lives in ./index.tsx, so this module can load on demand. */
export function createProgressBar(options: ProgressBarOptions = PROGRESS_BAR) {
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  let status: number | null = null;
  let bar: HTMLElement | null = null;

  const paint = (value: number) => {
    if (!bar) return;
    bar.style.transform = `scaleX(${value})`;
    bar.setAttribute('aria-valuenow', value.toFixed(2));
  };

  return {
    /** Shows the bar at `minimum` and starts trickling. */
    show() {
      if (status !== null) return;
      if (!document.getElementById(`${PROGRESS_BAR_ID}-style`)) {
        const style = document.createElement('style');
        style.id = `${PROGRESS_BAR_ID}-style`;
        style.textContent = CSS;
        document.head.appendChild(style);
      }
      bar?.remove();
      bar = document.createElement('div');
      bar.id = PROGRESS_BAR_ID;
      bar.setAttribute('role', 'progressbar');
      bar.setAttribute('aria-label', 'Loading page');
      bar.setAttribute('aria-valuemin', '0');
      bar.setAttribute('aria-valuemax', '1');
      bar.style.transitionDuration = `${options.speed}ms`;
      document.body.appendChild(bar);
      status = options.minimum;
      paint(status);
      trickleTimer = setInterval(() => {
        status = trickle(status ?? options.minimum, options.trickleRate);
        paint(status);
      }, options.trickleSpeed);
    },
    /** The route has updated: fill the bar, then fade it out and remove it. */
    done() {
      clearInterval(trickleTimer);
      if (status === null) return;
      status = null;
      const finished = bar;
      paint(1);
      setTimeout(() => {
        if (finished) finished.style.opacity = '0';
        setTimeout(() => finished?.remove(), options.speed);
      }, options.speed);
    },
    get status() {
      return status;
    },
  };
}

export type ProgressBar = ReturnType<typeof createProgressBar>;
