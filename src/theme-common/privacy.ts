/** No analytics for readers who ask not to be tracked. Kept apart: it ships on first load. */
interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** True when the reader has Do Not Track or Global Privacy Control on. */
export function trackingRefused(nav: PrivacySignals, win?: { doNotTrack?: string | null }): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || win?.doNotTrack === '1';
}
