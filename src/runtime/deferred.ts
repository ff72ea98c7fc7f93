/**
 * The part of the runtime not needed for the first paint, loaded on demand by ./index.tsx (first route update):
 * the page-view tracker.
 */
import { siteConfig } from '../theme-common/site-config';
import { beaconSender, createPageViewTracker, dataLayerSender, type PageViewSender } from './analytics';

function pageViewSender(): PageViewSender {
  const endpoint = siteConfig.analytics?.endpoint;
  return endpoint && typeof navigator.sendBeacon === 'function'
    ? beaconSender(navigator, endpoint)
    : dataLayerSender(window);
}

export const trackPageView = createPageViewTracker(pageViewSender(), () => document.title);
