import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import {
  FIRST_PAINT_TIMEOUT_MS,
  DEFERRED_SCRIPTS_ID,
  PAGE_HYDRATED_EVENT,
  SCRIPTS_SETTLED_EVENT,
  deferPostBodyScripts,
  deferredScriptsLoader,
} from '@src/runtime/ssr/deferred-scripts';

function postBody(components: ReactNode[]) {
  let current = components;
  deferPostBodyScripts({ getPostBodyComponents: () => current, replacePostBodyComponents: (c) => (current = c) });
  return renderToStaticMarkup(<>{current}</>);
}

describe('deferred scripts: the end of the body', () => {
  it('puts Gatsby’s end-of-body elements in an inert template, followed by the loader, and keeps the site’s own', () => {
    const html = postBody([
      <script key="script-loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: 'window.pagePath="/"' }} />,
      // (Gatsby's scripts arrive as its slice, stitched in as text; React would hoist an async script element.)
      <script key="/app.js" src="/app.js" />,
      <script key="base-url-banner" dangerouslySetInnerHTML={{ __html: 'banner()' }} />,
    ]);
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    const template = doc.getElementById(DEFERRED_SCRIPTS_ID) as HTMLTemplateElement;
    expect(template.tagName).toBe('TEMPLATE');
    // Inside a template, nothing is part of the document: neither run nor fetched.
    expect([...template.content.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? s.textContent)).toEqual([
      'window.pagePath="/"',
      '/app.js',
    ]);
    const outside = [...doc.body.children].map((e) => e.tagName + ':' + (e.textContent ?? '').slice(0, 12));
    expect(outside).toEqual(['TEMPLATE:', `SCRIPT:${deferredScriptsLoader().slice(0, 12)}`, 'SCRIPT:banner()']);
  });

  it('leaves a page with nothing of Gatsby’s at the end of the body alone', () => {
    expect(postBody([<script key="base-url-banner" dangerouslySetInnerHTML={{ __html: 'banner()' }} />])).toBe(
      '<script>banner()</script>',
    );
  });
});

describe('deferred scripts: the loader', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    document.body.innerHTML =
      `<template id="${DEFERRED_SCRIPTS_ID}"><script>window.__order=(window.__order||[]).concat('inline')</script>` +
      '<script src="/webpack-runtime.js" async></script><script src="/app.js" async data-x="1"></script></template>';
    delete (window as unknown as { __order?: string[] }).__order;
  });
  afterEach(() => {
    // Each loader run holds clicks until the page hydrates: end that here.
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
    jest.useRealTimers();
    jest.restoreAllMocks();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  const external = () => [...document.body.querySelectorAll(':scope > script[src]')] as HTMLScriptElement[];

  it('waits for the first contentful paint the browser reports, then re-creates every script in order', () => {
    let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | undefined;
    const observe = jest.fn();
    const disconnect = jest.fn();
    const FakeObserver = jest.fn((callback) => {
      report = callback;
      return { observe, disconnect };
    });
    Object.assign(FakeObserver, { supportedEntryTypes: ['paint', 'resource'] });
    Object.defineProperty(window, 'PerformanceObserver', { configurable: true, value: FakeObserver });
    try {
      new Function(deferredScriptsLoader())();
      expect(observe).toHaveBeenCalledWith({ type: 'paint', buffered: true });
      report!({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) }, { disconnect });
      expect(external()).toHaveLength(0); // a paint, but not yet a contentful one
      report!({ getEntriesByName: () => [{}] }, { disconnect });
      expect(disconnect).toHaveBeenCalled();
      expect((window as unknown as { __order?: string[] }).__order).toEqual(['inline']);
      expect(external().map((s) => s.getAttribute('src'))).toEqual(['/webpack-runtime.js', '/app.js']);
      // The fallback timer finds the work done.
      jest.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
      expect(external()).toHaveLength(2);
    } finally {
      delete (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver;
    }
  });

  it('starts anyway when no contentful paint is ever reported', () => {
    const FakeObserver = jest.fn(() => ({ observe: jest.fn(), disconnect: jest.fn() }));
    Object.assign(FakeObserver, { supportedEntryTypes: ['paint'] });
    Object.defineProperty(window, 'PerformanceObserver', { configurable: true, value: FakeObserver });
    try {
      new Function(deferredScriptsLoader())();
      jest.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
      expect(external()).toHaveLength(0);
      jest.advanceTimersByTime(1);
      expect(external()).toHaveLength(2);
    } finally {
      delete (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver;
    }
  });

  it('without paint timing, starts once a frame has rendered', () => {
    new Function(deferredScriptsLoader())();
    expect(external()).toHaveLength(0);
    expect((window as unknown as { __order?: string[] }).__order).toBeUndefined();
    frames.forEach((cb) => cb(0));
    expect(external()).toHaveLength(0); // the frame paints first
    jest.runOnlyPendingTimers();
    expect((window as unknown as { __order?: string[] }).__order).toEqual(['inline']);
    expect(external().map((s) => [s.getAttribute('src'), s.async, s.dataset.x])).toEqual([
      ['/webpack-runtime.js', true, undefined],
      ['/app.js', true, '1'],
    ]);
  });

  it('announces when every script has loaded or failed', () => {
    const settled = jest.fn();
    document.addEventListener(SCRIPTS_SETTLED_EVENT, settled);
    new Function(deferredScriptsLoader())();
    frames.forEach((cb) => cb(0));
    jest.runOnlyPendingTimers();
    const [runtime, app] = external();
    runtime!.dispatchEvent(new Event('load'));
    expect(settled).not.toHaveBeenCalled();
    app!.dispatchEvent(new Event('error'));
    expect(settled).toHaveBeenCalledTimes(1);
    document.removeEventListener(SCRIPTS_SETTLED_EVENT, settled);
  });

  it('holds a click on a button until the page has hydrated, then carries it out; a form’s submit is left alone', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<button type="button" id="toggle"><span>Dark</span></button><button type="button" id="gone">Gone</button>' +
        '<form action="/search"><button id="submit">Search</button></form><a href="#x" id="link">x</a>',
    );
    const seen: string[] = [];
    // Where React would listen, once the page has hydrated.
    const root = document.body;
    const record = (event: Event) => seen.push((event.target as Element).closest('[id]')!.id);
    root.addEventListener('click', record);
    try {
      new Function(deferredScriptsLoader())();
      const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      click('toggle');
      document.querySelector('#toggle span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      click('gone');
      document.getElementById('submit')!.addEventListener('click', (event) => event.preventDefault());
      click('submit');
      click('link');
      // The submit button and the link are the browser's to handle; the buttons wait.
      expect(seen).toEqual(['submit', 'link']);
      document.getElementById('gone')!.remove();
      document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
      // In order, once each; a button no longer in the page is skipped.
      expect(seen.slice(2)).toEqual(['toggle', 'toggle']);
      click('toggle');
      expect(seen.slice(4)).toEqual(['toggle']);
    } finally {
      root.removeEventListener('click', record);
    }
  });

  it('when a script cannot load, drops the held clicks and holds no more', () => {
    document.body.insertAdjacentHTML('afterbegin', '<button type="button" id="toggle">Dark</button>');
    const seen: string[] = [];
    const record = () => seen.push('click');
    document.body.addEventListener('click', record);
    try {
      new Function(deferredScriptsLoader())();
      const toggle = document.getElementById('toggle')!;
      toggle.click();
      frames.forEach((cb) => cb(0));
      jest.runOnlyPendingTimers();
      external()[1]!.dispatchEvent(new Event('error'));
      expect(seen).toEqual([]);
      toggle.click();
      expect(seen).toEqual(['click']);
      document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
      expect(seen).toEqual(['click']);
    } finally {
      document.body.removeEventListener('click', record);
    }
  });

  it('starts at once in a background tab, which paints no frame', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    new Function(deferredScriptsLoader())();
    expect(frames).toHaveLength(0);
    expect(external()).toHaveLength(2);
  });
});
