/**
 * The route progress bar: accessible-nprogress (the library gatsby-plugin-nprogress wraps), loaded on demand by
 * ./route-progress.ts. It starts at the minimum, moves at the given speed, has no spinner and takes the link colour
 * of the current colour mode; the site trickles it by a fixed step itself (the library's own trickle varies it).
 */
import NProgress from 'accessible-nprogress';
import { PROGRESS_BAR } from '../../contract/constants';
// Styled here rather than with the library's stylesheet, most of which draws the spinner the site turns off.
import './progress-bar.css';

NProgress.configure({
  minimum: PROGRESS_BAR.minimum,
  speed: PROGRESS_BAR.speed,
  trickle: false,
  showSpinner: false,
  barLabel: 'Loading page',
});

export const progressBar = NProgress;
