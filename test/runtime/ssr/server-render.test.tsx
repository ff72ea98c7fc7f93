import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement, ReactNode } from 'react';
import { onPreRenderHTML, onRenderBody } from '@src/runtime/ssr';
import { DEFERRED_SCRIPTS_ID } from '@src/runtime/ssr/deferred-scripts';

interface Rendered {
  htmlAttributes: Record<string, string>;
  /** The keys of the head components, in order. */
  headKeys: string[];
  head: string;
  postBody: string;
}

const keysOf = (components: ReactNode[]) => components.map((component) => String((component as ReactElement).key));

/** What onRenderBody gives Gatsby for a page, as the markup Gatsby writes. */
function renderBody(pathname: string): Rendered {
  const rendered: Rendered = { htmlAttributes: {}, headKeys: [], head: '', postBody: '' };
  (onRenderBody as (args: unknown) => void)({
    pathname,
    setHtmlAttributes: (attributes: Record<string, string>) => (rendered.htmlAttributes = attributes),
    setHeadComponents: (components: ReactNode[]) => {
      rendered.headKeys = keysOf(components);
      rendered.head = renderToStaticMarkup(<>{components}</>);
    },
    setPostBodyComponents: (components: ReactNode[]) => (rendered.postBody = renderToStaticMarkup(<>{components}</>)),
  });
  return rendered;
}

describe('the server render: onRenderBody', () => {
  it('gives <html> the default locale’s language and direction and the default colour mode', () => {
    expect(renderBody('/docs').htmlAttributes).toEqual({ lang: 'en', dir: 'ltr', 'data-theme': 'light' });
  });

  it('puts the preferences script first, then the no-script style, and the storage and hash repairs on every page', () => {
    const { head, headKeys } = renderBody('/docs/api/atom');
    expect(headKeys.slice(0, 2)).toEqual(['preferences', 'preferences-noscript']);
    expect(headKeys.slice(-2)).toEqual(['session-storage', 'readable-hash']);
    expect(head).toContain('document.documentElement.setAttribute("data-theme"');
    expect(head).toMatch(/<noscript><style>.+<\/style><\/noscript>/);
    expect(head).toContain('keepSessionStorageUsable');
    expect(head).toContain('readableHash');
    expect(head).not.toContain('loadableAddress');
  });

  it('adds the address repair to the not-found page only, after the other two repairs', () => {
    for (const pathname of ['/404.html', '/404', '/404/']) {
      const { head, headKeys } = renderBody(pathname);
      expect(head).toContain('loadableAddress');
      expect(headKeys.slice(-3)).toEqual(['session-storage', 'readable-hash', 'loadable-address']);
    }
  });

  it('writes the base-URL banner at the end of the home page’s body only', () => {
    expect(renderBody('/').postBody).toContain('base-url-issue-banner');
    expect(renderBody('/docs').postBody).toBe('');
  });
});

describe('the server render: onPreRenderHTML', () => {
  it('drops gatsby-plugin-image’s fade-in and holds Gatsby’s end-of-body scripts in the template', () => {
    let head: ReactNode[] = [<style key="gatsby-image-style">{'.x{}'}</style>, <meta key="kept" name="kept" content="1" />];
    let postBody: ReactNode[] = [<script key="/app.js" src="/app.js" />];
    (onPreRenderHTML as (args: unknown) => void)({
      getHeadComponents: () => head,
      replaceHeadComponents: (components: ReactNode[]) => (head = components),
      getPostBodyComponents: () => postBody,
      replacePostBodyComponents: (components: ReactNode[]) => (postBody = components),
    });
    expect(renderToStaticMarkup(<>{head}</>)).toBe('<meta name="kept" content="1"/>');
    expect(renderToStaticMarkup(<>{postBody}</>)).toMatch(
      new RegExp(`^<template id="${DEFERRED_SCRIPTS_ID}"><script src="/app.js"></script></template><script>`),
    );
  });
});
