import type { MouseEvent } from 'react';
import { navigate } from 'gatsby';
import { clientNavigationTarget } from '../../theme-common/internal-link';

interface GatsbyLoader {
  hovering?: (path: string) => void;
}

const anchorOf = (event: MouseEvent<HTMLElement>) =>
  event.target instanceof Element ? event.target.closest('a') : null;

/**
 * A doc's body, rendered to HTML at build time (see src/node/render-mdx.ts). Internal links in it navigate
 * client-side and prefetch on hover, like Gatsby's <Link>.
 */
export default function DocContent({ html, className }: { html: string; className?: string }) {
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
      className={`markdown ${className ?? ''}`}
      onClick={onClick}
      onMouseOver={onMouseOver}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
