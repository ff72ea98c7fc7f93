import type { HeadProps } from 'gatsby';
import { renderToStaticMarkup } from 'react-dom/server';
import { Head } from '@src/templates/doc';

type DocHeadProps = HeadProps<Queries.DocPageQuery, { id: string; docId: string; versionName: string }>;

/** The doc page's <head> tags, as the server renders them, for a doc whose data names its canonical address and noindex. */
function docHead(pathname: string, canonicalPath: string, noindex: boolean) {
  const props = {
    location: { pathname },
    data: {
      mdx: { frontmatter: { title: 'Old page', description: 'A page.' }, socialCard: '/static/og/x.png' },
      docNavigation: { canonicalPath, noindex, breadcrumbs: [] },
    },
  } as unknown as DocHeadProps;
  const html = renderToStaticMarkup(<Head {...props} />);
  const tag = (pattern: RegExp) => html.match(pattern)?.[1] ?? null;
  return {
    canonical: tag(/<link rel="canonical" href="([^"]+)"/),
    ogUrl: tag(/<meta property="og:url" content="([^"]+)"/),
    alternate: tag(/<link rel="alternate" href="([^"]+)" hrefLang="x-default"/),
    robots: tag(/<meta name="robots" content="([^"]+)"/),
  };
}

describe('a doc page’s head', () => {
  it('names the canonical address its data gives in every tag that gives its address (an older page’s latest twin)', () => {
    expect(docHead('/docs/1.0.0-rc14/api/atom', '/docs/api/atom', false)).toEqual({
      canonical: 'https://stan.party/docs/api/atom',
      ogUrl: 'https://stan.party/docs/api/atom',
      alternate: 'https://stan.party/docs/api/atom',
      robots: null,
    });
  });

  it('asks not to be indexed when its data says so (an older page the latest docs lack)', () => {
    expect(docHead('/docs/1.0.0-rc14/guides/old', '/docs/1.0.0-rc14/guides/old', true)).toEqual({
      canonical: 'https://stan.party/docs/1.0.0-rc14/guides/old',
      ogUrl: 'https://stan.party/docs/1.0.0-rc14/guides/old',
      alternate: 'https://stan.party/docs/1.0.0-rc14/guides/old',
      robots: 'noindex, follow',
    });
  });
});
