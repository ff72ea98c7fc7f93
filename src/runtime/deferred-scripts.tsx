/**
 * The page's scripts start loading after its first paint, so the article's HTML and CSS never share the network
 * with them: Gatsby's own end-of-body scripts (its runtime, the framework, the app, and the data they read) are
 * written inside an inert <template> (a browser neither runs nor fetches what a template holds), and a small
 * inline script re-creates them, in order, once the browser reports the first contentful paint. Nothing of
 * Gatsby's is changed or read: its elements are moved as they are, through gatsby-ssr's onPreRenderHTML.
 */
import type { ReactElement, ReactNode } from 'react';
import { DEFERRED_SCRIPTS_ID } from '../contract/hosting-layout.mjs';
// Dispatched on `document` once every deferred script has loaded or failed (the base-URL check waits for it).
import { SCRIPTS_SETTLED_EVENT } from './base-url-banner';

export { DEFERRED_SCRIPTS_ID, SCRIPTS_SETTLED_EVENT };

/** Keys of the site's own end-of-body elements, which stay where they are (they wait for the deferred scripts). */
export const OWN_POST_BODY_KEYS = new Set(['base-url-banner']);

/** A page that never reports a contentful paint (it has none, or the browser cannot tell) starts after this long. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

/**
 * The inline script that re-creates the template's scripts once the browser reports the first contentful paint
 * (where it cannot, once a frame has rendered): inline ones run as they are inserted (the same text, so the same CSP
 * hashes), external ones load async as Gatsby wrote them. A page in a background tab paints nothing, so it starts
 * at once there.
 */
export function deferredScriptsLoader(): string {
  return (
    `(function(){var t=document.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)}),b=false;if(!t)return;` +
    `function settled(){document.dispatchEvent(new Event(${JSON.stringify(SCRIPTS_SETTLED_EVENT)}))}` +
    `function run(){if(b)return;b=true;` +
    `var l=t.content.querySelectorAll('script'),w=0,d=function(){if(--w===0)settled()};` +
    `for(var i=0;i<l.length;i++){var o=l[i],s=document.createElement('script');` +
    `for(var j=0;j<o.attributes.length;j++)s.setAttribute(o.attributes[j].name,o.attributes[j].value);` +
    `if(o.src){w++;s.async=true;s.addEventListener('load',d);s.addEventListener('error',d)}else s.text=o.text;` +
    `document.body.appendChild(s)}if(w===0)settled()}` +
    `if(document.visibilityState==='hidden')return run();` +
    `var P=window.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
    `new P(function(e,o){if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();run()}})` +
    `.observe({type:'paint',buffered:true})}` +
    `else requestAnimationFrame(function(){setTimeout(run,0)});` +
    `setTimeout(run,${FIRST_PAINT_TIMEOUT_MS})})()`
  );
}

interface PostBodyApi {
  getPostBodyComponents: () => ReactNode[];
  replacePostBodyComponents: (components: ReactNode[]) => void;
}

const keyOf = (node: ReactNode): string | null =>
  node !== null && typeof node === 'object' && 'key' in node ? (node as ReactElement).key : null;

/** onPreRenderHTML: moves every end-of-body element but the site's own into the template, then adds the loader. */
export function deferPostBodyScripts({ getPostBodyComponents, replacePostBodyComponents }: PostBodyApi): void {
  const components = getPostBodyComponents();
  const own = components.filter((c) => OWN_POST_BODY_KEYS.has(keyOf(c) ?? ''));
  const deferred = components.filter((c) => !own.includes(c));
  if (deferred.length === 0) return;
  replacePostBodyComponents([
    <template key="deferred-scripts" id={DEFERRED_SCRIPTS_ID}>
      {deferred}
    </template>,
    <script key="deferred-scripts-loader" dangerouslySetInnerHTML={{ __html: deferredScriptsLoader() }} />,
    ...own,
  ]);
}
