import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import Seo, { siteHeadTags } from '../Seo';
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

  it('leaves the site-wide tags (icons, manifest, social card) to the server render, once per page', () => {
    const { container } = head(<Seo title="Atom" pathname="/docs/api/atom" />);
    expect(container.querySelector('link[rel="icon"], meta[property="og:image"], meta[name="twitter:card"]')).toBeNull();
    const html = renderToStaticMarkup(<>{siteHeadTags(siteConfig)}</>);
    expect(html).toContain('<link rel="icon" href="/img/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<meta property="og:image" content="https://stan.party/img/social-card.png"/>');
    expect(html).toContain('<meta property="og:image:alt" content="Stan: Minimal, type-safe state management"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="twitter:image" content="https://stan.party/img/social-card.png"/>');
  });

  it('uses the tagline on the home page and marks noindex pages', () => {
    const { container, attr } = head(<Seo pathname="/" noindex />);
    expect(container.querySelector('title')).toHaveTextContent('Stan | Minimal, type-safe state management');
    expect(attr('link[rel="canonical"]', 'href')).toBe('https://stan.party/');
    expect(attr('meta[name="robots"]', 'content')).toBe('noindex, follow');
  });
});
