import { absoluteUrl, isExternalHref, stripHtmlSuffix } from '@src/theme-common/route-utils';

describe('stripHtmlSuffix', () => {
  it.each([
    ['/docs/api/atom.html', '/docs/api/atom'],
    ['/docs/api/atom/index.html', '/docs/api/atom'],
    ['/index.html', '/'],
    ['/docs.html', '/docs'],
  ])('%s → %s', (input, expected) => {
    expect(stripHtmlSuffix(input)).toBe(expected);
  });

  it('returns null when there is no .html suffix', () => {
    expect(stripHtmlSuffix('/docs/api/atom')).toBeNull();
    expect(stripHtmlSuffix('/docs/html')).toBeNull();
  });
});

describe('absoluteUrl', () => {
  it('joins the origin and the route without doubling slashes', () => {
    expect(absoluteUrl('https://stan.party/', '/docs/api/atom')).toBe('https://stan.party/docs/api/atom');
    expect(absoluteUrl('https://stan.party', '/')).toBe('https://stan.party/');
    expect(absoluteUrl('https://stan.party', 'img/x.png')).toBe('https://stan.party/img/x.png');
  });
});

describe('isExternalHref', () => {
  it('tells external from internal links', () => {
    expect(isExternalHref('https://github.com/rkrupinski/stan')).toBe(true);
    expect(isExternalHref('//cdn.example/x')).toBe(true);
    expect(isExternalHref('mailto:a@b.c')).toBe(true);
    expect(isExternalHref('/docs')).toBe(false);
    expect(isExternalHref('#x')).toBe(false);
  });
});
