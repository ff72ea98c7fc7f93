import { blockedWhileOffline, keepPageWhenOffline } from '@src/runtime/browser/offline';

const ORIGIN = window.location.origin;

/** A `navigate` event of the Navigation API, as Chromium dispatches it. */
function navigateEvent(url: string, fields: Partial<{ cancelable: boolean; hashChange: boolean; sameDocument: boolean; downloadRequest: string | null }> = {}) {
  const { cancelable = true, hashChange = false, sameDocument = false, downloadRequest = null } = fields;
  const event = new Event('navigate', { cancelable });
  return Object.assign(event, { hashChange, downloadRequest, destination: { url, sameDocument } });
}

describe('blockedWhileOffline', () => {
  it("keeps the page from Gatsby's full load of a route, and from any full load of the site's pages", () => {
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs/api/atom`), ORIGIN, false)).toBe('/docs/api/atom');
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs/api/atom.md?x=1#a`), ORIGIN, false)).toBe('/docs/api/atom.md?x=1#a');
  });

  it('lets everything go online, and in-page, other-site, download and uncancellable navigations offline', () => {
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs`), ORIGIN, true)).toBeNull();
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs`, { sameDocument: true }), ORIGIN, false)).toBeNull();
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs#a`, { hashChange: true }), ORIGIN, false)).toBeNull();
    expect(blockedWhileOffline(navigateEvent('https://github.com/rkrupinski/stan'), ORIGIN, false)).toBeNull();
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/x.zip`, { downloadRequest: 'x.zip' }), ORIGIN, false)).toBeNull();
    expect(blockedWhileOffline(navigateEvent(`${ORIGIN}/docs`, { cancelable: false }), ORIGIN, false)).toBeNull();
  });
});

describe('keepPageWhenOffline', () => {
  let online = true;
  let navigation: EventTarget;
  beforeEach(() => {
    // A fresh Navigation per test, so no earlier test's listener answers.
    navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { configurable: true, value: navigation });
  });
  beforeAll(() => {
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('offline: cancels the full load, keeps the page, says why and offers Retry; a route update clears it', () => {
    online = false;
    const kept: string[] = [];
    const loaded: string[] = [];
    const watch = keepPageWhenOffline(window, (address) => kept.push(address), (address) => loaded.push(address));
    const event = navigateEvent(`${ORIGIN}/docs/api/atom`);
    navigation.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(kept).toEqual(['/docs/api/atom']);
    const notice = document.querySelector('[role="alert"]');
    expect(notice).toHaveTextContent('You are offline. /docs/api/atom cannot open until the connection is back.');

    const retry = notice!.querySelector('button')!;
    expect(retry).toHaveTextContent('Retry');
    retry.click();
    expect(loaded).toEqual(['/docs/api/atom']);
    expect(retry).toHaveTextContent('Retrying…');
    // Still offline: the same notice (and the focus on its button) stays, ready for another Retry.
    navigation.dispatchEvent(navigateEvent(`${ORIGIN}/docs/api/atom`));
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(retry).toHaveTextContent('Retry');

    watch.routeUpdated();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('online: lets the full load happen, as Gatsby recovers from a failed route', () => {
    online = true;
    keepPageWhenOffline(window, () => undefined);
    const event = navigateEvent(`${ORIGIN}/docs/api/atom`);
    navigation.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('the notice can be dismissed', () => {
    online = false;
    keepPageWhenOffline(window, () => undefined);
    navigation.dispatchEvent(navigateEvent(`${ORIGIN}/docs`));
    (document.querySelector('[role="alert"] button:last-of-type') as HTMLButtonElement).click();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
