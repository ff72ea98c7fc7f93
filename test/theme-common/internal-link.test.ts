import { clientNavigationTarget } from '@src/theme-common/internal-link';

const here = { origin: 'http://localhost', pathname: '/docs/api/atom' };
const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

function link(href: string, attrs: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
}

describe('clientNavigationTarget', () => {
  it('navigates client-side to internal routes, keeping query and hash', () => {
    expect(clientNavigationTarget(link('/docs/api/selector'), plain, here)).toBe('/docs/api/selector');
    expect(clientNavigationTarget(link('/docs/guides/caching?x=1#lru'), plain, here)).toBe('/docs/guides/caching?x=1#lru');
    expect(clientNavigationTarget(link('./selector'), plain, here)).toBe('/docs/api/selector');
  });

  it('leaves same-page anchors to the browser', () => {
    expect(clientNavigationTarget(link('#options'), plain, here)).toBeNull();
    expect(clientNavigationTarget(link('/docs/api/atom#options'), plain, here)).toBeNull();
  });

  it('leaves external links, new tabs and downloads to the browser', () => {
    expect(clientNavigationTarget(link('https://github.com/rkrupinski/stan'), plain, here)).toBeNull();
    expect(clientNavigationTarget(link('/docs', { target: '_blank' }), plain, here)).toBeNull();
    expect(clientNavigationTarget(link('/img/logo.svg', { download: '' }), plain, here)).toBeNull();
  });

  it.each(['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)('leaves %s clicks to the browser', (key) => {
    expect(clientNavigationTarget(link('/docs'), { ...plain, [key]: true }, here)).toBeNull();
  });

  it('ignores middle clicks, handled events and non-links', () => {
    expect(clientNavigationTarget(link('/docs'), { ...plain, button: 1 }, here)).toBeNull();
    expect(clientNavigationTarget(link('/docs'), { ...plain, defaultPrevented: true }, here)).toBeNull();
    expect(clientNavigationTarget(null, plain, here)).toBeNull();
  });
});
