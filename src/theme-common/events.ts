/**
 * Sends an analytics event where the site config says page views go (./analytics.ts siteSender), or nowhere when
 * the reader asks not to be tracked. Every event of the site goes through here.
 */
import { siteSender, type AnalyticsEvent, type EventSender } from './analytics';
import { trackingRefused } from './privacy';
import type { BuildDefines } from '../contract/build-defines';

// The configured endpoint alone (defined by the build from site.config.ts's analytics.endpoint), so the lazy chunks
// that send events do not each carry a copy of the whole site config.
declare const __STAN_ANALYTICS_ENDPOINT__: BuildDefines['__STAN_ANALYTICS_ENDPOINT__'];

let sender: EventSender | undefined;

/** Whether the reader's browser asks not to be tracked (then nothing is sent). */
export const trackingOff = (): boolean => trackingRefused(window.navigator, window as { doNotTrack?: string | null });

/** Sends the event unless tracking is refused; returns whether it was sent. */
export function sendEvent(event: AnalyticsEvent): boolean {
  if (trackingOff()) return false;
  sender ??= siteSender(__STAN_ANALYTICS_ENDPOINT__ ?? undefined, window);
  sender(event);
  return true;
}
