import type { MouseEvent } from 'react';
import { prefetchPathname } from 'gatsby';
import { navigateTo } from '../../theme-common/navigate';
import { clientNavigationTarget } from '../../theme-common/internal-link';
import { IslandHtml } from './islands';

export { islandPieces, useIslands, type IslandNotice } from './islands';

const anchorOf = (event: MouseEvent<HTMLElement>) =>
  event.target instanceof Element ? event.target.closest('a') : null;

/**
 * A doc's body, rendered to HTML at build time (see src/node/render-mdx.ts). Internal links in it navigate
 * client-side and prefetch on hover, as Gatsby's <Link> does; interactive parts are islands started after mount.
 */
export default function DocContent({ html, className }: { html: string; className?: string }) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), event, window.location);
    if (!target) return;
    event.preventDefault();
    navigateTo(target);
  };
  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const target = clientNavigationTarget(anchorOf(event), { ...event, button: 0 }, window.location);
    // Gatsby's public prefetch, which also skips slow or data-saving connections.
    if (target) prefetchPathname(target.split(/[?#]/)[0] as string);
  };
  // Event delegation for the links inside; the div itself is not interactive.
  return <IslandHtml html={html} className={className} onClick={onClick} onMouseOver={onMouseOver} />;
}
