import {
  beaconSender,
  createPageViewTracker,
  dataLayerSender,
  eventAddress,
  siteSender,
  type AnalyticsEvent,
  type PageView,
} from '@src/theme-common/analytics';
import { sendEvent } from '@src/theme-common/events';
import { trackingRefused } from '@src/theme-common/privacy';

const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('page-view tracker', () => {
  it('sends one event per change of path, query or hash, and none for a repeated URL', () => {
    const sent: PageView[] = [];
    const track = createPageViewTracker((v) => sent.push(v), () => 'Atom | Stan');
    track(loc('/docs'));
    track(loc('/docs')); // the first load reported twice
    track(loc('/docs/api/atom'));
    track(loc('/docs/api/atom', '?q=1'));
    track(loc('/docs/api/atom', '?q=1', '#usage'));
    track(loc('/docs/api/atom', '?q=1', '#usage'));
    expect(sent.map((v) => v.page_path)).toEqual([
      '/docs',
      '/docs/api/atom',
      '/docs/api/atom?q=1',
      '/docs/api/atom?q=1#usage',
    ]);
    expect(sent[1]).toEqual({
      event: 'page_view',
      page_path: '/docs/api/atom',
      page_title: 'Atom | Stan',
      page_referrer: '/docs',
    });
    expect(sent[0]?.page_referrer).toBe('');
  });
});

describe('privacy signals', () => {
  it.each([
    [{ doNotTrack: '1' }, undefined, true],
    [{ doNotTrack: 'yes' }, undefined, true],
    [{ globalPrivacyControl: true }, undefined, true],
    [{}, { doNotTrack: '1' }, true],
    [{ doNotTrack: '0' }, undefined, false],
    [{ doNotTrack: null, globalPrivacyControl: false }, undefined, false],
  ])('navigator %j, window %j → refused %s', (nav, win, refused) => {
    expect(trackingRefused(nav, win)).toBe(refused);
  });
});

describe('adapters', () => {
  const view: PageView = { event: 'page_view', page_path: '/docs', page_title: 'Docs', page_referrer: '' };

  it('pushes to window.dataLayer, creating it when missing', () => {
    const win = {} as Window & { dataLayer?: unknown[] };
    dataLayerSender(win)(view);
    dataLayerSender(win)(view);
    expect(win.dataLayer).toEqual([view, view]);
  });

  it('beacons JSON to a configured endpoint', async () => {
    const sendBeacon = jest.fn().mockReturnValue(true);
    beaconSender({ sendBeacon }, '/api/views')(view);
    expect(sendBeacon).toHaveBeenCalledWith('/api/views', expect.any(Blob));
    const blob = sendBeacon.mock.calls[0][1] as Blob;
    expect(blob.type).toBe('application/json');
    // jsdom's Blob has no text(); FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(view);
  });
});

describe('one sender for every event', () => {
  const feedback = { event: 'page_feedback', page_path: '/docs', helpful: true, reason: '' } as const;

  it('beacons to the configured endpoint, else pushes to dataLayer (never both, never elsewhere)', () => {
    const sendBeacon = jest.fn().mockReturnValue(true);
    const win = { navigator: { sendBeacon } } as unknown as Window & { dataLayer?: unknown[] };
    siteSender('/api/events', win)(feedback);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(win.dataLayer).toBeUndefined();
    siteSender(undefined, win)(feedback);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(win.dataLayer).toEqual([feedback]);
  });

  it('sendEvent sends nothing with Global Privacy Control on', () => {
    const w = window as Window & { dataLayer?: unknown[] };
    delete w.dataLayer;
    expect(sendEvent(feedback)).toBe(true);
    expect(w.dataLayer).toEqual([feedback]);
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      expect(sendEvent({ ...feedback, helpful: false })).toBe(false);
      expect(w.dataLayer).toEqual([feedback]);
    } finally {
      delete (window.navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
      delete w.dataLayer;
    }
  });
});

describe('no shared code in any event', () => {
  // A share link's address: the whole program, deflated, in the hash (80 KB in the probe that found the leak).
  const shared = `/playground#lang=tsx&code=${'eJzLSM3JyVcozy_KSQEAGgQEXQ'.repeat(3000)}`;
  const secret = 'eJzLSM3JyVcozy';
  const everyKind: AnalyticsEvent[] = [
    { event: 'page_view', page_path: shared, page_title: 'Playground | Stan', page_referrer: `${shared}x` },
    { event: 'page_feedback', page_path: shared, helpful: true, reason: 'fine' },
    { event: 'search_no_results', query: 'atmo', page_path: '/playground?code=abc#x', source: 'modal' },
    { event: 'search_select', query: 'atom', url: '/docs/api/atom#usage', position: 1, page_path: `${shared}`, source: 'modal' },
  ];

  it.each(everyKind.map((event) => [event.event, event]))('%s names the playground by its path alone', (_kind, event) => {
    const win = {} as Window & { dataLayer?: unknown[] };
    siteSender(undefined, win)(event);
    const sent = JSON.stringify(win.dataLayer);
    expect(sent).not.toContain(secret);
    expect(sent).not.toContain('code=');
    expect(win.dataLayer?.[0]).toMatchObject({ page_path: '/playground' });
  });

  it("keeps other pages' queries and hashes, and the playground's path without its trailing slash", () => {
    expect(eventAddress('/docs/api/atom?tab=1#usage')).toBe('/docs/api/atom?tab=1#usage');
    expect(eventAddress('/playground/#code=abc')).toBe('/playground');
    expect(eventAddress('/playground')).toBe('/playground');
    expect(eventAddress('/playgrounds#code=abc')).toBe('/playgrounds#code=abc');
  });

  it('page views of the playground carry its path, as page and as referrer, and a new share link is no new view', () => {
    const sent: PageView[] = [];
    const track = createPageViewTracker((v) => sent.push(v), () => 'Playground | Stan');
    track(loc('/playground', '', '#lang=tsx&code=eJzLSM3J'));
    track(loc('/playground', '', '#lang=tsx&code=eJwrSS0u'));
    track(loc('/docs'));
    expect(sent.map(({ page_path, page_referrer }) => [page_path, page_referrer])).toEqual([
      ['/playground', ''],
      ['/docs', '/playground'],
    ]);
  });

  it('no event grows past what sendBeacon accepts, however long what it carries', () => {
    const huge = 'x'.repeat(200_000);
    const control = '\u0001'.repeat(200_000);
    for (const event of [
      { event: 'page_view', page_path: `/docs?${huge}`, page_title: control, page_referrer: `/docs#${control}` },
      { event: 'search_select', query: control, url: `/docs#${control}`, position: 1, page_path: `/docs?${control}`, source: 'search_page' },
    ] as AnalyticsEvent[]) {
      const sendBeacon = jest.fn().mockReturnValue(true);
      siteSender('/api/events', { navigator: { sendBeacon } } as unknown as Window)(event);
      const blob = sendBeacon.mock.calls[0][1] as Blob;
      expect(blob.size).toBeLessThan(64 * 1024);
      const win = {} as Window & { dataLayer?: unknown[] };
      siteSender(undefined, win)(event);
      expect(JSON.stringify(win.dataLayer?.[0]).length).toBeLessThan(64 * 1024);
    }
  });
});
