import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import Seo, { siteHeadTags } from '@src/theme/Seo';
import siteConfig from '../../../site.config';

// React 19 hoists <title>, <meta> and <link> into document.head.
function head(ui: React.ReactElement) {
  render(ui);
  const container = document.head;
  const attr = (selector: string, name: string) => container.querySelector(selector)?.getAttribute(name);
  return { container, attr };
}

describe('Seo', () => {
  it('titles a page "<title> | Stan" and describes it', () => {
    const { container, attr } = head(<Seo title="Atom" description="Atoms hold state." pathname="/docs/api/atom" />);
    expect(container.querySelector('title')).toHaveTextContent('Atom | Stan');
    expect(attr('meta[name="description"]', 'content')).toBe('Atoms hold state.');
  });

  it('links the canonical URL and the en / x-default alternates on the configured origin', () => {
    const { attr } = head(<Seo title="Atom" pathname="/docs/api/atom" />);
    expect(attr('link[rel="canonical"]', 'href')).toBe('https://stan.party/docs/api/atom');
    expect(attr('link[hreflang="en"]', 'href')).toBe('https://stan.party/docs/api/atom');
    expect(attr('link[hreflang="x-default"]', 'href')).toBe('https://stan.party/docs/api/atom');
  });

  it('emits Open Graph and Twitter card tags with absolute URLs', () => {
    const { attr } = head(<Seo title="Atom" description="D" pathname="/docs/api/atom" type="article" />);
    expect(attr('meta[property="og:title"]', 'content')).toBe('Atom | Stan');
    expect(attr('meta[property="og:type"]', 'content')).toBe('article');
    expect(attr('meta[property="og:url"]', 'content')).toBe('https://stan.party/docs/api/atom');
    expect(attr('meta[name="twitter:title"]', 'content')).toBe('Atom | Stan');
    expect(attr('meta[name="twitter:description"]', 'content')).toBe('D');
  });

  it('leaves the site-wide tags (icons, manifest, card kind) to the server render, once per page', () => {
    const { container } = head(<Seo title="Atom" pathname="/docs/api/atom" />);
    expect(container.querySelector('link[rel="icon"], meta[name="twitter:card"]')).toBeNull();
    const html = renderToStaticMarkup(<>{siteHeadTags(siteConfig)}</>);
    expect(html).toContain('<link rel="icon" href="/img/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    // The image is the page's own, so it is not among the tags every page shares.
    expect(html).not.toContain('og:image');
  });

  it("names the page's own social card with its size and alternative text, as an absolute URL", () => {
    const image = { src: '/static/og/docs-api-atom.abcdef012345.png', alt: 'Atom: Stan documentation' };
    const { attr } = head(<Seo title="Atom" pathname="/docs/api/atom" image={image} />);
    expect(attr('meta[property="og:image"]', 'content')).toBe('https://stan.party/static/og/docs-api-atom.abcdef012345.png');
    expect(attr('meta[name="twitter:image"]', 'content')).toBe('https://stan.party/static/og/docs-api-atom.abcdef012345.png');
    expect(attr('meta[property="og:image:width"]', 'content')).toBe('1200');
    expect(attr('meta[property="og:image:height"]', 'content')).toBe('630');
    expect(attr('meta[property="og:image:alt"]', 'content')).toBe('Atom: Stan documentation');
    expect(attr('meta[name="twitter:image:alt"]', 'content')).toBe('Atom: Stan documentation');
  });

  it("falls back to the site's drawn card on pages without their own", () => {
    const { attr } = head(<Seo pathname="/" />);
    expect(attr('meta[property="og:image"]', 'content')).toBe('https://stan.party/static/og/site.0123456789ab.png');
    expect(attr('meta[property="og:image:alt"]', 'content')).toBe('Minimal, type-safe state management: Stan documentation');
  });

  it('uses the tagline on the home page and marks noindex pages', () => {
    const { container, attr } = head(<Seo pathname="/" noindex />);
    expect(container.querySelector('title')).toHaveTextContent('Stan | Minimal, type-safe state management');
    expect(attr('link[rel="canonical"]', 'href')).toBe('https://stan.party/');
    expect(attr('meta[name="robots"]', 'content')).toBe('noindex, follow');
  });
});
