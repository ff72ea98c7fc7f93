import { useEffect, useRef, type MouseEvent } from 'react';
import { navigate } from 'gatsby';
import { clientNavigationTarget } from '../../theme-common/internal-link';
import type { Island } from '../islands/types';
import * as styles from './styles.module.css';

interface GatsbyLoader {
  hovering?: (path: string) => void;
}

const anchorOf = (event: MouseEvent<HTMLElement>) =>
  event.target instanceof Element ? event.target.closest('a') : null;

// One chunk per kind of island, downloaded only by docs whose HTML has that kind's `data-island` marker.
const islands: Record<string, () => Promise<{ default: Island }>> = {
  copy: () => import('../islands/CodeCopy'),
  tabs: () => import('../islands/Tabs'),
  mermaid: () => import('../islands/Mermaid'),
  'live-example': () => import('../islands/LiveExample'),
  'type-hints': () => import('../islands/TypeHints'),
};

/** Starts the islands the HTML asks for; returns what stops them. */
export function startIslands(root: HTMLElement): () => void {
  let active = true;
  const stops: (() => void)[] = [];
  const start = (kind: string) => {
    const load = islands[kind];
    if (!load) return;
    load().then(
      (island) => {
        const stop = active ? island.default(root) : undefined;
        if (stop) stops.push(stop);
      },
      // The island's own chunk failed: its status slots show the error and a Retry (spec section 8).
      (error: Error) =>
        root.querySelectorAll(`[data-island="${kind}"] [data-island-status]`).forEach((slot) => {
          const retry = document.createElement('button');
          retry.type = 'button';
          retry.textContent = 'Retry';
          retry.onclick = () => start(kind);
          slot.replaceChildren(`${error.message} `, retry);
        }),
    );
  };
  new Set(Array.from(root.querySelectorAll<HTMLElement>('[data-island]'), (el) => el.dataset.island as string)).forEach(
    start,
  );
  return () => {
    active = false;
    stops.forEach((stop) => stop());
  };
}

/**
 * A doc's body, rendered to HTML at build time (see src/node/render-mdx.ts). Internal links in it navigate
 * client-side and prefetch on hover, like Gatsby's <Link>; interactive parts are islands started after mount.
 */
export default function DocContent({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? startIslands(ref.current) : undefined), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), event, window.location);
    if (!target) return;
    event.preventDefault();
    void navigate(target);
  };
  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), { ...event, button: 0 }, window.location);
    const loader = (window as unknown as { ___loader?: GatsbyLoader }).___loader;
    if (target) loader?.hovering?.(target.split(/[?#]/)[0] as string);
  };
  return (
    // Event delegation for the links inside; the div itself is not interactive.
    <div
      ref={ref}
      className={`markdown ${styles.root} ${className ?? ''}`}
      onClick={onClick}
      onMouseOver={onMouseOver}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
