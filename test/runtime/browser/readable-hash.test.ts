import { TextDecoder } from 'util';
import { READABLE_HASH_SOURCE, readableHash, readableHashScript, repairAddressHash, repairedLinkTarget } from '@src/theme-common/readable-hash';
import { hashTargetIds } from '@src/runtime/browser/scroll';

// jsdom has no TextDecoder; browsers do.
Object.assign(globalThis, { TextDecoder: globalThis.TextDecoder ?? TextDecoder });

// The function exactly as the page inlines it.
const inlined = new Function(`${READABLE_HASH_SOURCE}; return readableHash;`)() as (hash: string) => string | null;

describe('readableHash', () => {
  it.each([
    ['#100%', '#100%25'],
    ['#%', '#%25'],
    ['#%E0%A4%A', '#%EF%BF%BD%25A'],
    ['#a%ZZb', '#a%25ZZb'],
    ['#%FF%41', '#%EF%BF%BDA'],
    // A valid escape next to a broken one is kept as written.
    ['#caf%C3%A9%', '#caf%C3%A9%25'],
  ])('%s becomes %s, which Gatsby decodes', (hash, repaired) => {
    expect(readableHash(hash)).toBe(repaired);
    expect(() => decodeURI(repaired)).not.toThrow();
  });

  it.each(['', '#', '#usage', '#caf%C3%A9', '#a%23b', '#100%25'])('%j is left as it is', (hash) => {
    expect(readableHash(hash)).toBeNull();
  });

  it('is the same function in the page and in the bundles, over many inputs', () => {
    const pieces = ['%', '%2', '%25', '%E0', '%A4', '%C3%A9', '%FF', 'a', '#', ' ', 'é', '%zz', '%7e'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 2000; i++) {
      const hash = `#${Array.from({ length: 1 + (next() % 6) }, () => pieces[next() % pieces.length]).join('')}`;
      const repaired = readableHash(hash);
      expect([hash, inlined(hash)]).toEqual([hash, repaired]);
      if (repaired !== null) expect(() => decodeURI(repaired)).not.toThrow();
    }
  });
});

describe('the <head> script', () => {
  it('replaces an unreadable hash of the address, keeping the rest and the history state', () => {
    window.history.replaceState({ key: 'k' }, '', '/docs/api/atom?x=1#100%');
    new Function(readableHashScript())();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/docs/api/atom?x=1#100%25');
    expect(window.history.state).toEqual({ key: 'k' });
  });

  it('leaves a readable address alone', () => {
    window.history.replaceState(null, '', '/docs#usage');
    const replace = jest.spyOn(window.history, 'replaceState');
    new Function(readableHashScript())();
    repairAddressHash(window);
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });
});

describe('repairedLinkTarget', () => {
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, attributes: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.setAttribute('href', href);
    for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
    return a;
  };

  it('repairs a same-site link to an unreadable hash', () => {
    window.history.replaceState(null, '', '/docs');
    expect(repairedLinkTarget(link('/docs/api/atom#100%'), plain, window.location.origin)).toBe('/docs/api/atom#100%25');
    expect(repairedLinkTarget(link('#%E0%A4%A'), plain, window.location.origin)).toBe('/docs#%EF%BF%BD%25A');
  });

  it('leaves other clicks and links alone', () => {
    const origin = window.location.origin;
    expect(repairedLinkTarget(link('/docs#usage'), plain, origin)).toBeNull();
    expect(repairedLinkTarget(link('https://example.org/#100%'), plain, origin)).toBeNull();
    expect(repairedLinkTarget(link('/docs#100%', { target: '_blank' }), plain, origin)).toBeNull();
    expect(repairedLinkTarget(link('/docs#100%'), { ...plain, ctrlKey: true }, origin)).toBeNull();
    expect(repairedLinkTarget(link('/docs#100%'), { ...plain, defaultPrevented: true }, origin)).toBeNull();
  });
});

describe('hashTargetIds', () => {
  it.each([
    ['#usage', ['usage']],
    ['#100%', ['100%', '100']],
    ['#Effects%', ['Effects%', 'effects']],
    ['#Return%20value%', ['Return value%', 'return-value']],
    ['#a%23b', ['a%23b', 'a#b', 'ab']],
    ['#%', ['%']],
  ])('%s may mean %j', (hash, ids) => {
    expect(hashTargetIds(hash)).toEqual(ids);
  });
});

describe('scrollToNearestTarget', () => {
  const { scrollSettled, scrollToNearestTarget, takeOverScrollRestoration } = jest.requireActual('@src/runtime/browser/scroll') as typeof import('@src/runtime/browser/scroll');
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    document.body.innerHTML = '<h2 id="effects">Effects</h2><h2 id="100">100</h2>';
  });
  afterEach(() => jest.restoreAllMocks());
  const scrolled = () => {
    const spy = jest.fn();
    document.querySelectorAll('h2').forEach((h) => (h.scrollIntoView = () => spy(h.id)));
    frames.forEach((frame) => frame(0));
    return spy.mock.calls.map(([id]) => id as string);
  };

  const at = (pathname: string, hash = '') => ({ pathname, search: '', hash, key: 'k' });

  it('scrolls to the heading a repaired hash nearly names', () => {
    scrollToNearestTarget(window, undefined, at('/docs', '#100%25'));
    expect(scrolled()).toEqual(['100']);
    scrollToNearestTarget(window, at('/docs', '#100%25'), at('/docs', '#Effects%'));
    expect(scrolled()).toEqual(['100', 'effects']);
  });

  it('leaves an exact target to Gatsby, and a page just entered at the top when nothing matches', () => {
    scrollToNearestTarget(window, at('/docs'), at('/docs/api/atom', '#effects'));
    expect(frames).toHaveLength(0);
    scrollToNearestTarget(window, at('/docs'), at('/docs/api/atom', '#nothing-here'));
    expect(scrolled()).toEqual([]);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves alone what Gatsby leaves alone: a change of the query only, back/forward to a saved position', () => {
    scrollToNearestTarget(window, { ...at('/docs', '#Effects%'), search: '?a=1' }, at('/docs', '#Effects%'));
    takeOverScrollRestoration(window);
    window.dispatchEvent(new PopStateEvent('popstate'));
    scrollToNearestTarget(window, at('/docs/api/atom'), at('/docs', '#Effects%'));
    scrollSettled();
    expect(frames).toHaveLength(0);
  });
});
