/**
 * The part of the runtime not needed for the first paint, loaded on demand by ./index.tsx (first route update):
 * the page-view tracker.
 */
import { createPageViewTracker } from '../../theme-common/analytics';
import { sendEvent } from '../../theme-common/events';

export const trackPageView = createPageViewTracker(sendEvent, () => document.title);
