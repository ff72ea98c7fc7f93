/**
 * `gatsby develop` only: a doc page listens to the dev server's stream of saved docs (src/node/live-preview.ts) and
 * shows a new body, title and table of contents as soon as it arrives, in place (no reload, the reader keeps
 * the scroll position). When Gatsby's own update of the page data follows, the page shows that again. A production
 * build has no stream: the hook is a no-op there and its code is left out of the bundle.
 */
import { useEffect, useState } from 'react';
import { docProblemHtml } from '../contract/doc-problem';
import { LIVE_PREVIEW_PATH, type LivePreviewMessage } from '../contract/live-preview';
import type { TocItem } from '../contract/toc';


type Listener = (message: LivePreviewMessage) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;

const normalizeRoute = (route: string) => route.replace(/\/+$/, '') || '/';

/** Hands a message to the pages showing its route; anything else on the stream is ignored. */
export function dispatchLivePreview(data: string): void {
  let message: LivePreviewMessage;
  try {
    message = JSON.parse(data) as LivePreviewMessage;
  } catch {
    return;
  }
  if (typeof message?.route !== 'string') return;
  listeners.get(normalizeRoute(message.route))?.forEach((listener) => listener(message));
}

function subscribe(route: string, listener: Listener): () => void {
  const key = normalizeRoute(route);
  if (!listeners.has(key)) listeners.set(key, new Set());
  listeners.get(key)?.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    source = new EventSource(LIVE_PREVIEW_PATH);
    source.onmessage = (event: MessageEvent<string>) => dispatchLivePreview(event.data);
  }
  return () => {
    listeners.get(key)?.delete(listener);
    if (listeners.get(key)?.size === 0) listeners.delete(key);
  };
}

/** What the page shows instead of its page data until Gatsby's update arrives. */
export interface LivePreview {
  /** The new body, or the error that keeps the saved doc from rendering (naming file and line) in its place. */
  html: string;
  title: string | null;
  toc: TocItem[] | null;
}

/**
 * The newest live version of the doc at `route`, until the page data (`pageHtml`) shows the same body. Gatsby
 * applies saves later and can miss one that follows another within a few milliseconds, so the live version is kept
 * until the page data has caught up with it, not merely until the page data changes.
 */
export function useLivePreviewInDevelop(route: string, pageHtml: string): LivePreview | null {
  const [live, setLive] = useState<LivePreview | null>(null);
  useEffect(
    () =>
      subscribe(route, (message) =>
        setLive(
          'problem' in message
            ? { html: docProblemHtml(message.problem), title: null, toc: null }
            : { html: message.html, title: message.title, toc: message.toc },
        ),
      ),
    [route],
  );
  // The page data caught up: show it again (it is the same body).
  useEffect(() => {
    if (live && live.html === pageHtml) setLive(null);
  }, [live, pageHtml]);
  return live;
}

const noLivePreview = (): LivePreview | null => null;

export const useLivePreview: (route: string, pageHtml: string) => LivePreview | null =
  process.env.NODE_ENV === 'development' ? useLivePreviewInDevelop : noLivePreview;
