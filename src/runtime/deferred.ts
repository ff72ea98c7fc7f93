/**
 * The parts of the runtime not needed for the first paint, loaded on demand by ./index.tsx (first route update
 * or first slow navigation): the progress bar's DOM and the page-view tracker.
 */
import { siteConfig } from '../theme-common/site-config';
import { beaconSender, createPageViewTracker, dataLayerSender, type PageViewSender } from './analytics';
import { createProgressBar } from './progress-bar';

export const progressBar = createProgressBar();

function pageViewSender(): PageViewSender {
  const endpoint = siteConfig.analytics?.endpoint;
  return endpoint && typeof navigator.sendBeacon === 'function'
    ? beaconSender(navigator, endpoint)
    : dataLayerSender(window);
}

export const trackPageView = createPageViewTracker(pageViewSender(), () => document.title);
