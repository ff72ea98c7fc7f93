/**
 * The page's scripts start loading after its first paint, so the article's HTML and CSS never share the network
 * with them: Gatsby's own end-of-body scripts (its runtime, the framework, the app, and the data they read) are
 * written inside an inert <template> (a browser neither runs nor fetches what a template holds), and a small
 * inline script re-creates them, in order, once the browser reports the first contentful paint. Nothing of
 * Gatsby's is changed or read: its elements are moved as they are, through gatsby-ssr's onPreRenderHTML.
 */
import type { ReactElement, ReactNode } from 'react';
import { DEFERRED_SCRIPTS_ID } from '../../contract/hosting-layout.mjs';
// Dispatched on `document` once every deferred script has loaded or failed (the base-URL check waits for it), and
// by the browser handlers once the page has hydrated.
import { PAGE_HYDRATED_EVENT, SCRIPTS_SETTLED_EVENT } from '../handshake';

export { DEFERRED_SCRIPTS_ID, PAGE_HYDRATED_EVENT, SCRIPTS_SETTLED_EVENT };

/** Keys of the site's own end-of-body elements, which stay where they are (they wait for the deferred scripts). */
export const OWN_POST_BODY_KEYS = new Set(['base-url-banner']);

/** A page that never reports a contentful paint (it has none, or the browser cannot tell) starts after this long. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

/**
 * The inline script that re-creates the template's scripts once the browser reports the first contentful paint
 * (where it cannot, once a frame has rendered): inline ones run as they are inserted (the same text, so the same CSP
 * hashes), external ones load async as Gatsby wrote them. A page in a background tab paints nothing, so it starts
 * at once there.
 *
 * Until the page has hydrated, a click on a button (its handler is not there yet) is held back, and carried out once
 * the page announces PAGE_HYDRATED_EVENT; a submit button of a form is left to the browser, which submits it without
 * JavaScript. When a script cannot load, the page will not hydrate: the held clicks are dropped and none is held more.
 */
export function deferredScriptsLoader(): string {
  return (
    `(function(){var t=document.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)}),b=false;if(!t)return;` +
    `function settled(){document.dispatchEvent(new Event(${JSON.stringify(SCRIPTS_SETTLED_EVENT)}))}` +
    // Hand-written: React attaches its handlers only when the page hydrates, and replays nothing that came before.
    `var q=[],H=${JSON.stringify(PAGE_HYDRATED_EVENT)};` +
    `function hold(e){var b=e.target.closest('button');` +
    `if(b&&!(b.type=='submit'&&b.form)){e.preventDefault();e.stopPropagation();q.push(b)}}` +
    `function off(){var l=q;q=[];document.removeEventListener('click',hold,true);document.removeEventListener(H,replay);return l}` +
    `function replay(){off().forEach(function(b){b.isConnected&&b.click()})}` +
    `document.addEventListener('click',hold,true);document.addEventListener(H,replay);` +
    `function run(){if(b)return;b=true;` +
    `var l=t.content.querySelectorAll('script'),w=0,d=function(){if(--w===0)settled()};` +
    `for(var i=0;i<l.length;i++){var o=l[i],s=document.createElement('script');` +
    `for(var j=0;j<o.attributes.length;j++)s.setAttribute(o.attributes[j].name,o.attributes[j].value);` +
    `if(o.src){w++;s.async=true;s.addEventListener('load',d);s.addEventListener('error',function(){off();d()})}` +
    `else s.text=o.text;` +
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
