// @ts-expect-error Gatsby ships its browser runtime without type definitions.
import { findPath as gatsbyFindPath } from 'gatsby/cache-dir/find-path';
import { TextDecoder } from 'util';
import { isNotFoundPage, LOADABLE_ADDRESS_SOURCE, loadableAddressScript } from '@src/runtime/ssr/loadable-address';

const BASE = 'http://localhost/';
const findPath = gatsbyFindPath as (path: string) => string;
// jsdom has no TextDecoder; browsers do.
Object.assign(globalThis, { TextDecoder: globalThis.TextDecoder ?? TextDecoder });

// The function exactly as the page inlines it.
const loadableAddress = new Function(`${LOADABLE_ADDRESS_SOURCE}; return loadableAddress;`)() as (
  pathname: string,
  base: string,
) => string | null;

/**
 * What Gatsby's runtime does with the address of the not-found page: its loader finds the page path and finds it
 * again when it asks for the page data, then asks the server whether that path exists; its router reads the address
 * as `encodeURI(decodeURI(…))` and renders the page the loader holds under the path it finds from that. Returns the
 * path the browser would ask about; throws where the runtime throws, and where the router would find no page.
 */
function gatsbyLoads(pathname: string): string {
  const loaded = findPath(pathname);
  const rendered = findPath(encodeURI(decodeURI(pathname)));
  if (rendered !== loaded) throw new Error(`loads ${loaded} but renders ${rendered}: a blank page`);
  const pagePath = findPath(loaded);
  return new URL(pagePath, BASE).pathname;
}

describe('loadableAddress', () => {
  it.each([
    ['/x%25y', '/x%EF%BF%BDy'],
    ['/docs/api/atom%20', '/docs/api/atom%EF%BF%BD'],
    ['/docs/%E0%A4%A', '/docs/%EF%BF%BD%EF%BF%BDA'],
    ['/a%3Fb', '/a%EF%BF%BDb'],
    ['/a%23b', '/a%EF%BF%BDb'],
    ['/a%5Cb', '/a%EF%BF%BDb'],
    ['/a%09b', '/a%EF%BF%BDb'],
    ['/%FF', '/%EF%BF%BD'],
    // Reserved characters, which the router keeps escaped: written as themselves, but an escaped "/".
    ['/docs/api/atom%3Futm_source%3Dnews', '/docs/api/atom%EF%BF%BDutm_source=news'],
    ['/a%3D%26%3A%2B%40%24%2C%3Bb', '/a=&:+@$,;b'],
    ['/docs%2Fapi%2Fatom', '/docs%EF%BF%BDapi%EF%BF%BDatom'],
    ['/docs/1.0.0-rc14/x%3Dy', '/docs/1.0.0-rc14/x=y'],
    ['/caf%C3%A9%3B', '/caf%C3%A9;'],
  ])('%s is shown as %s', (typed, shown) => {
    expect(loadableAddress(typed, BASE)).toBe(shown);
  });

  it.each(['/nope', '/docs/api/nothing', '/caf%C3%A9', '/a%20b', '/404', '/docs/api/atom/', '/a=b;c', '/docs/1.0.0-rc14/nothing'])(
    '%s is left as it is',
    (pathname) => {
      expect(loadableAddress(pathname, BASE)).toBeNull();
    },
  );

  it.each([
    '/x%25y',
    '/docs/api/atom%20',
    '/docs/%E0%A4%A',
    '/a%3Fb',
    '/a%5Cb',
    ...['%3D', '%26', '%2F', '%3A', '%2B', '%40', '%24', '%2C', '%3B', '%2f', '%3d'].map((escape) => `/docs/api/x${escape}y`),
    '/docs/api/atom%3Futm_source%3Dnews',
  ])(
    "Gatsby's runtime fails on %s and loads its replacement as a path of its own",
    (typed) => {
      const failsOrAsksForAnotherPage = () => {
        const asked = gatsbyLoads(typed);
        if (decodeURIComponent(asked) !== decodeURIComponent(typed)) throw new Error(`asks about ${asked}`);
      };
      expect(failsOrAsksForAnotherPage).toThrow();
      const shown = loadableAddress(typed, BASE) as string;
      expect(decodeURIComponent(gatsbyLoads(shown))).toBe(decodeURIComponent(shown));
    },
  );
});

describe('the inline script', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('replaces an address Gatsby cannot load, keeping the query, hash and history state', () => {
    history.replaceState({ key: 'k1' }, '', '/x%25y?q=1#top');
    new Function(loadableAddressScript())();
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/x%EF%BF%BDy?q=1#top');
    expect(history.state).toEqual({ key: 'k1' });
  });

  it('leaves a loadable address alone', () => {
    history.replaceState(null, '', '/docs/nothing?q=%E0');
    const before = history.length;
    new Function(loadableAddressScript())();
    expect(location.href).toBe('http://localhost/docs/nothing?q=%E0');
    expect(history.length).toBe(before);
  });

  it('cannot close its <script> element', () => {
    expect(loadableAddressScript()).not.toMatch(/<\/script/i);
  });
});

test('the not-found page is /404.html and its /404 twin, nothing else', () => {
  expect(['/404.html', '/404', '/404/'].every(isNotFoundPage)).toBe(true);
  expect(['/', '/docs', '/404x', '/docs/404'].some(isNotFoundPage)).toBe(false);
});
