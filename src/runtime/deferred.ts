/**
 * The part of the runtime not needed for the first paint, loaded on demand by ./index.tsx (first route update):
 * the page-view tracker.
 */
import { createPageViewTracker } from './analytics';
import { sendEvent } from './events';

export const trackPageView = createPageViewTracker(sendEvent, () => document.title);
